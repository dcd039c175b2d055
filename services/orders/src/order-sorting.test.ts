import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { mongoose } from '@platform/db';
import { cartService } from '@platform/cart';
import { Order, ordersService } from './index';
import { indexOrders, moveOrderIndex } from './order-index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
/** Each order's id by its number. */
const idOf = new Map<string, unknown>();
const asOwner = { 'business-slug': 'ord-sorting', authorization: '' };
const list = async (name: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return harness.app.inject({ url: `/api/admin/orders/${name}${qs ? `?${qs}` : ''}`, headers: asOwner });
};
const numbers = async (name: string, query: Record<string, string | number> = {}) => {
  const answer = await list(name, query);
  expect(answer.statusCode).toBe(200);
  return answer.json().data.map((o: { order_number: string }) => o.order_number);
};

/** number, status, location, type, placed, name, total cents, pickup or delivery date */
const ORDERS = [
  ['3001', 'placed', 1, 'pickup', '2026-11-20T15:00:00Z', 'Mia Zane', 4500, '2026-12-03'],
  ['3002', 'taken', 2, 'delivery', '2026-11-20T16:00:00Z', 'al Brook', 1200, '2026-12-01'],
  ['3003', 'completed', 1, 'shipping', '2026-11-21T09:00:00Z', 'Cy Dunn', 9900, null],
  ['3004', 'cancelled', 1, 'pickup', '2026-11-21T10:00:00Z', 'Bo Hart', 300, null],
  ['3005', 'prepared', 1, 'pickup', '2026-11-21T11:00:00Z', 'Eli Fox', 7000, null],
  ['3006', 'preparing', 2, 'delivery', '2026-11-22T08:00:00Z', 'Ann Lee', 2500, '2026-12-02'],
  ['3007', 'completed', 1, 'pickup', '2026-11-22T09:00:00Z', 'Zed Ray', 100, null],
  ['3008', 'placed', 1, 'delivery', '2026-11-22T10:00:00Z', 'Ann Leeds', 2500, '2026-11-30'],
] as const;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'order-sorting');
  tenantId = (await createTenant('ord-sorting')).id;
  asOwner.authorization = `Bearer ${await issueToken(tenantId, { isAdmin: true, slug: 'owner' })}`;
  const docs = ORDERS.map(([orderNumber, status, locationId, orderType, at, name, totalCents, deliveryDate]) => ({
    _id: new mongoose.Types.ObjectId(), tenantId, orderNumber, sequence: Number(orderNumber), status, locationId, orderType, placedAt: new Date(at),
    customerName: name, contact: { email: `${orderNumber}@example.com` }, totalCents, deliveryDate, items: [{ quantity: 1 }],
  }));
  await Order.insertMany(docs);
  for (const d of docs) idOf.set(d.orderNumber, d._id);
  const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
  await indexOrders(store, tenantId, docs, true);
  // Another store's orders, with the same numbers, names and totals that would sort first, never show.
  const other = await createTenant('ord-sorting-other');
  const foreign = ['9999', '0001'].map((orderNumber) => ({
    _id: new mongoose.Types.ObjectId(), tenantId: other.id, orderNumber, sequence: Number(orderNumber), status: 'placed', locationId: 1, orderType: 'pickup',
    placedAt: new Date('2026-11-23T00:00:00Z'), customerName: orderNumber === '9999' ? 'Zzz Top' : 'Aaa First', totalCents: Number(orderNumber) * 100, deliveryDate: '2026-11-01', items: [],
  }));
  await Order.insertMany(foreign);
  await indexOrders(store, other.id, foreign, true);
});
afterAll(async () => { await harness?.close(); });

describe('sorting the order lists', () => {
  it('sorts by date placed, newest first by default, and oldest first when asked', async () => {
    expect(await numbers('all')).toEqual(['3008', '3007', '3006', '3005', '3004', '3003', '3002', '3001']);
    expect(await numbers('all', { sort: 'placed_at', direction: 'asc' })).toEqual(['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008']);
  });

  it('sorts by order number, customer name and total, either way', async () => {
    expect(await numbers('all', { sort: 'order_number', direction: 'asc' })).toEqual(['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008']);
    expect(await numbers('completed', { sort: 'order_number' })).toEqual(['3007', '3003']);
    // Names whatever their case; a shorter name before a longer one that starts the same.
    expect(await numbers('all', { sort: 'customer_name', direction: 'asc' })).toEqual(['3002', '3006', '3008', '3004', '3003', '3005', '3001', '3007']);
    expect(await numbers('outstanding', { sort: 'customer_name', direction: 'desc' })).toEqual(['3001', '3005', '3008', '3006', '3002']);
    // Equal totals keep one order between requests.
    const byTotal = await numbers('all', { sort: 'total' });
    expect(byTotal).toEqual(['3003', '3005', '3001', ...byTotal.slice(3, 5), '3002', '3004', '3007']);
    expect(byTotal.slice(3, 5).sort()).toEqual(['3006', '3008']);
    expect(await numbers('all', { sort: 'total' })).toEqual(byTotal);
  });

  it('sorts the outstanding orders by their pickup or delivery date, undated ones last', async () => {
    expect(await numbers('outstanding', { sort: 'delivery_date', direction: 'asc' })).toEqual(['3008', '3002', '3006', '3001', '3005']);
    const refused = await list('completed', { sort: 'delivery_date' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.sort[0]).toMatch(/delivery_date on the outstanding list/);
  });

  it('pages a sorted list and counts it', async () => {
    const first = await list('all', { sort: 'total', direction: 'asc', limit: 3 });
    expect(first.json()).toMatchObject({ total: 8, current_page: 1, last_page: 3 });
    expect(first.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['3007', '3004', '3002']);
    expect(await numbers('all', { sort: 'total', direction: 'asc', limit: 3, page: 3 })).toEqual(['3005', '3003']);
  });

  it('keeps the other filters: location, fulfilment type, dates placed and a search', async () => {
    expect(await numbers('all', { sort: 'total', direction: 'asc', location_id: 1, order_type: 'pickup' })).toEqual(['3007', '3004', '3001', '3005']);
    expect(await numbers('all', { sort: 'order_number', direction: 'desc', from_date: '2026-11-21', to_date: '2026-11-21' })).toEqual(['3005', '3004', '3003']);
    expect(await numbers('all', { sort: 'customer_name', direction: 'asc', search: 'ann' })).toEqual(['3006', '3008']);
    const counted = await list('all', { sort: 'total', from_date: '2026-11-22', limit: 2 });
    expect(counted.json()).toMatchObject({ total: 3, last_page: 2 });
    expect(counted.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(expect.arrayContaining(['3006', '3008']));
  });

  it('refuses an unknown sort or direction, and changes nothing', async () => {
    expect((await list('all', { sort: 'colour' })).statusCode).toBe(400);
    expect((await list('all', { direction: 'up' })).statusCode).toBe(400);
    expect(await numbers('all', { limit: 2 })).toEqual(['3008', '3007']);
  });
});

describe('the status filter', () => {
  it('takes one status or several, within the list asked', async () => {
    expect(await numbers('outstanding', { status: 'placed' })).toEqual(['3008', '3001']);
    expect(await numbers('outstanding', { status: 'taken,preparing' })).toEqual(['3006', '3002']);
    expect(await numbers('all', { status: 'completed,placed' })).toEqual(['3008', '3007', '3003', '3001']);
    expect(await numbers('all', { status: 'cancelled' })).toEqual(['3004']);
    // All with every outstanding status is the outstanding list (3006 and 3008 have equal totals).
    const outstanding = await numbers('all', { status: 'prepared,placed,taken,preparing', sort: 'total', direction: 'asc' });
    expect([outstanding[0], [...outstanding.slice(1, 3)].sort(), ...outstanding.slice(3)]).toEqual(['3002', ['3006', '3008'], '3001', '3005']);
    // A status of another list matches nothing in this one.
    const none = await list('completed', { status: 'placed' });
    expect(none.json()).toMatchObject({ data: [], total: 0, last_page: 1 });
    // Every status of the list is the list.
    expect(await numbers('outstanding', { status: 'placed,taken,preparing,prepared' })).toEqual(['3008', '3006', '3005', '3002', '3001']);
  });

  it('sorts, pages and filters together', async () => {
    expect(await numbers('outstanding', { status: 'placed,preparing', sort: 'delivery_date', direction: 'asc' })).toEqual(['3008', '3006', '3001']);
    expect(await numbers('all', { status: 'placed,completed', sort: 'total', direction: 'asc', location_id: 1 })).toEqual(['3007', '3008', '3001', '3003']);
    const page = await list('all', { status: 'placed,completed', sort: 'total', direction: 'asc', limit: 3, page: 2 });
    expect(page.json()).toMatchObject({ total: 4, current_page: 2, last_page: 2 });
    expect(page.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['3003']);
    expect(await numbers('all', { status: 'placed', from_date: '2026-11-22' })).toEqual(['3008']);
    expect(await numbers('all', { status: 'placed', search: 'mia' })).toEqual(['3001']);
  });

  it('follows an order to another store and out of a status', async () => {
    const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
    const doc = await Order.findOne({ _id: idOf.get('3002'), tenantId }).lean();
    const moved = { ...doc, locationId: 1, status: 'prepared' } as never;
    await moveOrderIndex(store, tenantId, moved, 2);
    expect(await numbers('outstanding', { status: 'taken' })).toEqual([]);
    expect(await numbers('outstanding', { status: 'prepared', location_id: 1, sort: 'total' })).toEqual(['3005', '3002']);
    expect(await numbers('all', { location_id: 2, sort: 'total' })).toEqual(['3006']);
  });

  it('refuses a status the state machine does not have', async () => {
    const refused = await list('all', { status: 'placed,lost' });
    expect(refused.statusCode).toBe(400);
  });
});
