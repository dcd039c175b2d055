import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_PUBLISHABLE_KEY, INVALID_SECRET_KEY, INVALID_WEBHOOK_SECRET, LIVE_KEYS_WITHOUT_LIVE, ONLY_STORE_OWNER_PAYMENTS, PAYMENT_PROVIDER_NOT_AVAILABLE,
  PAYMENT_SETTINGS_SAVED, SECRET_KEY_NEEDED, STRIPE_NOT_ANSWERING, STRIPE_REFUSED_KEY, TEST_KEYS_WITH_LIVE,
} from '@platform/domain';
import { isSealed, openSecret, sealSecret } from '@platform/server-kit';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { StoreProfile, tenantSettingsService } from '../index';
import { checkStripeKey } from './stripe-key';

/** Runs against the Stripe stand-in the scripts start (STRIPE_API_BASE): any sk_test_ key is accepted there, live keys refused. */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let otherId = '';
let owner = '';
const URL = '/api/admin/fulfillment/payment-settings';
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
      payment_provider: null, payment_preparable: false,
      stripe: { publishable_key: '', is_live: false, account_id: '', disable_save_card: false, secret_key_set: false, webhook_secret_set: false },
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
    const unbuilt = await save({ payment_provider: 'adyen' });
    expect(unbuilt.statusCode).toBe(422);
    expect(unbuilt.json()).toMatchObject({ message: PAYMENT_PROVIDER_NOT_AVAILABLE, errors: { payment_provider: [PAYMENT_PROVIDER_NOT_AVAILABLE] } });
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
      payment_provider: 'stripe', payment_preparable: true,
      stripe: { publishable_key: 'pk_test_owner42', is_live: false, account_id: 'acct_1Owner', disable_save_card: true, secret_key_set: true, webhook_secret_set: true },
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
    expect(await publicView()).toEqual({ payment_provider: 'stripe', payment_preparable: true, stripe: { publishable_key: 'pk_test_owner42', is_live: false, account_id: 'acct_1Owner', disable_save_card: true } });
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

  it('switches to payment at the store only, keeping the Stripe keys for later', async () => {
    const res = await save({ payment_provider: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payment_provider: null, stripe: { publishable_key: 'pk_test_owner43', secret_key_set: true } });
    expect(await publicView()).toEqual({ payment_provider: null, payment_preparable: true });
    // Back to Stripe without typing the secret again.
    expect((await save({ payment_provider: 'stripe' })).json().data.payment_provider).toBe('stripe');
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
