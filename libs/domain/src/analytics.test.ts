import { describe, expect, it } from 'vitest';
import { ANALYTICS_CURRENCY, cartChangeEvent, ecommerceEvent, purchaseEvent } from './index';

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

describe('the purchase event of a placed order (GA4 purchase)', () => {
  const ORDER = {
    order_number: '1042', total: '191.49', tax: '10.50', fulfilment_charge: '5.99',
    items: [
      { sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1, cancelled_quantity: 0 },
      { sku: 'PAINT-1', title: 'Barn Red Gallon', price: '38.00', quantity: 3, cancelled_quantity: 1 },
      { sku: 'GONE', title: 'Gone', price: '1.00', quantity: 1, cancelled_quantity: 1 },
    ],
  };

  it('names the order, US dollars, and splits the total into value, tax and shipping', () => {
    const event = purchaseEvent(ORDER);
    expect(event).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: '1042', currency: 'USD', value: 175, tax: 10.5, shipping: 5.99,
        items: [
          { item_id: 'DCD771C2', item_name: 'DeWalt 20V Cordless Drill', item_brand: '', price: 99, quantity: 1 },
          { item_id: 'PAINT-1', item_name: 'Barn Red Gallon', item_brand: '', price: 38, quantity: 2 },
        ],
      },
    });
    // In cents, so the parts add up to the total exactly.
    expect(Math.round((event.ecommerce.value + event.ecommerce.tax + event.ecommerce.shipping) * 100)).toBe(19149);
  });
});
