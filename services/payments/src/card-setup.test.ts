import { describe, expect, test } from 'vitest';
import { CARD_CREDENTIALS, CHOOSABLE_PAYMENT_PROVIDERS, cardSetupMissing } from '@platform/domain';
import { paymentProviderFor, PaymentProviderNotConfiguredError } from './registry';

/**
 * libs/domain cardSetupMissing decides whether the storefront offers cards; the adapters refuse to work without
 * their credentials. The two must agree, or a shopper is offered cards the server then refuses (issue 27).
 */
const COMPLETE: Record<(typeof CHOOSABLE_PAYMENT_PROVIDERS)[number], Record<string, unknown>> = {
  stripe: { secret_key: 'sk_test_agree', publishable_key: 'pk_test_agree', is_live: false },
  adyen: { api_key: 'AQE-agree', merchant_account: 'AgreeECOM', environment: 'test', client_key: 'test_AGREEAGREEAGREEAG' },
  authorize_net: { login_id: 'agree123', transaction_key: 'AGREE0123456789A', client_key: 'k'.repeat(50), is_live: false },
  plugnpay: { username: 'pnpdemo', password: 'agree-pw' },
  fiserv: { api_key: 'agree-key', api_secret: 'agree-secret', is_live: false },
};

describe('the storefront offers cards exactly where the adapter can be made (test mode)', () => {
  for (const provider of CHOOSABLE_PAYMENT_PROVIDERS) {
    test(provider, () => {
      const settings = (section: Record<string, unknown>) => ({ payment_provider: provider, [provider]: section });
      expect(cardSetupMissing(settings(COMPLETE[provider]))).toBeNull();
      expect(paymentProviderFor(settings(COMPLETE[provider]), { stripeApiBase: 'http://127.0.0.1:1' }).name).toBe(provider);
      for (const credential of CARD_CREDENTIALS[provider].filter((c) => !c.liveOnly)) {
        const without = settings({ ...COMPLETE[provider], [credential.key]: null });
        expect(cardSetupMissing(without)?.field).toBe(`${provider}.${credential.key}`);
        expect(() => paymentProviderFor(without, { stripeApiBase: 'http://127.0.0.1:1' })).toThrow(PaymentProviderNotConfiguredError);
      }
    });
  }
});
