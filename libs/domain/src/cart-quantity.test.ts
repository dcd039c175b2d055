import { describe, expect, it } from 'vitest';
import { ADMIN_CANNOT_ADD, checkQuantity, packSize, parseQuantityInput, quantityLimitProblem, stepQuantity, type DisplayProduct } from './index';

const product = (over: Partial<DisplayProduct> = {}): DisplayProduct => ({
  price: '10.00', promo_price: null, num_inventory: 5, vendor_id: 101, vendor_allows_special_order: false, extra: {}, settings: {}, ...over,
});
const check = (quantity: number, over: Partial<DisplayProduct> = {}, extra: Partial<Parameters<typeof checkQuantity>[0]> = {}) =>
  checkQuantity({ product: product(over), quantity, businessId: 1, ...extra });

describe('quantity input', () => {
  it('turns blank into 1 (or one pack), keeps the previous value for anything invalid', () => {
    expect(parseQuantityInput('', 3)).toBe(1);
    expect(parseQuantityInput('  ', 3, 4)).toBe(4);
    expect(parseQuantityInput('12', 3)).toBe(12);
    expect(parseQuantityInput('abc', 3)).toBe(3);
    expect(parseQuantityInput('-1', 3)).toBe(3);
    expect(parseQuantityInput('10000', 3)).toBe(3);
    expect(parseQuantityInput('2.5', 3)).toBe(3);
  });

  it('steps by the pack size between 0 and 9999', () => {
    expect(stepQuantity(4, 1, 4)).toBe(8);
    expect(stepQuantity(4, -1, 4)).toBe(0);
    expect(stepQuantity(0, -1)).toBe(0);
    expect(stepQuantity(9999, 1)).toBe(9999);
  });

  it('exempts business 5104 from pack sizes', () => {
    expect(packSize({ fpack: 6 }, 1)).toBe(6);
    expect(packSize({ fpack: '6' }, 1)).toBe(6);
    expect(packSize({ fpack: 6 }, 5104)).toBe(1);
    expect(packSize({}, 1)).toBe(1);
  });
});

describe('quantity rules', () => {
  it('accepts stock-covered quantities and 0 (removal)', () => {
    expect(check(5)).toEqual({ ok: true, message: null, specialOrder: false });
    expect(check(0).ok).toBe(true);
  });

  it('refuses admins, out-of-range numbers, the order maximum, packs and stock, in the spec wording', () => {
    expect(check(1, {}, { isAdmin: true }).message).toBe(ADMIN_CANNOT_ADD);
    expect(check(10000).ok).toBe(false);
    expect(check(-1).ok).toBe(false);
    expect(check(4, { extra: { max_order_quantity: 3 } }).message).toBe('Max allowed limit is 3');
    expect(check(4, { extra: { max_order_quantity: 3 } }, { panel: true }).message).toBe('Max allowed limit is 3 , Please reduce quantity');
    expect(check(3, { extra: { fpack: 2 } }).message).toBe('Must be ordered in multiple of 2');
    expect(check(3, { extra: { fpack: 2 } }, { businessId: 5104 }).ok).toBe(true);
    expect(check(6).message).toBe('Store has only 5 in stock.');
    expect(check(6, {}, { panel: true }).message).toBe('Store has only 5 in stock. Please reduce quantity');
  });

  it('lets special orders past stock, and refuses items that cannot be ordered', () => {
    expect(check(50, { num_inventory: 0, vendor_allows_special_order: true })).toEqual({ ok: true, message: null, specialOrder: true });
    expect(check(8, { vendor_allows_special_order: true })).toEqual({ ok: true, message: null, specialOrder: true });
    expect(check(1, { num_inventory: 0 }).message).toBe('This item is out of stock at this store.');
    expect(check(1, { extra: { disable_order: true } }).ok).toBe(false);
  });

  it("lets a vendor the store lists in allowSpecialOrderVendors special-order past stock; others' items stay refused", () => {
    const store = { store: { specialOrderVendors: [15, 101] } };
    expect(check(3, { num_inventory: 0 }, store)).toEqual({ ok: true, message: null, specialOrder: true });
    expect(check(8, {}, store)).toEqual({ ok: true, message: null, specialOrder: true });
    expect(check(1, { num_inventory: 0, vendor_id: 7 }, store).message).toBe('This item is out of stock at this store.');
    expect(check(1, { num_inventory: 0, vendor_id: null }, store).ok).toBe(false);
    expect(check(1, { num_inventory: 0 }, { store: { specialOrderVendors: [101], disableSpecialOrders: true } }).ok).toBe(false);
  });
});

describe("a product's own quantity limits, whatever the stock (a recurring order's lines)", () => {
  it('holds the whole number, the maximum and the pack, not the stock', () => {
    const limit = (quantity: number, over: Partial<DisplayProduct> = {}) => quantityLimitProblem({ product: product(over), quantity, businessId: 1 });
    expect(limit(2.5)).toBe('Quantity must be a whole number from 0 to 9999.');
    expect(limit(13, { extra: { max_order_quantity: 12 } })).toBe('Max allowed limit is 12');
    expect(limit(5, { extra: { fpack: 6 } })).toBe('Must be ordered in multiple of 6');
    expect(limit(50, { num_inventory: 0 })).toBeNull();
    expect(check(50, { num_inventory: 0 }).message).toBe('This item is out of stock at this store.');
  });
});
