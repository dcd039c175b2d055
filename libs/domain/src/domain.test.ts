import { describe, expect, it } from 'vitest';
import {
  departmentSlug, displayPrice, formatCents, generateDeviceId, idFromSlug, isDeviceId, isHexColor,
  resolveColor, slugify, stockLabel, tenantSlugFromHost, toCents,
} from './index';

describe('money', () => {
  it('formats integer cents with 2 decimals', () => {
    expect(formatCents(1290)).toBe('12.90');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-250)).toBe('-2.50');
    expect(displayPrice(100000)).toBe('$1000.00');
  });
  it('refuses fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow(TypeError);
  });
  it('parses decimal amounts into cents without float drift', () => {
    expect(toCents('12.9')).toBe(1290);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('19.99')).toBe(1999);
    expect(() => toCents('12.999')).toThrow(TypeError);
  });
});

describe('slugs', () => {
  it('follows the spec slug rule', () => {
    expect(slugify('Paint & Sundries/Brushes')).toBe('paint-and-sundries-brushes');
    expect(slugify("DeWalt 20V MAX* Drill (Kit)")).toBe('dewalt-20v-max-drill-kit');
  });
  it('builds and reads department slugs with ids', () => {
    expect(departmentSlug('Lawn & Garden', 42)).toBe('lawn-and-garden-42');
    expect(idFromSlug('lawn-and-garden-42')).toBe(42);
    expect(idFromSlug('17')).toBe(17);
    expect(idFromSlug('no-id-here')).toBeNull();
  });
});

describe('device id', () => {
  it('is 10 alphanumeric characters', () => {
    const id = generateDeviceId();
    expect(isDeviceId(id)).toBe(true);
    expect(generateDeviceId(() => 0)).toBe('AAAAAAAAAA');
    expect(isDeviceId('abc')).toBe(false);
    expect(isDeviceId('abcdefghi!')).toBe(false);
  });
});

describe('stock label precedence', () => {
  it('puts a custom quantity message first', () => {
    expect(stockLabel({ inventory: 0, qtyMessage: 'Call store' })).toEqual({ state: 'custom', text: 'Call store' });
  });
  it('shows Special Order instead of Out of Stock when the vendor allows it', () => {
    expect(stockLabel({ inventory: 0 }).text).toBe('Out of Stock');
    expect(stockLabel({ inventory: -2, vendorAllowsSpecialOrder: true }).text).toBe('Special Order');
    expect(stockLabel({ inventory: 0, showOosSpecial: true, hasVendor: true }).text).toBe('Special Order');
    expect(stockLabel({ inventory: 0, showOosSpecial: true, hasVendor: false }).text).toBe('Out of Stock');
  });
  it("says the item's own special-order words (settings.specialOrderTitle) where it would say Special Order", () => {
    expect(stockLabel({ inventory: 0, vendorAllowsSpecialOrder: true, specialOrderTitle: 'Ships from our warehouse' })).toEqual({ state: 'special-order', text: 'Ships from our warehouse' });
    expect(stockLabel({ inventory: 0, vendorAllowsSpecialOrder: true, specialOrderTitle: '  ' }).text).toBe('Special Order');
    expect(stockLabel({ inventory: 4, vendorAllowsSpecialOrder: true, specialOrderTitle: 'Ships from our warehouse' }).text).toBe('Only 4 Left');
    expect(stockLabel({ inventory: 0, qtyMessage: 'Call store', vendorAllowsSpecialOrder: true, specialOrderTitle: 'Ships from our warehouse' }).text).toBe('Call store');
  });
  it('shows Only N Left up to the threshold, then In Stock', () => {
    expect(stockLabel({ inventory: 3 }).text).toBe('Only 3 Left');
    expect(stockLabel({ inventory: 6 }).text).toBe('In Stock');
    expect(stockLabel({ inventory: 6, showStockLevel: true }).text).toBe('In Stock: 6');
  });
});

describe('tenant host', () => {
  it('reads the tenant slug from a platform sub-domain', () => {
    expect(tenantSlugFromHost('demo-paint.localhost:8080', 'localhost')).toBe('demo-paint');
    expect(tenantSlugFromHost('localhost:8080', 'localhost')).toBeNull();
    expect(tenantSlugFromHost('shop.example.com', 'localhost')).toBeNull();
  });
});

describe('colours', () => {
  it('treats 3 or 6 hex digits as colours and other values as variables', () => {
    expect(isHexColor('fff')).toBe(true);
    expect(isHexColor('#1a2b3c')).toBe(true);
    expect(isHexColor('primary')).toBe(false);
    expect(resolveColor('1a2b3c', {}, '#000')).toBe('#1a2b3c');
    expect(resolveColor('brand', { brand: '#c00' }, '#000')).toBe('#c00');
    expect(resolveColor('unknown', {}, '#000')).toBe('#000');
  });
});
