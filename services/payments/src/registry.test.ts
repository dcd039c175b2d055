import { describe, expect, test } from 'vitest';
import { CARD_PAYMENTS_NOT_AVAILABLE, paymentProviderFor, PaymentProviderNotConfiguredError, PROVIDERS_NOT_BUILT } from './registry';

describe('paymentProviderFor', () => {
  test('no provider, or pay_at_store, is payment at the store', () => {
    expect(paymentProviderFor(null).name).toBe('pay_at_store');
    expect(paymentProviderFor({ payment_provider: null }).name).toBe('pay_at_store');
    expect(paymentProviderFor({ payment_provider: 'pay_at_store' }).name).toBe('pay_at_store');
  });

  test('stripe with its secret key is Stripe; without one it is not configured', () => {
    expect(paymentProviderFor({ payment_provider: 'stripe', stripe: { secret_key: 'sk_test_platform' } }, { stripeApiBase: 'http://127.0.0.1:1' }).name).toBe('stripe');
    expect(() => paymentProviderFor({ payment_provider: 'stripe', stripe: {} })).toThrow(PaymentProviderNotConfiguredError);
  });

  test('the spec providers not built yet, PayPal and unknown names are a typed "not configured" error, never a stand-in', () => {
    for (const name of [...PROVIDERS_NOT_BUILT, 'paypal', 'cash']) {
      let thrown: unknown;
      try { paymentProviderFor({ payment_provider: name }); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(PaymentProviderNotConfiguredError);
      expect(thrown).toMatchObject({ provider: name, type: 'unprocessable', message: CARD_PAYMENTS_NOT_AVAILABLE,
        reason: (PROVIDERS_NOT_BUILT as readonly string[]).includes(name) ? 'adapter_not_built' : 'unknown_provider' });
    }
  });
});
