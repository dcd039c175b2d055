import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { StoreProfile } from '@platform/tenant-settings';
import { formatCents, OTHER_LOCATION_REFUSED, toCents } from '@platform/domain';
import { inBackground, mongoose } from '@platform/db';
import { forgetOrderIndex, indexOrders, Order, ordersService } from './index';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'recon', 'store-id': '1', ...extra });
const asOwner = () => headers({ authorization: `Bearer ${owner}` });
const get = (url: string, auth: Record<string, string> = asOwner()) => harness.app.inject({ url: `/api/admin/orders/${url}`, headers: auth });
const act = (url: string, payload: Record<string, unknown>) => harness.app.inject({ method: 'POST', url: `/api/admin/orders/${url}`, headers: asOwner(), payload });
type Saved = { _id: unknown; placedAt: Date; totalCents: number; payment: { capturedCents?: number; refundedCents?: number } };
const saved = async (id: string) => (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as Saved;

/** A guest's pickup order of `quantity` hammers at store 1, through the real checkout; its id. */
async function placeOrder(device: string, quantity: number, byCard = false): Promise<string> {
  await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(), payload: { store_product_id: 21, quantity, device_id: device } });
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(), payload: {
    device_id: device, order_type: 0, first_name: 'Rae', last_name: 'Counter', email: `${device.toLowerCase()}@example.com`, telephone: '5035550142',
    ...(byCard ? { payment_method: 'card', payment_token: 'pm_card_visa' } : { payment_method: 'pay_at_store' }),
  } });
  expect(placed.statusCode).toBe(200);
  const order = (await inDb(() => Order.findOne({ tenantId, orderNumber: placed.json().order.order_number }).lean())) as unknown as { _id: unknown };
  return String(order._id);
}

/** Orders as a failed capture or a refund made elsewhere leave them, on a past evening (Chicago) that is the next day in UTC. */
const EVENING = new Date('2026-03-04T03:30:00Z');
const odd = (orderNumber: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  _id: new mongoose.Types.ObjectId(), tenantId, orderNumber, status: 'completed', locationId: 2, orderType: 'pickup', placedAt: EVENING, customerName: '=Odd Payer',
  contact: { email: `${orderNumber}@example.com` }, subtotalCents: 4000, totalCents: 4000, items: [{ quantity: 1, priceCents: 4000 }], payment: { method: 'card', ...payment }, ...extra,
});

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'reconciliation');
  tenantId = (await createTenant('recon')).id;
  await createCatalogueFixture(tenantId, 'recon');
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_rec', secret_key: sealSecret('sk_test_rec') } } });
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
});
afterAll(async () => { await harness?.close(); });

describe('reconciliation, per day and store', () => {
  it("puts a day's orders next to their payments: paid at the store, a card order partly refunded, a cancelled one; nothing flagged", async () => {
    const due = await placeOrder('RecDue0001', 2);
    const collected = await placeOrder('RecPaid001', 1);
    for (const step of ['order-taken', 'markPrepared', 'markComplete']) expect((await act(step, { id: collected })).statusCode).toBe(200);
    const card = await placeOrder('RecCard001', 3, true);
    expect((await act(`cancelItem/${card}.0`, { qty: 1 })).statusCode).toBe(200);
    const dropped = await placeOrder('RecDrop001', 1);
    expect((await act('cancel', { id: dropped, reason: 'Shopper changed their mind' })).statusCode).toBe(200);
    const [d, c, k, x] = await Promise.all([due, collected, card, dropped].map(saved));
    const day = d.placedAt.toISOString().slice(0, 10);
    const refunded = k.payment.refundedCents!;
    expect(refunded).toBeGreaterThan(0);
    expect(k.payment.capturedCents).toBe(k.totalCents);

    const res = await get(`reconciliation?from_date=${day}&to_date=${day}&location_id=1`);
    expect(res.statusCode).toBe(200);
    const figures = {
      orders: 4, cancelled_orders: 1, offline_orders: 0, total: formatCents(d.totalCents + c.totalCents + k.totalCents + x.totalCents),
      cancelled: formatCents(x.totalCents + refunded), sales: formatCents(d.totalCents + c.totalCents + k.totalCents - refunded),
      captured: formatCents(k.totalCents), refunded: formatCents(refunded), due_at_store: formatCents(d.totalCents), paid_at_store: formatCents(c.totalCents),
      on_account: '0.00', difference: '0.00', flagged: 0,
    };
    expect(res.json()).toEqual({
      from_date: day, to_date: day, time_zone: 'UTC', location_id: 1,
      data: [{ id: `${day}_1`, date: day, location_id: 1, location_name: 'recon store 1', ...figures }], totals: figures,
    });

    const opened = await get(`reconciliation/${day}_1`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().day).toEqual({ id: `${day}_1`, date: day, location_id: 1, location_name: 'recon store 1', ...figures });
    const orders = opened.json().data as { id: string; status: string; payment_method: string; payment_reference: string; sales: string; refunded: string; problems: unknown[] }[];
    expect(orders.map((o) => [o.id, o.status, o.payment_method])).toEqual([
      [due, 'placed', 'pay_at_store'], [collected, 'completed', 'pay_at_store'], [card, 'placed', 'card'], [dropped, 'cancelled', 'pay_at_store'],
    ]);
    expect(orders[2]).toMatchObject({ refunded: formatCents(refunded), sales: formatCents(k.totalCents - refunded), problems: [], payment_reference: expect.stringMatching(/^pi_/) });
    expect(orders[3]).toMatchObject({ sales: '0.00', cancelled: formatCents(x.totalCents) });
  });

  it('flags a card payment never taken and a refund over the capture, on the day in the time zone asked; exports both as CSV', async () => {
    const docs = [
      odd('9101', { status: 'authorized', authorizedCents: 4000, reference: 'pi_held' }),
      odd('9102', { status: 'refunded', capturedCents: 4000, refundedCents: 4500, reference: 'pi_over' }),
      odd('9103', { status: 'paid', capturedCents: 4000, reference: 'pi_fine' }),
    ];
    await Order.insertMany(docs);
    await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, docs, false);

    const chicago = await get('reconciliation?from_date=2026-03-03&to_date=2026-03-04&time_zone=America/Chicago');
    expect(chicago.json().data).toEqual([expect.objectContaining({
      id: '2026-03-03_2', date: '2026-03-03', location_name: 'recon store 2', orders: 3, total: '120.00', captured: '80.00', refunded: '45.00',
      sales: '120.00', difference: '-85.00', flagged: 2,
    })]);
    expect((await get('reconciliation?from_date=2026-03-04&to_date=2026-03-04')).json().data.map((r: { id: string }) => r.id)).toEqual(['2026-03-04_2']);
    expect((await get('reconciliation?from_date=2026-03-04&to_date=2026-03-04&location_id=1')).json()).toMatchObject({ data: [], totals: { orders: 0, total: '0.00' } });

    const day = await get('reconciliation/2026-03-03_2?time_zone=America/Chicago');
    expect(day.json().data.map((o: { order_number: string; problems: { code: string; message: string }[] }) => [o.order_number, o.problems])).toEqual([
      ['9101', [{ code: 'card_not_captured', message: 'The card payment of $40.00 is held on the card but was never taken.' }]],
      ['9102', [{ code: 'refund_exceeds_capture', message: '$45.00 was refunded, more than the $40.00 taken.' }]],
      ['9103', []],
    ]);

    const csv = await get('reconciliation?from_date=2026-03-03&to_date=2026-03-03&time_zone=America/Chicago&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="reconciliation-2026-03-03-to-2026-03-03.csv"');
    expect(csv.body.trim().split('\n')).toEqual([
      'Day,Store,Orders,Cancelled orders,Offline orders,Order totals,Cancelled,Sales,Card captured,Card refunded,Due at the store,Paid at the store,On account,Difference,Flagged orders',
      '2026-03-03,recon store 2,3,0,0,120.00,0.00,120.00,80.00,45.00,0.00,0.00,0.00,-85.00,2',
      '2026-03-03 to 2026-03-03,All,3,0,0,120.00,0.00,120.00,80.00,45.00,0.00,0.00,0.00,-85.00,2',
    ]);
    const orderCsv = (await get('reconciliation/2026-03-03_2?time_zone=America/Chicago&format=csv')).body.trim().split('\n');
    expect(orderCsv[0]).toBe('Order,Taken,Placed (UTC),Status,Customer,Fulfilment,Payment,Payment status,Payment reference,Total,Cancelled,Sales,Card captured,Card refunded,Due at the store,Paid at the store,On account,Difference,Problems');
    expect(orderCsv[1]).toBe("9101,Online,2026-03-04T03:30:00.000Z,Completed,'=Odd Payer,pickup,Card,authorized,pi_held,40.00,0.00,40.00,0.00,0.00,0.00,0.00,0.00,-40.00,The card payment of $40.00 is held on the card but was never taken.");

    // Lists rebuilt from the database (a lost Redis) give the same figures.
    await forgetOrderIndex({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId);
    expect((await get('reconciliation?from_date=2026-03-03&to_date=2026-03-04&time_zone=America/Chicago')).json().data).toEqual(chicago.json().data);
  });

  it('refuses bad dates and time zones, and a day or store that is not one', async () => {
    expect((await get('reconciliation?from_date=24-11-2026')).statusCode).toBe(400);
    for (const [query, field, message] of [
      ['from_date=2026-02-30', 'from_date', 'Please give a real date.'],
      ['to_date=9999-12-31', 'to_date', 'Please give a real date.'],
      ['from_date=2026-11-24&to_date=2026-11-01', 'from_date', 'The start date must be on or before the end date.'],
      ['from_date=2025-01-01&to_date=2026-11-01', 'to_date', 'Please choose at most 366 days.'],
      ['time_zone=Mars/Olympus', 'time_zone', 'Please give a time zone such as America/Chicago.'],
      ['location_id=9', 'location_id', 'This store location does not exist.'],
    ]) {
      const res = await get(`reconciliation?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json(), query).toMatchObject({ message, errors: { [field]: [message] } });
    }
    expect((await get('reconciliation/0000-01-01_1')).json().message).toBe('Please give a real date.');
    for (const id of ['2026-11-24_9', '2026-02-30_1', 'yesterday']) {
      const res = await get(`reconciliation/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This day and store were not found.');
    }
  });

  it("is the store's admins' alone, and never shows another store's orders", async () => {
    const customer = await issueToken(tenantId, { slug: 'a-shopper' });
    for (const url of ['reconciliation', 'reconciliation/2026-03-03_2', 'reconciliation?format=csv']) {
      expect((await get(url, headers({ authorization: `Bearer ${customer}` }))).statusCode, url).toBe(403);
      expect((await get(url, headers())).statusCode, url).toBe(401);
    }
    const other = await createTenant('recon-other');
    await createCatalogueFixture(other.id, 'recon-other');
    const otherAdmin = await issueToken(other.id, { isAdmin: true });
    const asOther = { 'business-slug': 'recon-other', authorization: `Bearer ${otherAdmin}` };
    const theirs = await get('reconciliation?from_date=2026-03-03&to_date=2026-03-04&time_zone=America/Chicago', asOther);
    expect(theirs.json()).toMatchObject({ data: [], totals: { orders: 0 } });
    expect((await get('reconciliation/2026-03-03_2?time_zone=America/Chicago', asOther)).json()).toMatchObject({ data: [], day: { orders: 0, location_name: 'recon-other store 2' } });
  });

  it("shows staff bound to a location that location's days only; another location's is 403 with a clear message", async () => {
    const mainOrder = await placeOrder('RecBound01', 1);
    const day = (await saved(mainOrder)).placedAt.toISOString().slice(0, 10);
    // Store 2 had orders on 2026-03-03 (Chicago) from the test above; store 1 has today's.
    const northStaff = headers({ authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'north-recon', locationId: 2 })}` });
    const mainStaff = headers({ authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'main-recon', locationId: 1 })}` });

    const north = await get('reconciliation?from_date=2026-03-03&to_date=2026-03-03&time_zone=America/Chicago', northStaff);
    expect(north.statusCode).toBe(200);
    expect(north.json()).toMatchObject({ location_id: 2, data: [{ id: '2026-03-03_2', orders: 3 }] });
    const mine = await get(`reconciliation?from_date=${day}&to_date=${day}`, mainStaff);
    expect(mine.json().location_id).toBe(1);
    expect(mine.json().data.map((r: { location_id: number }) => r.location_id)).toEqual([1]);
    expect((await get(`reconciliation?from_date=${day}&to_date=${day}`, northStaff)).json().data).toEqual([]);
    expect((await get('reconciliation/2026-03-03_2?time_zone=America/Chicago', northStaff)).json().data).toHaveLength(3);

    for (const url of ['reconciliation?location_id=1', 'reconciliation?location_id=1&format=csv', `reconciliation/${day}_1`]) {
      const refused = await get(url, northStaff);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(OTHER_LOCATION_REFUSED);
    }
    // The owner still sees both stores.
    expect((await get(`reconciliation?from_date=${day}&to_date=${day}&location_id=1`)).json().data).toHaveLength(1);
  });
  it('counts orders taken by phone or at the counter beside the online ones, per store, paid or due at the store, flagged as offline; in the CSV too', async () => {
    const online = await placeOrder('RecOnOff01', 1);
    const day = (await saved(online)).placedAt.toISOString().slice(0, 10);
    const summary = async (auth?: Record<string, string>) => (await get(`reconciliation?from_date=${day}&to_date=${day}`, auth)).json();
    const before = await summary();
    const atMain = (answer: { data: { location_id: number }[] }) => answer.data.find((r) => r.location_id === 1) as unknown as Record<string, string | number>;
    expect(before.data.map((r: { location_id: number }) => r.location_id)).toEqual([1]);
    const offline = async (body: Record<string, unknown>) => {
      const res = await harness.app.inject({ method: 'POST', url: '/api/admin/offline-orders', headers: asOwner(), payload: { order_type: 'pickup', customer_name: 'Phone Caller', telephone: '5035550199', ...body } });
      expect(res.statusCode).toBe(200);
      return res.json().data as { id: string; order_number: string; total: string; placed_at: string };
    };
    const due = await offline({ location_id: 1, paid: false, items: [{ title: 'Key cutting', price: '3.50', quantity: 2 }] });
    const paid = await offline({ location_id: 2, paid: true, customer_name: 'Counter Sale', items: [{ title: 'Propane refill', price: '21.00', quantity: 1 }] });

    const after = await summary();
    const plus = (field: string, cents: number) => formatCents(toCents(String(atMain(before)[field])) + cents);
    expect(atMain(after)).toMatchObject({
      orders: Number(atMain(before).orders) + 1, offline_orders: 1, total: plus('total', toCents(due.total)), sales: plus('sales', toCents(due.total)),
      due_at_store: plus('due_at_store', toCents(due.total)), paid_at_store: atMain(before).paid_at_store, flagged: atMain(before).flagged,
    });
    const north = { id: `${day}_2`, date: day, location_id: 2, location_name: 'recon store 2', orders: 1, cancelled_orders: 0, offline_orders: 1, total: paid.total, cancelled: '0.00',
      sales: paid.total, captured: '0.00', refunded: '0.00', due_at_store: '0.00', paid_at_store: paid.total, on_account: '0.00', difference: '0.00', flagged: 0 };
    expect(after.data[1]).toEqual(north);
    expect(after.totals).toMatchObject({ orders: before.totals.orders + 2, offline_orders: 2 });

    const mainDay = (await get(`reconciliation/${day}_1`)).json();
    expect(mainDay.day).toEqual(atMain(after));
    const listed = mainDay.data as { id: string; offline: boolean }[];
    expect(listed.find((o) => o.id === online)).toMatchObject({ offline: false, status: 'placed' });
    expect(listed.at(-1)).toEqual({
      id: due.id, order_number: due.order_number, placed_at: due.placed_at, status: 'offline', status_label: 'Offline order, to pay', customer_name: 'Phone Caller', order_type: 'pickup',
      payment_method: 'pay_at_store', payment_status: 'due', payment_reference: '', problems: [], offline: true,
      total: due.total, cancelled: '0.00', sales: due.total, captured: '0.00', refunded: '0.00', due_at_store: due.total, paid_at_store: '0.00', on_account: '0.00', difference: '0.00',
    });
    expect((await get(`reconciliation/${day}_2`)).json()).toMatchObject({ day: north, data: [{ id: paid.id, offline: true, status_label: 'Offline order, paid', paid_at_store: paid.total }] });

    const csv = (await get(`reconciliation?from_date=${day}&to_date=${day}&format=csv`)).body.trim().split('\n');
    expect(csv[2]).toBe(`${day},recon store 2,1,0,1,${paid.total},0.00,${paid.total},0.00,0.00,0.00,${paid.total},0.00,0.00,0`);
    const dayCsv = (await get(`reconciliation/${day}_2?format=csv`)).body.trim().split('\n');
    expect(dayCsv[1]).toBe(`${paid.order_number},Offline (phone or counter),${paid.placed_at},"Offline order, paid",Counter Sale,pickup,At the store,paid,,${paid.total},0.00,${paid.total},0.00,0.00,0.00,${paid.total},0.00,0.00,`);

    // Staff bound to a store see its offline orders only; the lists rebuilt from the database (a lost Redis) give the same figures.
    const northStaff = headers({ authorization: `Bearer ${await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'north-offline', locationId: 2 })}` });
    expect((await summary(northStaff)).data).toEqual([north]);
    await harness.resources.redis.del(`${harness.resources.queuePrefix}:offline-orders:${tenantId}:built`);
    expect(await summary()).toEqual(after);
  });
});
