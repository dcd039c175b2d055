import { describe, expect, it } from 'vitest';
import { ANALYTICS_CURRENCY, cartChangeEvent, ecommerceEvent } from './index';

const DRILL = { sku: 'DW-20V', title: 'DeWalt 20V Drill', brand: 'DeWalt', unitCents: 9999 };

describe('storefront e-commerce events (spec 1 §4, spec 2 §7: tracked events use US dollars)', () => {
  it('names US dollars and gives prices and the value in dollars, summed in cents', () => {
    expect(ANALYTICS_CURRENCY).toBe('USD');
    expect(ecommerceEvent('view_item', [{ ...DRILL, quantity: 1 }])).toEqual({
      event: 'view_item',
      ecommerce: { currency: 'USD', value: 99.99, items: [{ item_id: 'DW-20V', item_name: 'DeWalt 20V Drill', item_brand: 'DeWalt', price: 99.99, quantity: 1 }] },
    });
    // 3 × $0.10 + 1 × $0.20 is $0.50 exactly (float sums would give 0.5000000000000001).
    const event = ecommerceEvent('add_to_cart', [{ ...DRILL, unitCents: 10, quantity: 3 }, { ...DRILL, sku: 'B', brand: null, unitCents: 20, quantity: 1 }, { ...DRILL, sku: 'C', quantity: 0 }]);
    expect(event.ecommerce.value).toBe(0.5);
    expect(event.ecommerce.items.map((i) => [i.item_id, i.item_brand])).toEqual([['DW-20V', 'DeWalt'], ['B', '']]);
  });

  it('a cart change is an add for units added and a removal for units taken out, nothing when unchanged', () => {
    expect(cartChangeEvent(DRILL, 1, 3)).toMatchObject({ event: 'add_to_cart', ecommerce: { value: 199.98, items: [{ quantity: 2 }] } });
    expect(cartChangeEvent(DRILL, 3, 0)).toMatchObject({ event: 'remove_from_cart', ecommerce: { currency: 'USD', value: 299.97, items: [{ quantity: 3 }] } });
    expect(cartChangeEvent(DRILL, 2, 2)).toBeNull();
  });
});
