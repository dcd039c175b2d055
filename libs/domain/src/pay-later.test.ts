import { describe, expect, it } from 'vitest';
import { payAtStoreLabel, payLaterOffered, payLaterProblem, payLaterShortLabel, SHIPPED_ORDERS_PAID_BY_CARD, takesCardsOnline } from './pay-later';

describe('paying later (at the store, on delivery, by phone)', () => {
  it('a pickup and a local delivery may always be paid later; a shipped order by phone only where the store takes no cards online', () => {
    for (const takes of [true, false]) {
      expect(payLaterProblem(0, { takesCardsOnline: takes })).toBeNull();
      expect(payLaterProblem('delivery', { takesCardsOnline: takes })).toBeNull();
    }
    expect(payLaterProblem(2, { takesCardsOnline: false })).toBeNull();
    expect(payLaterProblem('shipping', { takesCardsOnline: true })).toBe(SHIPPED_ORDERS_PAID_BY_CARD);
    expect(payLaterOffered(2, { takesCardsOnline: true })).toBe(false);
    expect(payLaterOffered('pickup', { takesCardsOnline: true })).toBe(true);
  });

  it('takes cards online where checkout offers the provider\'s card form', () => {
    expect(takesCardsOnline(null)).toBe(false);
    expect(takesCardsOnline({ payment_provider: null })).toBe(false);
    expect(takesCardsOnline({ payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_1', is_live: false, disable_save_card: false } })).toBe(true);
    // A live Plug'n Pay store is offered no card form (its hosted page is not connected), so it is paid later.
    expect(takesCardsOnline({ payment_provider: 'plugnpay', plugnpay: { host: '', username: 'shop', currency: 'USD', disable_save_card: false } })).toBe(false);
  });

  it('is worded by how the order reaches the shopper', () => {
    expect([0, 1, 2].map((mode) => payAtStoreLabel(mode as 0 | 1 | 2))).toEqual([
      'Pay at the store when you pick up', 'Pay when your order is delivered', 'Pay by phone: the store calls you to take payment before it ships',
    ]);
    expect(['pickup', 'delivery', 'shipping'].map((type) => payLaterShortLabel(type as 'pickup'))).toEqual(['Pay at the store', 'Pay on delivery', 'Pay by phone']);
  });
});
