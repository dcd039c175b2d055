import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, stockLeft, type SearchIndexRegistry } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { forgetStoreProfile, StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { RUN_CARDS_NOT_TAKEN, RUN_CARDS_NOT_TAKEN_SOON } from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { placeRun, remindOfRun, runOrderId } from './runs';
import { messagesOf } from '@platform/queue';

/**
 * A recurring order paid by a saved card when its run comes while the store offers no cards (cards_offered false: its
 * provider lacks a setting, or the store took its provider away): the card is not charged, nothing is taken, the run is
 * recorded as failed with why and the shopper e-mailed (as a refused card is), the next runs go on and are charged
 * again once the store takes cards. The day before, the reminder says so. Against the real database, Redis and the
 * Stripe stand-in.
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let catalogue: SearchIndexRegistry;
const SLUG = 'rcno-a';
const SECRET = 'sk_test_rcno';
const HAMMER = 21;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': SLUG, 'store-id': '1', ...extra });
const contact = { first_name: 'Nia', last_name: 'Park', email: 'nia@example.com', telephone: '(503) 555-0177' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asCustomer = (slug: string) => issueToken(tenantId, { slug }).then(bearer);
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers(auth), payload });
const mine = async (auth: Record<string, string>, id: string) =>
  ((await call('get-recurring-orders', auth)).json().data as { id: string; status: string; next_dates: string[]; runs: unknown[] }[]).find((r) => r.id === id)!;
const runIo = () => ({ resources: harness.resources, catalogue, publicUrl: 'http://localhost:4300' });
const stock = async (storeProductId: number) =>
  (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
const mails = async (kind: string, to: string) => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
  .flatMap((j) => messagesOf(j.data)).filter((d) => d.kind === kind && d.tenantId === tenantId && d.to === to);
const runOrders = (recurringOrderId: string) => inDb(() => Order.countDocuments({ tenantId, recurringOrderId }));

/** Sets the store's payment settings as the owner's import or a lost key may leave them, and drops the kept copy. */
async function payment(set: Record<string, unknown>, unset: string[] = []) {
  await inDb(() => StoreProfile.updateOne({ tenantId }, { ...(Object.keys(set).length ? { $set: set } : {}), ...(unset.length ? { $unset: Object.fromEntries(unset.map((k) => [k, 1])) } : {}) }));
  forgetStoreProfile(tenantId);
}
const takesCardsAgain = () => payment({ 'payment.payment_provider': 'stripe', 'payment.stripe.publishable_key': 'pk_test_rcno', 'payment.stripe.secret_key': sealSecret(SECRET), 'payment.stripe.is_live': false });

/** A pickup (or delivered) recurring order paid by a card saved with its first order. */
async function startByCard(slug: string, email: string, body: Record<string, unknown> = {}) {
  const auth = await asCustomer(slug);
  expect((await call('add-to-cart', auth, { store_product_id: HAMMER, quantity: 2 })).statusCode).toBe(200);
  const placed = await call('customer/orders/submit', auth, {
    order_type: 0, ...contact, email, payment_method: 'card', payment_token: 'pm_card_visa', save_card: true, recurring: { frequency: 'weekly' }, ...body,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const started = placed.json().recurring_order as { id: string; payment_label: string; next_dates: string[] };
  expect(started.payment_label).toBe('Visa ending 4242');
  return { auth, started };
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring-cards-not-offered');
  tenantId = (await createTenant(SLUG)).id;
  await createCatalogueFixture(tenantId, SLUG);
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_rcno', secret_key: sealSecret(SECRET) } }, business: {
    contact_email: 'hello@rcno-a.test', recurring_orders_enabled: true, delivery_enabled: true,
    delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }],
  } });
  catalogue = await acquireSearchIndexes(harness.resources, () => undefined);
});
afterAll(async () => { await harness?.close(); });
// Each case starts at a store taking cards through Stripe (the stand-in).
beforeEach(() => takesCardsAgain());

describe('a recurring order paid by card while the store offers no cards', () => {
  it('is not charged when its run comes (its provider lacks a setting): recorded as failed with why, the shopper told, nothing taken; charged again once the store takes cards', async () => {
    const { auth, started } = await startByCard('nia-rcno', 'nia@example.com');
    const [day, nextDay] = started.next_dates as [string, string];
    // Live without the publishable key its card form needs: no cards offered, though the secret key could still charge.
    await payment({ 'payment.stripe.is_live': true }, ['payment.stripe.publishable_key']);
    expect((await harness.app.inject({ url: '/api/payment-settings', headers: headers() })).json().data.cards_offered).toBe(false);

    // The day before, the shopper is told this run is not placed unless they switch.
    expect(await remindOfRun(runIo(), { tenantId, recurringOrderId: started.id }, day)).toEqual({ status: 'reminded' });
    const [reminder] = await mails('recurring-reminder', 'nia@example.com');
    expect(reminder!.text).toContain('Payment: Visa ending 4242.');
    expect(reminder!.text).toContain(RUN_CARDS_NOT_TAKEN_SOON('pickup'));

    const [before, orders] = [await stock(HAMMER), await runOrders(started.id)];
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, day);
    const reason = RUN_CARDS_NOT_TAKEN('Visa ending 4242', 'pickup');
    expect(outcome).toEqual({ status: 'failed', reason });
    expect(reason).toBe("Not placed: the store is not taking cards online right now, so your Visa ending 4242 was not charged. Your next orders are charged to it once the store takes cards again; to have them placed meanwhile, choose 'Pay at the store' for this recurring order under Recurring orders.");
    // Nothing charged, no order, no stock taken; the run day is kept with why, the recurring order goes on.
    expect([await stock(HAMMER), await runOrders(started.id)]).toEqual([before, orders]);
    expect(await inDb(() => Order.countDocuments({ tenantId, _id: String(runOrderId(started.id, day)) }))).toBe(0);
    const listed = await mine(auth, started.id);
    expect(listed).toMatchObject({ status: 'active', runs: [{ date: day, status: 'failed', order_number: null, reason }] });
    expect(listed.next_dates[0]).toBe(nextDay);
    const told = await mails('recurring-not-placed', 'nia@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(reason);
    expect(told[0]!.text).toContain(`Your next order is planned for ${nextDay}.`);
    // The same day again (a retried job) changes nothing and tells nobody again.
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, day)).toEqual({ status: 'failed', reason });
    expect(await mails('recurring-not-placed', 'nia@example.com')).toHaveLength(1);

    // The store saves what was missing: the next run is charged to the card as before.
    await takesCardsAgain();
    const next = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, nextDay);
    expect(next.status, next.reason).toBe('placed');
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: next.orderNumber }).lean())) as unknown as { payment: Record<string, unknown> };
    expect(run.payment).toMatchObject({ method: 'card', status: 'paid' });
    expect(await stock(HAMMER)).toBe(before - 2);
  });

  it('is not charged where the store took its provider away or its secret key is missing, in the same words; the shopper may switch to paying at the store and the run is placed so', async () => {
    const { auth, started } = await startByCard('oli-rcno', 'oli@example.com');
    const [first, second, third] = started.next_dates as [string, string, string];
    const reason = RUN_CARDS_NOT_TAKEN('Visa ending 4242', 'pickup');

    await payment({}, ['payment.stripe.secret_key']);
    const [before, orders] = [await stock(HAMMER), await runOrders(started.id)];
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, first)).toEqual({ status: 'failed', reason });

    await payment({ 'payment.payment_provider': null });
    expect(await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, second)).toEqual({ status: 'failed', reason });
    expect([await stock(HAMMER), await runOrders(started.id)]).toEqual([before, orders]);
    expect(await mails('recurring-not-placed', 'oli@example.com')).toHaveLength(2);

    // What the message asks: paying at the store, which a pickup may always; that run is placed, due at the counter.
    const switched = await call('update-recurring-order', auth, { id: started.id, payment_method: 'pay_at_store' });
    expect(switched.json().data).toMatchObject({ payment_method: 'pay_at_store', payment_label: 'Pay at the store' });
    const placed = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, third);
    expect(placed.status, placed.reason).toBe('placed');
    const run = (await inDb(() => Order.findOne({ tenantId, orderNumber: placed.orderNumber }).lean())) as unknown as { payment: Record<string, unknown> };
    expect(run.payment).toMatchObject({ method: 'pay_at_store', status: 'due' });
  });

  it('a delivered one is told to choose paying on delivery', async () => {
    const pat = await asCustomer('pat-rcno');
    expect((await call('assign-address', pat, { order_type: 1, address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' })).statusCode).toBe(200);
    const { started } = await startByCard('pat-rcno', 'pat@example.com', { order_type: 1 });
    await payment({ 'payment.payment_provider': null });
    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, started.next_dates[0]!);
    expect(outcome).toEqual({ status: 'failed', reason: RUN_CARDS_NOT_TAKEN('Visa ending 4242', 'delivery') });
    expect(outcome.reason).toContain("choose 'Pay on delivery'");
  });
});
