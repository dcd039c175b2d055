import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { databaseStockCounts, stockLeft } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { StoreProfile } from '@platform/tenant-settings';
import { Order, ordersService } from './index';
import { inBackground } from '@platform/db';
import { Customer } from '@platform/identity';
import { messagesOf } from '@platform/queue';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;
let otherTenantId: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'adm-ord', 'store-id': '1', ...extra });
const asOwner = () => headers({ authorization: `Bearer ${owner}` });
/** The units the store has now, as checkout and search see them (Redis; the database gets them after). */
const stock = async (storeProductId: number) => (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
/** The database's count (the store product, or the stock journal's newer entry not folded in yet). */
const stockInDb = async (storeProductId: number) => (await databaseStockCounts(tenantId, [storeProductId])).get(storeProductId)?.inventory;
const mails = async (kind: string) => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
  .flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === kind && d.tenantId === tenantId);

/** A guest's pickup order of `quantity` hammers (store product 21); its id. */
async function placeOrder(device: string, quantity: number, byCard = false): Promise<string> {
  await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(), payload: { store_product_id: 21, quantity, device_id: device } });
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(), payload: {
    device_id: device, order_type: 0, first_name: 'Sam', last_name: 'Shopper', email: `${device.toLowerCase()}@example.com`, telephone: '5035550142',
    ...(byCard ? { payment_method: 'card', payment_token: 'pm_card_visa' } : { payment_method: 'pay_at_store' }),
  } });
  expect(placed.statusCode).toBe(200);
  const order = (await inDb(() => Order.findOne({ tenantId, orderNumber: placed.json().order.order_number }).lean())) as unknown as { _id: unknown };
  return String(order._id);
}
const act = (url: string, payload: Record<string, unknown>, auth: Record<string, string> = asOwner()) => harness.app.inject({ method: 'POST', url: `/api/admin/orders/${url}`, headers: auth, payload });

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'admin-orders');
  tenantId = (await createTenant('adm-ord')).id;
  await createCatalogueFixture(tenantId, 'adm-ord');
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_adm', secret_key: sealSecret('sk_test_adm') } } });
  owner = await issueToken(tenantId, { isAdmin: true, slug: 'the-owner' });
  const other = await createTenant('adm-other');
  otherTenantId = other.id;
  await createCatalogueFixture(other.id, 'adm-other');
});
afterAll(async () => { await harness?.close(); });

describe('the store works on an order', () => {
  it('takes it, marks it ready (telling the shopper), completes it, in that order only', async () => {
    const id = await placeOrder('TakeDevice', 2);
    const read = await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: asOwner() });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id, status: 'placed', status_label: 'New', actions: ['take', 'prepare', 'cancel'], items: [{ sku: '1002', quantity: 2 }] });

    expect((await act('order-taken', { id })).json()).toMatchObject({ message: expect.stringMatching(/^Order \d+ taken\. Sam has been told by e-mail and text\.$/), data: { status: 'taken', actions: ['prepare', 'cancel'] } });
    const again = await act('order-taken', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is taken already.');
    const early = await act('markComplete', { id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Mark the order ready before completing it.');

    const shopperSees = async () => (await harness.app.inject({ url: `/api/orders/order?order_number=${read.json().data.order_number}&device_id=TakeDevice`, headers: headers() })).json().data.status;
    expect(await shopperSees()).toBe('taken');
    const ready = await act('markPrepared', { id });
    expect(ready.json()).toMatchObject({ message: expect.stringContaining('Sam has been told by e-mail and text.'), data: { status: 'prepared', status_label: 'Ready' } });
    expect(await shopperSees()).toBe('prepared'); // the order page's kept copy follows each action
    const [told] = await mails('order-prepare');
    expect(told).toMatchObject({ to: 'takedevice@example.com', subject: expect.stringMatching(/^Your order \d+ is ready for pickup$/) });
    expect(told.text).toContain('is ready at adm-ord store 1, 1 Main St, Town, OR 97301.');

    const done = await act('markComplete', { id });
    expect(done.json().data).toMatchObject({ status: 'completed', actions: [] });
    expect(done.json().data.history.map((h: { status: string; by: string }) => [h.status, h.by])).toEqual([['taken', 'the-owner'], ['prepared', 'the-owner'], ['completed', 'the-owner']]);
    expect((await act('cancel', { id, reason: 'Too late' })).json().message).toBe('This order is completed already.');
  });

  it('marks it ready naming the staff member who prepared it (markPrepared subAccountId); anyone else is refused and nothing changes', async () => {
    await Customer.create([
      { tenantId, slug: 'jo-clerk', email: 'jo@adm-ord.test', firstName: 'Jo', lastName: 'Clerk', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: [] },
      { tenantId, slug: 'sam-shopper', email: 'sam@adm-ord.test', firstName: 'Sam', lastName: 'Shopper', passwordHash: 'x' },
      { tenantId: otherTenantId, slug: 'kim-staff', email: 'kim@adm-other.test', firstName: 'Kim', lastName: 'Staff', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: [] },
    ]);
    const id = await placeOrder('PreparedBy', 1);
    for (const subAccountId of ['sam-shopper', 'kim-staff', 'nobody-here', 'the-owner']) {
      const refused = await act('markPrepared', { id, subAccountId });
      expect(refused.statusCode, subAccountId).toBe(422);
      expect(refused.json()).toMatchObject({ message: "Choose one of the store's staff accounts.", errors: { subAccountId: ["Choose one of the store's staff accounts."] } });
    }
    expect((await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: asOwner() })).json().data).toMatchObject({ status: 'placed', history: [] });
    const ready = await act('markPrepared', { id, subAccountId: 'jo-clerk', deliveryMinutes: 30 });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.history).toEqual([{ status: 'prepared', at: expect.any(String), by: 'the-owner', note: 'Delivery in about 30 minutes. Prepared by Jo Clerk' }]);
  });

  it('cancels with a reason only: the stock goes back, the shopper is told, the order leaves the outstanding list', async () => {
    const before = await stock(21);
    const id = await placeOrder('CancelDev1', 3);
    expect(await stock(21)).toBe(before - 3);
    const noReason = await act('cancel', { id, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe('Please give a reason for cancelling.');
    expect(await stock(21)).toBe(before - 3);

    const cancelled = await act('cancel', { id, reason: 'The last ones were damaged.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', history: [{ status: 'cancelled', note: 'The last ones were damaged.' }] });
    expect(await stock(21)).toBe(before);
    const [told] = await mails('order-cancel');
    expect(told).toMatchObject({ to: 'canceldev1@example.com' });
    expect(told.text).toContain('Reason: The last ones were damaged.');
    expect((await act('cancel', { id, reason: 'again' })).statusCode).toBe(409);
    expect(await stock(21)).toBe(before); // given back once
    await expect.poll(() => stockInDb(21)).toBe(before);
    const outstanding = await harness.app.inject({ url: '/api/admin/orders/outstanding', headers: asOwner() });
    expect(outstanding.json().data.map((o: { id: string }) => o.id)).not.toContain(id);
  });

  it('refunds an order paid by card when it is cancelled, once, and tells the shopper', async () => {
    const id = await placeOrder('CardBack01', 1, true);
    const paid = (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as { totalCents: number; payment: Record<string, unknown> };
    expect(paid.payment).toMatchObject({ status: 'paid', capturedCents: paid.totalCents });
    const cancelled = await act('cancel', { id, reason: 'Out of stock after all.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.payment).toMatchObject({ method: 'card', label: 'Refunded to the card', status: 'refunded' });
    const after = (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as { payment: Record<string, unknown> };
    expect(after.payment).toMatchObject({ status: 'refunded', capturedCents: paid.totalCents, refundedCents: paid.totalCents });
    const told = (await mails('order-cancel')).find((m) => m.to === 'cardback01@example.com');
    expect(told?.text).toMatch(/Your card payment of \$\d+\.\d{2} is refunded in full\./);
    expect((await act('cancel', { id, reason: 'again' })).statusCode).toBe(409); // refunded once
  });

  it('e-mails the customer from the store, replying to the store, and keeps the subject in the history', async () => {
    const id = await placeOrder('WriteToMe1', 1);
    const empty = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/email`, headers: asOwner(), payload: { subject: ' ', body: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ subject: ['Please write a subject.'], body: ['Please write a message.'] });
    const sent = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/email`, headers: asOwner(), payload: { subject: 'Your hammer', body: 'It comes in a new colour. Is that all right?' } });
    expect(sent.json()).toMatchObject({ message: 'Your e-mail to Sam is on its way.', data: { status: 'placed', history: [{ status: 'placed', by: 'the-owner', note: 'E-mailed the customer: Your hammer' }] } });
    const [mail] = await mails('order-message');
    expect(mail).toMatchObject({ to: 'writetome1@example.com', text: 'It comes in a new colour. Is that all right?', subject: expect.stringMatching(/^Your hammer \(order \d+\)$/) });
  });

  it("is the store's admins' alone: a customer is refused, another store's admin and a bad id find nothing", async () => {
    const id = await placeOrder('OwnerOnly1', 1);
    const customer = await issueToken(tenantId, { slug: 'a-customer' });
    expect((await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: headers({ authorization: `Bearer ${customer}` }) })).statusCode).toBe(403);
    expect((await act('order-taken', { id }, headers({ authorization: `Bearer ${customer}` }))).statusCode).toBe(403);
    const otherAdmin = await issueToken((await createTenant('adm-third')).id, { isAdmin: true });
    for (const res of [
      await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: { 'business-slug': 'adm-third', authorization: `Bearer ${otherAdmin}` } }),
      await harness.app.inject({ method: 'POST', url: '/api/admin/orders/cancel', headers: { 'business-slug': 'adm-third', authorization: `Bearer ${otherAdmin}` }, payload: { id, reason: 'x' } }),
      await harness.app.inject({ url: '/api/admin/orders/not-an-id', headers: asOwner() }),
      await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/email`, headers: { 'business-slug': 'adm-third', authorization: `Bearer ${otherAdmin}` }, payload: { subject: 'x', body: 'y' } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This order was not found.');
    }
    expect(((await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as { status: string }).status).toBe('placed');
  });

  it('cancels part of a line: its stock comes back, the card is refunded its share, the shopper is told; the last units cancel the order', async () => {
    const id = await placeOrder('PartCard01', 3, true);
    const before = await stock(21);
    const saved = async () => (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as {
      status: string; subtotalCents: number; taxCents: number; discountCents: number; items: { priceCents: number; cancelledQuantity: number }[];
      payment: { capturedCents: number; refundedCents?: number; status: string }; history: { note: string }[];
    };
    const order = await saved();
    const itemId = `${id}.0`;
    const one = Math.round(order.items[0].priceCents + (order.taxCents * order.items[0].priceCents) / order.subtotalCents);

    const tooMany = await act(`cancelItem/${itemId}`, { qty: 4 });
    expect(tooMany.json()).toMatchObject({ status: 422, errors: { qty: ['Cancel between 1 and 3.'] } });
    const cut = await act(`cancelItem/${itemId}`, { qty: 1 });
    expect(cut.statusCode).toBe(200);
    expect(cut.json().message).toBe(`Cancelled 1 × adm-ord Hammer. $${(one / 100).toFixed(2)} refunded to the card. Sam has been told by e-mail and text.`);
    expect(cut.json().data.items[0]).toMatchObject({ id: itemId, quantity: 3, cancelled_quantity: 1 });
    expect(await stock(21)).toBe(before + 1);
    expect((await saved()).payment).toMatchObject({ status: 'paid', refundedCents: one });
    expect((await saved()).history.at(-1)!.note).toBe(`Cancelled 1 × adm-ord Hammer; $${(one / 100).toFixed(2)} refunded to the card`);
    const told = (await mails('order-item-cancelled')).at(-1)!;
    expect(told.to).toBe('partcard01@example.com');
    expect(told.text).toContain(`$${(one / 100).toFixed(2)} is refunded to your card`);

    expect((await act(`cancelItem/${itemId}`, { qty: 3 })).json().errors.qty).toEqual(['Cancel between 1 and 2.']);
    const rest = await act(`cancelItem/${itemId}`, { qty: 2 });
    expect(rest.json().data.status).toBe('cancelled');
    const last = await saved();
    expect(last.status).toBe('cancelled');
    expect(last.payment.refundedCents).toBeLessThanOrEqual(last.payment.capturedCents);
    expect(await stock(21)).toBe(before + 3);
    expect((await act(`cancelItem/${itemId}`, { qty: 1 })).statusCode).toBe(409);
  });

  it('a line of an order paid at the store is simply not charged; unknown and other stores\' lines are not found', async () => {
    const id = await placeOrder('PartStore1', 2);
    const cut = await act(`cancelItem/${id}.0`, { qty: 1 });
    expect(cut.json().message).toBe('Cancelled 1 × adm-ord Hammer. Sam has been told by e-mail and text.');
    const order = (await inDb(() => Order.findOne({ tenantId, _id: id }).lean())) as unknown as { payment: { status: string }; history: { note: string }[] };
    expect(order.payment.status).toBe('due');
    // Cancelling the order then gives back only what was still on it.
    const before = await stock(21);
    expect((await act('cancel', { id, reason: 'The customer called' })).statusCode).toBe(200);
    expect(await stock(21)).toBe(before + 1);
    expect(order.history.at(-1)!.note).toMatch(/^Cancelled 1 × adm-ord Hammer; \$\d+\.\d{2} less to pay$/);
    for (const itemId of [`${id}.5`, 'not-an-item', `${'0'.repeat(24)}.0`]) expect((await act(`cancelItem/${itemId}`, { qty: 1 })).statusCode).toBe(404);
    const otherOwner = await issueToken(otherTenantId, { isAdmin: true, slug: 'other-owner' });
    const elsewhere = await act(`cancelItem/${id}.0`, { qty: 1 }, { 'business-slug': 'adm-other', 'store-id': '1', authorization: `Bearer ${otherOwner}` });
    expect(elsewhere.statusCode).toBe(404);
    expect((await act(`cancelItem/${id}.0`, { qty: 1 }, headers())).statusCode).toBe(401);
  });

  it('moves units the shelf does not have to a special order: the line is split, the count stays, the shopper is told', async () => {
    const id = await placeOrder('SpecialDv1', 3);
    const before = await stock(21);
    const tooMany = await act(`makeItemSpecial/${id}.0`, { qty: 4 });
    expect(tooMany.json()).toMatchObject({ status: 422, errors: { qty: ['Special-order between 1 and 3.'] } });
    const moved = await act(`makeItemSpecial/${id}.0`, { qty: 2 });
    expect(moved.json().message).toBe('2 × adm-ord Hammer will be special-ordered. Sam has been told by e-mail and text.');
    expect(moved.json().data.items).toEqual([
      expect.objectContaining({ id: `${id}.0`, quantity: 1, special: false }),
      expect.objectContaining({ id: `${id}.1`, quantity: 2, special: true }),
    ]);
    expect(await stock(21)).toBe(before); // the units were never on the shelf
    expect((await mails('order-item-special')).at(-1)).toMatchObject({ to: 'specialdv1@example.com', subject: expect.stringMatching(/^Part of your order \d+ at .+ will be special-ordered$/) });
    // The last unit: the line itself becomes the special order.
    expect((await act(`makeItemSpecial/${id}.0`, { qty: 1 })).json().data.items.map((i: { special: boolean }) => i.special)).toEqual([true, true]);
    expect((await act(`makeItemSpecial/${id}.1`, { qty: 1 })).json()).toMatchObject({ status: 409, message: 'This line is a special order already.' });
    // Cancelling the order gives back none of it (special orders hold no stock).
    expect((await act('cancel', { id, reason: 'No longer needed' })).statusCode).toBe(200);
    expect(await stock(21)).toBe(before);
    expect((await act(`makeItemSpecial/${id}.0`, { qty: 1 })).statusCode).toBe(409);
  });
});
