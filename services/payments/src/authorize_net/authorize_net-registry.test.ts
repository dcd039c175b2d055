import { describe, expect, test } from 'vitest';
import { paymentProviderFor, PaymentProviderNotConfiguredError } from '../registry';
import { AuthorizeNetProvider } from './authorize_net-provider';

describe('paymentProviderFor: authorize_net', () => {
  test('with a login ID and transaction key it is the Authorize.Net adapter, one per credentials; without them it is not configured', () => {
    const settings = { payment_provider: 'authorize_net', authorize_net: { login_id: 'login-a', transaction_key: 'key-a', client_key: 'public', signature_key: 'sig', is_live: false } };
    const provider = paymentProviderFor(settings);
    expect(provider).toBeInstanceOf(AuthorizeNetProvider);
    expect(provider.name).toBe('authorize_net');
    expect(paymentProviderFor({ ...settings })).toBe(provider);
    expect(paymentProviderFor({ ...settings, authorize_net: { ...settings.authorize_net, transaction_key: 'key-b' } })).not.toBe(provider);
    for (const section of [undefined, null, {}, { login_id: 'login-a' }, { transaction_key: 'key-a' }, { login_id: '', transaction_key: 'key-a' }]) {
      let thrown: unknown;
      try { paymentProviderFor({ payment_provider: 'authorize_net', authorize_net: section }); } catch (e) { thrown = e; }
      expect(thrown).toBeInstanceOf(PaymentProviderNotConfiguredError);
      expect(thrown).toMatchObject({ provider: 'authorize_net', reason: 'missing_secret_key' });
    }
  });
});
