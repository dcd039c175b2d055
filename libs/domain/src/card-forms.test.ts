import { describe, expect, it } from 'vitest';
import { cardFormOf, cardScriptOriginsOf, looksLikeCardNumber, PROVIDER_TEST_CARDS, type PublicPaymentSettings } from './index';

describe('card forms', () => {
  it('picks the form of the store provider, in test mode unless its settings say live', () => {
    expect(cardFormOf({ payment_provider: null })).toBeNull();
    expect(cardFormOf({ payment_provider: 'adyen', adyen: { origin_key: 'test_KEY', environment: 'test' } })).toEqual({
      provider: 'adyen', name: 'Adyen', entry: 'fields', testMode: true, publicKey: 'test_KEY', loginId: '', saveCards: true, offered: true,
    });
    const anet: PublicPaymentSettings = { payment_provider: 'authorize_net', authorize_net: { is_live: true, login_id: 'login1', client_key: 'ck', disable_save_card: true } };
    expect(cardFormOf(anet)).toMatchObject({ entry: 'fields', testMode: false, publicKey: 'ck', loginId: 'login1', saveCards: false });
    expect(cardFormOf({ payment_provider: 'plugnpay', plugnpay: { host: '', username: 'pnpdemo', currency: 'USD' } })).toMatchObject({ entry: 'page', testMode: true, offered: true });
    // Plug'n Pay's page is not connected: a live account is not offered cards.
    expect(cardFormOf({ payment_provider: 'plugnpay', plugnpay: { host: '', username: 'shop42', currency: 'USD' } })).toMatchObject({ testMode: false, offered: false });
    // Fiserv live: Connect's page; a card paid there cannot be saved.
    expect(cardFormOf({ payment_provider: 'fiserv', fiserv: { is_live: true } })).toMatchObject({ entry: 'page', testMode: false, offered: true, saveCards: false });
  });

  it("lets in only a live store's provider: its script for its fields, its page for a hosted page", () => {
    expect(cardScriptOriginsOf({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_live_x', is_live: true } })?.scriptOrigins).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(cardScriptOriginsOf({ payment_provider: 'adyen', adyen: { origin_key: 'live_x', environment: 'live' } })?.scriptOrigins).toEqual(['https://checkoutshopper-live.adyen.com']);
    expect(cardScriptOriginsOf({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_x', is_live: false } })).toBeUndefined();
    expect(cardScriptOriginsOf({ payment_provider: 'fiserv', fiserv: { is_live: true } })).toEqual({ scriptOrigins: [], connectOrigins: [], formOrigins: ['https://www.ipg-online.com'] });
    expect(cardScriptOriginsOf({ payment_provider: 'fiserv', fiserv: { is_live: false } })).toBeUndefined();
  });

  it('offers test cards of each provider, at least one approved, each with its own label', () => {
    for (const cards of Object.values(PROVIDER_TEST_CARDS)) {
      expect(cards.some((c) => c.label.endsWith('(approved)'))).toBe(true);
      expect(new Set(cards.map((c) => c.label)).size).toBe(cards.length);
    }
  });

  it('tells a card number (Luhn) from a provider token made of digits', () => {
    expect(looksLikeCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(looksLikeCardNumber('4111-1111-1111-1111')).toBe(true);
    // Fiserv's example payment tokens are digit strings that fail the Luhn check.
    expect(looksLikeCardNumber('1235325235236')).toBe(false);
    expect(looksLikeCardNumber('1751905117310026')).toBe(false);
    expect(looksLikeCardNumber('pm_card_visa')).toBe(false);
  });
});
