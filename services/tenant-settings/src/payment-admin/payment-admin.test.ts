import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_PUBLISHABLE_KEY, INVALID_SECRET_KEY, INVALID_WEBHOOK_SECRET, LARGE_FIRST_ORDER_INVALID, LIVE_KEYS_WITHOUT_LIVE, ONLY_STORE_OWNER_PAYMENTS,
  PAYMENT_SETTINGS_SAVED, SECRET_KEY_NEEDED, CONNECT_NEEDED, fieldNeeded, HOSTED_PAGE_NOT_READY, PROVIDER_SETTINGS, secretNeeded, STRIPE_NOT_ANSWERING, STRIPE_REFUSED_KEY, TEST_KEYS_WITH_LIVE,
} from '@platform/domain';
import { isSealed, openSecret, sealSecret, type RequestContext } from '@platform/server-kit';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { StoreProfile, storedPaymentSettings, tenantSettingsService } from '../index';
import { checkStripeKey } from './stripe-key';

/** Runs against the Stripe stand-in the scripts start (STRIPE_API_BASE): any sk_test_ key is accepted there, live keys refused. */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let otherId = '';
let owner = '';
const URL = '/api/admin/fulfillment/payment-settings';
/** The other providers' sections for the owner before anything is set: empty public fields, no secret stored. */
const NO_OTHER_PROVIDER = {
  adyen: { merchant_account: '', client_key: '', live_url_prefix: '', is_live: false, disable_save_card: false, api_key_set: false, hmac_key_set: false },
  authorize_net: { login_id: '', client_key: '', is_live: false, disable_save_card: false, transaction_key_set: false, signature_key_set: false },
  plugnpay: { username: '', host: '', currency: '', disable_save_card: false, password_set: false },
  fiserv: { store_id: '', is_live: false, disable_save_card: false, api_key_set: false, api_secret_set: false, shared_secret_set: false },
};
const STRIPE = { publishable_key: 'pk_test_owner42', secret_key: 'sk_test_owner42secret', webhook_secret: 'whsec_owner42hook', is_live: false, account_id: 'acct_1Owner', disable_save_card: true };

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'payment-admin');
  tenantId = (await createTenant('payadmin-store')).id;
  await StoreProfile.create({ tenantId, payment: {} });
  otherId = (await createTenant('payadmin-other')).id;
  await StoreProfile.create({ tenantId: otherId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_other', secret_key: sealSecret('sk_test_other'), is_live: false } } });
  owner = await issueToken(tenantId, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const headers = (token?: string) => ({ 'business-slug': 'payadmin-store', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const save = (payload: object, token = owner) => harness.app.inject({ method: 'POST', url: URL, headers: headers(token), payload });
const adminView = async (token = owner) => harness.app.inject({ url: URL, headers: headers(token) });
const publicView = async (slug = 'payadmin-store') => (await harness.app.inject({ url: '/api/payment-settings', headers: { 'business-slug': slug } })).json().data;
const storedPayment = async (id = tenantId) => (await StoreProfile.findOne({ tenantId: id }).lean() as { payment?: Record<string, Record<string, unknown> | string | null> }).payment ?? {};

describe('admin payment settings (the store owner)', () => {
  it('starts as payment at the store only, with no Stripe secret stored', async () => {
    const res = await adminView();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      payment_provider: null, payment_preparable: false, payment_charge_account: false, large_first_order_cents: 50_000, card_setup_missing: null,
      stripe: { publishable_key: '', is_live: false, account_id: '', disable_save_card: false, secret_key_set: false, webhook_secret_set: false },
      ...NO_OTHER_PROVIDER,
    });
  });

  it('refuses sub-accounts (whatever they may do) and shoppers, and changes nothing', async () => {
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_locations', 'edit_about_us', 'manage_sub_accounts'] });
    for (const res of [await adminView(staff), await save({ payment_provider: 'stripe', stripe: STRIPE }, staff)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ONLY_STORE_OWNER_PAYMENTS);
    }
    const shopper = await issueToken(tenantId, { slug: 'shopper' });
    expect((await save({ payment_provider: 'stripe', stripe: STRIPE }, shopper)).statusCode).toBe(403);
    expect((await harness.app.inject({ method: 'POST', url: URL, headers: headers(), payload: { payment_provider: null } })).statusCode).toBe(401);
    expect(await storedPayment()).toEqual({});
  });

  it('names each bad field and saves nothing', async () => {
    const bad = await save({ payment_provider: 'stripe', stripe: { ...STRIPE, publishable_key: 'pk_owner', secret_key: 'secret', webhook_secret: 'hook' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'stripe.publishable_key': [INVALID_PUBLISHABLE_KEY], 'stripe.secret_key': [INVALID_SECRET_KEY], 'stripe.webhook_secret': [INVALID_WEBHOOK_SECRET] });
    const missing = await save({ payment_provider: 'stripe', stripe: { ...STRIPE, secret_key: '' } });
    expect(missing.json().errors).toEqual({ 'stripe.secret_key': [SECRET_KEY_NEEDED] });
    const adyen = await save({ payment_provider: 'adyen', adyen: { client_key: 'pk_test_wrong' } });
    expect(adyen.statusCode).toBe(422);
    expect(adyen.json().errors).toEqual({
      'adyen.merchant_account': [fieldNeeded('Merchant account')], 'adyen.client_key': [PROVIDER_SETTINGS.adyen.fields[1].invalid], 'adyen.api_key': [secretNeeded('API key')],
    });
    const liveFiserv = await save({ payment_provider: 'fiserv', fiserv: { api_key: 'key-12345678', api_secret: 'secret-12345678', is_live: true } });
    expect(liveFiserv.json().errors).toEqual({ 'fiserv.store_id': [CONNECT_NEEDED('Connect store id')], 'fiserv.shared_secret': [CONNECT_NEEDED('Connect shared secret')] });
    const livePlugnPay = await save({ payment_provider: 'plugnpay', plugnpay: { username: 'shop42', password: 'pass1234' } });
    expect(livePlugnPay.json().errors).toEqual({ 'plugnpay.username': [HOSTED_PAGE_NOT_READY] });
    expect((await save({ payment_provider: 'paypal' })).statusCode).toBe(400);
    expect((await save({ payment_provider: null, colour: 'red' })).statusCode).toBe(400);
    expect(await storedPayment()).toEqual({});
  });

  it('refuses test keys with Live on and live keys with it off', async () => {
    expect((await save({ payment_provider: 'stripe', stripe: { ...STRIPE, is_live: true } })).json().errors)
      .toEqual({ 'stripe.publishable_key': [TEST_KEYS_WITH_LIVE], 'stripe.secret_key': [TEST_KEYS_WITH_LIVE] });
    expect((await save({ payment_provider: 'stripe', stripe: { ...STRIPE, secret_key: 'sk_live_owner42' } })).json().errors).toEqual({ 'stripe.secret_key': [LIVE_KEYS_WITHOUT_LIVE] });
    expect(await storedPayment()).toEqual({});
  });

  it('refuses a key Stripe does not accept (422), and answers 503 when Stripe does not answer', async () => {
    // The stand-in (stripe-mock) refuses live keys, as Stripe refuses a key it does not know.
    const refused = await save({ payment_provider: 'stripe', stripe: { ...STRIPE, publishable_key: 'pk_live_owner42', secret_key: 'sk_live_owner42', is_live: true } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'stripe.secret_key': [STRIPE_REFUSED_KEY] });
    const base = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = 'http://127.0.0.1:9'; // nothing listens there
    try {
      const down = await save({ payment_provider: 'stripe', stripe: STRIPE });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(STRIPE_NOT_ANSWERING);
    } finally {
      process.env.STRIPE_API_BASE = base;
    }
    expect(await storedPayment()).toEqual({});
    expect(await checkStripeKey('sk_test_fine')).toBe('accepted');
  });

  it('saves Stripe keys: secrets sealed in the database, never answered; the storefront reads the new provider', async () => {
    const res = await save({ payment_provider: 'stripe', payment_preparable: true, stripe: STRIPE });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      payment_provider: 'stripe', payment_preparable: true, payment_charge_account: false, large_first_order_cents: 50_000, card_setup_missing: null,
      stripe: { publishable_key: 'pk_test_owner42', is_live: false, account_id: 'acct_1Owner', disable_save_card: true, secret_key_set: true, webhook_secret_set: true },
      ...NO_OTHER_PROVIDER,
    };
    expect(res.json()).toEqual({ status: 'success', message: PAYMENT_SETTINGS_SAVED, data: expected });
    const read = await adminView();
    expect(read.json().data).toEqual(expected);
    for (const body of [res.body, read.body]) expect(body).not.toMatch(/owner42secret|owner42hook|sealed:/);
    const stripe = (await storedPayment()).stripe as Record<string, unknown>;
    expect(isSealed(stripe.secret_key)).toBe(true);
    expect(JSON.stringify(stripe)).not.toMatch(/owner42secret|owner42hook/);
    expect(openSecret(stripe.secret_key)).toBe('sk_test_owner42secret');
    expect(openSecret(stripe.webhook_secret)).toBe('whsec_owner42hook');
    // The public answer keeps its shape: public fields only.
    expect(await publicView()).toEqual({ payment_provider: 'stripe', payment_preparable: true, payment_charge_account: false, cards_offered: true, stripe: { publishable_key: 'pk_test_owner42', is_live: false, account_id: 'acct_1Owner', disable_save_card: true } });
  });

  it('keeps the stored secrets when they are left empty or out', async () => {
    const before = (await storedPayment()).stripe as Record<string, unknown>;
    const res = await save({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_owner43', secret_key: '', is_live: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.stripe).toMatchObject({ publishable_key: 'pk_test_owner43', secret_key_set: true, webhook_secret_set: true });
    const after = (await storedPayment()).stripe as Record<string, unknown>;
    expect([after.secret_key, after.webhook_secret]).toEqual([before.secret_key, before.webhook_secret]);
    // Live on with the kept test key is refused too.
    expect((await save({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_live_owner43', is_live: true } })).json().errors).toEqual({ 'stripe.secret_key': [TEST_KEYS_WITH_LIVE] });
  });

  it('a new secret key is used at once by the process that saved it (the opened settings are kept with the cached profile)', async () => {
    const opened = async (id = tenantId) => ((await storedPaymentSettings({ tenantId: id } as RequestContext)).stripe as { secret_key?: string | null }).secret_key;
    expect(await opened()).toBe('sk_test_owner42secret');
    expect((await publicView()).cards_offered).toBe(true);
    expect((await save({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_owner44', secret_key: 'sk_test_owner44secret', is_live: false } })).statusCode).toBe(200);
    expect(await opened()).toBe('sk_test_owner44secret');
    expect((await publicView()).stripe.publishable_key).toBe('pk_test_owner44');
    // Another store's settings are its own.
    expect(await opened(otherId)).toBe('sk_test_other');
    expect((await save({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_owner43', secret_key: '', is_live: false } })).statusCode).toBe(200);
  });

  it('switches to payment at the store only, keeping the Stripe keys for later', async () => {
    const res = await save({ payment_provider: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payment_provider: null, stripe: { publishable_key: 'pk_test_owner43', secret_key_set: true } });
    expect(await publicView()).toEqual({ payment_provider: null, payment_preparable: true, payment_charge_account: false, cards_offered: false });
    // Back to Stripe without typing the secret again.
    expect((await save({ payment_provider: 'stripe' })).json().data.payment_provider).toBe('stripe');
    expect((await save({ payment_provider: null })).statusCode).toBe(200);
  });

  it('offers charging to an AR account at checkout when the owner turns it on (off by default), whatever the provider', async () => {
    const on = await save({ payment_provider: null, payment_charge_account: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ payment_provider: null, payment_charge_account: true });
    expect(await publicView()).toMatchObject({ payment_provider: null, payment_charge_account: true });
    // Left out, it stays as it is; false turns it off.
    expect((await save({ payment_provider: null })).json().data.payment_charge_account).toBe(true);
    expect((await save({ payment_provider: null, payment_charge_account: false })).json().data.payment_charge_account).toBe(false);
    expect(await publicView()).toMatchObject({ payment_charge_account: false });
  });

  it("sets the fraud checks' large first order threshold in cents (default $500.00), never shown to shoppers; a bad amount is refused", async () => {
    const set = await save({ payment_provider: null, large_first_order_cents: 15_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.large_first_order_cents).toBe(15_000);
    expect((await adminView()).json().data.large_first_order_cents).toBe(15_000);
    expect(await publicView()).not.toHaveProperty('large_first_order_cents');
    // Left out, it stays as it is.
    expect((await save({ payment_provider: null })).json().data.large_first_order_cents).toBe(15_000);
    for (const bad of [0, 99, 150.5, 100_000_001, -1]) {
      const refused = await save({ payment_provider: null, large_first_order_cents: bad });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ large_first_order_cents: [LARGE_FIRST_ORDER_INVALID] });
    }
    expect((await storedPayment()).large_first_order_cents).toBe(15_000);
    expect((await save({ payment_provider: null, large_first_order_cents: 50_000 })).json().data.large_first_order_cents).toBe(50_000);
  });

  it("saves Authorize.Net: its public fields shown to the owner and the storefront, its secrets sealed and never answered", async () => {
    const ANET = { login_id: '5KP3u95bQpv', client_key: 'Ck'.repeat(30), transaction_key: '346HZ32z3fP4hTG2', signature_key: 'AB'.repeat(64), is_live: false, disable_save_card: true };
    const res = await save({ payment_provider: 'authorize_net', authorize_net: ANET });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      payment_provider: 'authorize_net',
      authorize_net: { login_id: '5KP3u95bQpv', client_key: 'Ck'.repeat(30), is_live: false, disable_save_card: true, transaction_key_set: true, signature_key_set: true },
      // Stripe's keys are kept for a switch back.
      stripe: { publishable_key: 'pk_test_owner43', secret_key_set: true },
    });
    const read = await adminView();
    for (const body of [res.body, read.body]) expect(body).not.toMatch(/346HZ32z3fP4hTG2|ABABABAB|sealed:/);
    const stored = (await storedPayment()).authorize_net as Record<string, unknown>;
    expect([isSealed(stored.transaction_key), isSealed(stored.signature_key)]).toEqual([true, true]);
    expect(openSecret(stored.transaction_key)).toBe('346HZ32z3fP4hTG2');
    expect(await publicView()).toEqual({
      payment_provider: 'authorize_net', payment_preparable: true, payment_charge_account: false, cards_offered: true,
      authorize_net: { is_live: false, login_id: '5KP3u95bQpv', client_key: 'Ck'.repeat(30), show_biling_address: false, disable_save_card: true },
    });
    // An empty secret keeps the stored one; choosing it again needs no typing.
    const kept = await save({ payment_provider: 'authorize_net', authorize_net: { ...ANET, transaction_key: '', signature_key: '', disable_save_card: false } });
    expect(kept.json().data.authorize_net).toMatchObject({ transaction_key_set: true, signature_key_set: true, disable_save_card: false });
    expect(((await storedPayment()).authorize_net as Record<string, unknown>).transaction_key).toEqual(stored.transaction_key);
  });

  it("saves Adyen in test mode with its client key as the storefront's origin_key, and Plug'n Pay's demo account", async () => {
    const adyen = await save({ payment_provider: 'adyen', adyen: { merchant_account: 'OwnerECOM', client_key: 'test_ABCDEFGHIJKLMNOPQRSTUV', api_key: 'AQEowner42apikey', is_live: false } });
    expect(adyen.statusCode, adyen.body).toBe(200);
    expect(adyen.json().data.adyen).toEqual({ merchant_account: 'OwnerECOM', client_key: 'test_ABCDEFGHIJKLMNOPQRSTUV', live_url_prefix: '', is_live: false, disable_save_card: false, api_key_set: true, hmac_key_set: false });
    expect(await publicView()).toMatchObject({ payment_provider: 'adyen', adyen: { origin_key: 'test_ABCDEFGHIJKLMNOPQRSTUV', environment: 'test', disable_save_card: false } });
    const pnp = await save({ payment_provider: 'plugnpay', plugnpay: { username: 'pnpdemo', password: 'owner42pass', currency: 'usd' } });
    expect(pnp.statusCode, pnp.body).toBe(200);
    expect(pnp.json().data.plugnpay).toEqual({ username: 'pnpdemo', host: '', currency: 'USD', disable_save_card: false, password_set: true });
    expect(JSON.stringify([adyen.json(), pnp.json(), await publicView()])).not.toMatch(/AQEowner42apikey|owner42pass/);
    expect((await save({ payment_provider: null })).statusCode).toBe(200);
  });

  it("leaves another store's settings as they were", async () => {
    const other = (await storedPayment(otherId)) as { payment_provider: string; stripe: Record<string, unknown> };
    expect(other.payment_provider).toBe('stripe');
    expect(other.stripe.publishable_key).toBe('pk_test_other');
    expect(openSecret(other.stripe.secret_key)).toBe('sk_test_other');
    expect((await publicView('payadmin-other')).payment_provider).toBe('stripe');
  });
});
