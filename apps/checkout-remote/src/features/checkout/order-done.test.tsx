import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PlacedOrder } from '@platform/contracts';
import { getSelectedStore } from '@platform/api-client';
import { cartLine, CUSTOMER, DEVICE_ID, FakeApi, pickupCart, renderCheckout } from '../../test-support';

const ORDER: PlacedOrder = {
  order_number: '1042', status: 'cancelled', order_type: 'pickup', placed_at: '2026-11-20T15:00:00.000Z',
  contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
  address: null, store: { id: 2, name: 'Riverside', address: '400 River Rd, Salem, OR 97302' }, shipping_service: null,
  items: [{ id: 'o1.0', sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, cancelled_quantity: 0, price: '99.00', special: false }, { id: 'o1.1', sku: 'PAINT-1', title: 'Barn Red Gallon', quantity: 2, cancelled_quantity: 0, price: '38.00', special: false }],
  subtotal: '175.00', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '10.50', fulfilment_charge: '0.00', total: '185.50',
  payment: { method: 'pay_at_store', label: 'Pay at the store when you pick up', status: 'due' }, note: '',
  timeline: [
    { status: 'placed', label: 'Placed', at: '2026-11-20T15:00:00.000Z', note: '' },
    { status: 'cancelled', label: 'Cancelled', at: '2026-11-20T16:00:00.000Z', note: 'Out of the colour you chose' },
  ],  delivery_date: null, delivery_window: null,
};

function orderApi() {
  return new FakeApi()
    .on('GET /api/orders/order', { data: ORDER })
    .on('GET /api/cart-parcels', { data: pickupCart([cartLine({ store_product_id: 101, title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1 })]) })
    .on('GET /api/check-active-coupons', { data: { active: false } });
}

describe('order detail (My Orders)', () => {
  it('shows what happened to the order, with the reason it was cancelled, and prints the receipt', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderCheckout('/orders?order=1042', { api: orderApi(), user: CUSTOMER });

    const timeline = await screen.findByRole('list', { name: 'Order status' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('strong')!.textContent)).toEqual(['Placed', 'Cancelled']);
    expect(steps[1].textContent).toContain('Out of the colour you chose');
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows the day the store expects the order, and none once it is cancelled', async () => {
    const api = new FakeApi().on('GET /api/orders/order', { data: { ...ORDER, status: 'preparing', order_type: 'delivery', address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, delivery_date: '2026-12-03', delivery_window: '9am-noon' } })
      .on('GET /api/check-active-coupons', { data: { active: false } });
    renderCheckout('/orders?order=1042', { api, user: CUSTOMER });
    expect((await screen.findByTestId('expected-on')).textContent).toBe('Expected on Thursday, December 3, 2026, 9am-noon.');
  });

  it("shows a shipped order's carrier and tracking number, linked to the carrier's tracking page", async () => {
    const tracking = { carrier: 'USPS', service: 'GroundAdvantage', tracking_code: '9400111899223', tracking_url: 'https://track.example/9400111899223' };
    const api = new FakeApi().on('GET /api/orders/order', { data: { ...ORDER, status: 'prepared', order_type: 'shipping', address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, tracking } })
      .on('GET /api/check-active-coupons', { data: { active: false } });
    renderCheckout('/orders?order=1042', { api, user: CUSTOMER });
    expect((await screen.findByTestId('tracking')).textContent).toBe('Shipped with USPS GroundAdvantage. Tracking number: 9400111899223');
    expect(screen.getByRole('link', { name: '9400111899223' }).getAttribute('href')).toBe(tracking.tracking_url);
  });

  it('shows no expected day on a cancelled order', async () => {
    const api = orderApi().on('GET /api/orders/order', { data: { ...ORDER, delivery_date: '2026-12-03' } });
    renderCheckout('/orders?order=1042', { api, user: CUSTOMER });
    await screen.findByRole('list', { name: 'Order status' });
    expect(screen.queryByTestId('expected-on')).toBeNull();
  });

  it('Buy again puts the lines back in the cart at the order\'s store and opens the cart', async () => {
    const api = orderApi().on('POST /api/orders/reorder', { status: 'success', message: 'All 2 items are in your cart.', store_id: 2, added: 2, not_added: [] });
    const { user } = renderCheckout('/orders?order=1042', { api, user: CUSTOMER, storeId: 1 });

    await user.click(await screen.findByRole('button', { name: 'Buy again' }));
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeTruthy();
    expect(api.sent('POST /api/orders/reorder').map((r) => r.body)).toEqual([{ order_number: '1042', device_id: DEVICE_ID }]);
    expect(getSelectedStore()).toBe(2);
  });

  it('names the lines the store can no longer sell, and stays on the order', async () => {
    const api = orderApi().on('POST /api/orders/reorder', {
      status: 'success', message: '1 of 2 items are in your cart.', store_id: 2, added: 1,
      not_added: [{ sku: 'PAINT-1', title: 'Barn Red Gallon', reason: 'Store has only 0 in stock.' }],
    });
    const { user } = renderCheckout('/orders?order=1042', { api, user: CUSTOMER, storeId: 2 });

    await user.click(await screen.findByRole('button', { name: 'Buy again' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Barn Red Gallon: Store has only 0 in stock.');
    expect(within(alert).getByRole('link', { name: 'Go to your cart' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order 1042' })).toBeTruthy();
  });
});
