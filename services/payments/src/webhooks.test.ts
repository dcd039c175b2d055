import { describe, expect, it } from 'vitest';
import { isWebhookProvider, settlesPayment, webhookSecret, WEBHOOK_PROVIDERS } from './webhooks';

describe('webhooks', () => {
  it("reads each provider's webhook secret from the store's (opened) payment settings", () => {
    const settings = {
      payment_provider: 'adyen',
      stripe: { webhook_secret: 'whsec_1' }, adyen: { hmac_key: ' 44AB ' }, authorize_net: { signature_key: 'A1B2' }, fiserv: { shared_secret: 'shh' },
    };
    expect(WEBHOOK_PROVIDERS.map((p) => webhookSecret(settings as never, p))).toEqual(['whsec_1', '44AB', 'A1B2', 'shh']);
    expect(webhookSecret({ adyen: { hmac_key: '' } } as never, 'adyen')).toBeNull();
    expect(webhookSecret({ adyen: { api_key: 'k' } } as never, 'adyen')).toBeNull();
    expect(webhookSecret(null, 'fiserv')).toBeNull();
    expect([isWebhookProvider('adyen'), isWebhookProvider('plugnpay'), isWebhookProvider('pay_at_store')]).toEqual([true, false, false]);
  });

  it('names the events that can settle a waiting payment; modifications and other events do not', () => {
    expect(settlesPayment('stripe', 'payment_intent.succeeded')).toBe(true);
    expect(settlesPayment('stripe', 'charge.refunded')).toBe(false);
    expect([settlesPayment('adyen', 'AUTHORISATION'), settlesPayment('adyen', 'AUTHORISATION:failed'), settlesPayment('adyen', 'CAPTURE')]).toEqual([true, true, false]);
    expect(settlesPayment('authorize_net', 'net.authorize.payment.authorization.created')).toBe(true);
    expect(settlesPayment('authorize_net', 'net.authorize.customer.created')).toBe(false);
    expect([settlesPayment('fiserv', 'connect.approved'), settlesPayment('fiserv', 'connect.declined'), settlesPayment('fiserv', 'other')]).toEqual([true, true, false]);
  });
});
