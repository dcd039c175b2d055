import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { Customer } from '@platform/identity';
import { inBackground } from '@platform/db';
import type { LiveOrderEvent } from '@platform/domain';
import { Order, ordersService } from './index';
import { LIVE_TICKET_EXPIRED } from './live-orders';
import { messagesOf } from '@platform/queue';

/**
 * The prepare console's live orders (live-orders.ts): a ticket, then a stream of server-sent events over a real
 * HTTP connection (an event stream never ends, so it cannot be read through inject).
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let base = '';
let closed = false;
const tenants: Record<'a' | 'b', { id: string; owner: string }> = { a: { id: '', owner: '' }, b: { id: '', owner: '' } };
let northStaff = '';
const slugOf = { a: 'live-a', b: 'live-b' } as const;
const headers = (t: 'a' | 'b', token?: string, store = 1) => ({ 'business-slug': slugOf[t], 'store-id': String(store), ...(token ? { authorization: `Bearer ${token}` } : {}) });

/** A guest's pickup order of one hammer at a location; its id and number. */
async function placeOrder(t: 'a' | 'b', device: string, location = 1, telephone = '5035550142'): Promise<{ id: string; number: string }> {
  await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(t, undefined, location), payload: { store_product_id: 20 + location, quantity: 1, device_id: device } });
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(t, undefined, location), payload: {
    device_id: device, order_type: 0, first_name: 'Pat', last_name: 'Shopper', email: `${device.toLowerCase()}@example.com`, telephone, payment_method: 'pay_at_store',
  } });
  expect(placed.statusCode).toBe(200);
  const number = placed.json().order.order_number as string;
  const order = (await inBackground('test reads the database', () => Order.findOne({ tenantId: tenants[t].id, orderNumber: number }).lean())) as unknown as { _id: unknown };
  return { id: String(order._id), number };
}

type Frame = { event: string | null; data: string | null; comment: string | null };
/** Opens the stream as a signed-in admin would: a ticket first, then the stream with it. */
async function openStream(t: 'a' | 'b', token: string) {
  const ticket = await harness.app.inject({ method: 'POST', url: '/api/admin/orders/live/ticket', headers: headers(t, token) });
  expect(ticket.statusCode).toBe(200);
  const res = await fetch(`${base}/api/orders/live?ticket=${ticket.json().ticket}`, { headers: { 'business-slug': slugOf[t] } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** The next frame (null when the stream ended). */
  const frame = async (): Promise<Frame | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
        return { event: field('event'), data: field('data'), comment: lines.find((l) => l.startsWith(': '))?.slice(2) ?? null };
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** The next order event, past heartbeats. */
  const nextOrder = async (): Promise<LiveOrderEvent> => {
    for (;;) {
      const f = await frame();
      if (!f) throw new Error('the stream ended');
      if (f.event === 'order') return JSON.parse(f.data!) as LiveOrderEvent;
    }
  };
  const ready = await frame();
  return { ticket: ticket.json(), ready: JSON.parse(ready!.data!) as { location_id: number | null }, frame, nextOrder, close: () => reader.cancel().catch(() => undefined) };
}

beforeAll(async () => {
  process.env.LIVE_ORDERS_HEARTBEAT_MS = '200';
  harness = await createTestApp([cartService, ordersService], 'live-orders');
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  for (const t of ['a', 'b'] as const) {
    tenants[t].id = (await createTenant(slugOf[t])).id;
    await createCatalogueFixture(tenants[t].id, slugOf[t]);
    tenants[t].owner = await issueToken(tenants[t].id, { isAdmin: true, slug: `${t}-owner` });
  }
  // Staff who hear of new orders (the store's admins are kept 30 s per process, so they exist before the first order).
  await Customer.create({ tenantId: tenants.a.id, slug: 'main-mailer', email: 'main-mailer@live-a.test', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['new_order_emails'], locationId: 1 });
  await Customer.create({ tenantId: tenants.a.id, slug: 'north-mailer', email: 'north-mailer@live-a.test', telephone: '5035550190', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['new_order_emails', 'new_order_texts'], locationId: 2 });
  northStaff = await issueToken(tenants.a.id, { isAdmin: true, isSubAccount: true, slug: 'north-staff', locationId: 2 });
});
afterAll(async () => {
  delete process.env.LIVE_ORDERS_HEARTBEAT_MS;
  if (!closed) await harness?.close();
});

describe('live orders stream', () => {
  it('refuses a caller who is not signed in (401), a made-up ticket and a ticket used twice', async () => {
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/orders/live/ticket', headers: headers('a') })).statusCode).toBe(401);
    const shopper = await issueToken(tenants.a.id, { slug: 'a-shopper' });
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/orders/live/ticket', headers: headers('a', shopper) })).statusCode).toBe(403);
    const made = await harness.app.inject({ url: `/api/orders/live?ticket=${'x'.repeat(32)}`, headers: headers('a') });
    expect(made.statusCode).toBe(401);
    expect(made.json().message).toBe(LIVE_TICKET_EXPIRED);
    const ticket = (await harness.app.inject({ method: 'POST', url: '/api/admin/orders/live/ticket', headers: headers('a', tenants.a.owner) })).json().ticket;
    // Another store's ticket does not open this store's stream (and is used up).
    expect((await harness.app.inject({ url: `/api/orders/live?ticket=${ticket}`, headers: headers('b') })).statusCode).toBe(401);
    expect((await harness.app.inject({ url: `/api/orders/live?ticket=${ticket}`, headers: headers('a') })).statusCode).toBe(401);
  });

  it('tells the owner of each new order at once; staff bound to a location hear only its orders; another store hears nothing', async () => {
    const owner = await openStream('a', tenants.a.owner);
    const north = await openStream('a', northStaff);
    const other = await openStream('b', tenants.b.owner);
    expect(owner.ready.location_id).toBeNull();
    expect(north.ready.location_id).toBe(2);
    expect(north.ticket.location_id).toBe(2);

    const main = await placeOrder('a', 'LiveMain01', 1);
    expect(await owner.nextOrder()).toEqual({ kind: 'placed', id: main.id, order_number: main.number, status: 'placed', location_id: 1 });
    const northOrder = await placeOrder('a', 'LiveNorth1', 2);
    expect(await owner.nextOrder()).toMatchObject({ kind: 'placed', id: northOrder.id, location_id: 2 });
    // The first order event the north staff hear is their location's: the main store's was never sent to them.
    expect(await north.nextOrder()).toMatchObject({ kind: 'placed', id: northOrder.id, location_id: 2 });

    // A change is heard too (the console refreshes the order's row).
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/orders/order-taken', headers: headers('a', tenants.a.owner), payload: { id: main.id } })).statusCode).toBe(200);
    expect(await owner.nextOrder()).toMatchObject({ kind: 'changed', id: main.id, status: 'taken', location_id: 1 });

    // Store B's first event is its own order: none of A's reached it.
    const theirs = await placeOrder('b', 'LiveOther1', 1);
    expect(await other.nextOrder()).toMatchObject({ kind: 'placed', id: theirs.id });
    await Promise.all([owner.close(), north.close(), other.close()]);
  });

  it('sends heartbeats, and ends the stream once the session behind it is signed out', async () => {
    const token = await issueToken(tenants.a.id, { isAdmin: true, isSubAccount: true, slug: 'leaving-staff' });
    const stream = await openStream('a', token);
    let frame = await stream.frame();
    while (frame && frame.comment !== 'heartbeat') frame = await stream.frame();
    expect(frame?.comment).toBe('heartbeat');
    await harness.changeSessions({ tenantId: tenants.a.id, customerSlug: 'leaving-staff' }, { revokedAt: new Date() });
    while (frame) frame = await stream.frame();
    expect(frame).toBeNull();
  });
});

describe('prepare console', () => {
  it("answers each line's department for the pick list, and texts the shopper when the order is ready", async () => {
    const { id, number } = await placeOrder('a', 'ReadyText1', 1, '5035550177');
    const read = (await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: headers('a', tenants.a.owner) })).json().data;
    expect(read.departments).toEqual({ [read.items[0].id]: 'Tools' });
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/orders/markPrepared', headers: headers('a', tenants.a.owner), payload: { id } })).statusCode).toBe(200);
    const texts = (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data))
      .filter((d) => d.kind === 'order-ready-text' && d.tenantId === tenants.a.id);
    expect(texts).toEqual([expect.objectContaining({ channel: 'sms', to: '5035550177', text: `live-a store: your order ${number} is ready for pickup at live-a store 1.` })]);
  });

  it("shows staff bound to a location only its orders: lists, the CSV and another location's order (404)", async () => {
    const main = await placeOrder('a', 'BoundMain1', 1);
    const north = await placeOrder('a', 'BoundNort1', 2);
    const listed = (await harness.app.inject({ url: '/api/admin/orders/all?limit=100&location_id=1', headers: headers('a', northStaff) })).json().data.map((o: { id: string }) => o.id);
    expect(listed).toContain(north.id);
    expect(listed).not.toContain(main.id);
    const csv = (await harness.app.inject({ url: '/api/admin/orders/csv?order_filters=all', headers: headers('a', northStaff) })).body;
    expect(csv).toContain(north.number);
    expect(csv).not.toContain(`${main.number},`);
    expect((await harness.app.inject({ url: `/api/admin/orders/${main.id}`, headers: headers('a', northStaff) })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/orders/order-taken', headers: headers('a', northStaff), payload: { id: main.id } })).statusCode).toBe(404);
    expect((await harness.app.inject({ url: `/api/admin/orders/${north.id}`, headers: headers('a', northStaff) })).statusCode).toBe(200);
  });

  it('tells staff of new orders by new_order_emails and new_order_texts, but not staff bound to another location', async () => {
    const { number } = await placeOrder('a', 'TellStaff1', 1);
    const jobs = (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data))
      .filter((d) => d.tenantId === tenants.a.id && (d.kind === 'new-order' || d.kind === 'new-order-text') && d.text.includes(number));
    const told = jobs.map((d) => d.to);
    expect(told).toContain('main-mailer@live-a.test');
    expect(told).not.toContain('north-mailer@live-a.test');
    expect(told).not.toContain('5035550190');
  });
});

describe('shutdown', () => {
  it('ends open streams when the server stops, so a stop stays fast', async () => {
    const stream = await openStream('a', tenants.a.owner);
    const stopping = harness.close();
    let frame = await stream.frame();
    while (frame) frame = await stream.frame();
    expect(frame).toBeNull();
    await stopping;
    closed = true;
  });
});
