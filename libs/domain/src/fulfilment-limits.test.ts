import { describe, expect, it } from 'vitest';
import { cartCheckoutTypes, forbiddenModeProblem, itemModeLimit, itemModeNotes, linesBlockingMode, NOT_FOR_DELIVERY, NOT_FOR_SHIPPING } from './product-display';
import { cartFeeDetails, cartTotals, deliveryFee, fulfilmentLine } from './cart-totals';
import { couponDiscount, couponFulfilmentDiscount, couponModeNote, type CouponRule } from './coupons';
import { couponLabel, promoAppliedMessage } from './promotions';
import { DEFAULT_DELIVERY_DISCLAIMER, DEFAULT_PICKUP_DISCLAIMER, fulfilmentDisclaimer } from './checkout';

const line = (title: string, settings: Record<string, unknown> = {}) => ({ title, settings });
const everyMode = { pickup_enabled: true, delivery_enabled: true, shipping_enabled: true };

describe('items that cannot be delivered or shipped (settings.disableDelivery, disableShipping)', () => {
  it("words the limit in the item's own text, else the default; none without the flag", () => {
    expect(itemModeLimit(line('Mulch', { disableDelivery: true }), 'delivery')).toBe(NOT_FOR_DELIVERY);
    expect(itemModeLimit(line('Mulch', { disableDelivery: 1, disableDeliveryText: ' Too heavy for our van ' }), 'delivery')).toBe('Too heavy for our van');
    expect(itemModeLimit(line('Propane', { disableShipping: 'true', disableShippingText: '' }), 'shipping')).toBe(NOT_FOR_SHIPPING);
    expect(itemModeLimit(line('Hammer', { disableDeliveryText: 'unused without the flag' }), 'delivery')).toBeNull();
    expect(itemModeLimit(line('Hammer', { disableDelivery: false }), 'delivery')).toBeNull();
  });

  it('tells the shopper only about modes the store offers', () => {
    const both = line('Propane', { disableDelivery: true, disableShipping: true });
    expect(itemModeNotes(both, everyMode)).toEqual([NOT_FOR_DELIVERY, NOT_FOR_SHIPPING]);
    expect(itemModeNotes(both, { delivery_enabled: false, shipping_enabled: true })).toEqual([NOT_FOR_SHIPPING]);
    expect(itemModeNotes(line('Hammer'), everyMode)).toEqual([]);
  });

  it("leaves delivery or shipping out of the cart's checkout types when any line forbids it", () => {
    expect(cartCheckoutTypes(everyMode, [line('Hammer')])).toEqual({ pickup: true, delivery: true, shipping: true });
    expect(cartCheckoutTypes(everyMode, [line('Hammer'), line('Mulch', { disableDelivery: true })])).toEqual({ pickup: true, delivery: false, shipping: true });
    expect(cartCheckoutTypes(everyMode, [line('Propane', { disableShipping: true })])).toEqual({ pickup: true, delivery: true, shipping: false });
    expect(cartCheckoutTypes({ ...everyMode, delivery_enabled: false }, [line('Hammer')])).toEqual({ pickup: true, delivery: false, shipping: true });
    expect(cartCheckoutTypes(everyMode, [])).toEqual({ pickup: true, delivery: true, shipping: true });
  });

  it('lists the lines in the way, and refuses an order by that mode naming them', () => {
    const lines = [line('Hammer'), line('Bagged Mulch', { disableDelivery: true }), line('Pea Gravel', { disableDelivery: true })];
    expect(linesBlockingMode(lines, 'delivery').map((l) => l.title)).toEqual(['Bagged Mulch', 'Pea Gravel']);
    expect(forbiddenModeProblem(lines.slice(0, 2), 1)).toBe('Bagged Mulch is not available for delivery. Remove it from your cart or choose another way to get your order.');
    expect(forbiddenModeProblem(lines, 1)).toBe('Bagged Mulch, Pea Gravel are not available for delivery. Remove them from your cart or choose another way to get your order.');
    expect(forbiddenModeProblem(lines, 2)).toBeNull();
    expect(forbiddenModeProblem(lines, 0)).toBeNull();
  });
});

const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: 'SHIPFREE', kind: 'free_shipping', amountCents: 0, percentBp: 0, minSubtotalCents: 0, startsAt: null, expiresAt: null, active: true, ...over,
});
const now = new Date('2026-11-20T12:00:00Z');

describe('free delivery and free shipping codes', () => {
  it('are valid codes that take nothing off the goods, and are held to their minimum', () => {
    expect(couponDiscount(coupon(), 8000, now)).toEqual({ ok: true, discountCents: 0 });
    expect(couponDiscount(coupon({ kind: 'free_delivery', minSubtotalCents: 5000 }), 4000, now)).toEqual({ ok: false, message: 'Spend $50.00 or more to use this promo code.' });
  });

  it('take the whole charge off in their own mode only, and say so in another', () => {
    expect(couponFulfilmentDiscount(coupon(), 2, 1299)).toBe(1299);
    expect(couponFulfilmentDiscount(coupon(), 1, 999)).toBe(0);
    expect(couponFulfilmentDiscount(coupon({ kind: 'free_delivery' }), 1, 999)).toBe(999);
    expect(couponFulfilmentDiscount(coupon({ kind: 'percent', percentBp: 1000 }), 1, 999)).toBe(0);
    expect(couponFulfilmentDiscount(null, 2, 999)).toBe(0);
    expect(couponModeNote(coupon(), 0)).toBe('This promo code gives free shipping: choose Shipping to use it.');
    expect(couponModeNote(coupon({ kind: 'free_delivery' }), 2)).toBe('This promo code gives free delivery: choose Delivery to use it.');
    expect(couponModeNote(coupon(), 2)).toBeNull();
    expect(couponModeNote(coupon({ kind: 'flat' }), 0)).toBeNull();
  });

  it('are labelled by what they give', () => {
    expect(couponLabel(coupon())).toBe('FREE SHIPPING');
    expect(couponLabel(coupon({ kind: 'free_delivery' }))).toBe('FREE DELIVERY');
    expect(couponLabel(coupon({ kind: 'percent', percentBp: 1500 }))).toBe('15% OFF');
    expect(couponLabel(coupon({ kind: 'flat', amountCents: 750 }))).toBe('$7.50 OFF');
    expect(promoAppliedMessage(coupon({ kind: 'free_delivery' }))).toBe('Congratulations, Your FREE DELIVERY Promo Is Now Applied!');
  });
});

describe('the delivery or shipping line: fee, discount, charge', () => {
  const zones = [{ code: '97301', feeCents: 999, minThresholdCents: 10000, thresholdFeeCents: 0 }, { code: '97302', feeCents: 1500, minThresholdCents: 5000, thresholdFeeCents: 500 }];
  const zoneFee = (zip: string, subtotal: number) => {
    const fee = deliveryFee(zip, subtotal, zones);
    if (!fee.ok) throw new Error(fee.error);
    return { regularCents: fee.regularCents, chargedCents: fee.feeCents };
  };

  it("counts the zone's lower fee from its minimum subtotal as the delivery discount", () => {
    expect(fulfilmentLine(zoneFee('97301', 9999), null, 1)).toEqual({ feeCents: 999, discountCents: 0, couponCents: 0, chargeCents: 999 });
    expect(fulfilmentLine(zoneFee('97301', 10000), null, 1)).toEqual({ feeCents: 999, discountCents: 999, couponCents: 0, chargeCents: 0 });
    expect(fulfilmentLine(zoneFee('97302', 6000), null, 1)).toEqual({ feeCents: 1500, discountCents: 1000, couponCents: 0, chargeCents: 500 });
  });

  it('takes the rest off with a free-delivery code, and the whole shipping charge with a free-shipping code', () => {
    expect(fulfilmentLine(zoneFee('97302', 6000), coupon({ kind: 'free_delivery' }), 1)).toEqual({ feeCents: 1500, discountCents: 1500, couponCents: 500, chargeCents: 0 });
    expect(fulfilmentLine({ regularCents: 1299, chargedCents: 1299 }, coupon(), 2)).toEqual({ feeCents: 1299, discountCents: 1299, couponCents: 1299, chargeCents: 0 });
    expect(fulfilmentLine({ regularCents: 1299, chargedCents: 1299 }, coupon({ kind: 'free_delivery' }), 2)).toEqual({ feeCents: 1299, discountCents: 0, couponCents: 0, chargeCents: 1299 });
  });

  it('adds up as spec 1 says: subtotal + fees − discount + special-order fee + tax + fee − its discount', () => {
    const line = fulfilmentLine(zoneFee('97302', 6000), null, 1);
    const totals = cartTotals({ subtotalCents: 6000, additionalFeesCents: 300, discountCents: 600, specialOrderFeeCents: 250, taxCents: 411, mode: 1, fulfilmentCents: line.feeCents, fulfilmentDiscountCents: line.discountCents });
    expect(totals).toMatchObject({ fulfilmentCents: 500, totalCents: 6000 + 300 - 600 + 250 + 411 + 1500 - 1000 });
  });
});

describe("the cart's additional fee details", () => {
  it('lists each fee once with its price impact times the quantities', () => {
    expect(cartFeeDetails([
      { quantity: 2, fees: [{ message: 'Battery core charge', priceImpactCents: 150 }] },
      { quantity: 1, fees: [{ message: 'Battery core charge', priceImpactCents: 150 }, { message: 'Tire disposal fee', priceImpactCents: 300 }] },
      { quantity: 4, fees: [] },
    ])).toEqual([{ message: 'Battery core charge', cents: 450 }, { message: 'Tire disposal fee', cents: 300 }]);
    expect(cartFeeDetails([])).toEqual([]);
  });
});

describe('pickup and delivery disclaimers', () => {
  it("are the store's words, else the spec's defaults; shipping has none", () => {
    expect(fulfilmentDisclaimer({}, 0)).toBe(DEFAULT_PICKUP_DISCLAIMER);
    expect(fulfilmentDisclaimer(undefined, 1)).toBe(DEFAULT_DELIVERY_DISCLAIMER);
    expect(fulfilmentDisclaimer({ pickup_disclaimer: '  ', delivery_settings: { delivery_disclaimer: '' } }, 1)).toBe(DEFAULT_DELIVERY_DISCLAIMER);
    expect(fulfilmentDisclaimer({ pickup_disclaimer: 'Ring the bell at the side door.' }, 0)).toBe('Ring the bell at the side door.');
    expect(fulfilmentDisclaimer({ delivery_settings: { delivery_disclaimer: 'We deliver Tuesdays and Fridays.' } }, 1)).toBe('We deliver Tuesdays and Fridays.');
    expect(fulfilmentDisclaimer({ pickup_disclaimer: 'x' }, 2)).toBeNull();
    expect(DEFAULT_PICKUP_DISCLAIMER).toBe('Please allow time for our team to pull your order. You will be notified when it is ready.');
    expect(DEFAULT_DELIVERY_DISCLAIMER).toBe('Someone on our team will reach out to set up a delivery time.');
  });
});
