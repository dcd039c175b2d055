import { afterEach, describe, expect, test, vi } from 'vitest';
import { CARD_PAYMENTS_NOT_AVAILABLE, paymentProviderFor, PaymentProviderNotConfiguredError, PROVIDERS_NOT_BUILT } from '../registry';
import { PlugnPayProvider } from './plugnpay-provider';

afterEach(() => { vi.unstubAllEnvs(); });

describe('paymentProviderFor: plugnpay', () => {
  const section = { host: 'pay1.plugnpay.com', username: 'pnpdemo', password: 'remote-client-pass', currency: 'USD' };

  test('plugnpay with its publisher name and Remote Client Password is Plug\'n Pay; one adapter per account', () => {
    vi.stubEnv('PLUGNPAY_API_BASE', 'http://127.0.0.1:1');
    const provider = paymentProviderFor({ payment_provider: 'plugnpay', plugnpay: section });
    expect(provider).toBeInstanceOf(PlugnPayProvider);
    expect(provider.name).toBe('plugnpay');
    expect((provider as PlugnPayProvider).endpoint).toBe('http://127.0.0.1:1/payment/pnpremote.cgi');
    expect(paymentProviderFor({ payment_provider: 'plugnpay', plugnpay: { ...section } })).toBe(provider);
    expect(paymentProviderFor({ payment_provider: 'plugnpay', plugnpay: { ...section, password: 'another' } })).not.toBe(provider);
    expect(PROVIDERS_NOT_BUILT as readonly string[]).not.toContain('plugnpay');
  });

  test('without PLUGNPAY_API_BASE the account\'s host is used', () => {
    vi.stubEnv('PLUGNPAY_API_BASE', '');
    const provider = paymentProviderFor({ payment_provider: 'plugnpay', plugnpay: { ...section, host: 'pay2.example-gateway.com' } }) as PlugnPayProvider;
    expect(provider.endpoint).toBe('https://pay2.example-gateway.com/payment/pnpremote.cgi');
  });

  test('a missing username or password is the typed "not configured" error', () => {
    for (const plugnpay of [undefined, null, {}, { ...section, password: '' }, { ...section, password: null }, { ...section, username: ' ' }]) {
      let thrown: unknown;
      try { paymentProviderFor({ payment_provider: 'plugnpay', plugnpay }); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(PaymentProviderNotConfiguredError);
      expect(thrown).toMatchObject({ provider: 'plugnpay', reason: 'missing_secret_key', type: 'unprocessable', message: CARD_PAYMENTS_NOT_AVAILABLE });
    }
  });
});
