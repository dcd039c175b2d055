import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { StoreProfile } from '@platform/tenant-settings';
import { Customer, identityService } from '@platform/identity';
import { ordersService } from './index';
import { indexOrder, ORDER_LISTS_LAYOUT } from './order-index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let admin = '';
const post = (url: string, token?: string, slug = 'custd-a') =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

beforeAll(async () => {
  harness = await createTestApp([identityService, ordersService], 'customer-admin');
  tenantId = (await createTenant('custd-a')).id;
  const other = (await createTenant('custd-b')).id;
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_custd', secret_key: sealSecret('sk_test_custd') } } });
  await Customer.create({ tenantId, slug: 'mia', email: 'mia@custd.test', telephone: '5035550170', firstName: 'Mia', lastName: 'Cole', passwordHash: 'x', receiveMarketing: true, receiveSms: false });
  await Customer.create({ tenantId, slug: 'boss', email: 'boss@custd.test', firstName: 'Bo', passwordHash: 'x', isAdmin: true });
  await Customer.create({ tenantId: other, slug: 'nat', email: 'nat@custd.test', firstName: 'Nat', passwordHash: 'x' });
  admin = await issueToken(tenantId, { slug: 'boss', isAdmin: true });
  // Mia saves a card (through the store's provider) and has placed two orders (as checkout lists them).
  const mia = await issueToken(tenantId, { slug: 'mia' });
  const saved = await harness.app.inject({ method: 'POST', url: '/api/customer-cards/add', payload: { newSource: 'tok_visa' }, headers: { 'business-slug': 'custd-a', authorization: `Bearer ${mia}` } });
  expect(saved.statusCode).toBe(200);
  const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
  await harness.resources.redis.set(`${store.prefix}:orders:${tenantId}:built`, ORDER_LISTS_LAYOUT); // no rebuild over these
  for (const [i, number] of ['1001', '1002'].entries()) {
    await indexOrder(store, tenantId, {
      _id: `65a00000000000000000000${i}`, orderNumber: number, status: 'placed', locationId: 1, customerSlug: 'mia', placedAt: new Date(Date.UTC(2026, 1, 1 + i)),
      customerName: 'Mia Cole', orderType: 'pickup', totalCents: 1250 + i, items: [{ quantity: 2 }],
    });
  }
});
afterAll(async () => { await harness?.close(); });

describe('POST admin/customer/{id}', () => {
  it("answers one shopper's details, consent, orders (newest first) and cards as brand and last 4 only", async () => {
    const res = await post('admin/customer/mia', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ id: 'mia', first_name: 'Mia', last_name: 'Cole', email: 'mia@custd.test', telephone: '5035550170', receive_marketing: true, receive_sms: false });
    expect(body.orders).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(body.orders.data.map((o: { order_number: string }) => o.order_number)).toEqual(['1002', '1001']);
    expect(body.orders.data[0]).toMatchObject({ id: '65a000000000000000000001', total: '12.51', item_count: 2, status: 'placed' });
    expect(body.cards).toEqual([{ brand: 'Visa', last4: '4242' }]);
    expect(JSON.stringify(body)).not.toMatch(/pm_|cus_|passwordHash/);
    expect((await post('admin/customer/mia?page=2&limit=1', admin)).json().orders.data.map((o: { order_number: string }) => o.order_number)).toEqual(['1001']);
  });

  it("does not find an admin, an unknown slug or another store's customer; refuses shoppers and visitors", async () => {
    expect((await post('admin/customer/boss', admin)).statusCode).toBe(404);
    expect((await post('admin/customer/nobody', admin)).statusCode).toBe(404);
    expect((await post('admin/customer/nat', admin)).statusCode).toBe(404);
    expect((await post('admin/customer/mia', await issueToken(tenantId, { slug: 'mia' }))).statusCode).toBe(403);
    expect((await post('admin/customer/mia')).statusCode).toBe(401);
  });
});
