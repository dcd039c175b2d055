import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inBackground } from '@platform/db';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Customer, identityService } from '@platform/identity';
import { cartService } from '@platform/cart';
import { Order, ordersService } from '@platform/orders';
import { BULK_CUSTOMER_PASSWORD, bulkAccountNumber, markOrderListsBuilt, seedScale, writeListsTo } from './seed';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads what the seed wrote', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let printed: string[];
let summary: Awaited<ReturnType<typeof seedScale>>;
const headers = (token?: string) => ({ 'business-slug': 'seed-scale', 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) });

// What `npm run seed -- --customers 30 --orders 60` does after the demo stores (seedDemo, then the CLI marks the
// order lists built), here for a store of the catalogue fixture: the demo stores take most of the seed's time.
beforeAll(async () => {
  harness = await createTestApp([identityService, cartService, ordersService], 'seed');
  tenantId = (await createTenant('seed-scale')).id;
  await createCatalogueFixture(tenantId, 'seed-scale');
  const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
  writeListsTo(store);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    summary = await seedScale({ customers: 30, orders: 60, tenantSlug: 'seed-scale' });
    await markOrderListsBuilt(store);
  } finally {
    printed = log.mock.calls.map((args) => args.join(' '));
    log.mockRestore();
    writeListsTo(null);
  }
});
afterAll(async () => {
  await harness?.close();
});

describe('seed --customers N --orders N', () => {
  it('prints the progress of each bulk phase and sums up what it wrote', () => {
    expect(printed).toEqual([expect.stringMatching(/^\[seed\] customers 30\/30 \([\d.]+ s\)$/), expect.stringMatching(/^\[seed\] orders 60\/60 \([\d.]+ s\)$/)]);
    expect(summary).toEqual({ customers: 30, orders: 60, timings: { customers: expect.stringMatching(/^[\d.]+ s$/), orders: expect.stringMatching(/^[\d.]+ s$/) } });
  });

  it('writes the customers and the orders for the store', async () => {
    expect(await inDb(() => Customer.countDocuments({ tenantId, accountNumber: { $regex: '^B\\d{7}$' } }))).toBe(30);
    expect(await inDb(() => Order.countDocuments({ tenantId }))).toBe(60);
  });

  it('a bulk customer signs in with the bulk password; a wrong password is refused', async () => {
    const first = (await inDb(() => Customer.findOne({ tenantId, accountNumber: bulkAccountNumber(1) }).lean())) as unknown as { email: string };
    const signIn = (password: string) => harness.app.inject({ method: 'POST', url: '/api/login', headers: headers(), payload: { email: first.email, password, device_id: 'SeedTest01' } });
    const ok = await signIn(BULK_CUSTOMER_PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
    expect((await signIn('Not-The-Password-1')).statusCode).toBe(422);
  });

  it("lists every order in the admin's order lists, each found by its number", async () => {
    const owner = await issueToken(tenantId, { isAdmin: true, slug: 'seed-test-owner' });
    const list = (query: Record<string, string>) => harness.app.inject({ url: `/api/admin/orders/all?${new URLSearchParams(query)}`, headers: headers(owner) });
    const all = await list({ limit: '1' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(60);
    const newest = (await inDb(() => Order.findOne({ tenantId }).sort({ sequence: -1 }).lean())) as unknown as { orderNumber: string };
    expect((await list({ search: newest.orderNumber })).json().data.map((o: { order_number: string }) => o.order_number)).toEqual([newest.orderNumber]);
  });

  it("numbers the store's next order after the seeded ones", async () => {
    const newest = (await inDb(() => Order.findOne({ tenantId }).sort({ sequence: -1 }).lean())) as unknown as { sequence: number };
    const device = 'SeedNext01';
    expect((await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(), payload: { store_product_id: 21, quantity: 1, device_id: device } })).statusCode).toBe(200);
    const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(), payload: {
      device_id: device, order_type: 0, first_name: 'Sam', last_name: 'Next', email: 'sam.next@example.com', telephone: '5035550123', payment_method: 'pay_at_store',
    } });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.order_number).toBe(String(newest.sequence + 1));
  });
});
