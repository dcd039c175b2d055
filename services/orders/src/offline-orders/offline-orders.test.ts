import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { stockLeft } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { inBackground } from '@platform/db';
import { OTHER_LOCATION_REFUSED } from '@platform/domain';
import { ordersService } from '../index';
import { OfflineOrder } from './models';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let owner = '';
let staff = '';
let noAccess = '';
let otherOwner = '';
const headers = (token?: string, slug = 'off-a') => ({ 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) });
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, slug?: string) =>
  harness.app.inject({ method, url: `/api/admin/offline-orders${url}`, headers: headers(token, slug), ...(payload ? { payload } : {}) });
const stock = async (storeProductId: number) => (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
const storedCount = () => inBackground('test counts the database', () => OfflineOrder.countDocuments({ tenantId }));

const COUNTER_SALE = {
  location_id: 1, order_type: 'pickup', customer_name: 'Dana Whitfield', telephone: '(503) 555-0188', paid: false, note: 'Will collect after 4pm',
  items: [{ store_product_id: 21, quantity: 2 }, { title: 'Key cutting', price: '3.50', quantity: 2 }],
};

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'offline-orders');
  tenantId = (await createTenant('off-a')).id;
  const other = (await createTenant('off-b')).id;
  await createCatalogueFixture(tenantId, 'off-a');
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
  staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'counter-staff', permissions: ['view_offline_orders'] });
  noAccess = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'web-staff', permissions: ['edit_products'] });
  otherOwner = await issueToken(other, { isAdmin: true, slug: 'b-owner' });
});
afterAll(async () => { await harness?.close(); });

describe('offline orders', () => {
  let id = '';

  it('staff enter a counter sale: catalogue items at the store price take stock, free-text lines priced as entered; it is listed newest first and found', async () => {
    const before = await stock(21);
    const res = await call('POST', '', staff, COUNTER_SALE);
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Offline order OFF-1001 saved.');
    expect(data).toMatchObject({
      order_number: 'OFF-1001', location_id: 1, order_type: 'pickup', customer_name: 'Dana Whitfield', telephone: '5035550188', email: '', item_count: 4,
      subtotal: '46.98', tax: '0.00', total: '46.98', paid: false, taken_by: 'counter-staff', note: 'Will collect after 4pm', address: null,
    });
    expect(data.items).toEqual([
      { title: 'off-a Hammer', sku: '1002', quantity: 2, price: '19.99', line_total: '39.98', store_product_id: 21 },
      { title: 'Key cutting', sku: '', quantity: 2, price: '3.50', line_total: '7.00', store_product_id: null },
    ]);
    id = data.id;
    expect(await stock(21)).toBe(before - 2);

    const second = await call('POST', '', owner, {
      location_id: 2, order_type: 'delivery', customer_name: 'Sam Ortiz', email: 'Sam@Example.com', paid: true,
      address: { address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' }, items: [{ store_product_id: 22, quantity: 1 }],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ order_number: 'OFF-1002', email: 'sam@example.com', paid: true, address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97301' } });

    const list = (await call('GET', '', staff)).json();
    expect(list).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 20 });
    expect(list.data.map((o: { order_number: string }) => o.order_number)).toEqual(['OFF-1002', 'OFF-1001']);
    const found = async (query: string) => (await call('GET', `?${query}`, staff)).json().data.map((o: { order_number: string }) => o.order_number);
    expect(await found('search=503-555-0188')).toEqual(['OFF-1001']);
    expect(await found('search=whitfield')).toEqual(['OFF-1001']);
    expect(await found('search=OFF-1002')).toEqual(['OFF-1002']);
    expect(await found('search=nobody')).toEqual([]);
    expect(await found('location_id=2')).toEqual(['OFF-1002']);
    expect(await found('location_id=2&search=dana')).toEqual([]);
    expect((await call('GET', '?page=2&limit=1', staff)).json()).toMatchObject({ total: 2, last_page: 2, data: [{ order_number: 'OFF-1001' }] });

    const one = await call('GET', `/${id}`, staff);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ order_number: 'OFF-1001', items: [{ title: 'off-a Hammer' }, { title: 'Key cutting' }] });
  });

  it('finds catalogue items at the chosen location, priced as the store sells them now', async () => {
    const res = await call('GET', '/products?location_id=1&search=hammer', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ store_product_id: 21, title: 'off-a Hammer', sku: '1002', price: '19.99', num_inventory: await stock(21) }]);
    expect((await call('GET', '/products?location_id=2&search=paint', staff)).json().data).toEqual([expect.objectContaining({ store_product_id: 32, price: '29.99' })]);
    expect((await call('GET', '/products?location_id=9&search=hammer', staff)).statusCode).toBe(422);
    expect((await call('GET', '/products?location_id=1&search=hammer', noAccess)).statusCode).toBe(403);
  });

  it('exports the list as CSV with its filters', async () => {
    const res = await call('GET', '/csv', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="offline-orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Order,Taken (UTC),Store,Fulfilment,Customer,Phone,E-mail,Items,Subtotal,Tax,Total,Paid,Entered by');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^OFF-1002,\d{4}-.+Z,off-a store 2,Delivery,Sam Ortiz,,sam@example.com,1,19.99,0.00,19.99,Yes,the-owner$/);
    expect(lines[2]).toMatch(/^OFF-1001,.+,off-a store 1,Pickup \/ at the counter,Dana Whitfield,5035550188,,4,46.98,0.00,46.98,No,counter-staff$/);
    const filtered = await call('GET', '/csv?search=dana', staff);
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
    const none = await call('GET', '/csv?location_id=2&search=dana', staff);
    expect(none.body.trim().split('\n')).toEqual([lines[0]]);
  });

  it('refuses bad input with the field named, and changes nothing (no order, no stock taken)', async () => {
    const [count, hammers, drills] = [await storedCount(), await stock(21), await stock(11)];
    const refused = async (body: object, status: number) => {
      const res = await call('POST', '', staff, body);
      expect(res.statusCode).toBe(status);
      return res.json();
    };
    expect(await refused({ ...COUNTER_SALE, customer_name: ' ', telephone: '' }, 422)).toMatchObject({
      message: "Please enter the customer's name.",
      errors: { customer_name: ["Please enter the customer's name."], telephone: ['Please give a phone number or an e-mail address for the customer.'] },
    });
    expect((await refused({ ...COUNTER_SALE, email: 'not-an-email' }, 422)).errors).toEqual({ email: ['Please enter a valid email address.'] });
    expect((await refused({ ...COUNTER_SALE, order_type: 'delivery' }, 422)).errors).toMatchObject({ address: ['Please enter your street address.'], zip: ['Please enter a valid zip code.'] });
    expect((await refused({ ...COUNTER_SALE, items: [] }, 422)).errors).toEqual({ items: ['Please add at least one item.'] });
    expect((await refused({ ...COUNTER_SALE, items: [{ title: 'Bag of sand', price: 'ten', quantity: 1 }] }, 422)).errors).toEqual({ 'items.0.price': ['Please enter a price such as 12.50.'] });
    expect((await refused({ ...COUNTER_SALE, location_id: 9 }, 422)).errors).toEqual({ location_id: ["This location is not one of the store's."] });
    // Location 2's hammer is not sold at location 1.
    expect((await refused({ ...COUNTER_SALE, items: [{ store_product_id: 21, quantity: 1 }, { store_product_id: 22, quantity: 1 }] }, 422)).errors)
      .toEqual({ 'items.1.store_product_id': ['This item is not sold at the chosen location.'] });
    // All or none: the hammers are there, the drills are short, so neither is taken.
    expect(await refused({ ...COUNTER_SALE, items: [{ store_product_id: 21, quantity: 1 }, { store_product_id: 11, quantity: drills + 1 }] }, 409)).toMatchObject({
      message: `off-a Cordless Drill: Store has only ${drills} in stock.`, errors: { 'items.1.quantity': [`Store has only ${drills} in stock.`] },
    });
    await refused({ ...COUNTER_SALE, items: [{ store_product_id: 21, quantity: 0 }] }, 400);
    await refused({ ...COUNTER_SALE, order_type: 'shipping' }, 400);
    expect([await storedCount(), await stock(21), await stock(11)]).toEqual([count, hammers, drills]);
    expect((await call('GET', '', staff)).json().total).toBe(2);
  });

  it('is for admins with view_offline_orders only; another store does not find this store\'s orders', async () => {
    for (const [method, url, body] of [['GET', ''], ['GET', '/csv'], ['GET', `/${id}`], ['POST', '', COUNTER_SALE], ['POST', '/rate-page', { rating: 3 }], ['GET', '/rate-page']] as const) {
      const res = await call(method, url, noAccess, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this. Ask the store owner for access.');
    }
    expect((await harness.app.inject({ url: '/api/admin/offline-orders', headers: headers() })).statusCode).toBe(401);
    expect((await harness.app.inject({ url: '/api/admin/offline-orders', headers: headers(await issueToken(tenantId, { slug: 'a-shopper' })) })).statusCode).toBe(403);
    expect((await call('GET', `/${id}`, otherOwner, undefined, 'off-b')).statusCode).toBe(404);
    expect((await call('GET', '/000000000000000000000000', owner)).statusCode).toBe(404);
    expect((await call('GET', '', otherOwner, undefined, 'off-b')).json()).toMatchObject({ total: 0, data: [] });
    expect((await call('GET', '/csv', otherOwner, undefined, 'off-b')).body.trim().split('\n')).toHaveLength(1);
  });

  it("shows staff bound to a location that location's offline orders only; another location's is 403 or not found", async () => {
    const northStaff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'north-counter', permissions: ['view_offline_orders'], locationId: 2 });
    const listed = (await call('GET', '', northStaff)).json();
    expect(listed).toMatchObject({ location_id: 2, total: 1, data: [{ order_number: 'OFF-1002', location_id: 2 }] });
    expect((await call('GET', '?location_id=2&search=sam', northStaff)).json().total).toBe(1);
    const csv = (await call('GET', '/csv', northStaff)).body.trim().split('\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^OFF-1002,/);
    for (const url of ['?location_id=1', '/csv?location_id=1']) {
      const refused = await call('GET', url, northStaff);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(OTHER_LOCATION_REFUSED);
    }
    // OFF-1001 was taken at store 1: not found for them, as another location's orders are.
    expect((await call('GET', `/${id}`, northStaff)).statusCode).toBe(404);
    expect((await call('GET', `/${id}`, staff)).statusCode).toBe(200);
    expect((await call('GET', '', owner)).json()).toMatchObject({ location_id: null, total: 2 });
  });

  it('rate-page: each staff member rates the page once (again replaces it); the answer has their rating and the average', async () => {
    expect((await call('GET', '/rate-page', staff)).json().data).toEqual({ rating: null, comment: '', average: null, count: 0 });
    const first = await call('POST', '/rate-page', staff, { rating: 4, comment: ' Handy at the counter ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: 'Thank you for rating this page.', data: { rating: 4, comment: 'Handy at the counter', average: 4, count: 1 } });
    expect((await call('POST', '/rate-page', owner, { rating: 1 })).json().data).toEqual({ rating: 1, comment: '', average: 2.5, count: 2 });
    expect((await call('POST', '/rate-page', owner, { rating: 5 })).json().data).toEqual({ rating: 5, comment: '', average: 4.5, count: 2 });
    const wrong = await call('POST', '/rate-page', owner, { rating: 6 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ rating: ['Please choose from 1 to 5 stars.'] });
    expect((await call('GET', '/rate-page', staff)).json().data).toEqual({ rating: 4, comment: 'Handy at the counter', average: 4.5, count: 2 });
    expect((await call('GET', '/rate-page', otherOwner, undefined, 'off-b')).json().data).toEqual({ rating: null, comment: '', average: null, count: 0 });
  });

  it('lists and numbers on after Redis lost the lists (rebuilt from the database)', async () => {
    const keys = await harness.resources.redis.keys(`${harness.resources.queuePrefix}:offline-orders:${tenantId}:*`);
    await harness.resources.redis.del(...keys);
    expect((await call('GET', '', staff)).json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['OFF-1002', 'OFF-1001']);
    expect((await call('GET', '?search=dana', staff)).json().total).toBe(1);
    const next = await call('POST', '', staff, { ...COUNTER_SALE, items: [{ title: 'Propane refill', price: '21.00', quantity: 1 }], paid: true });
    expect(next.json().data.order_number).toBe('OFF-1003');
  });
});
