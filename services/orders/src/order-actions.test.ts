import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { databaseStockCounts, stockLeft } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { inBackground } from '@platform/db';
import { Order, ordersService } from './index';
import { earliestToday } from './order-actions';
import { messagesOf } from '@platform/queue';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'ord-act', 'store-id': '1', ...extra });
const asOwner = () => headers({ authorization: `Bearer ${owner}` });
const stock = async (storeProductId: number) => (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
/** The database's count (the store product, or the stock journal's newer entry not folded in yet). */
const stockInDb = async (storeProductId: number) => (await databaseStockCounts(tenantId, [storeProductId])).get(storeProductId)?.inventory;
const stored = async (id: string) => (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as {
  status: string; locationId: number; prepareStep: string | null; deliveryDate: string | null; deliveryWindow: string | null; history: { status: string; by: string; note: string }[]; items: { storeProductId: number }[];
};
const mails = async (kind: string) => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
  .flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === kind && d.tenantId === tenantId);
const act = (url: string, payload: Record<string, unknown> = {}, auth: Record<string, string> = asOwner()) => harness.app.inject({ method: 'POST', url: `/api/admin/orders/${url}`, headers: auth, payload });
const view = async (id: string) => (await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: asOwner() })).json().data;
const listed = async (locationId: number) => (await harness.app.inject({ url: `/api/admin/orders/outstanding?location_id=${locationId}&limit=100`, headers: asOwner() })).json().data.map((o: { id: string }) => o.id);

/** A guest's pickup order at location 1 of these store products and quantities (21 hammers, 11 drills); its id and number. */
async function placeOrder(device: string, lines: [number, number][]): Promise<{ id: string; number: string }> {
  for (const [storeProductId, quantity] of lines) {
    await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(), payload: { store_product_id: storeProductId, quantity, device_id: device } });
  }
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(), payload: {
    device_id: device, order_type: 0, first_name: 'Pat', last_name: 'Shopper', email: `${device.toLowerCase()}@example.com`, telephone: '5035550142', payment_method: 'pay_at_store',
  } });
  expect(placed.statusCode).toBe(200);
  const number = placed.json().order.order_number as string;
  const order = (await inDb(() => Order.findOne({ tenantId, orderNumber: number }).lean())) as unknown as { _id: unknown };
  return { id: String(order._id), number };
}
const shopperSees = async (device: string, number: string) => (await harness.app.inject({ url: `/api/orders/order?order_number=${number}&device_id=${device}`, headers: headers() })).json().data;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'order-actions');
  tenantId = (await createTenant('ord-act')).id;
  await createCatalogueFixture(tenantId, 'ord-act');
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
});
afterAll(async () => { await harness?.close(); });

describe('preparing steps', () => {
  it('records picking, picked and packed with who and when; the shopper reads Being prepared once; no step once ready; an unknown step is refused', async () => {
    const { id, number } = await placeOrder('StepDevice', [[21, 2]]);
    expect((await act('order-taken', { id })).statusCode).toBe(200);
    expect((await view(id)).prepare_step).toBeNull();

    const picking = await act(`${id}/prepareStep/picking`);
    expect(picking.statusCode).toBe(200);
    expect(picking.json().data).toMatchObject({ status: 'preparing', status_label: 'Being prepared', prepare_step: 'picking', actions: ['prepare', 'cancel'] });
    const unknown = await act(`${id}/prepareStep/wrapping`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Choose a step: picking, picked or packed.');
    expect((await stored(id)).prepareStep).toBe('picking');
    expect((await act(`${id}/prepareStep/picked`)).json().data.prepare_step).toBe('picked');
    const packed = await act(`${id}/prepareStep/packed`);
    expect(packed.json()).toMatchObject({ message: `Order ${number}: packed.`, data: { prepare_step: 'packed' } });
    expect(packed.json().data.history.map((h: { status: string; by: string; note: string }) => [h.status, h.by, h.note])).toEqual([
      ['taken', 'the-owner', ''], ['preparing', 'the-owner', 'Step: Picking'], ['preparing', 'the-owner', 'Step: Picked'], ['preparing', 'the-owner', 'Step: Packed'],
    ]);
    expect(await listed(1)).toContain(id);
    const shopper = await shopperSees('StepDevice', number);
    expect(shopper.status).toBe('preparing');
    expect(shopper.timeline.map((s: { label: string }) => s.label)).toEqual(['Placed', 'Received by the store', 'Being prepared']);

    expect((await act('markPrepared', { id })).statusCode).toBe(200);
    const late = await act(`${id}/prepareStep/picked`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is ready already: preparing steps are over.');
    expect((await stored(id))).toMatchObject({ status: 'prepared', prepareStep: 'packed' });
    expect((await stored(id)).history).toHaveLength(5);
  });

  it('a new order starts being prepared with its first step', async () => {
    const { id } = await placeOrder('StepNew001', [[21, 1]]);
    expect((await act(`${id}/prepareStep/picking`)).json().data).toMatchObject({ status: 'preparing', actions: ['prepare', 'cancel'] });
    expect((await act('cancel', { id, reason: 'Changed their mind' })).statusCode).toBe(200);
    expect((await act(`${id}/prepareStep/packed`)).statusCode).toBe(409);
  });
});

describe('the expected delivery date', () => {
  const later = () => { const d = new Date(Date.now() + 5 * 86400_000); return d.toISOString().slice(0, 10); };

  it('is for orders with special-order items, delivery and shipping: a real day, not past; the shopper sees it and is e-mailed', async () => {
    const { id, number } = await placeOrder('DateDevice', [[21, 3]]);
    const pickup = await act('updateDeliveryDate', { id, delivery_date: later() });
    expect(pickup.statusCode).toBe(422);
    expect(pickup.json().message).toBe('A pickup order with no special-order items has no delivery date.');
    expect((await act(`makeItemSpecial/${id}.0`, { qty: 1 })).statusCode).toBe(200);

    for (const [date, message] of [['2026-02-30', 'Please give a date as YYYY-MM-DD.'], ['next week', 'Please give a date as YYYY-MM-DD.'], ['2020-01-01', 'The delivery date cannot be in the past.']]) {
      const bad = await act('updateDeliveryDate', { id, delivery_date: date });
      expect(bad.statusCode, date).toBe(422);
      expect(bad.json()).toMatchObject({ message, errors: { delivery_date: [message] } });
    }
    expect((await stored(id)).deliveryDate ?? null).toBeNull();
    expect((await act('updateDeliveryDate', { id, delivery_date: earliestToday() })).statusCode).toBe(200); // today still counts

    const day = later();
    const set = await act('updateDeliveryDate', { id, delivery_date: day, delivery_window: ' 9am-noon ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ message: expect.stringContaining('The customer has been told by e-mail and text.'), data: { delivery_date: day, delivery_window: '9am-noon' } });
    expect(set.json().data.history.at(-1)).toMatchObject({ status: 'placed', by: 'the-owner', note: `Expected on ${day}, 9am-noon` });
    expect(await stored(id)).toMatchObject({ deliveryDate: day, deliveryWindow: '9am-noon' });
    const shopper = await shopperSees('DateDevice', number);
    expect(shopper).toMatchObject({ delivery_date: day, delivery_window: '9am-noon' });
    expect(shopper.timeline.map((s: { label: string }) => s.label)).toEqual(['Placed']);
    const told = (await mails('order-delivery-date')).filter((m) => m.to === 'datedevice@example.com');
    expect(told).toHaveLength(2);
    const last = told.find((m) => m.text.includes('9am-noon'));
    expect(last).toMatchObject({ subject: expect.stringContaining(`Your order ${number} is expected on`) });
    expect(last?.text).toMatch(new RegExp(`The special-order items of your order ${number} from ord-act store are expected on \\w+day, \\w+ \\d+, \\d{4}, 9am-noon\\.`));
  });

  it('suits delivery orders, and no longer a completed or cancelled one', async () => {
    const { id } = await placeOrder('DateDeliv1', [[21, 1]]);
    await inDb(() => Order.updateOne({ tenantId, _id: id }, { $set: { orderType: 'delivery' } }));
    expect((await act('updateDeliveryDate', { id, delivery_date: later() })).json().data).toMatchObject({ order_type: 'delivery', delivery_date: later(), delivery_window: null });
    expect((await act('cancel', { id, reason: 'No driver' })).statusCode).toBe(200);
    const late = await act('updateDeliveryDate', { id, delivery_date: later() });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This order is cancelled already: its delivery date cannot change.');
  });
});

describe('moving an order to another location', () => {
  it('tells which locations have every stocked line', async () => {
    const hammers = await placeOrder('WhereHam01', [[21, 2]]);
    const drills = await placeOrder('WhereDri01', [[21, 1], [11, 1]]);
    const forHammers = (await harness.app.inject({ url: `/api/admin/orders/${hammers.id}/location`, headers: asOwner() })).json().data;
    expect(forHammers).toEqual({
      current: { id: 1, name: 'ord-act store 1', address: '1 Main St, Town, OR 97301' },
      others: [{ id: 2, name: 'ord-act store 2', address: '2 Main St, Town, OR 97301', has_everything: true, missing: [] }],
    });
    const forDrills = (await harness.app.inject({ url: `/api/admin/orders/${drills.id}/location`, headers: asOwner() })).json().data;
    expect(forDrills.others).toEqual([expect.objectContaining({ id: 2, has_everything: false, missing: [{ sku: '1001', title: 'ord-act Cordless Drill', needed: 1, left: 0 }] })]);
  });

  it('takes the units at the new location and gives them back at the old one, moves the lists, tells the shopper', async () => {
    const { id, number } = await placeOrder('MoveDevice', [[21, 4]]);
    await act(`${id}/prepareStep/picking`);
    expect((await act(`makeItemSpecial/${id}.0`, { qty: 1 })).statusCode).toBe(200); // 3 from the shelf, 1 from the supplier
    const [atOld, atNew] = [await stock(21), await stock(22)];
    expect(await listed(1)).toContain(id);

    const moved = await act(`${id}/location`, { location_id: 2 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: `Order ${number} moved to ord-act store 2. The customer has been told by e-mail and text.`, data: { store: { id: 2, name: 'ord-act store 2' }, status: 'preparing', prepare_step: null } });
    expect(moved.json().data.history.at(-1)).toMatchObject({ status: 'preparing', by: 'the-owner', note: 'Moved from ord-act store 1 to ord-act store 2' });
    expect([await stock(21), await stock(22)]).toEqual([atOld + 3, atNew - 3]);
    await expect.poll(() => stockInDb(21)).toBe(atOld + 3);
    await expect.poll(() => stockInDb(22)).toBe(atNew - 3);
    expect(await stored(id)).toMatchObject({ locationId: 2, items: [expect.objectContaining({ storeProductId: 22 }), expect.objectContaining({ storeProductId: 22, special: true })] });
    expect(await listed(1)).not.toContain(id);
    expect(await listed(2)).toContain(id);
    const pickupAt = (await shopperSees('MoveDevice', number)).store;
    expect(pickupAt).toMatchObject({ id: 2, name: 'ord-act store 2' });
    const [told] = (await mails('order-moved')).filter((m) => m.to === 'movedevice@example.com');
    expect(told).toMatchObject({ subject: `Your order ${number} is now at ord-act store 2` });
    expect(told.text).toContain('Please pick it up at ord-act store 2, 2 Main St, Town, OR 97301, instead of ord-act store 1.');

    const same = await act(`${id}/location`, { location_id: 2 });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('This order is at ord-act store 2 already.');
    expect((await act(`${id}/location`, { location_id: 9 })).statusCode).toBe(422);
    // A cancel gives the units back where the order now is.
    expect((await act('cancel', { id, reason: 'Test' })).statusCode).toBe(200);
    expect([await stock(21), await stock(22)]).toEqual([atOld + 3, atNew]);
    const done = await act(`${id}/location`, { location_id: 1 });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('This order is cancelled already: it cannot move.');
  });

  it('is refused, with nothing changed, where the new location is short of a line', async () => {
    const { id } = await placeOrder('MoveShort1', [[21, 2], [11, 1]]);
    const before = await stored(id);
    const counts = [await stock(21), await stock(22), await stock(11), await stock(12)];
    const short = await act(`${id}/location`, { location_id: 2 });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('ord-act Cordless Drill: ord-act store 2 has only 0 in stock.');
    expect([await stock(21), await stock(22), await stock(11), await stock(12)]).toEqual(counts);
    expect(await stored(id)).toEqual(before);
    expect(await listed(1)).toContain(id);
    expect(await listed(2)).not.toContain(id);
    expect((await mails('order-moved')).filter((m) => m.to === 'moveshort1@example.com')).toEqual([]);
  });

  it("finds no other store's order through these actions", async () => {
    const { id } = await placeOrder('MoveOther1', [[21, 1]]);
    const other = await createTenant('ord-act-2');
    await createCatalogueFixture(other.id, 'ord-act-2');
    const otherOwner = await issueToken(other.id, { isAdmin: true, slug: 'other-owner' });
    const auth = { 'business-slug': 'ord-act-2', 'store-id': '1', authorization: `Bearer ${otherOwner}` };
    expect((await act(`${id}/prepareStep/picking`, {}, auth)).statusCode).toBe(404);
    expect((await act('updateDeliveryDate', { id, delivery_date: '2099-01-01' }, auth)).statusCode).toBe(404);
    expect((await harness.app.inject({ url: `/api/admin/orders/${id}/location`, headers: auth })).statusCode).toBe(404);
    expect((await act(`${id}/location`, { location_id: 2 }, auth)).statusCode).toBe(404);
    expect(await stored(id)).toMatchObject({ status: 'placed', locationId: 1, history: [] });
  });
});
