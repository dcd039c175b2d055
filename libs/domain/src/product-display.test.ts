import { describe, expect, it } from 'vitest';
import { DEFAULT_LOW_STOCK_THRESHOLD, HIDDEN_PRICE_TEXT, lowStockThresholdOf, hiddenPriceText, hidesStockCount, isPriceHidden, regularPriceLabel, stockLabel, orderingState, productBadges, titleForLink, brandSlug, milesBetween, type DisplayProduct } from './index';

const product = (over: Partial<DisplayProduct> = {}): DisplayProduct => ({
  price: '20.00', promo_price: null, num_inventory: 5, vendor_id: 101, vendor_allows_special_order: false, extra: {}, settings: {}, ...over,
});

describe('product badges', () => {
  it("shows SALE only for a promo below the regular price, then CLEARANCE, then the promotion label", () => {
    expect(productBadges(product({ promo_price: '15.00', extra: { clearance: true, promoLabel: ' Weekly Deal ' } }))).toEqual(['SALE', 'CLEARANCE', 'Weekly Deal']);
    expect(productBadges(product({ promo_price: '20.00' }))).toEqual([]);
    expect(productBadges(product({ promo_price: '25.00', extra: { clearance: 0 } }))).toEqual([]);
  });
});

describe('price hiding', () => {
  it('hides by item flag, item setting, store switch, and for vendor 2020 only while out of stock', () => {
    expect(isPriceHidden(product())).toBe(false);
    expect(isPriceHidden(product({ extra: { hide_price: true } }))).toBe(true);
    expect(isPriceHidden(product({ settings: { hide_price: 1 } }))).toBe(true);
    expect(isPriceHidden(product(), { hideAllPrices: true })).toBe(true);
    expect(isPriceHidden(product({ vendor_id: 2020, num_inventory: 0 }))).toBe(true);
    expect(isPriceHidden(product({ vendor_id: 2020, num_inventory: 3 }))).toBe(false);
    expect(HIDDEN_PRICE_TEXT).toBe('Please contact us for price');
  });
});

describe('item settings and extra flags', () => {
  it('reads the camel-case item settings: hidePrice, hidePriceText, regText, disableOrdering, hideQuantity', () => {
    expect(isPriceHidden(product({ settings: { hidePrice: true } }))).toBe(true);
    expect(hiddenPriceText(product({ settings: { hidePriceText: 'Call the paint desk' } }))).toBe('Call the paint desk');
    expect(hiddenPriceText(product())).toBe(HIDDEN_PRICE_TEXT);
    expect(regularPriceLabel(product({ settings: { regText: 'was' } }))).toBe('was');
    expect(regularPriceLabel(product())).toBe('reg.');
    expect(orderingState(product({ settings: { disableOrdering: 1 } })).allowed).toBe(false);
    expect(hidesStockCount(product({ extra: { hide_quantity: true } }))).toBe(true);
    expect(hidesStockCount(product({ settings: { hideQuantity: true } }))).toBe(true);
  });

  it('labels hidden counts plainly and out-of-stock items on order', () => {
    expect(stockLabel({ inventory: 3, hideCount: true })).toEqual({ state: 'in-stock', text: 'In Stock' });
    expect(stockLabel({ inventory: 0, onOrder: true })).toEqual({ state: 'on-order', text: 'On Order' });
    expect(stockLabel({ inventory: 0, onOrder: true, vendorAllowsSpecialOrder: true }).text).toBe('Special Order');
  });
});

describe("'Only N Left' threshold", () => {
  it("shows 'Only N Left' from 1 up to the store's setting, 5 when the store has none", () => {
    expect(DEFAULT_LOW_STOCK_THRESHOLD).toBe(5);
    expect(stockLabel({ inventory: 5 }).text).toBe('Only 5 Left');
    expect(stockLabel({ inventory: 6 }).text).toBe('In Stock');
    expect(stockLabel({ inventory: 10, lowStockThreshold: 10 })).toEqual({ state: 'low-stock', text: 'Only 10 Left' });
    expect(stockLabel({ inventory: 11, lowStockThreshold: 10 }).state).toBe('in-stock');
    expect(stockLabel({ inventory: 3, lowStockThreshold: 2, showStockLevel: true }).text).toBe('In Stock: 3');
    expect(stockLabel({ inventory: 1, lowStockThreshold: 0 }).text).toBe('In Stock');
    expect(stockLabel({ inventory: 0, lowStockThreshold: 10 }).text).toBe('Out of Stock');
  });

  it('falls back to the default for a value that is not a setting', () => {
    expect(lowStockThresholdOf(undefined)).toBe(5);
    expect(lowStockThresholdOf(null)).toBe(5);
    expect(lowStockThresholdOf(-1)).toBe(5);
    expect(lowStockThresholdOf(2.5)).toBe(5);
    expect(lowStockThresholdOf(0)).toBe(0);
    expect(lowStockThresholdOf(12)).toBe(12);
  });
});

describe('ordering rules', () => {
  it('allows in-stock items and refuses disabled ones with a reason', () => {
    expect(orderingState(product())).toEqual({ allowed: true, specialOrder: false, reason: null });
    expect(orderingState(product({ extra: { disable_order: true } })).allowed).toBe(false);
    expect(orderingState(product(), { disableOrdering: true }).reason).toMatch(/not available to order online/);
  });

  it('turns zero stock into a special order only with permission', () => {
    expect(orderingState(product({ num_inventory: 0 }))).toMatchObject({ allowed: false, reason: 'This item is out of stock at this store.' });
    expect(orderingState(product({ num_inventory: 0, vendor_allows_special_order: true }))).toEqual({ allowed: true, specialOrder: true, reason: null });
    expect(orderingState(product({ num_inventory: 0, extra: { always_allow_special_order: true } })).specialOrder).toBe(true);
    expect(orderingState(product({ num_inventory: 0 }), { showOosSpecial: true }).specialOrder).toBe(true);
    expect(orderingState(product({ num_inventory: 0, vendor_id: null }), { showOosSpecial: true }).allowed).toBe(false);
    expect(orderingState(product({ num_inventory: 0, vendor_allows_special_order: true }), { disableSpecialOrders: true }).allowed).toBe(false);
    // The store's allowSpecialOrderVendors lists the vendor (101).
    expect(orderingState(product({ num_inventory: 0 }), { specialOrderVendors: [101] })).toEqual({ allowed: true, specialOrder: true, reason: null });
    expect(orderingState(product({ num_inventory: 0 }), { specialOrderVendors: [102] }).allowed).toBe(false);
    expect(stockLabel({ inventory: 0, vendorId: 101, specialOrderVendors: [101] }).text).toBe('Special Order');
    expect(stockLabel({ inventory: 0, vendorId: 101, specialOrderVendors: [] }).text).toBe('Out of Stock');
    expect(stockLabel({ inventory: 0, vendorId: null, specialOrderVendors: [101] }).text).toBe('Out of Stock');
  });
});

describe('links and distance', () => {
  it('turns spaces and slashes in SKU link titles into plus signs, and builds brand slugs', () => {
    expect(titleForLink('Drill 1/2 in  Cordless')).toBe('Drill+1+2+in+Cordless');
    expect(brandSlug('Black & Decker', 7)).toBe('black-and-decker-7');
  });

  it('measures miles between stores', () => {
    expect(Math.round(milesBetween({ latitude: 44.9, longitude: -123 }, { latitude: 45.5, longitude: -123 }))).toBe(41);
    expect(milesBetween({ latitude: 1, longitude: 1 }, { latitude: 1, longitude: 1 })).toBe(0);
  });
});
