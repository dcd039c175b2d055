import { describe, expect, it } from 'vitest';
import { couponDiscount, promoCodeProblem, type CouponRule } from './index';

const now = new Date('2026-11-22T12:00:00Z');
const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: 'SAVE10', kind: 'percent', amountCents: 0, percentBp: 1000, minSubtotalCents: 5000, startsAt: null, expiresAt: null, active: true, ...over,
});

describe('promo codes', () => {
  it('needs at least 3 characters', () => {
    expect(promoCodeProblem('ab')).toBe('Promo code should be greater than 3 characters');
    expect(promoCodeProblem(' abc ')).toBeNull();
  });

  it('takes a percentage or a flat amount, never more than the subtotal', () => {
    expect(couponDiscount(coupon(), 8000, now)).toEqual({ ok: true, discountCents: 800 });
    expect(couponDiscount(coupon({ kind: 'flat', amountCents: 500, minSubtotalCents: 0 }), 300, now)).toEqual({ ok: true, discountCents: 300 });
  });

  it('refuses unknown, inactive, early, expired and under-minimum use with a message', () => {
    expect(couponDiscount(null, 8000, now)).toEqual({ ok: false, message: 'This promo code is not valid.' });
    expect(couponDiscount(coupon({ active: false }), 8000, now).ok).toBe(false);
    expect(couponDiscount(coupon({ startsAt: new Date('2026-12-01') }), 8000, now)).toEqual({ ok: false, message: 'This promo code is not active yet.' });
    expect(couponDiscount(coupon({ expiresAt: new Date('2026-11-01') }), 8000, now)).toEqual({ ok: false, message: 'This promo code has expired.' });
    expect(couponDiscount(coupon(), 4999, now)).toEqual({ ok: false, message: 'Spend $50.00 or more to use this promo code.' });
  });

  it('limits a once-per-customer code to signed-in customers who have not used it', () => {
    const once = coupon({ oncePerCustomer: true });
    expect(couponDiscount(once, 8000, now, '$', { signedIn: false, usedBefore: false })).toEqual({ ok: false, message: 'Please sign in to use this promo code.' });
    expect(couponDiscount(once, 8000, now, '$', { signedIn: true, usedBefore: true })).toEqual({ ok: false, message: 'You have already used this promo code.' });
    expect(couponDiscount(once, 8000, now, '$', { signedIn: true, usedBefore: false })).toEqual({ ok: true, discountCents: 800 });
    expect(couponDiscount(coupon(), 8000, now, '$', { signedIn: false, usedBefore: true })).toEqual({ ok: true, discountCents: 800 });
  });
});
