import { describe, expect, it } from 'vitest';
import {
  INVALID_PUBLISHABLE_KEY, INVALID_SECRET_KEY, INVALID_STRIPE_ACCOUNT, INVALID_WEBHOOK_SECRET, isLiveStripeKey, LIVE_KEYS_WITHOUT_LIVE, PAYMENT_PROVIDER_NOT_AVAILABLE,
  paymentSettingsProblems, SECRET_KEY_NEEDED, stripeSettingsProblems, TEST_KEYS_WITH_LIVE, type StripeSettingsForm,
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
    expect(paymentSettingsProblems({ payment_provider: 'adyen' }, none)).toEqual({ payment_provider: PAYMENT_PROVIDER_NOT_AVAILABLE });
    expect(paymentSettingsProblems({ payment_provider: null }, none)).toEqual({});
    expect(paymentSettingsProblems({ payment_provider: 'stripe' }, none)).toEqual({ 'stripe.publishable_key': INVALID_PUBLISHABLE_KEY, 'stripe.secret_key': SECRET_KEY_NEEDED });
    expect(paymentSettingsProblems({ payment_provider: null, stripe: { ...form, secret_key: 'nope' } }, none)).toEqual({ 'stripe.secret_key': INVALID_SECRET_KEY });
  });
});
