import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { cartService } from '@platform/cart';
import { Customer } from '@platform/identity';
import { StoreProfile } from '@platform/tenant-settings';
import { inBackground } from '@platform/db';
import { deliverNotifications, OutboxMessage } from '@platform/notifications';
import { messagesOf, QUEUE_NAMES, type NotificationsQueueJob } from '@platform/queue';
import { ORDER_NOTICE_KINDS, ORDER_PLACED_TEXT_KIND } from '@platform/domain';
import { Order, ordersService } from './index';
import { earliestToday } from './order-actions';

/** The test reads the database itself (not a request path): it may query by any field. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let worker: Worker<NotificationsQueueJob>;
const tenants: Record<'tell' | 'quiet', { id: string; owner: string }> = {} as never;
const slugOf = { tell: 'shop-tell', quiet: 'shop-quiet' } as const;
type Store = keyof typeof slugOf;
const headers = (store: Store, token?: string) => ({ 'business-slug': slugOf[store], 'store-id': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const act = (store: Store, url: string, payload: Record<string, unknown> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/admin/orders/${url}`, headers: headers(store, tenants[store].owner), payload });

/** Every outbox kind an order change is sent under. */
const CHANGE_KINDS = Object.values(ORDER_NOTICE_KINDS).flatMap((k) => [k.email, k.text]);
type Sent = { id: string; channel: 'email' | 'sms'; to: string; kind: string; subject: string; text: string };

/** The messages of order changes the worker has sent to an order's shopper, once the queue has nothing left to send. */
async function sentTo(store: Store, order: { email: string; phone: string }): Promise<Sent[]> {
  await expect.poll(async () => {
    const counts = await harness.resources.queues.notifications.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }).toBe(0);
  const found = await inDb(() => OutboxMessage.find({ tenantId: tenants[store].id, to: { $in: [order.email, order.phone] }, kind: { $in: CHANGE_KINDS } }).lean());
  return (found as unknown as (Omit<Sent, 'id'> & { _id: unknown })[]).map(({ _id, channel, to, kind, subject, text }) => ({ id: String(_id), channel, to, kind, subject, text }));
}
/** What the last change sent (the messages not `seen` before), the e-mail first; without their ids. */
async function news(store: Store, order: { email: string; phone: string }, seen: Sent[] = []) {
  const old = new Set(seen.map((m) => m.id));
  return (await sentTo(store, order)).filter((m) => !old.has(m.id)).sort((a, b) => a.channel.localeCompare(b.channel)).map(({ id: _id, ...m }) => m);
}

let phones = 0;
/** A pickup order at location 1 (store product 21: hammers; 11: drills), by a guest or a signed-in shopper; its id, number, e-mail and phone. */
async function placeOrder(store: Store, device: string, lines: [number, number][], options: { byCard?: boolean; token?: string } = {}) {
  const phone = `50355${String(61000 + (phones += 1)).padStart(5, '0')}`;
  const email = `${device.toLowerCase()}@example.com`;
  for (const [storeProductId, quantity] of lines) {
    await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(store, options.token), payload: { store_product_id: storeProductId, quantity, device_id: device } });
  }
  const placed = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: headers(store, options.token), payload: {
    device_id: device, order_type: 0, first_name: 'Sam', last_name: 'Shopper', email, telephone: phone,
    ...(options.byCard ? { payment_method: 'card', payment_token: 'pm_card_visa' } : { payment_method: 'pay_at_store' }),
  } });
  expect(placed.statusCode).toBe(200);
  const number = placed.json().order.order_number as string;
  const order = (await inDb(() => Order.findOne({ tenantId: tenants[store].id, orderNumber: number }).lean())) as unknown as { _id: unknown };
  return { id: String(order._id), number, email, phone };
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'shopper-notices');
  worker = new Worker<NotificationsQueueJob>(QUEUE_NAMES.notifications, deliverNotifications(), { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
  for (const store of ['tell', 'quiet'] as const) {
    const id = (await createTenant(slugOf[store])).id;
    await createCatalogueFixture(id, slugOf[store]);
    await StoreProfile.create({
      tenantId: id, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_tell', secret_key: sealSecret('sk_test_tell') } },
      ...(store === 'quiet' ? { settings: { sms_notifications_enabled: false } } : {}),
    });
    tenants[store] = { id, owner: await issueToken(id, { isAdmin: true, slug: 'the-owner' }) };
  }
  await Customer.create({ tenantId: tenants.tell.id, slug: 'yes-texts', email: 'yestexts@example.com', telephone: '5035559901', firstName: 'Yan', lastName: 'Told', passwordHash: 'x', receiveSms: true });
  await Customer.create({ tenantId: tenants.tell.id, slug: 'no-texts', email: 'notexts@example.com', telephone: '5035559900', firstName: 'Nia', lastName: 'Quiet', passwordHash: 'x', receiveSms: false });
});
afterAll(async () => {
  await worker?.close();
  await harness?.close();
});

describe('the shopper is told of each change to their order', () => {
  it('taken, then ready for pickup: one e-mail and one text each, in the words of the change; completing and refused changes send nothing', async () => {
    const order = await placeOrder('tell', 'TellTake01', [[21, 1]]);
    const taken = await act('tell', 'order-taken', { id: order.id });
    expect(taken.json().message).toBe(`Order ${order.number} taken. Sam has been told by e-mail and text.`);
    expect(await news('tell', order)).toEqual([
      { channel: 'email', to: order.email, kind: 'order-take', subject: `shop-tell store has received your order ${order.number}`, text: expect.stringContaining('We will let you know when it is ready for pickup at shop-tell store 1, 1 Main St, Town, OR 97301.') },
      { channel: 'sms', to: order.phone, kind: 'order-take-text', subject: '', text: `shop-tell store: we have received your order ${order.number} and will let you know when it is ready for pickup at shop-tell store 1.` },
    ]);

    // Both went in one job, named after the e-mail's kind.
    const takeJobs = (await harness.resources.queues.notifications.getJobs(['waiting', 'active', 'completed', 'failed']))
      .filter((j) => messagesOf(j.data).some((m) => m.to === order.email && m.kind === 'order-take'));
    expect(takeJobs.map((j) => [j.name, messagesOf(j.data).map((m) => m.kind)])).toEqual([['order-take', ['order-take', 'order-take-text']]]);
    const afterTake = await sentTo('tell', order);
    expect((await act('tell', 'order-taken', { id: order.id })).statusCode).toBe(409);
    expect((await act('tell', 'markComplete', { id: order.id })).statusCode).toBe(409);
    expect(await news('tell', order, afterTake)).toEqual([]);

    expect((await act('tell', 'markPrepared', { id: order.id })).json().message).toBe(`Order ${order.number} is ready. Sam has been told by e-mail and text.`);
    expect(await news('tell', order, afterTake)).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order-prepare', subject: `Your order ${order.number} is ready for pickup`, text: expect.stringContaining('is ready at shop-tell store 1, 1 Main St, Town, OR 97301.') }),
      expect.objectContaining({ channel: 'sms', kind: 'order-ready-text', text: `shop-tell store: your order ${order.number} is ready for pickup at shop-tell store 1.` }),
    ]);
    const afterReady = await sentTo('tell', order);
    expect((await act('tell', 'markComplete', { id: order.id })).json().message).toBe(`Order ${order.number} completed.`);
    expect(await news('tell', order, afterReady)).toEqual([]);
  });

  it('an item cancelled with its refund, then the order cancelled with the rest of the refund; refused cancels send nothing', async () => {
    const order = await placeOrder('tell', 'TellCard01', [[21, 3]], { byCard: true });
    const saved = async () => (await inDb(() => Order.findOne({ tenantId: tenants.tell.id, _id: order.id }).lean())) as unknown as { payment: { capturedCents: number; refundedCents?: number } };
    expect((await act('tell', `cancelItem/${order.id}.0`, { qty: 9 })).statusCode).toBe(422);
    expect(await news('tell', order)).toEqual([]);

    const cut = await act('tell', `cancelItem/${order.id}.0`, { qty: 1 });
    const refunded = (await saved()).payment.refundedCents!;
    const money = `$${(refunded / 100).toFixed(2)}`;
    expect(cut.json().message).toBe(`Cancelled 1 × shop-tell Hammer. ${money} refunded to the card. Sam has been told by e-mail and text.`);
    expect(await news('tell', order)).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order-item-cancelled', subject: `Part of your order ${order.number} at shop-tell store was cancelled`, text: expect.stringContaining(`${money} is refunded to your card`) }),
      expect.objectContaining({ channel: 'sms', kind: 'order-item-cancelled-text', text: `shop-tell store: 1 × shop-tell Hammer from your order ${order.number} is cancelled. ${money} is refunded to your card.` }),
    ]);

    const first = await sentTo('tell', order);
    expect((await act('tell', 'cancel', { id: order.id, reason: ' ' })).statusCode).toBe(422);
    const rest = (await saved()).payment.capturedCents - refunded;
    const cancelled = await act('tell', 'cancel', { id: order.id, reason: 'The hammers were damaged.' });
    expect(cancelled.json().message).toBe(`Order ${order.number} cancelled. Its stock is back in the store's count. Sam has been told by e-mail and text.`);
    const restMoney = `$${(rest / 100).toFixed(2)}`;
    expect(await news('tell', order, first)).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order-cancel', subject: `Your order ${order.number} at shop-tell store was cancelled`, text: expect.stringContaining(`Reason: The hammers were damaged.\n\nThe rest of your card payment, ${restMoney}, is refunded.`) }),
      expect.objectContaining({ channel: 'sms', kind: 'order-cancel-text', text: `shop-tell store: your order ${order.number} was cancelled. Reason: The hammers were damaged. ${restMoney} is refunded to your card.` }),
    ]);
    const second = await sentTo('tell', order);
    expect((await act('tell', 'cancel', { id: order.id, reason: 'again' })).statusCode).toBe(409);
    expect((await act('tell', `cancelItem/${order.id}.0`, { qty: 1 })).statusCode).toBe(409);
    expect(await news('tell', order, second)).toEqual([]);
  });

  it('a whole card order cancelled says how much is refunded', async () => {
    const order = await placeOrder('tell', 'TellCard02', [[21, 1]], { byCard: true });
    const { payment } = (await inDb(() => Order.findOne({ tenantId: tenants.tell.id, _id: order.id }).lean())) as unknown as { payment: { capturedCents: number } };
    expect((await act('tell', 'cancel', { id: order.id, reason: 'Sold out' })).statusCode).toBe(200);
    const [email, text] = await news('tell', order);
    expect(email.text).toContain(`Your card payment of $${(payment.capturedCents / 100).toFixed(2)} is refunded in full. Your bank may take a few days to show it.`);
    expect(text.text).toBe(`shop-tell store: your order ${order.number} was cancelled. Reason: Sold out. $${(payment.capturedCents / 100).toFixed(2)} is refunded to your card.`);
  });

  it('an item made a special order, then its delivery date; a refused date sends nothing', async () => {
    const order = await placeOrder('tell', 'TellSpec01', [[21, 2]]);
    expect((await act('tell', 'updateDeliveryDate', { id: order.id, delivery_date: earliestToday() })).statusCode).toBe(422); // no special-order items yet
    const special = await act('tell', `makeItemSpecial/${order.id}.0`, { qty: 1 });
    expect(special.json().message).toBe('1 × shop-tell Hammer will be special-ordered. Sam has been told by e-mail and text.');
    expect(await news('tell', order)).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order-item-special', text: expect.stringContaining('so 1 of them will be ordered from the supplier for you: special orders usually take 3-8 days.') }),
      expect.objectContaining({ channel: 'sms', kind: 'order-item-special-text', text: `shop-tell store: 1 × shop-tell Hammer from your order ${order.number} will be ordered from the supplier (usually 3-8 days). The rest is not held up.` }),
    ]);

    const first = await sentTo('tell', order);
    expect((await act('tell', 'updateDeliveryDate', { id: order.id, delivery_date: '2020-01-01' })).statusCode).toBe(422);
    expect(await news('tell', order, first)).toEqual([]);
    const set = await act('tell', 'updateDeliveryDate', { id: order.id, delivery_date: '2999-12-03', delivery_window: '9am-noon' });
    expect(set.json().message).toBe('Order ' + order.number + ' is expected on Tuesday, December 3, 2999, 9am-noon. The customer has been told by e-mail and text.');
    expect(await news('tell', order, first)).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order-delivery-date', subject: `Your order ${order.number} is expected on Tuesday, December 3, 2999`, text: expect.stringContaining(`The special-order items of your order ${order.number} from shop-tell store are expected on Tuesday, December 3, 2999, 9am-noon.`) }),
      expect.objectContaining({ channel: 'sms', kind: 'order-delivery-date-text', text: `shop-tell store: the special-order items of your order ${order.number} are expected on Tuesday, December 3, 2999, 9am-noon.` }),
    ]);
  });

  it('an order moved to another store; a move refused for stock sends nothing', async () => {
    const drills = await placeOrder('tell', 'TellMove02', [[11, 1]]);
    expect((await act('tell', `${drills.id}/location`, { location_id: 2 })).statusCode).toBe(409);
    expect(await news('tell', drills)).toEqual([]);

    const order = await placeOrder('tell', 'TellMove01', [[21, 1]]);
    expect((await act('tell', `${order.id}/location`, { location_id: 2 })).json().message).toBe(`Order ${order.number} moved to shop-tell store 2. The customer has been told by e-mail and text.`);
    expect(await news('tell', order)).toEqual([
      expect.objectContaining({ channel: 'email', kind: 'order-moved', subject: `Your order ${order.number} is now at shop-tell store 2`, text: expect.stringContaining('Please pick it up at shop-tell store 2, 2 Main St, Town, OR 97301, instead of shop-tell store 1.') }),
      expect.objectContaining({ channel: 'sms', kind: 'order-moved-text', text: `shop-tell store: your order ${order.number} is now at shop-tell store 2, 2 Main St, Town, OR 97301. Please pick it up there once it is ready.` }),
    ]);
  });

  it('no text where the store sends none, nor to a shopper who turned order texts off: the e-mail alone', async () => {
    const quiet = await placeOrder('quiet', 'QuietStor1', [[21, 1]]);
    expect((await act('quiet', 'order-taken', { id: quiet.id })).json().message).toBe(`Order ${quiet.number} taken. Sam has been told by e-mail.`);
    expect((await news('quiet', quiet)).map((m) => m.kind)).toEqual(['order-take']);

    const shopper = await issueToken(tenants.tell.id, { slug: 'no-texts' });
    const mine = await placeOrder('tell', 'NoTexts001', [[21, 1]], { token: shopper });
    expect((await act('tell', 'markPrepared', { id: mine.id })).json().message).toBe(`Order ${mine.number} is ready. Sam has been told by e-mail.`);
    expect((await news('tell', mine)).map((m) => m.kind)).toEqual(['order-prepare']);
  });
});

describe('the shopper is texted when the order is placed', () => {
  /** What the worker sent about a placed order to its shopper (the confirmation e-mail and text), once the queue is done. */
  async function placedNotes(store: Store, order: { number: string; email: string; phone: string }) {
    await sentTo(store, order);
    const found = await inDb(() => OutboxMessage.find({ tenantId: tenants[store].id, to: { $in: [order.email, order.phone] }, kind: { $in: ['order-confirmation', ORDER_PLACED_TEXT_KIND] } }).lean());
    return (found as unknown as Sent[]).filter((m) => m.text.includes(order.number)).map(({ channel, to, kind, text }) => ({ channel, to, kind, text }))
      .sort((a, b) => a.channel.localeCompare(b.channel));
  }
  const placedText = (order: { number: string; phone: string }) =>
    ({ channel: 'sms', to: order.phone, kind: ORDER_PLACED_TEXT_KIND, text: `shop-tell store: thank you, your order ${order.number} is placed. We will let you know when it is ready for pickup at shop-tell store 1.` });

  it('a guest (texts on by default) and a shopper whose account has texts on: the e-mail and one text naming the store and order', async () => {
    const guest = await placeOrder('tell', 'PlacedGst1', [[21, 1]]);
    expect(await placedNotes('tell', guest)).toEqual([
      { channel: 'email', to: guest.email, kind: 'order-confirmation', text: expect.stringContaining(guest.number) },
      placedText(guest),
    ]);
    const mine = await placeOrder('tell', 'PlacedYes1', [[21, 1]], { token: await issueToken(tenants.tell.id, { slug: 'yes-texts' }) });
    expect(await placedNotes('tell', mine)).toEqual([expect.objectContaining({ channel: 'email', kind: 'order-confirmation' }), placedText(mine)]);
  });

  it('no text where the store sends none, nor to a shopper who turned order texts off: the e-mail alone', async () => {
    const quiet = await placeOrder('quiet', 'PlacedQui1', [[21, 1]]);
    expect((await placedNotes('quiet', quiet)).map((m) => m.kind)).toEqual(['order-confirmation']);
    const mine = await placeOrder('tell', 'PlacedNo01', [[21, 1]], { token: await issueToken(tenants.tell.id, { slug: 'no-texts' }) });
    expect((await placedNotes('tell', mine)).map((m) => m.kind)).toEqual(['order-confirmation']);
  });
});
