import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { acquireSearchIndexes, type SearchIndexRegistry } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { CARD_PAYMENTS_NOT_AVAILABLE, createStripeClient } from '@platform/payments';
import { forgetStoreProfile, StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import {
  RECURRING_CARD_IS_CUSTOMERS, RECURRING_CHANGED, RECURRING_CHOOSE_SAVED_CARD, RECURRING_PAY_AT_STORE_NO_CARD,
} from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from '../index';
import { placeRun } from './runs';

/**
 * A shopper switches a pickup recurring order between paying at the store and one of their saved cards (update-recurring-order
 * card_source / payment_method); a delivered one cannot be paid at the store, and the store never chooses how its customer
 * pays. The history says so and the next run is placed that way: charged to the card at the Stripe stand-in, or due at the
 * store. Against the real database, Redis and the Stripe stand-in.
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let catalogue: SearchIndexRegistry;
const SECRET = 'sk_test_rpay';
const HAMMER = 21;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'rpay-a', 'store-id': '1', ...extra });
const contact = { first_name: 'Ida', last_name: 'Moss', email: 'ida@example.com', telephone: '(503) 555-0193' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asCustomer = (slug: string) => issueToken(tenantId, { slug }).then(bearer);
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers(auth), payload });
const update = (auth: Record<string, string>, payload: Record<string, unknown>) => call('update-recurring-order', auth, payload);
const mine = async (auth: Record<string, string>, id: string) => ((await call('get-recurring-orders', auth)).json().data as { id: string }[]).find((r) => r.id === id);
const runIo = () => ({ resources: harness.resources, catalogue, publicUrl: 'http://localhost:4300' });
const runOrder = async (orderNumber?: string) => (await inDb(() => Order.findOne({ tenantId, orderNumber }).lean())) as unknown as Record<string, any>;

async function startRecurring(auth: Record<string, string>, body: Record<string, unknown> = {}) {
  expect((await call('add-to-cart', auth, { store_product_id: HAMMER, quantity: 1 })).statusCode).toBe(200);
  const placed = await call('customer/orders/submit', auth, { order_type: 0, ...contact, payment_method: 'pay_at_store', recurring: { frequency: 'weekly' }, ...body });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().recurring_order as { id: string; payment_method: string; payment_label: string; card_source?: string; next_dates: string[] };
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'recurring-payment-switch');
  tenantId = (await createTenant('rpay-a')).id;
  await createCatalogueFixture(tenantId, 'rpay-a');
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_rpay', secret_key: sealSecret(SECRET) } }, business: {
    contact_email: 'hello@rpay-a.test', recurring_orders_enabled: true, delivery_enabled: true,
    delivery_locations: [{ code: '97301', fee: '9.99', minThreshold: null, thresholdFee: null }],
  } });
  catalogue = await acquireSearchIndexes(harness.resources, () => undefined); // the one the app's checkout prices from
});
afterAll(async () => { await harness?.close(); });

describe('switching how a recurring order is paid', () => {
  it('a pickup paid at the store moves to a saved card (kept on the history), and its next run is charged to that card', async () => {
    const ida = await asCustomer('ida-rpay');
    const started = await startRecurring(ida);
    expect(started).toMatchObject({ payment_method: 'pay_at_store', payment_label: 'Pay at the store' });
    const visa = (await call('customer-cards/add', ida, { newSource: 'tok_visa' })).json().data.source as string;
    const before = await mine(ida, started.id);

    // Not a card of theirs, or a card without saying which: nothing changes.
    expect((await update(ida, { id: started.id, card_source: 'pm_not_a_card' })).json()).toEqual({ status: 422, message: RECURRING_CHOOSE_SAVED_CARD, errors: { card_source: [RECURRING_CHOOSE_SAVED_CARD] } });
    expect((await update(ida, { id: started.id, payment_method: 'card' })).json()).toEqual({ status: 422, message: RECURRING_CHOOSE_SAVED_CARD, errors: { card_source: [RECURRING_CHOOSE_SAVED_CARD] } });
    expect((await update(ida, { id: started.id, payment_method: 'cash' })).statusCode).toBe(400);
    // The store does not choose how its customer pays.
    const owner = await issueToken(tenantId, { slug: 'owner-rpay', isAdmin: true }).then(bearer);
    expect((await call('admin/recurringorders/update', owner, { id: started.id, card_source: visa })).json()).toMatchObject({ status: 422, message: RECURRING_CARD_IS_CUSTOMERS });
    expect(await mine(ida, started.id)).toEqual(before);

    const changed = await update(ida, { id: started.id, payment_method: 'card', card_source: visa });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: RECURRING_CHANGED,
      data: { payment_method: 'card', payment_label: 'Visa ending 4242', card_source: visa, changes: [{ by: 'customer', what: ['Payment: Pay at the store → Visa ending 4242'] }] },
    });
    expect(await mine(ida, started.id)).toEqual(changed.json().data);

    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, changed.json().data.next_dates[0]);
    expect(outcome.status, outcome.reason).toBe('placed');
    const run = await runOrder(outcome.orderNumber);
    expect(run.payment).toMatchObject({ method: 'card', status: 'paid' });
    const intent = await createStripeClient(SECRET).paymentIntents.retrieve(run.payment.reference);
    expect(intent).toMatchObject({ payment_method: visa, amount: run.totalCents });
  });

  it('a pickup paid by card moves back to paying at the store, and its next run is placed to be paid at the store', async () => {
    const jo = await asCustomer('jo-rpay');
    const started = await startRecurring(jo, { payment_method: 'card', payment_token: 'pm_card_visa', save_card: true });
    expect(started).toMatchObject({ payment_method: 'card', payment_label: 'Visa ending 4242' });
    const both = await update(jo, { id: started.id, payment_method: 'pay_at_store', card_source: started.card_source });
    expect(both.json()).toEqual({ status: 422, message: RECURRING_PAY_AT_STORE_NO_CARD, errors: { payment_method: [RECURRING_PAY_AT_STORE_NO_CARD] } });

    const changed = await update(jo, { id: started.id, payment_method: 'pay_at_store' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ payment_method: 'pay_at_store', payment_label: 'Pay at the store', changes: [{ what: ['Payment: Visa ending 4242 → Pay at the store'] }] });
    expect(changed.json().data).not.toHaveProperty('card_source');
    expect((await update(jo, { id: started.id, payment_method: 'pay_at_store' })).json().message).toBe('Nothing was changed.');

    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, changed.json().data.next_dates[0]);
    expect(outcome.status, outcome.reason).toBe('placed');
    const run = await runOrder(outcome.orderNumber);
    expect(run.payment).toMatchObject({ method: 'pay_at_store', status: 'due' });
    expect(run.payment.reference ?? null).toBeNull();
  });

  it('a delivered one switches to paying on delivery (the driver takes it), and its next run is placed to be paid then', async () => {
    const kai = await asCustomer('kai-rpay');
    expect((await call('assign-address', kai, { order_type: 1, address: '12 Oak St', city: 'Salem', state: 'OR', zip: '97301' })).statusCode).toBe(200);
    const started = await startRecurring(kai, { order_type: 1, payment_method: 'card', payment_token: 'pm_card_visa', save_card: true });
    const changed = await update(kai, { id: started.id, payment_method: 'pay_at_store' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ payment_method: 'pay_at_store', payment_label: 'Pay on delivery', changes: [{ what: ['Payment: Visa ending 4242 → Pay on delivery'] }] });

    const outcome = await placeRun(runIo(), { tenantId, recurringOrderId: started.id }, changed.json().data.next_dates[0]);
    expect(outcome.status, outcome.reason).toBe('placed');
    expect((await runOrder(outcome.orderNumber)).payment).toMatchObject({ method: 'pay_at_store', status: 'due' });
  });
  // Last: the store is left offering no cards.
  it('moves to no saved card while the store offers no cards (its provider lacks a setting): 422, nothing changes', async () => {
    const lu = await asCustomer('lu-rpay');
    const started = await startRecurring(lu);
    const visa = (await call('customer-cards/add', lu, { newSource: 'tok_visa' })).json().data.source as string;
    // Live without the publishable key its card form needs: cards_offered false.
    await inDb(() => StoreProfile.updateOne({ tenantId }, { $set: { 'payment.stripe.is_live': true }, $unset: { 'payment.stripe.publishable_key': 1 } }));
    forgetStoreProfile(tenantId);
    const before = await mine(lu, started.id);
    const refused = await update(lu, { id: started.id, payment_method: 'card', card_source: visa });
    expect(refused.json()).toEqual({ status: 422, message: CARD_PAYMENTS_NOT_AVAILABLE, errors: { card_source: [CARD_PAYMENTS_NOT_AVAILABLE] } });
    expect(await mine(lu, started.id)).toEqual(before);
  });
});
