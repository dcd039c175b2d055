import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { CARD_FORM_NOT_LOADED, stripeJs } from './stripe-card-field';
import { providerScripts, type AcceptUiResponse } from './card-entry';
import { PROVIDER_TEST_CARDS } from '@platform/domain';
import type { PaymentSettings, PlacedOrder } from '@platform/contracts';
import { BUSINESS, cartLine, CUSTOMER, DEVICE_ID, FakeApi, Failure, pickupCart, renderCheckout, SETTINGS } from '../../test-support';

const DRILL = cartLine({ store_product_id: 101, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', price: '99.00', quantity: 1 });
const BITS = cartLine({ store_product_id: 102, sku: 'DW1354', title: 'Drill Bit Set', price: '12.49', quantity: 2 });
const CART = pickupCart([DRILL, BITS]);
const CONTACT = { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142', note: 'Side door, please' };
const PAY_IN_STORE: PaymentSettings = { payment_provider: null, payment_preparable: false, cards_offered: false };
const STRIPE_TEST_MODE: PaymentSettings = {
  payment_provider: 'stripe', payment_preparable: true, cards_offered: true, stripe: { publishable_key: 'pk_test_123', is_live: false, account_id: 'acct_123', disable_save_card: false },
};

const ORDER: PlacedOrder = {
  order_number: '1001', status: 'pending', order_type: 'pickup', placed_at: '2026-11-25T18:00:00.000Z',
  contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
  address: null, store: { id: 1, name: 'Main Street', address: '12 Main St, Salem, OR 97301' }, shipping_service: null,
  items: [{ id: 'o1.0', sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, cancelled_quantity: 0, price: '99.00', special: false }, { id: 'o1.1', sku: 'DW1354', title: 'Drill Bit Set', quantity: 2, cancelled_quantity: 0, price: '12.49', special: false }],
  subtotal: '123.98', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '7.44', fulfilment_charge: '0.00', total: '131.42',
  payment: { method: 'pay_at_store', label: 'Pay at the store when you pick up', status: 'due' }, note: 'Side door, please',
  timeline: [{ status: 'placed', label: 'Placed', at: '2026-11-25T18:00:00.000Z', note: '' }],
  delivery_date: null, delivery_window: null,
};

function paymentApi(payments = PAY_IN_STORE) {
  return new FakeApi()
    .on('GET /api/check-active-coupons', { data: { active: false } })
    .on('GET /api/cart-parcels', { data: CART })
    .on('GET /api/payment-settings', { data: payments })
    .on('GET /api/cart-preferences', { data: { order_type: null, location_id: null, address: null } })
    .on('GET /api/orders/order', { data: ORDER });
}

const placeOrder = () => screen.findByRole('button', { name: 'Place order · $131.42' });

describe('checkout: Payment step', () => {
  // The shopper gave their details on the Information step, which keeps them for this tab and moves to step 3.
  beforeEach(() => {
    sessionStorage.setItem('checkoutContact', JSON.stringify(CONTACT));
    sessionStorage.setItem('cartStep', '3');
  });

  it('shows the contact details for review, the lines, the totals and paying at the store', async () => {
    renderCheckout('/cart', { api: paymentApi() });

    await placeOrder();
    const review = screen.getByRole('heading', { name: 'Contact Information' }).nextElementSibling as HTMLElement;
    expect(within(review).getByText('Jane Doe')).toBeTruthy();
    expect(within(review).getByText('(503) 555-0142')).toBeTruthy();
    expect(within(review).getByText('Side door, please')).toBeTruthy();
    expect(screen.getByText('2 × Drill Bit Set')).toBeTruthy();
    expect(screen.getByText('$123.98')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$131.42');
    expect((screen.getByRole('radio', { name: 'Pay at the store when you pick up' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: 'Pay now by card' })).toBeNull();
  });

  it("follows the store's cart settings in the order total: no tax row with hideTax, the total unchanged, the tax note shown", async () => {
    const note = 'Sales tax is worked out again when you pick up.';
    renderCheckout('/cart', { api: paymentApi(), settings: { ...SETTINGS, cart: { ...SETTINGS.cart, hideTax: true, taxDisclaimer: note } } });

    await placeOrder();
    const totals = screen.getByLabelText('Order total');
    expect(within(totals).queryByText('Tax')).toBeNull();
    expect(within(totals).queryByText('$7.44')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('$131.42');
    expect(screen.getByTestId('tax-disclaimer').textContent).toBe(note);
  });

  it('Place order sends POST /api/customer/orders/submit with the details, the total shown and a checkout key, then shows the placed order', async () => {
    const api = paymentApi().on('POST /api/customer/orders/submit', { status: true, message: 'Thank you! Your order has been placed.', order: ORDER });
    const { user } = renderCheckout('/cart', { api });

    await user.click(await placeOrder());

    expect(await screen.findByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('1001');
    expect(screen.getByTestId('placed-total').textContent).toBe('$131.42');
    const [submit] = api.sent('POST /api/customer/orders/submit');
    expect(submit.body).toEqual({
      device_id: DEVICE_ID, order_type: 0, first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142',
      note: 'Side door, please', expected_total: '131.42', payment_method: 'pay_at_store',
    });
    expect(submit.headers.get('Idempotency-Key')).toMatch(/^checkout-[0-9a-f]{32}$/);
    expect(Object.fromEntries(api.sent('GET /api/orders/order')[0].query)).toEqual({ order_number: '1001', device_id: DEVICE_ID });
    expect(window.location.pathname + window.location.search).toBe('/cart?order=1001');
  });

  it("an order refused for a changed total shows the server's message and the new total, and the next try is a new attempt", async () => {
    // The drill went up to 101.35 meanwhile: 101.35 + 24.98 = 126.33, 6% tax 7.58.
    let cart = CART;
    const repriced = pickupCart([{ ...DRILL, price: '101.35' }, BITS]);
    const api = paymentApi()
      .on('GET /api/cart-parcels', () => ({ data: cart }))
      .on('POST /api/customer/orders/submit', () => {
        cart = repriced;
        return new Failure(409, 'Your order total changed to $133.91. Please check your order and place it again.');
      });
    const { user } = renderCheckout('/cart', { api });

    await user.click(await placeOrder());
    expect((await screen.findByRole('alert')).textContent).toBe('Your order total changed to $133.91. Please check your order and place it again.');
    await user.click(await screen.findByRole('button', { name: 'Place order · $133.91' }));

    const attempts = api.sent('POST /api/customer/orders/submit');
    expect(attempts.map((r) => (r.body as { expected_total: string }).expected_total)).toEqual(['131.42', '133.91']);
    expect(attempts[1].headers.get('Idempotency-Key')).not.toBe(attempts[0].headers.get('Idempotency-Key'));
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
  });

  it("in Stripe's test mode the shopper can pay by a test card; a decline is shown and no order is placed", async () => {
    const api = paymentApi(STRIPE_TEST_MODE)
      .on('POST /api/customer/orders/submit', new Failure(422, 'Your card was declined.', { payment_token: ['Your card was declined.'] }));
    const { user } = renderCheckout('/cart', { api });

    await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Test card' }), 'Visa ending 0002 (declined)');
    await user.click(await placeOrder());

    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(api.sent('POST /api/customer/orders/submit').map((r) => r.body)).toEqual([
      expect.objectContaining({ payment_method: 'card', payment_token: 'pm_card_chargeDeclined', expected_total: '131.42' }),
    ]);
    expect(api.sent('GET /api/orders/order')).toEqual([]);
  });

  describe('paying later, by how the order reaches the shopper (payLaterProblem)', () => {
    const QUOTE = { id: 'ups-ground', carrier: 'UPS', service: 'Ground', rate: '0.00', handling_fee: '0.00', total: '0.00', delivery_days: null };
    const byMode = (mode: 1 | 2): typeof CART => ({
      ...pickupCart([DRILL, BITS], { order_type: mode, ...(mode === 2 ? { shipping_quote: QUOTE } : {}) }),
      checkout_types: { pickup: true, delivery: mode === 1, shipping: mode === 2 },
    });
    const at = (mode: 1 | 2, payments: PaymentSettings) => {
      localStorage.setItem('deliveryMode', String(mode));
      return paymentApi(payments).on('GET /api/cart-parcels', { data: byMode(mode) })
        .on('POST /api/customer/orders/submit', new Failure(422, 'Your card was declined.', { payment_token: ['Your card was declined.'] }));
    };
    const methods = () => screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).name === 'payment_method')
      .map((r) => `${r.parentElement!.textContent!.trim()}${(r as HTMLInputElement).checked ? ' (checked)' : ''}`);

    it('a delivery may be paid on delivery at a store that takes cards too', async () => {
      renderCheckout('/cart', { api: at(1, STRIPE_TEST_MODE) });
      await placeOrder();
      await waitFor(() => expect(methods()).toEqual(['Pay when your order is delivered (checked)', 'Pay now by card']));
    });

    it('a shipped order is paid by card where the store takes cards: paying by phone is not offered', async () => {
      const api = at(2, STRIPE_TEST_MODE);
      const { user } = renderCheckout('/cart', { api });
      await placeOrder();
      await waitFor(() => expect(methods()).toEqual(['Pay now by card (checked)']));
      await user.click(await placeOrder());
      await waitFor(() => expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(1));
      expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ order_type: 2, payment_method: 'card', payment_token: 'pm_card_visa' });
    });

    it('a shipped order at a store that takes no cards is paid by phone', async () => {
      renderCheckout('/cart', { api: at(2, PAY_IN_STORE) });
      await placeOrder();
      expect(methods()).toEqual(['Pay by phone: the store calls you to take payment before it ships (checked)']);
    });

    it('a shipped order is paid by phone where the server says the card provider lacks a setting (cards_offered false)', async () => {
      renderCheckout('/cart', { api: at(2, { ...STRIPE_TEST_MODE, cards_offered: false }) });
      await placeOrder();
      expect(methods()).toEqual(['Pay by phone: the store calls you to take payment before it ships (checked)']);
    });
  });

  it("a signed-in shopper pays with a saved card by default, or with a new card saved for next time", async () => {
    const saved = { source: 'pm_saved_1', brand: 'Mastercard', last4: '4444', exp_month: 8, exp_year: 2030 };
    const api = paymentApi(STRIPE_TEST_MODE)
      .on('GET /api/customer-cards', { data: [saved] })
      .on('POST /api/customer/orders/submit', new Failure(422, 'Your card was declined.', { payment_token: ['Your card was declined.'] }));
    const { user } = renderCheckout('/cart', { api, user: CUSTOMER });

    await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    expect((await screen.findByRole('radio', { name: 'Mastercard ending in 4444, expires 08/30' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Test card' })).toBeNull();
    await user.click(await placeOrder());
    await screen.findByRole('alert');

    await user.click(screen.getByRole('radio', { name: 'A new card' }));
    await user.click(screen.getByRole('checkbox', { name: 'Save this card to my account for next time' }));
    await user.click(await placeOrder());
    await screen.findByRole('alert');
    expect(api.sent('POST /api/customer/orders/submit').map((r) => r.body)).toEqual([
      expect.objectContaining({ payment_method: 'card', payment_token: 'pm_saved_1' }),
      expect.objectContaining({ payment_method: 'card', payment_token: 'pm_card_visa', save_card: true }),
    ]);
    expect(api.sent('POST /api/customer/orders/submit')[0].body).not.toHaveProperty('save_card');
  });

  it("a signed-in shopper's saved cards are not offered while the store offers no cards (cards_offered false): paid at the store", async () => {
    const api = paymentApi({ ...STRIPE_TEST_MODE, cards_offered: false })
      .on('GET /api/customer-cards', { data: [{ source: 'pm_saved_1', brand: 'Mastercard', last4: '4444', exp_month: 8, exp_year: 2030 }] })
      .on('POST /api/customer/orders/submit', new Failure(422, 'Your order could not be placed.'));
    const { user } = renderCheckout('/cart', { api, user: CUSTOMER });
    await user.click(await placeOrder());
    await screen.findByRole('alert');
    expect(screen.queryByRole('radio', { name: 'Pay now by card' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /Mastercard ending in 4444/ })).toBeNull();
    expect(api.sent('GET /api/customer-cards')).toEqual([]);
    expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ payment_method: 'pay_at_store' });
    expect(api.sent('POST /api/customer/orders/submit')[0].body).not.toHaveProperty('payment_token');
  });

  it('a signed-in shopper may repeat the order where the store offers it: the frequency and its coming dates are shown and sent', async () => {
    const api = paymentApi(STRIPE_TEST_MODE)
      .on('GET /api/customer-cards', { data: [] })
      .on('POST /api/recurring-order-dates', { data: { frequency: 'every-2-weeks', label: 'Every 2 weeks', dates: ['2026-12-10', '2026-12-24', '2027-01-07', '2027-01-21'] } })
      .on('POST /api/customer/orders/submit', new Failure(422, 'Your card was declined.', { payment_token: ['Your card was declined.'] }));
    const { user } = renderCheckout('/cart', { api, user: CUSTOMER, business: { ...BUSINESS, recurring_orders_enabled: true } });

    await user.click(await screen.findByRole('checkbox', { name: /Place this order again for me/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'How often' }), 'every-2-weeks');
    expect(await screen.findByText(/Next orders: Thu, Dec 10, Thu, Dec 24, Thu, Jan 7\./)).toBeTruthy();
    expect(api.sent('POST /api/recurring-order-dates').at(-1)!.body).toEqual({ frequency: 'every-2-weeks' });
    // Paid by a new card, the card is saved to pay for the repeats.
    await user.click(screen.getByRole('radio', { name: 'Pay now by card' }));
    expect(screen.getByText(/Your card is saved to your account to pay for them/)).toBeTruthy();
    await user.click(await placeOrder());
    await screen.findByRole('alert');
    expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ payment_method: 'card', payment_token: 'pm_card_visa', save_card: true, recurring: { frequency: 'every-2-weeks' } });
  });

  describe('Charge to account', () => {
    const ON_ACCOUNT: PaymentSettings = { ...PAY_IN_STORE, payment_charge_account: true };
    const ACCOUNT = { id: 'acct-1', number: 'AR-1001', name: 'Doe Renovations', status: 'active' as const, available: '2,368.58' };
    const CHARGED: PlacedOrder = { ...ORDER, payment: { method: 'ar_account', label: 'Charged to account Doe Renovations (AR-1001)', status: 'due' } };

    it("a signed-in shopper on an account charges the order to it; Done reads 'Charged to account'", async () => {
      const api = paymentApi(ON_ACCOUNT).on('GET /api/customer/ar-account', { data: ACCOUNT })
        .on('GET /api/orders/order', { data: CHARGED })
        .on('POST /api/customer/orders/submit', { status: true, message: 'Thank you! Your order has been placed.', order: CHARGED });
      const { user } = renderCheckout('/cart', { api, user: CUSTOMER, business: { ...BUSINESS, recurring_orders_enabled: true } });

      const charge = await screen.findByRole('radio', { name: 'Charge to account Doe Renovations (AR-1001)' }) as HTMLInputElement;
      expect(charge.checked).toBe(false);
      expect((screen.getByRole('radio', { name: 'Pay at the store when you pick up' }) as HTMLInputElement).checked).toBe(true);
      expect(document.getElementById(charge.getAttribute('aria-describedby')!)!.textContent).toBe('$2,368.58 available on the account. The store bills the account; nothing is paid now.');
      await user.click(charge);
      // A repeated order is paid by card or at the store: not offered with the account.
      expect(screen.queryByRole('checkbox', { name: /Place this order again/ })).toBeNull();
      await user.click(await placeOrder());

      expect(await screen.findByText('Payment: Charged to account Doe Renovations (AR-1001).')).toBeTruthy();
      expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ payment_method: 'ar_account' });
      expect(api.sent('POST /api/customer/orders/submit')[0].body).not.toHaveProperty('recurring');
    });

    it("shows the server's refusal (over the limit) and keeps the choice, so the shopper can pay another way", async () => {
      const over = 'This order would take your account over its credit limit.';
      const api = paymentApi(ON_ACCOUNT).on('GET /api/customer/ar-account', { data: ACCOUNT })
        .on('POST /api/customer/orders/submit', new Failure(422, over, { payment_method: [over] }));
      const { user } = renderCheckout('/cart', { api, user: CUSTOMER });
      await user.click(await screen.findByRole('radio', { name: 'Charge to account Doe Renovations (AR-1001)' }));
      await user.click(await placeOrder());
      expect((await screen.findByRole('alert')).textContent).toContain(over);
      await user.click(screen.getByRole('radio', { name: 'Pay at the store when you pick up' }));
      await user.click(await placeOrder());
      await waitFor(() => expect(api.sent('POST /api/customer/orders/submit').map((r) => (r.body as { payment_method: string }).payment_method)).toEqual(['ar_account', 'pay_at_store']));
    });

    it('is not offered on hold (the shopper reads why), to guests, or where the store does not offer it', async () => {
      const guestApi = paymentApi(ON_ACCOUNT).on('GET /api/customer/ar-account', { data: ACCOUNT });
      const guest = renderCheckout('/cart', { api: guestApi });
      await placeOrder();
      expect(screen.queryByRole('radio', { name: /Charge to account/ })).toBeNull();
      expect(guestApi.sent('GET /api/customer/ar-account')).toHaveLength(0);
      guest.unmount();
      const held = renderCheckout('/cart', { api: paymentApi(ON_ACCOUNT).on('GET /api/customer/ar-account', { data: { ...ACCOUNT, status: 'on_hold' } }), user: CUSTOMER });
      expect(await screen.findByText('Your account Doe Renovations (AR-1001) is on hold: it takes no new orders. Please choose another way to pay, or call the store.')).toBeTruthy();
      expect(screen.queryByRole('radio', { name: /Charge to account/ })).toBeNull();
      held.unmount();
      const offApi = paymentApi().on('GET /api/customer/ar-account', { data: ACCOUNT });
      renderCheckout('/cart', { api: offApi, user: CUSTOMER });
      await placeOrder();
      expect(screen.queryByRole('radio', { name: /Charge to account/ })).toBeNull();
      expect(offApi.sent('GET /api/customer/ar-account')).toHaveLength(0);
    });
  });

  it('repeating is not offered to guests, or where the store does not offer it', async () => {
    const { unmount } = renderCheckout('/cart', { api: paymentApi(), business: { ...BUSINESS, recurring_orders_enabled: true } });
    await placeOrder();
    expect(screen.queryByRole('checkbox', { name: /Place this order again/ })).toBeNull();
    unmount();
    renderCheckout('/cart', { api: paymentApi(), user: CUSTOMER });
    await placeOrder();
    expect(screen.queryByRole('checkbox', { name: /Place this order again/ })).toBeNull();
  });

  it("a live store takes the card in Stripe's own fields: Place order sends Stripe's token for the card typed, never the card", async () => {
    const handlers: Record<string, (event: { complete?: boolean; error?: { message: string } }) => void> = {};
    const element = { on: (name: string, handler: (typeof handlers)[string]) => { handlers[name] = handler; }, mount: vi.fn(), destroy: vi.fn() };
    const createPaymentMethod = vi.fn(async () => ({ paymentMethod: { id: 'pm_live_typed' } }));
    const load = vi.spyOn(stripeJs, 'load').mockResolvedValue({ elements: () => ({ create: () => element }), createPaymentMethod } as never);
    const live: PaymentSettings = { ...STRIPE_TEST_MODE, stripe: { ...STRIPE_TEST_MODE.stripe!, publishable_key: 'pk_live_123', is_live: true } };
    const api = paymentApi(live).on('POST /api/customer/orders/submit', new Failure(422, 'Your card was declined.', { payment_token: ['Your card was declined.'] }));
    const { user } = renderCheckout('/cart', { api });

    await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    await waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(load).toHaveBeenCalledWith('pk_live_123');
    expect(screen.queryByRole('combobox', { name: 'Test card' })).toBeNull();
    // Not complete yet: the shopper is told, nothing is sent.
    await user.click(await placeOrder());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your card number, expiry date, CVC and ZIP code.');
    expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(0);
    act(() => handlers.change({ complete: true }));
    await user.click(await placeOrder());
    await waitFor(() => expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(1));
    expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ payment_method: 'card', payment_token: 'pm_live_typed' });
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element });
    load.mockRestore();
  });

  it('says so when the card form cannot load, and paying at the store still works', async () => {
    const load = vi.spyOn(stripeJs, 'load').mockRejectedValue(new Error('offline'));
    const live: PaymentSettings = { ...STRIPE_TEST_MODE, stripe: { ...STRIPE_TEST_MODE.stripe!, publishable_key: 'pk_live_123', is_live: true } };
    const { user } = renderCheckout('/cart', { api: paymentApi(live) });
    await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CARD_FORM_NOT_LOADED);
    expect(screen.getByRole('radio', { name: 'Pay at the store when you pick up' })).toBeTruthy();
    load.mockRestore();
  });

  it('a guest is not offered to save the card, nor where the store does not save cards', async () => {
    const { user, unmount } = renderCheckout('/cart', { api: paymentApi(STRIPE_TEST_MODE) });
    await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    expect(screen.getByRole('combobox', { name: 'Test card' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Save this card/ })).toBeNull();
    unmount();

    const noSaving: PaymentSettings = { ...STRIPE_TEST_MODE, stripe: { ...STRIPE_TEST_MODE.stripe!, disable_save_card: true } };
    const api = paymentApi(noSaving)
      .on('GET /api/customer-cards', { data: [] });
    const signedIn = renderCheckout('/cart', { api, user: CUSTOMER });
    await signedIn.user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    expect(screen.getByRole('combobox', { name: 'Test card' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Save this card/ })).toBeNull();
  });

  it("a card its bank must confirm takes the shopper to the bank's page; back from it, the order shows once the server places it", async () => {
    const ORDER_ID = '0123456789abcdef01234567';
    const bank = `http://bank.test/authenticate/pi_123`;
    const api = paymentApi(STRIPE_TEST_MODE)
      .on('POST /api/customer/orders/submit', { status: false, message: 'Please confirm the payment with your bank.', confirm: { order_id: ORDER_ID, redirect_url: bank } })
      .on(`POST /api/customer/orders/callback/${ORDER_ID}`, { status: true, message: 'Thank you! Your order has been placed.', order: ORDER });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const first = renderCheckout('/cart', { api });
    await first.user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Test card' }), 'Visa ending 3220 (asks the bank to confirm)');
    await first.user.click(await placeOrder());
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(bank));
    expect(await screen.findByRole('button', { name: 'Taking you to your bank…' })).toHaveProperty('disabled', true);
    first.unmount();

    renderCheckout(`/cart?payment=${ORDER_ID}&payment_intent=pi_123&redirect_status=succeeded`, { api });
    expect(await screen.findByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeTruthy();
    expect(api.sent(`POST /api/customer/orders/callback/${ORDER_ID}`).map((r) => r.body)).toEqual([{ device_id: DEVICE_ID }]);
    expect(window.location.pathname + window.location.search).toBe('/cart?order=1001');
  });

  it('back from a bank that did not confirm, the shopper reads why and returns to the kept cart', async () => {
    const ORDER_ID = '0123456789abcdef01234567';
    const refused = 'Your bank did not confirm the payment, so the order was not placed. Your cart is kept: please try again or use another card.';
    const api = paymentApi(STRIPE_TEST_MODE).on(`POST /api/customer/orders/callback/${ORDER_ID}`, new Failure(422, refused, { payment_token: [refused] }));
    const { user } = renderCheckout(`/cart?payment=${ORDER_ID}`, { api });
    expect((await screen.findByRole('alert')).textContent).toContain(refused);
    await user.click(screen.getByRole('button', { name: 'Back to your cart' }));
    expect(await placeOrder()).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('opened without contact details (a bookmark, another tab) it goes back to the Information step', async () => {
    sessionStorage.removeItem('checkoutContact');
    renderCheckout('/cart', { api: paymentApi() });

    expect(await screen.findByRole('heading', { name: 'Information' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place order/ })).toBeNull();
  });

  describe('card providers other than Stripe', () => {
    const TEST_MODE: Record<'adyen' | 'authorize_net' | 'plugnpay' | 'fiserv', PaymentSettings> = {
      adyen: { payment_provider: 'adyen', payment_preparable: false, cards_offered: true, adyen: { origin_key: 'test_ABCDEFGHIJKLMNOPQRSTUV', environment: 'test', disable_save_card: false } },
      authorize_net: { payment_provider: 'authorize_net', payment_preparable: false, cards_offered: true, authorize_net: { is_live: false, login_id: 'login123', client_key: 'k'.repeat(50), show_biling_address: false, disable_save_card: false } },
      plugnpay: { payment_provider: 'plugnpay', payment_preparable: false, cards_offered: true, plugnpay: { host: '', username: 'pnpdemo', currency: 'USD', disable_save_card: false } },
      fiserv: { payment_provider: 'fiserv', payment_preparable: false, cards_offered: true, fiserv: { is_live: false, disable_save_card: false } },
    };
    const declined = () => new Failure(422, 'Your card was declined.', { payment_token: ['Your card was declined.'] });

    it.each(Object.keys(TEST_MODE) as (keyof typeof TEST_MODE)[])("in %s's test mode the shopper picks one of its test cards; its token is sent and a refusal is read in the step, the cart kept", async (provider) => {
      const api = paymentApi(TEST_MODE[provider]).on('POST /api/customer/orders/submit', declined());
      const { user } = renderCheckout('/cart', { api });

      await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
      const select = screen.getByRole('combobox', { name: 'Test card' });
      expect(Array.from((select as HTMLSelectElement).options, (o) => o.textContent)).toEqual(PROVIDER_TEST_CARDS[provider].map((c) => c.label));
      await user.selectOptions(select, PROVIDER_TEST_CARDS[provider][1].label);
      await user.click(await placeOrder());

      expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
      expect(api.sent('POST /api/customer/orders/submit').map((r) => r.body)).toEqual([
        expect.objectContaining({ payment_method: 'card', payment_token: PROVIDER_TEST_CARDS[provider][1].token }),
      ]);
      // Still the Payment step with the same cart: the shopper may choose another card.
      expect(await placeOrder()).toBeTruthy();
      expect(screen.getByText('2 × Drill Bit Set')).toBeTruthy();
    });

    it('a signed-in shopper pays with a card saved at the provider, or saves a new one unless the store turned saving off', async () => {
      const saved = { source: 'stored_8315', brand: 'Visa', last4: '1111', exp_month: 3, exp_year: 2030 };
      const api = paymentApi(TEST_MODE.adyen).on('GET /api/customer-cards', { data: [saved] }).on('POST /api/customer/orders/submit', declined());
      const { user, unmount } = renderCheckout('/cart', { api, user: CUSTOMER });
      await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
      expect((await screen.findByRole('radio', { name: 'Visa ending in 1111, expires 03/30' }) as HTMLInputElement).checked).toBe(true);
      await user.click(await placeOrder());
      await screen.findByRole('alert');
      await user.click(screen.getByRole('radio', { name: 'A new card' }));
      await user.click(screen.getByRole('checkbox', { name: 'Save this card to my account for next time' }));
      await user.click(await placeOrder());
      await waitFor(() => expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(2));
      expect(api.sent('POST /api/customer/orders/submit').map((r) => r.body)).toEqual([
        expect.objectContaining({ payment_token: 'stored_8315' }),
        expect.objectContaining({ payment_token: PROVIDER_TEST_CARDS.adyen[0].token, save_card: true }),
      ]);
      unmount();

      const noSaving: PaymentSettings = { ...TEST_MODE.fiserv, fiserv: { is_live: false, disable_save_card: true } };
      const signedIn = renderCheckout('/cart', { api: paymentApi(noSaving).on('GET /api/customer-cards', { data: [] }), user: CUSTOMER });
      await signedIn.user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
      expect(screen.getByRole('combobox', { name: 'Test card' })).toBeTruthy();
      expect(screen.queryByRole('checkbox', { name: /Save this card/ })).toBeNull();
    });

    it("a live Adyen store takes the card in Adyen's card component: Place order sends the component's encrypted card, never the card", async () => {
      let onChange: ((state: { isValid: boolean; data: { paymentMethod: unknown } }) => void) | undefined;
      const component = { mount: vi.fn(), unmount: vi.fn(), showValidation: vi.fn() };
      const load = vi.spyOn(providerScripts, 'adyen').mockResolvedValue({ create: (_type, options) => { onChange = options.onChange; return component; } });
      const live: PaymentSettings = { ...TEST_MODE.adyen, adyen: { origin_key: 'live_ABCDEFGHIJKLMNOPQRSTUV', environment: 'live', disable_save_card: false } };
      const api = paymentApi(live).on('POST /api/customer/orders/submit', declined());
      const { user } = renderCheckout('/cart', { api });

      await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
      await waitFor(() => expect(component.mount).toHaveBeenCalled());
      expect(load).toHaveBeenCalledWith('live_ABCDEFGHIJKLMNOPQRSTUV');
      expect(screen.queryByRole('combobox', { name: 'Test card' })).toBeNull();
      await user.click(await placeOrder());
      expect((await screen.findByRole('alert')).textContent).toBe('Please complete your card details.');
      expect(component.showValidation).toHaveBeenCalled();
      expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(0);

      const paymentMethod = { type: 'scheme', encryptedCardNumber: 'adyenjs_0_1_25$abc', encryptedExpiryMonth: 'adyenjs_0_1_25$m', encryptedExpiryYear: 'adyenjs_0_1_25$y', encryptedSecurityCode: 'adyenjs_0_1_25$c' };
      act(() => onChange!({ isValid: true, data: { paymentMethod } }));
      await user.click(await placeOrder());
      await waitFor(() => expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(1));
      expect(JSON.parse((api.sent('POST /api/customer/orders/submit')[0].body as { payment_token: string }).payment_token)).toEqual(paymentMethod);
      load.mockRestore();
    });

    it("a live Authorize.Net store opens Authorize.Net's own card form; Place order sends its nonce once", async () => {
      const load = vi.spyOn(providerScripts, 'acceptUi').mockResolvedValue(undefined);
      const live: PaymentSettings = { ...TEST_MODE.authorize_net, authorize_net: { ...TEST_MODE.authorize_net.authorize_net!, is_live: true } };
      const api = paymentApi(live).on('POST /api/customer/orders/submit', declined());
      const { user } = renderCheckout('/cart', { api });

      await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
      const open = await screen.findByRole('button', { name: 'Enter card details' });
      await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
      expect(open.className).toContain('AcceptUI');
      expect(open.getAttribute('data-apiloginid')).toBe('login123');
      expect(open.getAttribute('data-clientkey')).toBe('k'.repeat(50));
      // Its billing fields are shown, so the ZIP typed there reaches the bank in the nonce for its address check.
      expect(JSON.parse(open.getAttribute('data-billingaddressoptions')!)).toEqual({ show: true, required: false });
      await user.click(await placeOrder());
      expect((await screen.findByRole('alert')).textContent).toBe('Please enter your card in the card form first (Enter card details).');
      expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(0);

      // Authorize.Net's form answers through the handler the button names.
      const answer = (window as unknown as Record<string, (r: AcceptUiResponse) => void>)[open.getAttribute('data-responsehandler')!];
      act(() => answer({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }] } }));
      expect(await screen.findByText('Please provide valid credit card number.')).toBeTruthy();
      act(() => answer({
        opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUzNjkxOUJCQzI0' },
        customerInformation: { firstName: 'Jane', lastName: 'Doe' }, messages: { resultCode: 'Ok', message: [] },
      }));
      expect(await screen.findByText('Your card is ready. Place the order to pay.')).toBeTruthy();
      await user.click(await placeOrder());
      await waitFor(() => expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(1));
      expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ payment_method: 'card', payment_token: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUzNjkxOUJCQzI0' });
      // Declined: the nonce is spent, so the next try asks for the card again.
      await screen.findByText('Your card was declined.');
      await user.click(await placeOrder());
      expect(api.sent('POST /api/customer/orders/submit')).toHaveLength(1);
      load.mockRestore();
    });

    it("a live Fiserv store sends the shopper to Fiserv's payment page with the order's signed form; no card is saved there", async () => {
      const form = { action_url: 'https://www.ipg-online.com/connect/gateway/processing', fields: { storename: '3300000001', oid: '0123456789abcdef01234567', chargetotal: '131.42', hashExtended: 'abc=' } };
      const toThePage = { status: false as const, message: 'Please enter your card on the payment page.', confirm: { order_id: '0123456789abcdef01234567', redirect_url: form.action_url, form } };
      const api = paymentApi({ ...TEST_MODE.fiserv, fiserv: { is_live: true, disable_save_card: false } })
        .on('GET /api/customer-cards', { data: [] })
        .on('POST /api/customer/orders/submit', toThePage);
      const posted: { action: string; fields: Record<string, string> }[] = [];
      const submitForm = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
        posted.push({ action: this.action, fields: Object.fromEntries(Array.from(this.elements as HTMLFormControlsCollection, (e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value])) });
      });
      const { user } = renderCheckout('/cart', { api, user: CUSTOMER });

      await user.click(await screen.findByRole('radio', { name: 'Pay now by card' }));
      expect(screen.getByText(/enter your card on Fiserv's secure payment page/)).toBeTruthy();
      expect(screen.queryByRole('checkbox', { name: /Save this card/ })).toBeNull();
      await user.click(await placeOrder());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]).toEqual({ action: form.action_url, fields: form.fields });
      expect(api.sent('POST /api/customer/orders/submit')[0].body).toMatchObject({ payment_method: 'card', payment_token: 'fiserv_connect' });
      expect(api.sent('POST /api/customer/orders/submit')[0].body).not.toHaveProperty('save_card');
      expect(await screen.findByRole('button', { name: "Taking you to Fiserv's payment page…" })).toHaveProperty('disabled', true);
      submitForm.mockRestore();
    });

    it("a live Plug'n Pay store is not offered cards (its payment page is not connected): paying at the store works", async () => {
      renderCheckout('/cart', { api: paymentApi({ ...TEST_MODE.plugnpay, plugnpay: { host: '', username: 'shop42', currency: 'USD', disable_save_card: false } }) });
      expect(await placeOrder()).toBeTruthy();
      expect(screen.queryByRole('radio', { name: 'Pay now by card' })).toBeNull();
      expect((screen.getByRole('radio', { name: 'Pay at the store when you pick up' }) as HTMLInputElement).checked).toBe(true);
    });
  });
});
