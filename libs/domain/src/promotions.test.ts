import { describe, expect, it } from 'vitest';
import { countdownParts, discountAmountLabel, isCouponCurrent, opensPromoPopup, promoAppliedMessage, promoPopupDue, PROMO_POPUP_INTERVAL_MS } from './promotions';

describe('promotion wording', () => {
  it("says the spec's success line for a percentage, and whole or exact amounts for flat codes", () => {
    expect(promoAppliedMessage({ kind: 'percent', percentBp: 1500, amountCents: 0 })).toBe('Congratulations, Your 15% OFF Promo Is Now Applied!');
    expect(discountAmountLabel({ kind: 'percent', percentBp: 1250, amountCents: 0 })).toBe('12.5%');
    expect(discountAmountLabel({ kind: 'flat', percentBp: 0, amountCents: 1000 })).toBe('$10');
    expect(discountAmountLabel({ kind: 'flat', percentBp: 0, amountCents: 750 })).toBe('$7.50');
    expect(promoAppliedMessage({ kind: 'flat', percentBp: 0, amountCents: 500 }, 'CA$')).toBe('Congratulations, Your CA$5 OFF Promo Is Now Applied!');
  });

  it('counts a code as current only when on, started and not expired', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const base = { active: true, startsAt: null, expiresAt: null };
    expect(isCouponCurrent(base, now)).toBe(true);
    expect(isCouponCurrent({ ...base, active: false }, now)).toBe(false);
    expect(isCouponCurrent({ ...base, startsAt: new Date('2026-11-23T00:00:00Z') }, now)).toBe(false);
    expect(isCouponCurrent({ ...base, expiresAt: new Date('2026-11-22T11:59:59Z') }, now)).toBe(false);
    expect(isCouponCurrent({ ...base, expiresAt: now }, now)).toBe(true);
  });
});

describe('promo pop-up', () => {
  it('asks the server when nothing is kept or the day is over, and opens only for a new promotion', () => {
    const now = 1_000_000;
    expect(promoPopupDue(null, now)).toBe(true);
    expect(promoPopupDue({ slug: 'spring', expires: now + PROMO_POPUP_INTERVAL_MS }, now)).toBe(false);
    expect(promoPopupDue({ slug: 'spring', expires: now }, now)).toBe(true);
    expect(opensPromoPopup(null, 'spring')).toBe(true);
    expect(opensPromoPopup({ slug: 'spring', expires: 0 }, 'spring')).toBe(false);
    expect(opensPromoPopup({ slug: 'spring', expires: 0 }, 'fall')).toBe(true);
    expect(opensPromoPopup(null, null)).toBe(false);
  });
});

describe('countdown', () => {
  it('pads every part, shows days only when there are some, and stops at zero', () => {
    const parts = (ms: number) => countdownParts(ms).map((p) => `${p.value}${p.unit[0]}`).join(' ');
    expect(parts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('02d 03h 04m 05s');
    expect(parts((3 * 3600 + 59) * 1000 + 999)).toBe('03h 00m 59s');
    expect(parts(-5000)).toBe('00h 00m 00s');
  });
});
