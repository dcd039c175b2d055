import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { mongoose } from '@platform/db';
import { cartService } from '@platform/cart';
import { Order, ordersService } from './index';
import { indexOrders } from './order-index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;
/** Each order's id by its number. */
const idOf = new Map<string, string>();
const asOwner = { 'business-slug': 'ord-lists', authorization: '' };
const list = async (name: string, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return harness.app.inject({ url: `/api/admin/orders/${name}${qs ? `?${qs}` : ''}`, headers: asOwner });
};
const numbers = async (name: string, query: Record<string, string | number> = {}) => (await list(name, query)).json().data.map((o: { order_number: string }) => o.order_number);

/** Twelve orders over three days, two stores, three ways to get them and every status. */
const ORDERS = [
  ['2001', 'placed', 1, 'pickup', '2026-11-20T15:00:00Z', 'Ann Lee', 'ann@example.com', '(503) 555-0101'],
  ['2002', 'taken', 2, 'delivery', '2026-11-20T16:00:00Z', 'Bob Stone', 'bob@example.com', '503-555-0102'],
  ['2003', 'completed', 1, 'shipping', '2026-11-21T09:00:00Z', 'Ann Lee', 'ann@example.com', '5035550101'],
  ['2004', 'cancelled', 1, 'pickup', '2026-11-21T10:00:00Z', 'Cara Stone', 'cara@example.com', '503 555 0103'],
  ['2005', 'prepared', 1, 'pickup', '2026-11-21T11:00:00Z', 'Dan Moss', 'dan@example.com', '5035550104'],
  ['2006', 'completed', 2, 'pickup', '2026-11-22T08:00:00Z', 'Eve Park', 'Eve.Park@Example.com', '5035550105'],
  ['2007', 'completed', 1, 'pickup', '2026-11-22T09:00:00Z', 'Ann Lee', 'ann.other@example.com', '5035550106'],
  ['2008', 'preparing', 2, 'pickup', '2026-11-22T10:00:00Z', 'Fay Lee', 'fay@example.com', '5035550107'],
  ['2009', 'completed', 1, 'delivery', '2026-11-22T11:00:00Z', 'Gus Hill', 'gus@example.com', '5035550108'],
  ['2010', 'cancelled', 2, 'shipping', '2026-11-22T12:00:00Z', 'Hal Stone', 'hal@example.com', '5035550109'],
  ['2011', 'placed', 1, 'pickup', '2026-11-22T13:00:00Z', 'Ivy Lane', 'ivy@example.com', '5035550110'],
  ['2012', 'completed', 1, 'pickup', '2026-11-22T23:59:59Z', 'Jo Ross', 'jo@example.com', '5035550111'],
] as const;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'order-lists');
  tenantId = (await createTenant('ord-lists')).id;
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'owner' });
  asOwner.authorization = `Bearer ${owner}`;
  const docs = ORDERS.map(([orderNumber, status, locationId, orderType, at, name, email, telephone]) => ({
    _id: new mongoose.Types.ObjectId(), tenantId, orderNumber, sequence: Number(orderNumber), status, locationId, orderType, placedAt: new Date(at),
    customerName: name, contact: { firstName: name.split(' ')[0], lastName: name.split(' ')[1], email, telephone }, totalCents: 1000, items: [{ quantity: 1 }],
  }));
  await Order.insertMany(docs);
  for (const d of docs) idOf.set(d.orderNumber, String(d._id));
  await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, docs, true);
  // Another store's orders never show.
  const other = await createTenant('ord-lists-other');
  const foreign = { _id: new mongoose.Types.ObjectId(), tenantId: other.id, orderNumber: '2001', status: 'completed', locationId: 1, orderType: 'pickup', placedAt: new Date('2026-11-21T00:00:00Z'), customerName: 'Ann Lee', contact: { email: 'ann@example.com' }, totalCents: 1 };
  await Order.insertMany([foreign]);
  await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, other.id, [foreign], true);
});
afterAll(async () => { await harness?.close(); });

describe("the store's order lists", () => {
  it('lists each kind of order newest first: outstanding, completed, cancelled and all, a page at a time', async () => {
    expect(await numbers('outstanding')).toEqual(['2011', '2008', '2005', '2002', '2001']);
    expect(await numbers('completed')).toEqual(['2012', '2009', '2007', '2006', '2003']);
    expect(await numbers('cancelled')).toEqual(['2010', '2004']);
    const page = await list('all', { limit: 5, page: 2 });
    expect(page.json()).toMatchObject({ total: 12, current_page: 2, last_page: 3 });
    expect(page.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['2007', '2006', '2005', '2004', '2003']);
    expect(page.json().data[0]).toMatchObject({ status: 'completed', customer_name: 'Ann Lee', order_type: 'pickup', total: '10.00', location_id: 1 });
  });

  it('filters by store, by how the order is fulfilled and by the days it was placed, together', async () => {
    expect(await numbers('completed', { location_id: 2 })).toEqual(['2006']);
    expect(await numbers('all', { order_type: 'delivery' })).toEqual(['2009', '2002']);
    expect(await numbers('all', { location_id: 1, order_type: 'pickup' })).toEqual(['2012', '2011', '2007', '2005', '2004', '2001']);
    // A day runs to its last millisecond (UTC for a bare date); an instant is taken as given.
    expect(await numbers('completed', { from_date: '2026-11-22', to_date: '2026-11-22' })).toEqual(['2012', '2009', '2007', '2006']);
    expect(await numbers('all', { from_date: '2026-11-21', to_date: '2026-11-21', location_id: 1 })).toEqual(['2005', '2004', '2003']);
    expect(await numbers('all', { from_date: '2026-11-22T09:30:00-00:00', to_date: '2026-11-22T12:00:00Z' })).toEqual(['2010', '2009', '2008']);
    const counted = await list('completed', { from_date: '2026-11-22', limit: 2 });
    expect(counted.json()).toMatchObject({ total: 4, last_page: 2 });
  });

  it('finds orders by number, e-mail, phone however written, or words of the name, within the list asked', async () => {
    expect(await numbers('all', { search: '2004' })).toEqual(['2004']);
    expect(await numbers('all', { search: 'EVE.PARK@example.com' })).toEqual(['2006']);
    expect(await numbers('all', { search: '+1 503-555-0101' })).toEqual(['2003', '2001']);
    expect(await numbers('all', { search: 'lee' })).toEqual(['2008', '2007', '2003', '2001']);
    expect(await numbers('all', { search: 'Ann Lee' })).toEqual(['2007', '2003', '2001']);
    expect(await numbers('completed', { search: 'ann lee' })).toEqual(['2007', '2003']);
    expect(await numbers('all', { search: 'stone', location_id: 2 })).toEqual(['2010', '2002']);
    expect(await numbers('all', { search: 'nobody' })).toEqual([]);
    expect((await list('all', { search: 'lee', limit: 2, page: 2 })).json()).toMatchObject({ total: 4, last_page: 2, data: [{ order_number: '2003' }, { order_number: '2001' }] });
  });

  it('refuses dates that are not real or out of order, and callers that are not the store', async () => {
    const backwards = await list('all', { from_date: '2026-11-22', to_date: '2026-11-21' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({ message: 'The start date must be on or before the end date.', errors: { from_date: ['The start date must be on or before the end date.'] } });
    const unreal = await list('completed', { from_date: '2026-02-30' });
    expect(unreal.json()).toMatchObject({ status: 422, message: 'Please give a real date.', errors: { from_date: ['Please give a real date.'] } });
    expect((await list('all', { order_type: 'drone' })).statusCode).toBe(400);
    expect((await harness.app.inject({ url: '/api/admin/orders/completed', headers: { 'business-slug': 'ord-lists' } })).statusCode).toBe(401);
    const shopper = await issueToken(tenantId, { slug: 'shopper' });
    expect((await harness.app.inject({ url: '/api/admin/orders/all', headers: { 'business-slug': 'ord-lists', authorization: `Bearer ${shopper}` } })).statusCode).toBe(403);
  });
});

describe('the orders as CSV', () => {
  const csv = (query: string, auth = asOwner) => harness.app.inject({ url: `/api/admin/orders/csv?${query}`, headers: auth });
  const parse = (text: string) => text.trim().split('\n').map((line) => line.split(','));

  it("exports a list with its filters, newest first, one order a line, named for the list and day", async () => {
    const res = await csv('order_filters=completed&location_id=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-completed-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = parse(res.body);
    expect(header).toEqual(['Order', 'Placed (UTC)', 'Status', 'Store', 'Fulfilment', 'Customer', 'E-mail', 'Phone', 'Items', 'Subtotal', 'Discount', 'Tax', 'Delivery or shipping', 'Total', 'Payment', 'Payment status']);
    expect(lines.map((l) => l[0])).toEqual(['2012', '2009', '2007', '2003']);
    expect(lines[2]).toEqual(['2007', '2026-11-22T09:00:00.000Z', 'Completed', '1', 'pickup', 'Ann Lee', 'ann.other@example.com', '5035550106', '1', '0.00', '0.00', '0.00', '0.00', '10.00', 'At the store', 'due']);
    const searched = parse((await csv('search=lee&from_date=2026-11-21')).body).slice(1).map((l) => l[0]);
    expect(searched).toEqual(['2008', '2007', '2003']);
    expect(parse((await csv('order_filters=all')).body)).toHaveLength(13);
  });

  it('keeps a cell a spreadsheet would run as a formula as text', async () => {
    const id = new mongoose.Types.ObjectId();
    const doc = { _id: id, tenantId, orderNumber: '2099', status: 'cancelled', locationId: 2, orderType: 'pickup', placedAt: new Date('2026-11-23T10:00:00Z'), customerName: '=HYPERLINK("x") Evil', contact: { email: 'e@example.com' }, totalCents: 1 };
    await Order.insertMany([doc]);
    await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [doc], false);
    expect((await csv('order_filters=cancelled&location_id=2')).body).toContain(`2099,2026-11-23T10:00:00.000Z,Cancelled,2,pickup,"'=HYPERLINK(""x"") Evil"`);
  });

  it('refuses bad dates and callers that are not the store', async () => {
    expect((await csv('from_date=2026-11-22&to_date=2026-11-01')).json()).toMatchObject({ status: 422, message: 'The start date must be on or before the end date.' });
    expect((await csv('order_filters=everything')).statusCode).toBe(400);
    expect((await harness.app.inject({ url: '/api/admin/orders/csv', headers: { 'business-slug': 'ord-lists' } })).statusCode).toBe(401);
  });
});

describe("the staff's notes on an order", () => {
  it('adds notes signed by their writer, lists them oldest first, removes one; an empty note or an unknown one is refused', async () => {
    const id = idOf.get('2001')!;
    const first = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/note`, headers: asOwner, payload: { note: '  Called: picks up Friday  ' } });
    expect(first.json()).toMatchObject({ status: 'success', message: 'Note added.', data: [{ text: 'Called: picks up Friday', by: 'owner' }] });
    await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/note`, headers: asOwner, payload: { note: 'Paid in store' } });
    const notes = (await harness.app.inject({ url: `/api/admin/orders/${id}/notes`, headers: asOwner })).json().data;
    expect(notes.map((n: { text: string }) => n.text)).toEqual(['Called: picks up Friday', 'Paid in store']);
    const removed = await harness.app.inject({ method: 'DELETE', url: `/api/admin/orders/${id}/note?id=${notes[0].id}`, headers: asOwner });
    expect(removed.json()).toMatchObject({ message: 'Note removed.', data: [{ text: 'Paid in store' }] });
    expect((await harness.app.inject({ method: 'DELETE', url: `/api/admin/orders/${id}/note?id=${notes[0].id}`, headers: asOwner })).json()).toMatchObject({ status: 404, message: 'This note was not found.' });
    const empty = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/note`, headers: asOwner, payload: { note: '   ' } });
    expect(empty.json()).toMatchObject({ status: 422, message: 'Please write a note.', errors: { note: ['Please write a note.'] } });
    expect((await harness.app.inject({ url: `/api/admin/orders/${new mongoose.Types.ObjectId()}/notes`, headers: asOwner })).json()).toMatchObject({ status: 404, message: 'This order was not found.' });
  });
});
