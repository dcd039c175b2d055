import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { StoreProfile } from '@platform/tenant-settings';
import { Customer, hashPassword, identityService } from '@platform/identity';
import { ordersService } from './index';
import { indexOrder, ORDER_LISTS_LAYOUT } from './order-index';
import { Order } from './models';

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
  await Customer.create({ tenantId, slug: 'leo', email: 'leo@custd.test', firstName: 'Leo', lastName: 'Park', passwordHash: 'x' });
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
  // Mia's deliveries: one street twice (the later written in other letters' case), then another; a pickup has none.
  const delivered = [
    ['1003', { address: '12 Oak St', address2: 'Apt 4', city: 'Portland', state: 'OR', zip: '97201' }],
    ['1004', { address: '9 Elm Ave', address2: '', city: 'Salem', state: 'OR', zip: '97301' }],
    ['1005', { address: '12 OAK ST ', address2: 'apt 4', city: 'Portland', state: 'OR', zip: '97201' }],
  ] as const;
  for (const [i, [number, address]] of delivered.entries()) {
    await indexOrder(store, tenantId, {
      _id: `65a00000000000000000001${i}`, orderNumber: number, status: 'placed', locationId: 1, customerSlug: 'mia', placedAt: new Date(Date.UTC(2026, 1, 5 + i)),
      customerName: 'Mia Cole', orderType: 'delivery', totalCents: 2000, items: [{ quantity: 1 }], address,
    });
  }
  await indexOrder(store, tenantId, {
    _id: '65a000000000000000000020', orderNumber: '1006', status: 'placed', locationId: 1, customerSlug: 'leo', placedAt: new Date(Date.UTC(2026, 1, 9)),
    customerName: 'Leo Park', orderType: 'shipping', totalCents: 900, items: [{ quantity: 1 }], address: { address: '3 Pine Rd', city: 'Eugene', state: 'OR', zip: '97401' },
  });
});
afterAll(async () => { await harness?.close(); });

describe('POST admin/customer/{id}', () => {
  it("answers one shopper's details, consent, orders (newest first) and cards as brand and last 4 only", async () => {
    const res = await post('admin/customer/mia', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ id: 'mia', first_name: 'Mia', last_name: 'Cole', email: 'mia@custd.test', telephone: '5035550170', receive_marketing: true, receive_sms: false });
    expect(body.orders).toMatchObject({ total: 5, current_page: 1, last_page: 1 });
    expect(body.orders.data.map((o: { order_number: string }) => o.order_number)).toEqual(['1005', '1004', '1003', '1002', '1001']);
    expect(body.orders.data[3]).toMatchObject({ id: '65a000000000000000000001', total: '12.51', item_count: 2, status: 'placed' });
    expect(body.cards).toEqual([{ brand: 'Visa', last4: '4242' }]);
    expect(JSON.stringify(body)).not.toMatch(/pm_|cus_|passwordHash/);
    expect((await post('admin/customer/mia?page=5&limit=1', admin)).json().orders.data.map((o: { order_number: string }) => o.order_number)).toEqual(['1001']);
  });

  it('shows when the shopper last signed in: the account\'s own time before any sign-in record, then the last password sign-in', async () => {
    const before = new Date(Date.UTC(2026, 0, 2, 9, 30));
    await Customer.create({ tenantId, slug: 'tess', email: 'tess@custd.test', firstName: 'Tess', passwordHash: await hashPassword('Tess-Pass-123'), lastSignInAt: before });
    expect((await post('admin/customer/tess', admin)).json().customer.last_sign_in_at).toBe(before.toISOString());
    const start = Date.now();
    const signIn = await harness.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'tess@custd.test', password: 'Tess-Pass-123' }, headers: { 'business-slug': 'custd-a' } });
    expect(signIn.statusCode).toBe(200);
    // Written just after the answer (the sign-in record).
    await expect.poll(async () => Date.parse((await post('admin/customer/tess', admin)).json().customer.last_sign_in_at)).toBeGreaterThanOrEqual(start);
  });

  it('lists the addresses her orders went to, last used first, each once; none for a shopper who only picked up', async () => {
    expect((await post('admin/customer/mia', admin)).json().addresses).toEqual([
      { address: '12 OAK ST', address2: 'apt 4', city: 'Portland', state: 'OR', zip: '97201' },
      { address: '9 Elm Ave', address2: '', city: 'Salem', state: 'OR', zip: '97301' },
    ]);
    expect((await post('admin/customer/leo', admin)).json().addresses).toEqual([{ address: '3 Pine Rd', address2: '', city: 'Eugene', state: 'OR', zip: '97401' }]);
    // A staff account without any permission is still an admin: spec 3 §6 names no customers permission.
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'helper', permissions: [] });
    expect((await post('admin/customer/leo', staff)).json().addresses).toHaveLength(1);
  });

  it('an erased customer is gone with the addresses of their orders; the lists, rebuilt, do not bring them back', async () => {
    const erased = await harness.app.inject({ method: 'POST', url: '/api/admin/customer/leo/delete', headers: { 'business-slug': 'custd-a', authorization: `Bearer ${admin}` } });
    expect(erased.statusCode).toBe(200);
    expect((await post('admin/customer/leo', admin)).statusCode).toBe(404);
    // The same slug taken again by a new account starts with no addresses.
    await Customer.create({ tenantId, slug: 'leo', email: 'leo2@custd.test', firstName: 'Leo', lastName: 'New', passwordHash: 'x' });
    expect((await post('admin/customer/leo', admin)).json().addresses).toEqual([]);
  });

  it("does not find an admin, an unknown slug or another store's customer; refuses shoppers and visitors", async () => {
    expect((await post('admin/customer/boss', admin)).statusCode).toBe(404);
    expect((await post('admin/customer/nobody', admin)).statusCode).toBe(404);
    expect((await post('admin/customer/nat', admin)).statusCode).toBe(404);
    expect((await post('admin/customer/mia', await issueToken(tenantId, { slug: 'mia' }))).statusCode).toBe(403);
    expect((await post('admin/customer/mia')).statusCode).toBe(401);
  });

  it("builds the addresses again from the orders when Redis has lost the store's lists", async () => {
    await Customer.create({ tenantId, slug: 'ivy', email: 'ivy@custd.test', firstName: 'Ivy', lastName: 'Moss', passwordHash: 'x' });
    await Order.create({
      _id: '65a000000000000000000030', tenantId, orderNumber: '1007', sequence: 1007, status: 'completed', locationId: 1, customerSlug: 'ivy', customerName: 'Ivy Moss',
      contact: { firstName: 'Ivy', lastName: 'Moss', email: 'ivy@custd.test', telephone: '' }, orderType: 'delivery',
      address: { address: '7 Birch Ln', address2: '', city: 'Bend', state: 'OR', zip: '97701', country: 'US' },
      items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 1, priceCents: 1999 }],
      subtotalCents: 1999, taxCents: 0, fulfilmentCents: 500, totalCents: 2499, placedAt: new Date(Date.UTC(2026, 1, 10)), payment: { method: 'pay_at_store', status: 'paid' },
    });
    await harness.resources.redis.del(`${harness.resources.queuePrefix}:orders:${tenantId}:built`);
    const res = await post('admin/customer/ivy', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses).toEqual([{ address: '7 Birch Ln', address2: '', city: 'Bend', state: 'OR', zip: '97701' }]);
    expect(res.json().orders.data.map((o: { order_number: string }) => o.order_number)).toEqual(['1007']);
  });
});
