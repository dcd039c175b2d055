import { describe, expect, it } from 'vitest';
import {
  INVALID_PUBLISHABLE_KEY, INVALID_SECRET_KEY, INVALID_STRIPE_ACCOUNT, INVALID_WEBHOOK_SECRET, isLiveStripeKey, LIVE_KEYS_WITHOUT_LIVE, PAYMENT_PROVIDER_NOT_AVAILABLE,
  paymentSettingsProblems, SECRET_KEY_NEEDED, ADYEN_KEY_MODE, ADYEN_LIVE_PREFIX_NEEDED, CONNECT_NEEDED, fieldNeeded, HOSTED_PAGE_NOT_READY, PROVIDER_SETTINGS, providerSettingsProblems, secretNeeded, stripeSettingsProblems, TEST_KEYS_WITH_LIVE, type StripeSettingsForm,
} from './index';

const form: StripeSettingsForm = { publishable_key: 'pk_test_abc123', secret_key: 'sk_test_abc123', webhook_secret: 'whsec_abc123', is_live: false, account_id: '', disable_save_card: false };
const none = { secret_key_set: false };

describe('payment settings', () => {
  it('accepts test keys with Live off and live keys with it on', () => {
    expect(stripeSettingsProblems(form, none)).toEqual({});
    expect(stripeSettingsProblems({ ...form, publishable_key: 'pk_live_abc', secret_key: 'rk_live_abc', is_live: true, account_id: 'acct_1ABC' }, none)).toEqual({});
    expect(isLiveStripeKey('sk_live_x')).toBe(true);
    expect(isLiveStripeKey('sk_test_x')).toBe(false);
  });

  it('names each key of the wrong shape', () => {
    expect(stripeSettingsProblems({ ...form, publishable_key: 'sk_test_abc', secret_key: 'pk_test_abc', webhook_secret: 'secret', account_id: 'acc 1' }, none)).toEqual({
      'stripe.publishable_key': INVALID_PUBLISHABLE_KEY, 'stripe.secret_key': INVALID_SECRET_KEY, 'stripe.webhook_secret': INVALID_WEBHOOK_SECRET, 'stripe.account_id': INVALID_STRIPE_ACCOUNT,
    });
    expect(stripeSettingsProblems({ ...form, publishable_key: 'pk_test_' }, none)['stripe.publishable_key']).toBe(INVALID_PUBLISHABLE_KEY);
  });

  it('needs keys of the mode Live says', () => {
    expect(stripeSettingsProblems({ ...form, is_live: true }, none)).toEqual({ 'stripe.publishable_key': TEST_KEYS_WITH_LIVE, 'stripe.secret_key': TEST_KEYS_WITH_LIVE });
    expect(stripeSettingsProblems({ ...form, secret_key: 'sk_live_abc' }, none)).toEqual({ 'stripe.secret_key': LIVE_KEYS_WITHOUT_LIVE });
  });

  it('keeps a stored secret when none is typed, and checks its mode when known', () => {
    expect(stripeSettingsProblems({ ...form, secret_key: '', webhook_secret: '' }, none)).toEqual({ 'stripe.secret_key': SECRET_KEY_NEEDED });
    expect(stripeSettingsProblems({ ...form, secret_key: ' ' }, { secret_key_set: true })).toEqual({});
    expect(stripeSettingsProblems({ ...form, secret_key: '' }, { secret_key_set: true, secret_key: 'sk_live_kept' })).toEqual({ 'stripe.secret_key': LIVE_KEYS_WITHOUT_LIVE });
  });

  it('refuses providers without an adapter; payment at the store needs nothing', () => {
    expect(paymentSettingsProblems({ payment_provider: 'paypal' }, none)).toEqual({ payment_provider: PAYMENT_PROVIDER_NOT_AVAILABLE });
    expect(paymentSettingsProblems({ payment_provider: null }, none)).toEqual({});
    expect(paymentSettingsProblems({ payment_provider: 'stripe' }, none)).toEqual({ 'stripe.publishable_key': INVALID_PUBLISHABLE_KEY, 'stripe.secret_key': SECRET_KEY_NEEDED });
    expect(paymentSettingsProblems({ payment_provider: null, stripe: { ...form, secret_key: 'nope' } }, none)).toEqual({ 'stripe.secret_key': INVALID_SECRET_KEY });
  });

  it("checks the other providers' fields by their table: required fields, shapes, a kept secret", () => {
    expect(paymentSettingsProblems({ payment_provider: 'authorize_net' }, none)).toEqual({
      'authorize_net.login_id': fieldNeeded('API Login ID'), 'authorize_net.client_key': fieldNeeded('Public Client Key'), 'authorize_net.transaction_key': secretNeeded('Transaction Key'),
    });
    const anet = { login_id: '5KP3u95bQpv', client_key: 'A'.repeat(64), transaction_key: '', signature_key: 'abc', is_live: false, disable_save_card: false };
    expect(providerSettingsProblems('authorize_net', anet, { 'authorize_net.transaction_key': true })).toEqual({ 'authorize_net.signature_key': PROVIDER_SETTINGS.authorize_net.fields[3].invalid });
    expect(providerSettingsProblems('authorize_net', { ...anet, signature_key: '' }, {})).toEqual({ 'authorize_net.transaction_key': secretNeeded('Transaction Key') });
  });

  it("needs Adyen's client key of the mode Live says, and its live endpoint prefix when live", () => {
    const adyen = { merchant_account: 'ShopECOM', client_key: 'test_ABCDEFGHIJKLMNOPQRSTUV', api_key: 'AQEyhmfxKonfake', hmac_key: '', live_url_prefix: '', is_live: false, disable_save_card: false };
    expect(providerSettingsProblems('adyen', adyen, {})).toEqual({});
    expect(providerSettingsProblems('adyen', { ...adyen, is_live: true }, {})).toEqual({ 'adyen.client_key': ADYEN_KEY_MODE, 'adyen.live_url_prefix': ADYEN_LIVE_PREFIX_NEEDED });
  });

  it("refuses Plug'n Pay live (its page is not connected); Fiserv live needs Connect's store id and shared secret", () => {
    expect(providerSettingsProblems('plugnpay', { username: 'shop42', password: 'x1y2z3', host: '', currency: '', disable_save_card: false }, {})).toEqual({ 'plugnpay.username': HOSTED_PAGE_NOT_READY });
    expect(providerSettingsProblems('plugnpay', { username: 'pnpdemo', password: 'x1y2z3', host: 'pay1.plugnpay.com', currency: 'usd', disable_save_card: false }, {})).toEqual({});
    const fiserv = { api_key: 'key-12345678', api_secret: 'secret-12345678', store_id: '', shared_secret: '', is_live: true, disable_save_card: false };
    expect(providerSettingsProblems('fiserv', fiserv, {})).toEqual({ 'fiserv.store_id': CONNECT_NEEDED('Connect store id'), 'fiserv.shared_secret': CONNECT_NEEDED('Connect shared secret') });
    expect(providerSettingsProblems('fiserv', { ...fiserv, store_id: '3300000001' }, { 'fiserv.shared_secret': true })).toEqual({});
    expect(providerSettingsProblems('fiserv', { ...fiserv, is_live: false }, {})).toEqual({});
  });
});
