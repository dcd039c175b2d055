import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Paged, RecurringOrder, RecurringProductChoice } from '@platform/contracts';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, FakeApi, later, renderAdmin, type Answers } from '../../test-support';

/** The admin's product search for a recurring order (services/orders/src/recurring/routes.ts), beside the routes of test-support. */
interface ProductAnswers extends Answers { 'POST /api/admin/recurringorders/products': { data: RecurringProductChoice[] } }
class RecurringApi extends ApiStandIn<ProductAnswers> {}

const ID = '64b7f0c2a1b2c3d4e5f60718';
const JANE: RecurringOrder = {
  id: ID, status: 'active', frequency: 'weekly', frequency_label: 'Every week', order_type: 'delivery',
  store: { id: 1, name: 'Main Street' }, address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, shipping_service: null,
  customer_name: 'Jane Doe', email: 'jane@example.com', payment_method: 'card', payment_label: 'Visa ending 4242',
  items: [{ store_product_id: 101, sku: 'PAINT-1', title: 'Barn Red Gallon', quantity: 2, special: false }, { store_product_id: 102, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, special: false }],
  first_order_number: '1042', started_on: '2026-11-19', next_dates: ['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24'],
  runs: [
    { date: '2026-11-26', status: 'placed', order_number: '1043', reason: '' },
  ],
  created_at: '2026-11-19T15:00:00.000Z', cancelled_at: null,
  changes: [{ at: '2026-11-25T10:00:00.000Z', by: 'customer', what: ['How often: Every 2 weeks → Every week', 'Barn Red Gallon: 1 → 2'] }],
};
const BOB: RecurringOrder = {
  ...JANE, id: '64b7f0c2a1b2c3d4e5f60719', customer_name: 'Bob Smith', email: 'bob@example.com', order_type: 'pickup', address: null,
  frequency: 'monthly', frequency_label: 'Every month', payment_method: 'pay_at_store', payment_label: 'Pay at the store when you pick up', first_order_number: '1050',
  items: [{ store_product_id: 103, sku: 'MULCH', title: 'Cedar Mulch', quantity: 3, special: false }], runs: [], next_dates: ['2026-12-19'],
};
const CARL: RecurringOrder = {
  ...JANE, id: '64b7f0c2a1b2c3d4e5f6071a', customer_name: 'Carl Ito', email: 'carl@example.com', order_type: 'shipping', shipping_service: 'UPS Ground', first_order_number: '1060',
};
const page = (rows: RecurringOrder[], lastPage = 1): Paged<RecurringOrder> => ({ data: rows, total: rows.length, current_page: 1, last_page: lastPage });

describe('Orders › Recurring', () => {
  it('lists the active recurring orders, then sends the status and search asked for, and the page', async () => {
    const api = new FakeApi().on('POST /api/admin/recurringorders', (r) => page((r.body as { status: string }).status === 'active' ? [JANE, BOB, CARL] : [BOB], 3));
    const { user } = renderAdmin('/admin/orders/recurring', { api });

    expect(await screen.findByRole('heading', { name: 'Recurring orders' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Jane Doe' })).closest('tr')!;
    expect(row.textContent).toContain('jane@example.com');
    expect(row.textContent).toContain('Every week');
    expect(row.textContent).toContain('Local delivery from Main Street');
    expect(row.textContent).toContain('2 × Barn Red Gallon, 1 × DeWalt 20V Cordless Drill');
    expect(row.textContent).toContain('Thu, Dec 3, 2026');
    expect(row.textContent).toContain('Visa ending 4242');
    expect(row.textContent).toContain('Active');
    expect(screen.getByRole('link', { name: 'Bob Smith' }).closest('tr')!.textContent).toContain('Pickup at Main Street');
    expect(screen.getByRole('link', { name: 'Carl Ito' }).closest('tr')!.textContent).toContain('Shipping (UPS Ground) from Main Street');
    expect(screen.getByRole('link', { name: 'Recurring' }).getAttribute('aria-current')).toBe('page');
    expect(api.sent('POST /api/admin/recurringorders').map((r) => r.body)).toEqual([{ page: 1, status: 'active' }]);

    const filters = screen.getByRole('search', { name: 'Filter recurring orders' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'cancelled');
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), ' bob ');
    await user.click(within(filters).getByRole('button', { name: 'Show recurring orders' }));
    await screen.findByText('1 recurring order');
    expect(screen.queryByRole('link', { name: 'Jane Doe' })).toBeNull();
    expect(api.sent('POST /api/admin/recurringorders').at(-1)!.body).toEqual({ page: 1, status: 'cancelled', search: 'bob' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(api.sent('POST /api/admin/recurringorders').at(-1)!.body).toEqual({ page: 2, status: 'cancelled', search: 'bob' }));
    expect(window.location.search).toBe('?status=cancelled&search=bob&page=2');
  });

  it('says how to turn recurring orders on when there are none', async () => {
    const api = new FakeApi().on('POST /api/admin/recurringorders', page([]));
    renderAdmin('/admin/orders/recurring', { api });

    const link = await screen.findByRole('link', { name: 'Settings › Fulfillment Options' });
    expect(link.getAttribute('href')).toBe('/admin/settings/fulfillment-options');
    expect(link.parentElement!.parentElement!.textContent).toBe(
      'No recurring orders yet.Shoppers can repeat an order at checkout once you turn recurring orders on in Settings › Fulfillment Options.',
    );
  });

  it('opens an order with its items, address, coming dates and runs; skips a date after asking, then cancels it', async () => {
    let current = JANE;
    const api = new FakeApi()
      .on('POST /api/admin/recurringorders', () => page([current]))
      .on('GET /api/admin/recurringorders/executions', () => ({ data: current }))
      .on('POST /api/admin/recurringorders/cancel-execution', (r) => {
        const { date } = r.body as { date: string };
        current = { ...current, next_dates: current.next_dates.filter((d) => d !== date), runs: [{ date, status: 'cancelled', order_number: null, reason: 'Skipped by the store.' }, ...current.runs] };
        return { status: 'success', message: `The order for ${date} will not be placed.`, data: current };
      })
      .on('POST /api/admin/recurringorders/cancel', () => {
        current = { ...current, status: 'cancelled', next_dates: [], cancelled_at: '2026-11-30T10:00:00.000Z' };
        return { status: 'success', message: 'The recurring order is cancelled.', data: current };
      });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAdmin('/admin/orders/recurring', { api });

    await user.click(await screen.findByRole('link', { name: 'Jane Doe' }));
    const panel = await screen.findByRole('region', { name: 'Recurring order of Jane Doe' });
    expect(api.sent('GET /api/admin/recurringorders/executions')[0].query.get('id')).toBe(ID);
    expect(within(panel).getByRole('list', { name: 'Items' }).textContent).toContain('2 × Barn Red Gallon');
    expect(panel.textContent).toContain('12 Oak St, Salem, OR 97302');
    expect(within(panel).getByRole('list', { name: 'Past orders' }).textContent).toBe('Thu, Nov 26, 2026: Placed: order 1043');
    expect(within(panel).getByRole('link', { name: 'Order 1043' }).getAttribute('href')).toBe('/admin/orders/list/all?search=1043');
    // The customer's changes (update-recurring-order), with when.
    expect(within(panel).getByRole('list', { name: 'Changes' }).textContent).toContain('by the customer: How often: Every 2 weeks → Every week; Barn Red Gallon: 1 → 2');

    // Asked, and kept: nothing is sent.
    await user.click(within(panel).getByRole('button', { name: 'Skip Thu, Dec 3, 2026' }));
    expect(confirm).toHaveBeenLastCalledWith('Skip the order of Thu, Dec 3, 2026? Jane Doe will not get that order; the later ones go on.');
    expect(api.sent('POST /api/admin/recurringorders/cancel-execution')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(within(panel).getByRole('button', { name: 'Skip Thu, Dec 3, 2026' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('The order for 2026-12-03 will not be placed.');
    expect(api.sent('POST /api/admin/recurringorders/cancel-execution').map((r) => r.body)).toEqual([{ id: ID, date: '2026-12-03' }]);
    await vi.waitFor(() => expect(within(panel).queryByRole('button', { name: 'Skip Thu, Dec 3, 2026' })).toBeNull());
    expect(within(panel).getByRole('list', { name: 'Past orders' }).textContent).toContain('Thu, Dec 3, 2026: Skipped by the store.');

    await user.click(within(panel).getByRole('button', { name: 'Cancel recurring order' }));
    expect(confirm).toHaveBeenLastCalledWith("Cancel Jane Doe's recurring order? No more orders will be placed for it. Orders already placed stay as they are.");
    expect((await within(panel).findByText('The recurring order is cancelled.')).getAttribute('role')).toBe('status');
    expect(api.sent('POST /api/admin/recurringorders/cancel').map((r) => r.body)).toEqual([{ id: ID }]);
    await vi.waitFor(() => expect(within(panel).queryByRole('button', { name: 'Cancel recurring order' })).toBeNull());
    expect(panel.textContent).toContain('None: this recurring order is cancelled.');
  });

  it("shows the API's reason when a skip is refused", async () => {
    const api = new FakeApi()
      .on('POST /api/admin/recurringorders', page([JANE]))
      .on('GET /api/admin/recurringorders/executions', { data: JANE })
      .on('POST /api/admin/recurringorders/cancel-execution', new Failure(409, 'That order has already been placed or its day has passed.'));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAdmin(`/admin/orders/recurring?open=${ID}`, { api });

    const panel = await screen.findByRole('region', { name: 'Recurring order of Jane Doe' });
    await user.click(within(panel).getByRole('button', { name: 'Skip Thu, Dec 3, 2026' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('That order has already been placed or its day has passed.');
    expect(within(panel).queryByRole('status')).toBeNull();
  });

  it('filters by store', async () => {
    const api = new FakeApi().on('POST /api/admin/recurringorders', (r) => ((r.body as { location_id?: number }).location_id === 2 ? { ...page([]), location_id: 2 } : { ...page([JANE, BOB]), location_id: null }));
    const { user } = renderAdmin('/admin/orders/recurring', { api });
    const form = await screen.findByRole('search', { name: 'Filter recurring orders' });
    await screen.findByRole('link', { name: 'Jane Doe' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Store' }), 'Riverside');
    await user.click(within(form).getByRole('button', { name: 'Show recurring orders' }));
    await vi.waitFor(() => expect(api.sent('POST /api/admin/recurringorders').at(-1)!.body).toEqual({ page: 1, status: 'active', location_id: 2 }));
  });

  it('shows a bound staff member the store they work at, and no Store filter', async () => {
    const api = new FakeApi().on('POST /api/admin/recurringorders', { ...page([BOB]), location_id: 1 });
    renderAdmin('/admin/orders/recurring', { api });
    expect(await screen.findByText('You see the recurring orders of Main Street.')).toBeTruthy();
    expect(within(screen.getByRole('search', { name: 'Filter recurring orders' })).queryByRole('combobox', { name: 'Store' })).toBeNull();
  });

  it('edits an order for a customer who phoned in: the same form, asked before saving, the answer said, the change listed as the store\'s, the keyboard back on Edit', async () => {
    let current = JANE;
    const api = new FakeApi()
      .on('POST /api/admin/recurringorders', () => page([current]))
      .on('GET /api/admin/recurringorders/executions', () => ({ data: current }))
      .on('POST /api/admin/recurringorders/update', () => {
        current = {
          ...current, frequency: 'monthly', frequency_label: 'Every month', items: [{ ...JANE.items[0]!, quantity: 3 }, JANE.items[1]!],
          changes: [{ at: '2026-11-27T09:00:00.000Z', by: 'store', staff: 'sam-counter', what: ['How often: Every week → Every month', 'Barn Red Gallon: 2 → 3'] }, ...JANE.changes],
        };
        return { status: 'success', message: 'The recurring order is changed. The next orders are placed with these changes, and the customer is e-mailed what changed.', data: current };
      });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAdmin(`/admin/orders/recurring?open=${ID}`, { api });

    const panel = await screen.findByRole('region', { name: 'Recurring order of Jane Doe' });
    await user.click(within(panel).getByRole('button', { name: 'Edit the recurring order of Jane Doe' }));
    const form = within(panel).getByRole('form', { name: 'Edit recurring order' });
    // The keyboard starts in the form; the delivery address is there to change, as the customer has it.
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: 'How often' }));
    expect(within(form).getByRole('textbox', { name: 'Street address' })).toHaveProperty('value', '12 Oak St');
    expect(within(panel).queryByRole('button', { name: 'Cancel recurring order' })).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'How often' }), 'monthly');
    expect(form.textContent).toContain('The coming dates are counted again from the first order, every month.');
    const paint = within(form).getByRole('spinbutton', { name: 'Quantity of Barn Red Gallon' });
    await user.clear(paint);
    await user.type(paint, '3');

    // Asked first; kept: nothing is sent and the form stays.
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(confirm).toHaveBeenLastCalledWith("Save the changes to Jane Doe's recurring order? Jane Doe is e-mailed what changed.");
    expect(api.sent('POST /api/admin/recurringorders/update')).toHaveLength(0);
    expect(within(panel).getByRole('form', { name: 'Edit recurring order' })).toBeTruthy();

    confirm.mockReturnValue(true);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('The recurring order is changed. The next orders are placed with these changes, and the customer is e-mailed what changed.');
    expect(api.sent('POST /api/admin/recurringorders/update').map((r) => r.body)).toEqual([{ id: ID, frequency: 'monthly', items: [{ store_product_id: 101, quantity: 3 }, { store_product_id: 102, quantity: 1 }] }]);
    // The shopper's own call is not used.
    expect(api.requests.filter((r) => r.path === '/api/update-recurring-order')).toHaveLength(0);
    expect(within(panel).queryByRole('form', { name: 'Edit recurring order' })).toBeNull();
    await vi.waitFor(() => expect(within(panel).getByRole('list', { name: 'Changes' }).textContent).toContain('by the store (sam-counter): How often: Every week → Every month; Barn Red Gallon: 2 → 3'));
    expect(panel.textContent).toContain('Every month');
    // The focus goes back on Edit in an effect after the save is answered.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Edit the recurring order of Jane Doe' })));
  });

  it("shows the store's refusal under its field, changes nothing, and Escape closes the form with the keyboard back on Edit", async () => {
    const refusal = 'Barn Red Gallon: Max allowed limit is 12';
    const api = new FakeApi()
      .on('POST /api/admin/recurringorders', page([JANE]))
      .on('GET /api/admin/recurringorders/executions', { data: JANE })
      .on('POST /api/admin/recurringorders/update', new Failure(422, refusal, { 'items.0.quantity': [refusal] }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAdmin(`/admin/orders/recurring?open=${ID}`, { api });

    const panel = await screen.findByRole('region', { name: 'Recurring order of Jane Doe' });
    await user.click(within(panel).getByRole('button', { name: 'Edit the recurring order of Jane Doe' }));
    const form = within(panel).getByRole('form', { name: 'Edit recurring order' });
    const paint = within(form).getByRole('spinbutton', { name: 'Quantity of Barn Red Gallon' });
    await user.clear(paint);
    await user.type(paint, '13');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    expect(paint.getAttribute('aria-invalid')).toBe('true');
    // focusFirstInvalid moves the focus on the next animation frame.
    await vi.waitFor(() => expect(document.activeElement).toBe(paint));
    expect(within(panel).queryByRole('status')).toBeNull();

    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('form', { name: 'Edit recurring order' })).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Edit the recurring order of Jane Doe' }));
    expect(within(panel).getByRole('list', { name: 'Items' }).textContent).toContain('2 × Barn Red Gallon');
  });

  it("loads a shipped order's shipping options through the store's call, with a loading state, and sends the option chosen", async () => {
    const quote = (id: string, service: string, total: string) => ({ id, carrier: 'UPS', service, rate: total, handling_fee: '0.00', total, delivery_days: null });
    const options = later<Answers['POST /api/admin/recurringorders/shipping-quotes']>();
    const api = new FakeApi()
      .on('POST /api/admin/recurringorders', page([CARL]))
      .on('GET /api/admin/recurringorders/executions', { data: CARL })
      .on('POST /api/admin/recurringorders/shipping-quotes', () => options.promise)
      .on('POST /api/admin/recurringorders/update', () => ({ status: 'success', message: 'The recurring order is changed. The next orders are placed with these changes, and the customer is e-mailed what changed.', data: { ...CARL, shipping_service: 'UPS 2nd Day Air' } }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAdmin(`/admin/orders/recurring?open=${CARL.id}`, { api });

    const panel = await screen.findByRole('region', { name: 'Recurring order of Carl Ito' });
    await user.click(within(panel).getByRole('button', { name: 'Edit the recurring order of Carl Ito' }));
    const form = within(panel).getByRole('form', { name: 'Edit recurring order' });
    expect(await within(form).findByText('Loading shipping options…')).toBeTruthy();
    options.resolve({ status: 'success', data: {
      address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97302', country: 'US' }, quotes: [quote('ups-ground', 'Ground', '12.40'), quote('ups-2day', '2nd Day Air', '31.15')], selected_id: 'ups-ground',
    } });
    await user.click(await within(form).findByRole('radio', { name: /UPS 2nd Day Air/ }));
    expect(api.sent('POST /api/admin/recurringorders/shipping-quotes').map((r) => r.body)).toEqual([{ id: CARL.id, address: { address: '12 Oak St', address2: '', city: 'Salem', state: 'OR', zip: '97302' } }]);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await within(panel).findByRole('status');
    expect(api.sent('POST /api/admin/recurringorders/update').map((r) => r.body)).toEqual([{ id: CARL.id, shipping_quote_id: 'ups-2day' }]);
    expect(api.requests.filter((r) => r.path === '/api/recurring-order-shipping-quotes')).toHaveLength(0);
  });

  it("adds a product of the store for the customer through the store's search, and shows the card on file by brand and last 4 only, not to be changed", async () => {
    const choice = (store_product_id: number, title: string, extra: Partial<RecurringProductChoice> = {}): RecurringProductChoice => ({
      store_product_id, sku: `SKU-${store_product_id}`, title, image_url: null, price: '8.99', pack: 1, in_order: false, problem: null, ...extra,
    });
    const api = new RecurringApi()
      .on('POST /api/admin/recurringorders', page([JANE]))
      .on('GET /api/admin/recurringorders/executions', { data: JANE })
      .on('POST /api/admin/recurringorders/products', { data: [choice(101, 'Barn Red Gallon', { in_order: true }), choice(104, 'Deck Screws', { pack: 6 })] })
      .on('POST /api/admin/recurringorders/update', { status: 'success', message: 'The recurring order is changed. The next orders are placed with these changes, and the customer is e-mailed what changed.', data: JANE });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAdmin(`/admin/orders/recurring?open=${ID}`, { api });

    const panel = await screen.findByRole('region', { name: 'Recurring order of Jane Doe' });
    await user.click(within(panel).getByRole('button', { name: 'Edit the recurring order of Jane Doe' }));
    const form = within(panel).getByRole('form', { name: 'Edit recurring order' });
    expect(form.textContent).toContain('Card: Visa ending 4242. Only the customer can change the card, under Recurring orders in their account.');
    expect(within(form).queryByRole('combobox', { name: 'Charge each order to' })).toBeNull();
    expect(api.requests.filter((r) => r.path === '/api/customer-cards')).toHaveLength(0);

    await user.type(within(form).getByRole('searchbox', { name: 'Add a product' }), 'screws{Enter}');
    const found = await within(form).findByRole('list', { name: 'Products found' });
    expect(api.sent('POST /api/admin/recurringorders/products').map((r) => r.body)).toEqual([{ id: ID, search: 'screws' }]);
    expect(within(found).getAllByRole('listitem')[0]!.textContent).toContain('In this order');
    await user.click(within(found).getByRole('button', { name: 'Add Deck Screws' }));
    expect(document.activeElement).toBe(within(form).getByRole('spinbutton', { name: 'Quantity of Deck Screws' }));
    expect(within(form).getByRole('spinbutton', { name: 'Quantity of Deck Screws' })).toHaveProperty('value', '6');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await within(panel).findByRole('status');
    expect(api.sent('POST /api/admin/recurringorders/update').map((r) => r.body)).toEqual([{
      id: ID, items: [{ store_product_id: 101, quantity: 2 }, { store_product_id: 102, quantity: 1 }, { store_product_id: 104, quantity: 6 }],
    }]);
    expect(api.requests.filter((r) => r.path === '/api/recurring-order-products')).toHaveLength(0);
  });

  it("says why another store's recurring orders are refused", async () => {
    const message = 'You work at one store location and can see only its orders. The store owner can see the other locations.';
    renderAdmin('/admin/orders/recurring?location_id=2', { api: new FakeApi().on('POST /api/admin/recurringorders', new Failure(403, message)) });
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

