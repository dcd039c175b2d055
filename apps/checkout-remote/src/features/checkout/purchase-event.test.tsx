import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PlacedOrder } from '@platform/contracts';
import { ORDER_PLACED } from '@platform/domain';
import { cartLine, CUSTOMER, FakeApi, pickupCart, renderCheckout } from '../../test-support';

// Spec 1 §4 / spec 2 §7: tracked events use US dollars. Done hands the page's tag manager GA4's purchase once.
const DRILL = cartLine({ store_product_id: 101, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1 });
const BITS = cartLine({ store_product_id: 102, sku: 'DW1354', title: 'Drill Bit Set', price: '12.49', quantity: 2 });
const ORDER: PlacedOrder = {
  order_number: '1001', status: 'pending', order_type: 'delivery', placed_at: '2026-11-25T18:00:00.000Z',
  contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
  address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, store: { id: 1, name: 'Main Street', address: '12 Main St, Salem, OR 97301' }, shipping_service: null,
  items: [{ id: 'o1.0', sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, cancelled_quantity: 0, price: '99.00', special: false }, { id: 'o1.1', sku: 'DW1354', title: 'Drill Bit Set', quantity: 2, cancelled_quantity: 0, price: '12.49', special: false }],
  subtotal: '123.98', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '7.80', fulfilment_charge: '5.99', total: '137.77',
  payment: { method: 'pay_at_store', label: 'Pay when it is delivered', status: 'due' }, note: '',
  timeline: [{ status: 'placed', label: 'Placed', at: '2026-11-25T18:00:00.000Z', note: '' }],
  delivery_date: null, delivery_window: null,
};
const PURCHASE = {
  event: 'purchase',
  ecommerce: {
    transaction_id: '1001', currency: 'USD', value: 123.98, tax: 7.8, shipping: 5.99,
    items: [
      { item_id: 'DCD771C2', item_name: 'DeWalt 20V Cordless Drill', item_brand: '', price: 99, quantity: 1 },
      { item_id: 'DW1354', item_name: 'Drill Bit Set', item_brand: '', price: 12.49, quantity: 2 },
    ],
  },
};

const doneApi = () => new FakeApi()
  .on('GET /api/check-active-coupons', { data: { active: false } })
  .on('GET /api/cart-parcels', { data: pickupCart([DRILL, BITS]) })
  .on('GET /api/payment-settings', { data: { payment_provider: null, payment_preparable: false, cards_offered: false } })
  .on('GET /api/cart-preferences', { data: { order_type: null, location_id: null, address: null } })
  .on('POST /api/customer/orders/submit', { status: true, message: ORDER_PLACED, order: ORDER })
  .on('GET /api/orders/order', { data: ORDER });
const purchases = () => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'purchase');

describe('checkout: the purchase event of the Done step', () => {
  beforeEach(() => { window.dataLayer = []; });

  it('pushes one GA4 purchase in US dollars when Done shows the order just placed, and none when Done is reloaded', async () => {
    sessionStorage.setItem('checkoutContact', JSON.stringify({ first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142', note: '' }));
    sessionStorage.setItem('cartStep', '3');
    const { user } = renderCheckout('/cart', { api: doneApi() });

    await user.click(await screen.findByRole('button', { name: /^Place order/ }));
    expect(await screen.findByRole('heading', { name: ORDER_PLACED })).toBeTruthy();
    // value + tax + shipping is the order's total (137.77); the previous event's ecommerce is cleared first (GA4's advice).
    await waitFor(() => expect(window.dataLayer).toEqual([{ ecommerce: null }, PURCHASE]));

    // The same tab opens Done again (a reload): the order shows, the event is not sent twice.
    cleanup();
    renderCheckout('/cart?order=1001', { api: doneApi() });
    expect(await screen.findByRole('heading', { name: ORDER_PLACED })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('1001');
    expect(purchases()).toHaveLength(1);
  });

  it("pushes nothing for an order this tab did not place: the confirmation e-mail's link, or the order in My Orders", async () => {
    renderCheckout('/cart?order=1001', { api: doneApi() });
    expect(await screen.findByTestId('order-number')).toBeTruthy();
    cleanup();
    renderCheckout('/orders?order=1001', { api: doneApi(), user: CUSTOMER });
    expect(await screen.findByRole('heading', { name: 'Order 1001' })).toBeTruthy();
    expect(window.dataLayer).toEqual([]);
  });
});
