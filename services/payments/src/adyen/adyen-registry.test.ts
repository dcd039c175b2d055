import { describe, expect, test } from 'vitest';
import { paymentProviderFor, PaymentProviderNotConfiguredError, PROVIDERS_NOT_BUILT } from '../registry';
import { AdyenProvider } from './adyen-provider';
import { adyenProviderFor } from './adyen-registry';

const adyen = { api_key: 'AQE_test_key', merchant_account: 'PlatformTestECOM', environment: 'test', client_key: 'test_CLIENTKEY', hmac_key: '00'.repeat(32) };

describe('paymentProviderFor: adyen', () => {
  test('adyen with its API key and merchant account is the Adyen adapter, one per credentials', () => {
    expect((PROVIDERS_NOT_BUILT as readonly string[]).includes('adyen')).toBe(false);
    const provider = paymentProviderFor({ payment_provider: 'adyen', adyen });
    expect(provider).toBeInstanceOf(AdyenProvider);
    expect(provider.name).toBe('adyen');
    expect(paymentProviderFor({ payment_provider: 'adyen', adyen: { ...adyen } })).toBe(provider);
    expect(paymentProviderFor({ payment_provider: 'adyen', adyen: { ...adyen, api_key: 'AQE_other' } })).not.toBe(provider);
  });

  test('without the API key or merchant account (or, live, the endpoint prefix) it is not configured', () => {
    for (const section of [undefined, null, {}, { ...adyen, api_key: '' }, { ...adyen, api_key: null }, { ...adyen, merchant_account: ' ' }]) {
      let thrown: unknown;
      try { paymentProviderFor({ payment_provider: 'adyen', adyen: section }); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(PaymentProviderNotConfiguredError);
      expect(thrown).toMatchObject({ provider: 'adyen', reason: 'missing_secret_key', type: 'unprocessable' });
    }
    expect(adyenProviderFor({ ...adyen, environment: 'live' }, undefined)).toBeNull();
    expect(adyenProviderFor({ ...adyen, environment: 'live', live_url_prefix: '1797a841fbb37ca7-AdyenDemo' }, undefined)).toBeInstanceOf(AdyenProvider);
  });
});
