import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { stockLeft } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { identityService } from '@platform/identity';
import { StoreProfile, tenantSettingsService } from '@platform/tenant-settings';
import { CARD_PAYMENTS_NOT_AVAILABLE } from '@platform/payments';
import { SHIPPED_ORDERS_PAID_BY_CARD } from '@platform/domain';
import { inBackground } from '@platform/db';
import { Order, ordersService } from './index';

/**
 * A store whose chosen card provider lacks a credential it needs (Stripe chosen, no secret key saved): the storefront
 * is told no cards are offered, so a shipped order is paid by phone (payLaterProblem) and a card order is refused
 * before anything is taken; the owner reads which setting is missing. Once the key is saved, cards are offered again.
 * Against the real database, Redis and the Stripe stand-in the scripts start (STRIPE_API_BASE).
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let owner: string;
const SLUG = 'cardready-a';
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': SLUG, 'store-id': '1', ...extra });
const contact = { first_name: 'Ada', last_name: 'Moss', email: 'ada.moss@example.com', telephone: '(503) 555-0171' };
const home = { address: '40 Oak Ave', city: 'Salem', state: 'OR', zip: '97301', country: 'USA' };
const call = (url: string, auth: Record<string, string>, payload: Record<string, unknown> = {}) =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headers(auth), payload });
const paymentSettings = () => harness.app.inject({ url: '/api/payment-settings', headers: headers() });
const ownerView = () => harness.app.inject({ url: '/api/admin/fulfillment/payment-settings', headers: headers({ authorization: `Bearer ${owner}` }) });
const stock = async (storeProductId: number) =>
  (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [storeProductId])).get(storeProductId)!;
const orderCount = () => inDb(() => Order.countDocuments({ tenantId }));

/** A shopper's cart of one item, to be shipped home by the store's ground rate. */
async function shippingCart(slug: string) {
  const auth = { authorization: `Bearer ${await issueToken(tenantId, { slug })}` };
  expect((await call('add-to-cart', auth, { store_product_id: 21, quantity: 1 })).statusCode).toBe(200);
  expect((await call('shipping-quotes', auth, { customerAddress: home })).json().status).toBe('success');
  expect((await call('select-shipping-quote', auth, { quote_id: 'store-shipping-ground' })).statusCode).toBe(200);
  return auth;
}

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService, identityService, tenantSettingsService], 'card-setup');
  tenantId = (await createTenant(SLUG)).id;
  await createCatalogueFixture(tenantId, SLUG);
  await StoreProfile.create({
    tenantId,
    // Stripe chosen, its publishable key saved, its secret key never (as an import or a lost encryption key leaves it).
    payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_cardready', is_live: false } },
    business: {
      contact_email: 'hello@cardready-a.test', shipping_enabled: true,
      shipping_settings: { handling_fee: '1.00', table_rates: [{ carrier: 'Store Shipping', service: 'Ground', delivery_days: '3-5 days', free_over: null, bands: [{ up_to_weight: 20, fee: '7.99' }] }] },
    },
  });
  owner = await issueToken(tenantId, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe('a card provider missing a credential', () => {
  it('is not offered to shoppers, and the owner reads which setting is missing; no secret is answered', async () => {
    const res = await paymentSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ payment_provider: 'stripe', cards_offered: false });
    const view = await ownerView();
    expect(view.json().data).toMatchObject({
      payment_provider: 'stripe', stripe: { secret_key_set: false },
      card_setup_missing: { field: 'stripe.secret_key', message: 'Cards are not offered to shoppers until the Stripe secret key is saved.' },
    });
    const auth = { authorization: `Bearer ${await issueToken(tenantId, { slug: 'ada-prepay' })}` };
    expect((await call('add-to-cart', auth, { store_product_id: 21, quantity: 1 })).statusCode).toBe(200);
    expect((await call('customer/orders/prepayment', auth, {})).json().data).toMatchObject({ provider: null, public_key: null });
  });

  it('refuses a card order with a clear 422 and takes nothing; a shipped order is paid by phone', async () => {
    const ada = await shippingCart('ada-ship');
    const [before, orders] = [await stock(21), await orderCount()];
    const card = await call('customer/orders/submit', ada, { order_type: 2, ...contact, payment_method: 'card', payment_token: 'pm_card_visa' });
    expect(card.json()).toEqual({ status: 422, message: CARD_PAYMENTS_NOT_AVAILABLE, errors: { payment_method: [CARD_PAYMENTS_NOT_AVAILABLE] } });
    expect([await stock(21), await orderCount()]).toEqual([before, orders]);

    const byPhone = await call('customer/orders/submit', ada, { order_type: 2, ...contact, payment_method: 'pay_at_store' });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().order).toMatchObject({ order_type: 'shipping', payment: { method: 'pay_at_store', label: 'Pay by phone: the store calls you to take payment before it ships' } });
    expect(await stock(21)).toBe(before - 1);
  });

  it('is offered again once the owner saves the key: a shipped order is then paid by card, not by phone', async () => {
    const saved = await harness.app.inject({
      method: 'POST', url: '/api/admin/fulfillment/payment-settings', headers: headers({ authorization: `Bearer ${owner}` }),
      payload: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_cardready', secret_key: 'sk_test_cardreadysecret', is_live: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.card_setup_missing).toBeNull();
    const res = await paymentSettings();
    expect(res.json().data).toMatchObject({ payment_provider: 'stripe', cards_offered: true });
    expect(res.body).not.toContain('cardreadysecret');

    const ben = await shippingCart('ben-ship');
    const orders = await orderCount();
    const byPhone = await call('customer/orders/submit', ben, { order_type: 2, ...contact, payment_method: 'pay_at_store' });
    expect(byPhone.json()).toEqual({ status: 422, message: SHIPPED_ORDERS_PAID_BY_CARD, errors: { payment_method: [SHIPPED_ORDERS_PAID_BY_CARD] } });
    expect(await orderCount()).toBe(orders);
    const card = await call('customer/orders/submit', ben, { order_type: 2, ...contact, payment_method: 'card', payment_token: 'pm_card_visa' });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().order).toMatchObject({ order_type: 'shipping', payment: { method: 'card' } });
  });
});
