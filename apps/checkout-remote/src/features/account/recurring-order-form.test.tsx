import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Address, Paged, RecurringOrder, RecurringProductChoice, ShippingQuote } from '@platform/contracts';
import type { RecurringChanged } from '@platform/api-client';
import { RECURRING_CARD_NOT_OFFERED, SHIPPED_ORDERS_PAID_BY_CARD } from '@platform/domain';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { BUSINESS, CUSTOMER, Failure, renderCheckout, type Answers } from '../../test-support';

/** The recurring-order routes the page and its Edit form call (services/orders/src/recurring/routes.ts). */
interface RecurringAnswers extends Answers {
  'POST /api/get-recurring-orders': Paged<RecurringOrder>;
  'POST /api/update-recurring-order': RecurringChanged;
  'POST /api/recurring-order-shipping-quotes': { status: string; data: RecurringShippingOptions };
  'POST /api/recurring-order-products': { data: RecurringProductChoice[] };
}
type RecurringShippingOptions = { address: Address; quotes: ShippingQuote[]; selected_id: string | null };
class RecurringApi extends ApiStandIn<RecurringAnswers> {}

const ENABLED = { ...BUSINESS, recurring_orders_enabled: true };
const PICKUP: RecurringOrder = {
  id: '0123456789abcdef01234567', status: 'active', frequency: 'weekly', frequency_label: 'Every week', order_type: 'pickup',
  store: { id: 1, name: 'Riverside' }, address: null, shipping_service: null, customer_name: 'Jane Doe', email: 'jane@example.com', payment_method: 'pay_at_store', payment_label: 'Pay at the store',
  items: [
    { store_product_id: 11, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, special: false },
    { store_product_id: 21, sku: 'PAINT-1', title: 'Barn Red Gallon', quantity: 2, special: false },
  ],
  first_order_number: '1042', started_on: '2026-11-05', next_dates: ['2026-11-12'], runs: [], created_at: '2026-11-05T15:00:00.000Z', cancelled_at: null, changes: [],
};
const SHIPPED: RecurringOrder = {
  ...PICKUP, id: '0123456789abcdef01234568', order_type: 'shipping', first_order_number: '1060', shipping_service: 'UPS Ground',
  address: { address: '9 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97301' },
  items: [{ store_product_id: 31, sku: 'SALT-40', title: 'Water Softener Salt 40 lb', quantity: 3, special: false }],
};
const quote = (id: string, service: string, total: string) => ({ id, carrier: 'UPS', service, rate: total, handling_fee: '0.00', total, delivery_days: null });
const OPTIONS = (zip: string): { status: string; data: RecurringShippingOptions } => ({
  status: 'success',
  data: { address: { address: '9 Elm St', address2: '', city: 'Salem', state: 'OR', zip, country: 'US' }, quotes: [quote('ups-ground', 'Ground', '12.40'), quote('ups-2day', '2nd Day Air', '31.15')], selected_id: zip === '97301' ? 'ups-ground' : null },
});
const paged = (rows: RecurringOrder[]): Paged<RecurringOrder> => ({ data: rows, total: rows.length, current_page: 1, last_page: 1 });
const open = (api: RecurringApi) => renderCheckout('/recurring-orders', { api, user: CUSTOMER, business: ENABLED });
const editButton = (name: string) => screen.findByRole('button', { name: `Edit recurring order ${name}` });

describe('Edit a recurring order', () => {
  it('changes how often and the quantities (a line removed), sends only that, and shows the answer with the new values', async () => {
    const changed: RecurringOrder = {
      ...PICKUP, frequency: 'monthly', frequency_label: 'Every month', items: [{ ...PICKUP.items[0]!, quantity: 3 }],
      changes: [{ at: '2026-11-26T10:00:00.000Z', by: 'customer', what: ['How often: Every week → Every month', 'DeWalt 20V Cordless Drill: 1 → 3', 'Barn Red Gallon removed'] }],
    };
    let rows = [PICKUP];
    const api = new RecurringApi()
      .on('POST /api/get-recurring-orders', () => paged(rows))
      .on('POST /api/update-recurring-order', () => { rows = [changed]; return { status: 'success', message: 'Your recurring order is changed. The next orders are placed with these changes.', data: changed }; });
    const { user } = open(api);

    await user.click(await editButton('Every week from order 1042'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    // The keyboard starts in the form; a pickup has no address to change.
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: 'How often' }));
    expect(within(form).queryByRole('textbox', { name: 'Street address' })).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'monthly');
    expect(form.textContent).toContain('The coming dates are counted again from your first order, every month.');
    const drill = within(form).getByRole('spinbutton', { name: 'Quantity of DeWalt 20V Cordless Drill' });
    await user.clear(drill);
    await user.type(drill, '3');
    await user.click(within(form).getByRole('button', { name: 'Remove Barn Red Gallon' }));
    // One line stays: it cannot be removed.
    expect((within(form).getByRole('button', { name: 'Remove DeWalt 20V Cordless Drill' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{ id: PICKUP.id, frequency: 'monthly', items: [{ store_product_id: 11, quantity: 3 }] }]);
    expect((await screen.findByRole('status')).textContent).toBe('Your recurring order is changed. The next orders are placed with these changes.');
    expect(screen.queryByRole('form', { name: 'Edit recurring order' })).toBeNull();
    const card = await screen.findByRole('article', { name: 'Recurring order Every month from order 1042' });
    expect(within(within(card).getByRole('list', { name: 'Items' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['3 × DeWalt 20V Cordless Drill']);
    expect(within(card).getByRole('list', { name: 'Changes' }).textContent).toContain('By you: How often: Every week → Every month; DeWalt 20V Cordless Drill: 1 → 3; Barn Red Gallon removed');
    // The keyboard is back on Edit (moved in an effect once the save is answered, so waited for).
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Edit recurring order Every month from order 1042' })));
  });

  it('checks a quantity before sending, shows the store\'s refusal under its line, and Escape closes the form unchanged', async () => {
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([PICKUP]))
      .on('POST /api/update-recurring-order', new Failure(422, 'Barn Red Gallon: Max allowed limit is 12', { 'items.1.quantity': ['Barn Red Gallon: Max allowed limit is 12'] }));
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1042'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const paint = within(form).getByRole('spinbutton', { name: 'Quantity of Barn Red Gallon' });
    await user.clear(paint);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Quantity must be a whole number from 0 to 9999.');
    expect(paint.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/update-recurring-order')).toHaveLength(0);

    await user.type(paint, '13');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Barn Red Gallon: Max allowed limit is 12');
    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{ id: PICKUP.id, items: [{ store_product_id: 11, quantity: 1 }, { store_product_id: 21, quantity: 13 }] }]);
    // focusFirstInvalid moves the focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(paint));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit recurring order' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit recurring order Every week from order 1042' }));
  });

  it('loads the shipping options with their prices for the address, again for a new address, and sends the address with the option chosen', async () => {
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([SHIPPED]))
      .on('POST /api/recurring-order-shipping-quotes', (r) => OPTIONS((r.body as { address: { zip: string } }).address.zip))
      .on('POST /api/update-recurring-order', new Failure(422, 'We do not ship to this zip code.', { zip: ['We do not ship to this zip code.'] }));
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1060'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const ground = await within(form).findByRole('radio', { name: /UPS Ground/ });
    expect(api.sent('POST /api/recurring-order-shipping-quotes').map((r) => r.body)).toEqual([{ id: SHIPPED.id, address: { address: '9 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97301' } }]);
    expect((ground as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('group', { name: 'Shipping option' }).textContent).toContain('UPS 2nd Day Air$31.15');
    expect(within(form).getByRole('textbox', { name: 'Street address' })).toHaveProperty('value', '9 Elm St');

    // A new address needs its own options before it is saved.
    const zip = within(form).getByRole('textbox', { name: 'Zip code' });
    await user.clear(zip);
    await user.type(zip, '97302');
    expect(form.textContent).toContain('The address changed: show the options for the new address.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please show the shipping options for the new address and choose one.');
    expect(api.sent('POST /api/update-recurring-order')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Show shipping options' }));
    await user.click(await within(form).findByRole('radio', { name: /UPS 2nd Day Air/ }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{
      id: SHIPPED.id, address: { address: '9 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, shipping_quote_id: 'ups-2day',
    }]);
    // The store's refusal stands under its field; the form stays open.
    expect((await within(form).findByRole('alert')).textContent).toBe('We do not ship to this zip code.');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
  });

  it('quotes the shipping options again for a product added to a shipped order, and for a quantity changed', async () => {
    const byLines = (r: { body: unknown }) => {
      const items = (r.body as { items?: { quantity: number }[] }).items;
      const units = items ? items.reduce((sum, i) => sum + i.quantity, 0) : 3;
      return { status: 'success', data: { ...OPTIONS('97301').data, quotes: [quote('ups-ground', 'Ground', `${(12.4 + (units - 3) * 2).toFixed(2)}`)] } };
    };
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([SHIPPED])).on('POST /api/recurring-order-shipping-quotes', byLines)
      .on('POST /api/recurring-order-products', { data: [{ store_product_id: 41, sku: 'SKU-41', title: 'Deck Screws', image_url: null, price: '8.99', pack: 1, in_order: false, problem: null }] });
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1060'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const options = within(form).getByRole('group', { name: 'Shipping option' });
    await within(form).findByRole('radio', { name: /UPS Ground/ });
    expect(options.textContent).toContain('$12.40');

    await user.type(within(form).getByRole('searchbox', { name: 'Add a product' }), 'screws{Enter}');
    await user.click(await within(form).findByRole('button', { name: 'Add Deck Screws' }));
    await within(options).findByText('$14.40');
    expect(options.textContent).toContain("today's prices for the items as changed below");
    const address = { address: '9 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97301' };
    expect(api.sent('POST /api/recurring-order-shipping-quotes').map((r) => r.body)).toEqual([
      { id: SHIPPED.id, address }, { id: SHIPPED.id, address, items: [{ store_product_id: 31, quantity: 3 }, { store_product_id: 41, quantity: 1 }] },
    ]);

    // A quantity is quoted again once its field is left.
    const salt = within(form).getByRole('spinbutton', { name: 'Quantity of Water Softener Salt 40 lb' });
    await user.clear(salt);
    await user.type(salt, '5');
    await user.tab();
    await within(options).findByText('$18.40');
    expect(api.sent('POST /api/recurring-order-shipping-quotes')).toHaveLength(3);
    expect((within(options).getByRole('radio', { name: /UPS Ground/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("checks a delivery address as checkout does before sending", async () => {
    const delivery: RecurringOrder = { ...SHIPPED, id: '0123456789abcdef01234569', order_type: 'delivery', shipping_service: null, first_order_number: '1070' };
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([delivery]));
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1070'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    expect(within(form).getByRole('group', { name: 'Delivery address' })).toBeTruthy();
    expect(within(form).queryByRole('group', { name: 'Shipping option' })).toBeNull();
    await user.clear(within(form).getByRole('textbox', { name: 'City' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please enter your city.');
    expect(api.sent('POST /api/update-recurring-order')).toHaveLength(0);
    expect(api.sent('POST /api/recurring-order-shipping-quotes')).toHaveLength(0);
  });
});

describe('The card and the products of a recurring order', () => {
  const BY_CARD: RecurringOrder = { ...PICKUP, id: '0123456789abcdef0123456b', first_order_number: '1080', payment_method: 'card', payment_label: 'Visa ending 4242', card_source: 'pm_visa' };
  const CARDS = [
    { source: 'pm_visa', brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    { source: 'pm_mc', brand: 'Mastercard', last4: '4444', exp_month: 1, exp_year: 2029 },
  ];
  const choice = (store_product_id: number, title: string, extra: Partial<RecurringProductChoice> = {}): RecurringProductChoice => ({
    store_product_id, sku: `SKU-${store_product_id}`, title, image_url: null, price: '8.99', pack: 1, in_order: false, problem: null, ...extra,
  });

  it('charges another of the shopper\'s saved cards, each shown by brand and last 4 only; a refusal stands under the card', async () => {
    const refusal = 'Please choose one of your saved cards.';
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([BY_CARD])).on('GET /api/customer-cards', { data: CARDS })
      .on('POST /api/update-recurring-order', new Failure(422, refusal, { card_source: [refusal] }));
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1080'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const card = await within(form).findByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(card.value).toBe('pm_visa');
    expect(within(card).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pay at the store when you pick up', 'Visa ending 4242', 'Mastercard ending 4444']);

    // Nothing changed: nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(api.sent('POST /api/update-recurring-order')).toHaveLength(0);
    await user.click(await editButton('Every week from order 1080'));
    const again = screen.getByRole('form', { name: 'Edit recurring order' });
    const select = await within(again).findByRole('combobox', { name: 'How each order is paid' });
    await user.selectOptions(select, 'pm_mc');
    await user.click(within(again).getByRole('button', { name: 'Save changes' }));
    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{ id: BY_CARD.id, card_source: 'pm_mc' }]);
    expect((await within(again).findByRole('alert')).textContent).toBe(refusal);
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('switches a pickup paid at the store to a saved card, the current way selected; a refusal stands under the choice', async () => {
    const refusal = 'Please choose one of your saved cards.';
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([PICKUP])).on('GET /api/customer-cards', { data: CARDS })
      .on('POST /api/update-recurring-order', new Failure(422, refusal, { card_source: [refusal] }));
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1042'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const pay = await within(form).findByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(pay.value).toBe('pay_at_store');
    expect(within(pay).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pay at the store when you pick up', 'Visa ending 4242', 'Mastercard ending 4444']);
    await user.selectOptions(pay, 'pm_mc');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{ id: PICKUP.id, card_source: 'pm_mc' }]);
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    expect(pay.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers no other saved card while the store offers no cards (cards_offered false): the card it is paid by stays, with a note', async () => {
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([BY_CARD])).on('GET /api/customer-cards', { data: CARDS })
      .on('GET /api/payment-settings', { data: { payment_provider: 'stripe', payment_preparable: false, cards_offered: false, stripe: { publishable_key: '', is_live: true, disable_save_card: false, account_id: '' } } });
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1080'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    expect(await within(form).findByText(RECURRING_CARD_NOT_OFFERED)).toBeTruthy();
    const card = within(form).getByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(card.value).toBe('pm_visa');
    expect(within(card).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pay at the store when you pick up', 'Visa ending 4242']);
    expect(form.textContent).not.toContain('To use another card');
  });

  it('lets a shipped one paid by card go to paying by phone while the store offers no cards (its runs are not charged then)', async () => {
    const SHIPPED_BY_CARD: RecurringOrder = { ...SHIPPED, id: '0123456789abcdef0123456e', first_order_number: '1083', payment_method: 'card', payment_label: 'Visa ending 4242', card_source: 'pm_visa' };
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([SHIPPED_BY_CARD])).on('GET /api/customer-cards', { data: CARDS })
      .on('POST /api/recurring-order-shipping-quotes', OPTIONS('97301'))
      .on('GET /api/payment-settings', { data: { payment_provider: 'stripe', payment_preparable: false, cards_offered: false, stripe: { publishable_key: '', is_live: true, disable_save_card: false, account_id: '' } } });
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1083'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    expect(await within(form).findByText(RECURRING_CARD_NOT_OFFERED)).toBeTruthy();
    const pay = within(form).getByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(within(pay).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pay by phone: the store calls you to take payment before it ships', 'Visa ending 4242']);
    expect(form.textContent).not.toContain(SHIPPED_ORDERS_PAID_BY_CARD);
  });

  it('offers no payment choice for one paid at the store when the shopper has no saved card', async () => {
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([PICKUP])).on('GET /api/customer-cards', { data: [] });
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1042'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    // The cards load first (the choice waits for them); with none there is nothing to choose.
    await waitFor(() => expect(within(form).queryByRole('group', { name: 'Payment' })).toBeNull());
    expect(api.requests.filter((r) => r.path === '/api/customer-cards')).toHaveLength(1);
    expect(form.textContent).not.toContain('How each order is paid');
  });

  it('switches a pickup paid by card back to paying at the store; a delivered one may be paid on delivery, a shipped one stays on a card', async () => {
    const DELIVERED: RecurringOrder = { ...BY_CARD, id: '0123456789abcdef0123456c', first_order_number: '1081', order_type: 'delivery', address: SHIPPED.address };
    const SHIPPED_BY_CARD: RecurringOrder = { ...SHIPPED, id: '0123456789abcdef0123456d', first_order_number: '1082', payment_method: 'card', payment_label: 'Visa ending 4242', card_source: 'pm_visa' };
    const changed: RecurringOrder = { ...BY_CARD, payment_method: 'pay_at_store', payment_label: 'Pay at the store', card_source: undefined,
      changes: [{ at: '2026-11-26T10:00:00.000Z', by: 'customer', what: ['Payment: Visa ending 4242 → Pay at the store'] }] };
    let rows = [BY_CARD, DELIVERED, SHIPPED_BY_CARD];
    const api = new RecurringApi().on('POST /api/get-recurring-orders', () => paged(rows)).on('GET /api/customer-cards', { data: CARDS })
      .on('POST /api/update-recurring-order', () => { rows = [changed, DELIVERED, SHIPPED_BY_CARD]; return { status: 'success', message: 'Your recurring order is changed. The next orders are placed with these changes.', data: changed }; });
    const { user } = open(api);

    await user.click(await editButton('Every week from order 1081'));
    const delivered = screen.getByRole('form', { name: 'Edit recurring order' });
    const onDelivery = await within(delivered).findByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(within(onDelivery).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pay when your order is delivered', 'Visa ending 4242', 'Mastercard ending 4444']);
    await user.click(within(delivered).getByRole('button', { name: 'Cancel' }));

    await user.click(await editButton('Every week from order 1082'));
    const shipped = screen.getByRole('form', { name: 'Edit recurring order' });
    const cardsOnly = await within(shipped).findByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(within(cardsOnly).getAllByRole('option').map((o) => o.textContent)).toEqual(['Visa ending 4242', 'Mastercard ending 4444']);
    expect(shipped.textContent).toContain(SHIPPED_ORDERS_PAID_BY_CARD);
    await user.click(within(shipped).getByRole('button', { name: 'Cancel' }));

    await user.click(await editButton('Every week from order 1080'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const pay = await within(form).findByRole('combobox', { name: 'How each order is paid' }) as HTMLSelectElement;
    expect(pay.value).toBe('pm_visa');
    await user.selectOptions(pay, 'pay_at_store');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{ id: BY_CARD.id, payment_method: 'pay_at_store' }]);
    const card = await screen.findByRole('article', { name: 'Recurring order Every week from order 1080' });
    expect(within(card).getByRole('list', { name: 'Changes' }).textContent).toContain('Payment: Visa ending 4242 → Pay at the store');
  });

  it('finds products of the store and adds one (at its pack, the keyboard on it), sends it with the lines, and shows a refusal under it', async () => {
    const refusal = 'Deck Screws: Max allowed limit is 60';
    const found = [
      choice(11, 'DeWalt 20V Cordless Drill', { in_order: true }), choice(41, 'Deck Screws', { pack: 6 }),
      choice(51, 'Patio Heater', { problem: 'This item is not available to order online. Please contact the store.' }),
    ];
    const api = new RecurringApi().on('POST /api/get-recurring-orders', paged([PICKUP]))
      .on('POST /api/recurring-order-products', (r) => ({ data: (r.body as { search: string }).search === 'nothing' ? [] : found }))
      .on('POST /api/update-recurring-order', new Failure(422, refusal, { 'items.2.quantity': [refusal] }));
    const { user } = open(api);
    await user.click(await editButton('Every week from order 1042'));
    const form = screen.getByRole('form', { name: 'Edit recurring order' });
    const search = within(form).getByRole('searchbox', { name: 'Add a product' });

    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please type a product name or SKU to search for.');
    expect(api.sent('POST /api/recurring-order-products')).toHaveLength(0);
    await user.type(search, 'nothing');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('No products of your store match “nothing”.')).toBeTruthy();

    // Enter searches; it does not save the form.
    await user.clear(search);
    await user.type(search, 'screws{Enter}');
    const list = await within(form).findByRole('list', { name: 'Products found' });
    expect(api.sent('POST /api/recurring-order-products').map((r) => r.body)).toEqual([{ id: PICKUP.id, search: 'nothing' }, { id: PICKUP.id, search: 'screws' }]);
    expect(api.sent('POST /api/update-recurring-order')).toHaveLength(0);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('In this order');
    expect(rows[1]!.textContent).toContain('$8.99');
    expect(rows[2]!.textContent).toContain('This item is not available to order online.');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Add Deck Screws' }));
    const screws = within(form).getByRole('spinbutton', { name: 'Quantity of Deck Screws' });
    expect(document.activeElement).toBe(screws);
    expect(screws).toHaveProperty('value', '6');
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('In this order');
    await user.clear(screws);
    await user.type(screws, '66');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(api.sent('POST /api/update-recurring-order').map((r) => r.body)).toEqual([{
      id: PICKUP.id, items: [{ store_product_id: 11, quantity: 1 }, { store_product_id: 21, quantity: 2 }, { store_product_id: 41, quantity: 66 }],
    }]);
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    expect(screws.getAttribute('aria-invalid')).toBe('true');

    // Removing the added product takes it out and gives the keyboard back to the search.
    await user.click(within(form).getByRole('button', { name: 'Remove Deck Screws' }));
    expect(within(form).queryByRole('spinbutton', { name: 'Quantity of Deck Screws' })).toBeNull();
    expect(document.activeElement).toBe(search);
  });
});
