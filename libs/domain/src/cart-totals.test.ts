import { describe, expect, it } from 'vitest';
import { cartTax, percentToBasisPoints, cartTotals, deliveryChargeLabel, deliveryFee, enabledModes, restoreMode, taxCents, type DeliveryZone } from './index';

const business = { pickup_enabled: true, delivery_enabled: true, shipping_enabled: false };
const zones: DeliveryZone[] = [{ code: '97301', feeCents: 999, minThresholdCents: 5000, thresholdFeeCents: 0 }, { code: '97302', feeCents: 1500, minThresholdCents: null, thresholdFeeCents: null }];

describe('delivery modes', () => {
  it("offers the cart's checkout types, else the business flags", () => {
    expect(enabledModes(null, business)).toEqual([0, 1]);
    expect(enabledModes({ pickup: false, delivery: false, shipping: true }, business)).toEqual([2]);
  });

  it('restores the last choice only when still offered, else pickup', () => {
    expect(restoreMode(1, [0, 1])).toBe(1);
    expect(restoreMode(2, [0, 1])).toBe(0);
    expect(restoreMode(null, [0, 1, 2])).toBe(0);
    // Without pickup: the first mode offered.
    expect(restoreMode(0, [2])).toBe(2);
    expect(restoreMode(1, [2])).toBe(2);
    expect(restoreMode(null, [])).toBe(0);
  });
});

describe('local delivery fee', () => {
  it('charges by zip, with the threshold fee from the minimum subtotal', () => {
    expect(deliveryFee('97301', 4999, zones)).toEqual({ ok: true, feeCents: 999, regularCents: 999 });
    expect(deliveryFee('97301-1234', 5000, zones)).toEqual({ ok: true, feeCents: 0, regularCents: 999 });
    expect(deliveryFee('97302', 99999, zones)).toEqual({ ok: true, feeCents: 1500, regularCents: 1500 });
  });

  it('names a missing and an invalid zip, and words the charge line', () => {
    expect(deliveryFee('', 100, zones)).toEqual({ ok: false, error: 'no-zipcode' });
    expect(deliveryFee('9730', 100, zones)).toEqual({ ok: false, error: 'invalid-zipcode' });
    expect(deliveryFee('10001', 100, zones)).toEqual({ ok: false, error: 'invalid-zipcode' });
    expect(deliveryChargeLabel(deliveryFee(null, 0, zones))).toBe('Add address to calculate');
    expect(deliveryChargeLabel(deliveryFee('97301', 6000, zones))).toBe('FREE');
    expect(deliveryChargeLabel(deliveryFee('97301', 100, zones))).toBe('$9.99');
  });
});

describe('totals', () => {
  const base = { subtotalCents: 10000, additionalFeesCents: 300, discountCents: 1000, specialOrderFeeCents: 500, taxCents: 825, mode: 1 as const, fulfilmentCents: 999, fulfilmentDiscountCents: 0 };

  it('adds up as the spec says, for each fulfilment type', () => {
    expect(cartTotals(base).totalCents).toBe(10000 + 300 - 1000 + 500 + 825 + 999);
    expect(cartTotals({ ...base, mode: 0 }).totalCents).toBe(10000 + 300 - 1000 + 500 + 825);
    expect(cartTotals({ ...base, mode: 2, fulfilmentDiscountCents: 400 }).fulfilmentCents).toBe(599);
  });

  it('merges the additional fee into the subtotal when asked', () => {
    expect(cartTotals({ ...base, mergeAdditionalFeeWithSubtotal: true })).toMatchObject({ subtotalCents: 10300, additionalFeesCents: 0, totalCents: cartTotals(base).totalCents });
  });

  it('never lets a discount make the goods, the charge or the total negative', () => {
    const t = cartTotals({ ...base, discountCents: 50000, fulfilmentDiscountCents: 5000, taxCents: 0, specialOrderFeeCents: 0 });
    expect(t).toMatchObject({ discountCents: 10300, fulfilmentCents: 0, totalCents: 0 });
  });

  it('rounds tax half up in cents', () => {
    expect(taxCents(1999, 825)).toBe(165);
    expect(taxCents(-5, 825)).toBe(0);
  });
});

describe('tax', () => {
  const setup = { locationRateBp: 825, destinationRates: [{ zip: '97302', rateBp: 600 }], otherRows: [{ label: 'County tax', rateBp: 50 }] };

  it("uses the store's rate for pickup and the destination's for delivery, with the other rows", () => {
    expect(cartTax(10000, 0, '97302', setup)).toEqual({ rows: [{ label: 'Tax', cents: 825 }, { label: 'County tax', cents: 50 }], cents: 875 });
    expect(cartTax(10000, 1, '97302', setup).rows[0]).toEqual({ label: 'Tax', cents: 600 });
    expect(cartTax(10000, 2, '10001', setup).rows[0].cents).toBe(825);
  });

  it('reads typed percentages', () => {
    expect(percentToBasisPoints('8.25')).toBe(825);
    expect(percentToBasisPoints('x')).toBe(0);
  });
});
