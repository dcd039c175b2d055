import { describe, expect, it } from 'vitest';
import { couponDiscount, couponFromInput, couponSlug, promoCodeProblem, type CouponInput, type CouponRule } from './index';

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

describe('the admin coupon form', () => {
  const form = (over: Partial<CouponInput> = {}): CouponInput => ({
    code: 'save10', kind: 'flat', discount: '10.50', min_subtotal: '', starts_at: null, ends_at: null, name: '', description: '', disclaimer: '',
    once_per_customer: false, active: true, in_slider: false, style: 1, coupon_title: '', button_title: '', background_color: '', bottom_text: '', ...over,
  });

  it('stores money in cents, percentages in basis points and the code upper-case', () => {
    expect(couponFromInput(form({ min_subtotal: '$50' }))).toMatchObject({ ok: true, value: { code: 'SAVE10', amountCents: 1050, percentBp: 0, minSubtotalCents: 5000 } });
    expect(couponFromInput(form({ kind: 'percent', discount: '12.5%' }))).toMatchObject({ ok: true, value: { amountCents: 0, percentBp: 1250 } });
    expect(couponFromInput(form({ kind: 'free_delivery', discount: 'anything' }))).toMatchObject({ ok: true, value: { amountCents: 0, percentBp: 0 } });
    expect(couponFromInput(form({ starts_at: '2026-12-01T08:00:00.000Z' }))).toMatchObject({ ok: true, value: { startsAt: new Date('2026-12-01T08:00:00.000Z') } });
  });

  it('names each problem', () => {
    expect(couponFromInput(form({ code: 'a b', discount: '0', min_subtotal: '-1', starts_at: 'soon', background_color: 'red' }))).toEqual({ ok: false, problems: {
      code: 'Enter a code of 3 to 30 letters, digits, dashes or underscores.', discount: 'Enter the amount off in dollars and cents, e.g. 10.00.',
      min_subtotal: 'Enter the smallest order in dollars and cents, e.g. 50.00, or leave it empty.', starts_at: 'Enter a date, or leave it empty.',
      background_color: 'Enter a colour as #RRGGBB, or leave it empty for the default green.',
    } });
    expect(couponFromInput(form({ kind: 'percent', discount: '101' }))).toMatchObject({ problems: { discount: 'Enter the percentage off, from 1 to 100.' } });
    expect(couponFromInput(form({ starts_at: '2026-12-02', ends_at: '2026-12-01' }))).toMatchObject({ problems: { ends_at: 'The end date must be after the start date.' } });
  });

  it("makes a promotion page's slug from the code", () => {
    expect(couponSlug(' spring_15 ')).toBe('spring-15');
  });
});
