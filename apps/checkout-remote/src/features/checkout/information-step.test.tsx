import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Cart } from '@platform/contracts';
import type { CustomerDetails } from '@platform/api-client';
import { BUSINESS, cartLine, CUSTOMER, DEVICE_ID, Failure, FakeApi, later, pickupCart, renderCheckout } from '../../test-support';

const DRILL = cartLine({ store_product_id: 101, title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1 });
const PICKUP_CART = pickupCart([DRILL]);
/** The same cart priced for delivery to 97301 (a $5.00 fee), the store delivering there. */
const DELIVERY_CART: Cart = {
  ...pickupCart([DRILL], { order_type: 1, delivery_charge: '5.00', delivery_charge_label: '$5.00', total: '109.94' }),
  checkout_types: { pickup: true, delivery: true, shipping: false },
};
const DELIVERS = { ...BUSINESS, delivery_enabled: true, delivery_locations: [{ code: '97301', fee: '5.00', minThreshold: null, thresholdFee: null }] };
const NO_PREFERENCES = { order_type: null, location_id: null, address: null };

function checkoutApi(cart: Cart) {
  return new FakeApi()
    .on('GET /api/check-active-coupons', { data: { active: false } })
    .on('GET /api/cart-parcels', { data: cart })
    .on('GET /api/cart-preferences', { data: NO_PREFERENCES });
}

async function fillContact(user: UserEvent) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Jane');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Doe');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jane@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '5035550142');
}

const writes = (api: FakeApi) => api.requests.filter((r) => r.method !== 'GET');

describe('checkout: Information step', () => {
  // The shopper pressed Checkout on the cart: the checkout is at step 2 (session storage, this tab).
  beforeEach(() => sessionStorage.setItem('cartStep', '2'));

  it('a guest picking up gives their contact details and goes on to Payment, which shows them for review', async () => {
    const api = checkoutApi(PICKUP_CART);
    const { user } = renderCheckout('/cart', { api });

    const pickup = (await screen.findByRole('heading', { name: 'Pickup' })).parentElement!;
    expect(within(pickup).getByText('Main Street')).toBeTruthy();
    await fillContact(user);
    expect((screen.getByRole('textbox', { name: 'Mobile number' }) as HTMLInputElement).value).toBe('(503) 555-0142');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    const review = screen.getByRole('heading', { name: 'Contact Information' }).nextElementSibling as HTMLElement;
    expect(within(review).getByText('Jane Doe')).toBeTruthy();
    expect(within(review).getByText('jane@example.com')).toBeTruthy();
    expect(within(review).getByText('Main Street, 12 Main St, Salem')).toBeTruthy();
    // Pickup keeps no address on the cart: nothing is written before the order is placed.
    expect(writes(api)).toEqual([]);
  });

  it('names every missing or malformed detail, stays on the step and sends nothing', async () => {
    const api = checkoutApi(PICKUP_CART);
    const { user } = renderCheckout('/cart', { api });

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'jane@example');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '555014');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    const problems = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(problems).toEqual(['Please enter your first name.', 'Please enter your last name.', 'Please enter a valid email address.', 'Please enter a valid phone number.']);
    expect(screen.getByRole('textbox', { name: 'First name' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Information' })).toBeTruthy();
    expect(writes(api)).toEqual([]);
  });

  it('for delivery it sends the address with POST /api/assign-address, then goes on to Payment', async () => {
    localStorage.setItem('deliveryMode', '1');
    const api = checkoutApi(DELIVERY_CART)
      .on('GET /api/cart-preferences', { data: { order_type: 1, location_id: 1, address: { address: '', address2: '', city: '', state: '', zip: '97301', country: 'US' } } })
      .on('POST /api/assign-address', { status: 'success', data: DELIVERY_CART });
    const { user } = renderCheckout('/cart', { api, business: DELIVERS });

    expect(await screen.findByRole('heading', { name: 'Delivery address' })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'Zip code' })) as HTMLInputElement).value).toBe('97301');
    await fillContact(user);
    await user.type(screen.getByRole('textbox', { name: 'Street address' }), '8 Oak St');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Salem');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'OR');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(api.sent('POST /api/assign-address').map((r) => r.body)).toEqual([
      { address: '8 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97301', order_type: 1, device_id: DEVICE_ID },
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe('$109.94');
  });

  it('a zip the store does not deliver to is named at the zip field, and the step stays', async () => {
    localStorage.setItem('deliveryMode', '1');
    const outside: Cart = { ...DELIVERY_CART, totals: { ...DELIVERY_CART.totals, delivery_charge: null, delivery_charge_label: 'Not available', delivery_error: 'invalid-zipcode' } };
    const api = checkoutApi(DELIVERY_CART).on('POST /api/assign-address', { status: 'success', data: outside });
    const { user } = renderCheckout('/cart', { api, business: DELIVERS });

    await fillContact(user);
    await user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 Far Away Rd');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Bend');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'OR');
    await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '97701');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The store does not deliver to this zip code. Please choose pickup or shipping.');
    expect(screen.getByRole('textbox', { name: 'Zip code' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/assign-address')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });

  it("a signed-in customer waits for their account's details, sees them stored with an edit button each, and continues with them", async () => {
    const details = later<{ data: CustomerDetails }>();
    const api = checkoutApi(PICKUP_CART).on('GET /api/get-customer-details', () => details.promise);
    const { user } = renderCheckout('/cart', { api, user: CUSTOMER });

    expect(await screen.findByText('Loading your details…')).toBeTruthy();
    details.resolve({ data: { slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142', receive_marketing: false, receive_sms: true, account_number: '', custom_info: {}, store_id: 1 } });

    expect(await screen.findByText('(503) 555-0142')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit e-mail' })).toBeTruthy();
    expect(api.sent('GET /api/get-customer-details')[0].headers.get('Authorization')).toBe('Bearer customer-token');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
  });

  it("tells a signed-in customer when their details could not be loaded, and loads them again on Try again", async () => {
    let calls = 0;
    const api = checkoutApi(PICKUP_CART).on('GET /api/get-customer-details', () => {
      calls += 1;
      return calls === 1 ? new Failure(503, 'Service unavailable') : { data: { slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142', receive_marketing: false, receive_sms: true, account_number: '', custom_info: {}, store_id: 1 } };
    });
    const { user } = renderCheckout('/cart', { api, user: CUSTOMER });

    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your details.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('(503) 555-0142')).toBeTruthy();
  });

  it('where the store asks, a guest confirms their mobile number with the 4-digit code texted to it before Payment', async () => {
    const sent = 'We sent a 4-digit code to (503) 555-0142. Enter it to confirm your number.';
    const api = checkoutApi(PICKUP_CART).on('POST /api/orders/validate-info', (request) => {
      const body = request.body as { code?: string };
      if (!body.code) return { status: 'success', message: sent, verification_required: true };
      if (body.code !== '4821') return new Failure(422, 'The verification code is not correct. Please try again.', { code: ['The verification code is not correct. Please try again.'] });
      return { status: 'success', message: 'Thank you: your mobile number is confirmed.', verification_required: false };
    });
    const { user } = renderCheckout('/cart', { api, business: { ...BUSINESS, verify_phone_at_checkout: true } });

    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const check = await screen.findByRole('group', { name: 'Phone verification' });
    expect(within(check).getByRole('status').textContent).toBe(sent);
    const code = within(check).getByRole('textbox', { name: 'Verification code' });
    await user.type(code, '1111');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await within(check).findByText('The verification code is not correct. Please try again.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '4821');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(api.sent('POST /api/orders/validate-info').map((r) => (r.body as { code?: string }).code)).toEqual([undefined, '1111', '4821']);
    expect(api.sent('POST /api/orders/validate-info')[0].body).toMatchObject({ first_name: 'Jane', telephone: '5035550142', device_id: DEVICE_ID });
  });
});
