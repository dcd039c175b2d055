import { describe, expect, test } from 'vitest';
import { paymentProviderFor, PaymentProviderNotConfiguredError, PROVIDERS_NOT_BUILT } from '../registry';
import { FiservProvider } from './fiserv-provider';

describe('paymentProviderFor: fiserv', () => {
  const fiserv = { is_live: false, store_id: '10123456789', api_key: 'key-1', api_secret: 'secret-1', shared_secret: 'sharedsecret' };

  test('fiserv with its API key and secret is the Fiserv adapter, one instance per credentials', () => {
    const provider = paymentProviderFor({ payment_provider: 'fiserv', fiserv });
    expect(provider).toBeInstanceOf(FiservProvider);
    expect(provider.name).toBe('fiserv');
    expect(paymentProviderFor({ payment_provider: 'fiserv', fiserv: { ...fiserv } })).toBe(provider);
    expect(paymentProviderFor({ payment_provider: 'fiserv', fiserv: { ...fiserv, api_secret: 'secret-2' } })).not.toBe(provider);
    expect(PROVIDERS_NOT_BUILT as readonly string[]).not.toContain('fiserv');
  });

  test('without the API key or secret it is not configured (missing_secret_key)', () => {
    for (const settings of [undefined, null, {}, { ...fiserv, api_key: '' }, { ...fiserv, api_secret: null }]) {
      let thrown: unknown;
      try { paymentProviderFor({ payment_provider: 'fiserv', fiserv: settings }); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(PaymentProviderNotConfiguredError);
      expect(thrown).toMatchObject({ provider: 'fiserv', reason: 'missing_secret_key', type: 'unprocessable' });
    }
  });
});
