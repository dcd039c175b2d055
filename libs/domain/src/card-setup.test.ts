import { describe, expect, it } from 'vitest';
import { cardFormOf, cardScriptOriginsOf, cardSetupMissing, cardsNotOfferedUntil, payLaterProblem, takesCardsOnline } from './index';

describe('whether the chosen card provider can take cards now (cardSetupMissing)', () => {
  it('names nothing where the store takes no cards, or its provider has what it needs', () => {
    expect(cardSetupMissing(null)).toBeNull();
    expect(cardSetupMissing({ payment_provider: null })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'moneybags' })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_1', secret_key: 'sk_test_1' } })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'adyen', adyen: { api_key: 'k', merchant_account: 'Shop', environment: 'test' } })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'authorize_net', authorize_net: { login_id: 'login1', transaction_key: 'tk', is_live: false } })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'plugnpay', plugnpay: { username: 'pnpdemo', password: 'pw' } })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'fiserv', fiserv: { api_key: 'k', api_secret: 's' } })).toBeNull();
  });

  it('names the first credential each provider lacks, for the owner', () => {
    expect(cardSetupMissing({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_1' } })).toEqual({
      field: 'stripe.secret_key', message: 'Cards are not offered to shoppers until the Stripe secret key is saved.',
    });
    expect(cardSetupMissing({ payment_provider: 'stripe' })?.field).toBe('stripe.secret_key');
    expect(cardSetupMissing({ payment_provider: 'authorize_net', authorize_net: { login_id: 'login1' } })).toEqual({
      field: 'authorize_net.transaction_key', message: cardsNotOfferedUntil('authorize_net', 'Transaction Key'),
    });
    expect(cardSetupMissing({ payment_provider: 'adyen', adyen: { api_key: 'k' } })?.message).toBe('Cards are not offered to shoppers until the Adyen merchant account is saved.');
    expect(cardSetupMissing({ payment_provider: 'adyen', adyen: { merchant_account: 'Shop' } })?.field).toBe('adyen.api_key');
    expect(cardSetupMissing({ payment_provider: 'plugnpay', plugnpay: { username: 'pnpdemo', password: '  ' } })?.field).toBe('plugnpay.password');
    expect(cardSetupMissing({ payment_provider: 'fiserv', fiserv: { api_key: 'k' } })?.field).toBe('fiserv.api_secret');
  });

  it('on live also needs what the card form in the browser is made with, and Adyen its live endpoint', () => {
    expect(cardSetupMissing({ payment_provider: 'stripe', stripe: { secret_key: 'sk_live_1', is_live: true } })?.field).toBe('stripe.publishable_key');
    const adyen = { api_key: 'k', merchant_account: 'Shop', environment: 'live', origin_key: 'live_ABC' };
    expect(cardSetupMissing({ payment_provider: 'adyen', adyen })?.field).toBe('adyen.live_url_prefix');
    expect(cardSetupMissing({ payment_provider: 'adyen', adyen: { ...adyen, live_url_prefix: 'abc-Shop' } })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'authorize_net', authorize_net: { login_id: 'l', transaction_key: 't', is_live: true } })?.field).toBe('authorize_net.client_key');
  });

  it("reads the owner's view too, where a secret is only whether one is saved", () => {
    expect(cardSetupMissing({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_1', secret_key_set: false } })?.field).toBe('stripe.secret_key');
    expect(cardSetupMissing({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_1', secret_key_set: true } })).toBeNull();
    expect(cardSetupMissing({ payment_provider: 'adyen', adyen: { merchant_account: 'Shop', client_key: 'live_X', live_url_prefix: 'p', is_live: true, api_key_set: true } })).toBeNull();
  });

  it('a store the server says offers no cards takes none online: its shipped orders may be paid by phone', () => {
    const stripe = { payment_provider: 'stripe' as const, stripe: { publishable_key: 'pk_live_1', is_live: true } };
    expect(takesCardsOnline(stripe)).toBe(true);
    const notOffered = { ...stripe, cards_offered: false };
    expect(cardFormOf(notOffered)?.offered).toBe(false);
    expect(takesCardsOnline(notOffered)).toBe(false);
    expect(cardScriptOriginsOf(notOffered)).toBeUndefined();
    expect(payLaterProblem('shipping', { takesCardsOnline: takesCardsOnline(notOffered) })).toBeNull();
  });
});
