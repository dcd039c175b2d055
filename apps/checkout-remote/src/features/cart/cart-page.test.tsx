import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Cart } from '@platform/contracts';
import { BUSINESS, cartLine, DEVICE_ID, FakeApi, Failure, later, pickupCart, renderCheckout, SETTINGS } from '../../test-support';

const DRILL = cartLine({ store_product_id: 101, title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1 });
const BITS = cartLine({ store_product_id: 102, title: 'Drill Bit Set', price: '12.49', quantity: 2 });

/** A cart server in miniature: cart-parcels answers what add-to-cart and remove-cart-item last left. */
function cartServer(start: Cart) {
  let cart = start;
  const lines = () => cart.parcels.flatMap((p) => p.items);
  const api = new FakeApi()
    .on('GET /api/check-active-coupons', { data: { active: false } })
    .on('GET /api/cart-parcels', () => ({ data: cart }))
    .on('POST /api/add-to-cart', (request) => {
      const { store_product_id, quantity } = request.body as { store_product_id: number; quantity: number };
      cart = pickupCart(lines().map((l) => (l.store_product_id === store_product_id ? { ...l, quantity } : l)));
      return { data: cart };
    })
    .on('DELETE /api/remove-cart-item', (request) => {
      cart = pickupCart(lines().filter((l) => l.store_product_id !== Number(request.query.get('store_product_id'))));
      return { data: cart };
    });
  return api;
}

const lineOf = (title: string) => screen.getByRole('checkbox', { name: `Select ${title}` }).closest('li') as HTMLElement;

describe('cart page', () => {
  it("shows this device's lines with their quantities and prices, and the totals the server worked out", async () => {
    const { api } = renderCheckout('/cart', { api: cartServer(pickupCart([DRILL, BITS])) });

    expect(await screen.findByText('DeWalt 20V Cordless Drill')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Quantity of Drill Bit Set' }) as HTMLInputElement).value).toBe('2');
    expect(within(lineOf('Drill Bit Set')).getByText('$12.49')).toBeTruthy();
    // 99.00 + 2 × 12.49 = 123.98; 6% tax 7.44
    expect(screen.getByText('$123.98')).toBeTruthy();
    expect(screen.getByText('$7.44')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$131.42');
    const asked = api.sent('GET /api/cart-parcels').find((r) => r.query.has('order_type'))!;
    expect(Object.fromEntries(asked.query)).toEqual({ device_id: DEVICE_ID, order_type: '0' });
  });

  it('changing a quantity to 3 sends POST /api/add-to-cart with quantity 3 and shows the new total', async () => {
    const { api, user } = renderCheckout('/cart', { api: cartServer(pickupCart([DRILL, BITS])) });
    const box = await screen.findByRole('textbox', { name: 'Quantity of Drill Bit Set' });

    await user.clear(box);
    await user.type(box, '3{Enter}');

    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$144.66'));
    expect(api.sent('POST /api/add-to-cart').map((r) => r.body)).toEqual([{ store_product_id: 102, quantity: 3, device_id: DEVICE_ID }]);
    expect((screen.getByRole('textbox', { name: 'Quantity of Drill Bit Set' }) as HTMLInputElement).value).toBe('3');
  });

  it("shows the server's refusal in the 'Add to Cart Error' dialog (spec 1 §8) and keeps the quantity the cart has", async () => {
    const api = cartServer(pickupCart([DRILL, BITS]))
      .on('POST /api/add-to-cart', new Failure(422, 'Store has only 2 in stock.', { quantity: ['Store has only 2 in stock.'] }));
    const { user } = renderCheckout('/cart', { api });

    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Drill Bit Set' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to Cart Error' });
    expect(within(dialog).getByText('Store has only 2 in stock.')).toBeTruthy();
    expect(within(lineOf('Drill Bit Set')).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST /api/add-to-cart').map((r) => r.body)).toEqual([{ store_product_id: 102, quantity: 3, device_id: DEVICE_ID }]);
    expect((screen.getByRole('textbox', { name: 'Quantity of Drill Bit Set' }) as HTMLInputElement).value).toBe('2');
    expect(screen.getByTestId('cart-total').textContent).toBe('$131.42');
  });

  it("shows the store's message for a redeemed promo code as a success dialog and clears the field (spec 1 §8)", async () => {
    const redeemed = pickupCart([DRILL], { coupon: 'SPRING10', discount: '9.90', discount_label: '10% OFF' });
    const api = cartServer(pickupCart([DRILL]))
      .on('GET /api/check-active-coupons', { data: { active: true } })
      .on('POST /api/redeem-coupon', { status: 200, message: 'Promo code SPRING10 applied: 10% OFF.', disclaimer: '', data: redeemed });
    const { user } = renderCheckout('/cart', { api });

    const field = await screen.findByRole('textbox', { name: 'Promo code' });
    await user.type(field, 'SPRING10');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promo Code Applied' });
    expect(within(dialog).getByText('Promo code SPRING10 applied: 10% OFF.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement).value).toBe('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Remove sends DELETE /api/remove-cart-item for that line; removing the last one shows the empty cart', async () => {
    const { api, user } = renderCheckout('/cart', { api: cartServer(pickupCart([DRILL, BITS])) });

    await screen.findByText('Drill Bit Set');
    await user.click(within(lineOf('Drill Bit Set')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Drill Bit Set')).toBeNull());
    expect(screen.getByTestId('cart-total').textContent).toBe('$104.94');

    await user.click(within(lineOf('DeWalt 20V Cordless Drill')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(api.sent('DELETE /api/remove-cart-item').map((r) => Object.fromEntries(r.query))).toEqual([
      { store_product_id: '102', identity: DEVICE_ID },
      { store_product_id: '101', identity: DEVICE_ID },
    ]);
  });

  it('an empty cart says so and links to the departments, with no totals or Checkout', async () => {
    renderCheckout('/cart', { api: cartServer(pickupCart([])) });

    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop by department' }).getAttribute('href')).toBe('/departments');
    expect(screen.queryByTestId('cart-total')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('shows a loading state until the cart arrives', async () => {
    const answer = later<{ data: Cart }>();
    const api = cartServer(pickupCart([DRILL])).on('GET /api/cart-parcels', () => answer.promise);
    renderCheckout('/cart', { api });

    expect(await screen.findByText('Loading your cart…')).toBeTruthy();
    answer.resolve({ data: pickupCart([DRILL]) });
    expect(await screen.findByText('DeWalt 20V Cordless Drill')).toBeTruthy();
    expect(screen.queryByText('Loading your cart…')).toBeNull();
  });

  it('a cart that cannot be loaded says so, and Try again asks again', async () => {
    let fail = true;
    const api = cartServer(pickupCart([DRILL]));
    api.on('GET /api/cart-parcels', () => (fail ? new Failure(500, 'Something went wrong.') : { data: pickupCart([DRILL]) }));
    const { user } = renderCheckout('/cart', { api });

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('We could not load your cart.');
    fail = false;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('DeWalt 20V Cordless Drill')).toBeTruthy();
    expect(screen.queryByText('We could not load your cart.')).toBeNull();
  });
});

describe('cart page: delivery modes, disclaimers and the summary', () => {
  const MULCH = cartLine({ store_product_id: 103, title: 'Bagged Mulch', price: '6.99', quantity: 3, settings: { disableDelivery: true, disableDeliveryText: 'Too heavy for our van: pickup only' } });
  const EVERY_MODE = {
    ...BUSINESS, delivery_enabled: true, shipping_enabled: true,
    delivery_settings: { delivery_disclaimer: 'We deliver on Tuesdays and Fridays.' }, pickup_disclaimer: 'Ring the bell at the loading dock.',
  };
  /** The cart in whichever mode the page asks for (order_type), with the checkout types the server worked out. */
  const modalCart = (lines: Cart['parcels'][number]['items'], checkout_types: Cart['checkout_types'], byMode: Record<number, Partial<Cart['totals']>> = {}) => new FakeApi()
    .on('GET /api/check-active-coupons', { data: { active: false } })
    .on('GET /api/cart-parcels', (request) => {
      const mode = Number(request.query.get('order_type') ?? 0);
      return { data: { ...pickupCart(lines, { order_type: mode, ...byMode[mode] }), checkout_types } };
    });
  const tab = (name: string) => screen.getByRole('tab', { name });

  it("offers only the modes the cart's checkout types allow, says which line keeps delivery out, and falls back to pickup", async () => {
    localStorage.setItem('deliveryMode', '1'); // delivery was chosen last time
    renderCheckout('/cart', { api: modalCart([DRILL, MULCH], { pickup: true, delivery: false, shipping: true }), business: EVERY_MODE });

    await screen.findByText('Bagged Mulch');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Pickup', 'Shipping']);
    expect(tab('Pickup').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Bagged Mulch is not available for delivery. Remove it from your cart or choose another way to get your order.')).toBeTruthy();
    expect(within(lineOf('Bagged Mulch')).getByText('Too heavy for our van: pickup only')).toBeTruthy();
    expect(within(lineOf('DeWalt 20V Cordless Drill')).queryByText(/Not available/)).toBeNull();
    expect(screen.getByTestId('mode-disclaimer').textContent).toBe('Ring the bell at the loading dock.');
  });

  it("shows the store's delivery disclaimer on the Delivery tab, and the spec's pickup words by default", async () => {
    const { user } = renderCheckout('/cart', {
      api: modalCart([DRILL], { pickup: true, delivery: true, shipping: false }),
      business: { ...EVERY_MODE, shipping_enabled: false, pickup_disclaimer: BUSINESS.pickup_disclaimer },
    });

    expect((await screen.findByTestId('mode-disclaimer')).textContent).toBe('Please allow time for our team to pull your order. You will be notified when it is ready.');
    await user.click(tab('Delivery'));
    await waitFor(() => expect(screen.getByTestId('mode-disclaimer').textContent).toBe('We deliver on Tuesdays and Fridays.'));
    expect(localStorage.getItem('deliveryMode')).toBe('1');
  });

  it('shows the code and its label, the fee details, and the delivery fee struck through with what is paid', async () => {
    const discounted = {
      coupon: 'FREEDEL', discount: '9.90', discount_label: '10% OFF', additional_fees: '3.00', additional_fee_details: [{ message: 'Battery recycling fee', price_impact: '3.00' }],
      delivery_fee: '15.00', discount_delivery: '10.00', delivery_charge: '5.00', delivery_charge_label: '$5.00', total: '103.04',
    };
    const { user } = renderCheckout('/cart', { api: modalCart([DRILL], { pickup: true, delivery: true, shipping: false }, { 1: discounted }), business: { ...EVERY_MODE, shipping_enabled: false } });

    await user.click(await screen.findByRole('tab', { name: 'Delivery' }));
    const summary = await screen.findByRole('definition', { name: 'Delivery $15.00, now $5.00' });
    expect(within(summary).getByTestId('delivery-charge-regular').textContent).toBe('$15.00');
    expect(summary.textContent).toBe('$15.00$5.00');
    expect(screen.getByText('Discount (10% OFF)')).toBeTruthy();
    expect(screen.getByTestId('discount').textContent).toBe('−$9.90');
    expect(screen.getByText('Battery recycling fee')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$103.04');
  });

  // Spec 1 §4 Cart page modes: tax display follows hideTax and taxDisclaimer; hideDeliveryZipcode hides the zip field.
  const NOTE = 'Tax is an estimate until your order is ready.';
  const cartSettings = (cart: Partial<typeof SETTINGS.cart>) => ({ ...SETTINGS, cart: { ...SETTINGS.cart, ...cart } });
  const summary = () => screen.getByLabelText('Order summary');

  it("lists the tax with the store's note under it, and asks for the delivery zip, by default", async () => {
    const { user } = renderCheckout('/cart', {
      api: modalCart([DRILL], { pickup: true, delivery: true, shipping: false }), business: { ...EVERY_MODE, shipping_enabled: false }, settings: cartSettings({ taxDisclaimer: NOTE }),
    });

    await screen.findByText('DeWalt 20V Cordless Drill');
    // 99.00 at 6%: 5.94 tax
    expect(within(summary()).getByText('Tax').nextElementSibling?.textContent).toBe('$5.94');
    const note = within(summary()).getByTestId('tax-disclaimer');
    expect(note.textContent).toBe(NOTE);
    expect(note.previousElementSibling?.textContent).toBe('$5.94');
    expect(screen.getByTestId('cart-total').textContent).toBe('$104.94');
    await user.click(tab('Delivery'));
    expect(await screen.findByLabelText('Delivery zip code')).toBeTruthy();
  });

  it('leaves the tax rows out with hideTax (the total still includes the tax, the note stays) and the zip box with hideDeliveryZipcode', async () => {
    const { user } = renderCheckout('/cart', {
      api: modalCart([DRILL], { pickup: true, delivery: true, shipping: false }), business: { ...EVERY_MODE, shipping_enabled: false },
      settings: cartSettings({ hideTax: true, taxDisclaimer: NOTE, hideDeliveryZipcode: true }),
    });

    await screen.findByText('DeWalt 20V Cordless Drill');
    expect(within(summary()).queryByText('Tax')).toBeNull();
    expect(within(summary()).queryByText('$5.94')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$104.94');
    expect(screen.getByTestId('tax-disclaimer').textContent).toBe(NOTE);
    await user.click(tab('Delivery'));
    await waitFor(() => expect(tab('Delivery').getAttribute('aria-selected')).toBe('true'));
    expect(screen.queryByLabelText('Delivery zip code')).toBeNull();
  });

  it('shows a free-shipping code by its label where it takes only the shipping charge off', async () => {
    const freeShipping = {
      coupon: 'FREESHIP', discount_label: 'FREE SHIPPING', shipping_fee: '10.49', discount_shipping: '10.49', shipping_charge: '0.00', shipping_charge_label: 'FREE',
    };
    renderCheckout('/cart', {
      api: modalCart([DRILL], { pickup: false, delivery: false, shipping: true }, { 0: freeShipping, 2: freeShipping }),
      business: { ...EVERY_MODE, pickup_enabled: false, delivery_enabled: false },
    });

    expect((await screen.findByTestId('shipping-charge')).textContent).toBe('$10.49FREE');
    expect(screen.getByTestId('discount-label').textContent).toBe('FREE SHIPPING');
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.queryByTestId('mode-disclaimer')).toBeNull();
  });
});
