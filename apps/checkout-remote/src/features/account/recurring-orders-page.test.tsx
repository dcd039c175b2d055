import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RECURRING_CARD_NOT_CHARGED_NOW } from '@platform/domain';
import type { Paged, RecurringOrder } from '@platform/contracts';
import type { RecurringChanged } from '@platform/api-client';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { BUSINESS, CUSTOMER, Failure, renderCheckout, type Answers } from '../../test-support';

/** The recurring-order routes this page calls (services/orders/src/recurring/routes.ts). */
interface RecurringAnswers extends Answers {
  'POST /api/get-recurring-orders': Paged<RecurringOrder>;
  'POST /api/cancel-recurring-order': RecurringChanged;
  'POST /api/cancel-all-recurring-orders': { status: string; message: string; cancelled: number };
}
class RecurringApi extends ApiStandIn<RecurringAnswers> {}

const ENABLED = { ...BUSINESS, recurring_orders_enabled: true };

const EVERY_2_WEEKS: RecurringOrder = {
  id: '0123456789abcdef01234567', status: 'active', frequency: 'every-2-weeks', frequency_label: 'Every 2 weeks', order_type: 'pickup',
  store: { id: 2, name: 'Riverside' }, address: null, shipping_service: null, customer_name: 'Jane Doe', email: 'jane@example.com', payment_method: 'card', payment_label: 'Visa ending 4242',
  items: [
    { store_product_id: 101, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, special: false },
    { store_product_id: 102, sku: 'PAINT-1', title: 'Barn Red Gallon', quantity: 2, special: true },
  ],
  first_order_number: '1042', started_on: '2026-11-05', next_dates: ['2026-12-03', '2026-12-17', '2026-12-31', '2027-01-14'],
  runs: [
    { date: '2026-11-19', status: 'skipped', order_number: null, reason: 'Not placed: Barn Red Gallon is not available at the store.' },
    { date: '2026-11-05', status: 'placed', order_number: '1043', reason: '' },
  ],
  created_at: '2026-11-05T15:00:00.000Z', cancelled_at: null, changes: [],
};
const MONTHLY_DELIVERY: RecurringOrder = {
  ...EVERY_2_WEEKS, id: '0123456789abcdef01234568', frequency: 'monthly', frequency_label: 'Every month', order_type: 'delivery',
  address: { address: '9 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97301' }, payment_method: 'pay_at_store', payment_label: 'Pay at the store',
  items: [{ store_product_id: 103, sku: 'SALT-40', title: 'Water Softener Salt 40 lb', quantity: 3, special: false }],
  first_order_number: '1050', started_on: '2026-10-31', next_dates: ['2026-11-30'], runs: [],
};
const WEEKLY_SHIPPING: RecurringOrder = {
  ...MONTHLY_DELIVERY, id: '0123456789abcdef0123456a', frequency: 'weekly', frequency_label: 'Every week', order_type: 'shipping', shipping_service: 'UPS Ground',
  first_order_number: '1060', next_dates: ['2026-12-02'],
  runs: [{ date: '2026-11-25', status: 'skipped', order_number: null, reason: 'Not placed: the store has no shipping rate to 9 Elm St, Salem, OR 97301 for these items now.' }],
};
const CANCELLED: RecurringOrder = {
  ...EVERY_2_WEEKS, id: '0123456789abcdef01234569', status: 'cancelled', frequency: 'weekly', frequency_label: 'Every week',
  first_order_number: '1001', next_dates: [], runs: [{ date: '2026-10-08', status: 'cancelled', order_number: null, reason: 'Skipped by you.' }],
  cancelled_at: '2026-10-10T09:00:00.000Z',
};

const paged = (rows: RecurringOrder[]): Paged<RecurringOrder> => ({ data: rows, total: rows.length, current_page: 1, last_page: 1 });

function recurringApi(rows: RecurringOrder[]) {
  return new RecurringApi().on('POST /api/get-recurring-orders', paged(rows));
}
const open = (api: RecurringApi) => renderCheckout('/recurring-orders', { api, user: CUSTOMER, business: ENABLED });
const card = (name: string) => screen.findByRole('article', { name });

describe('Recurring orders', () => {
  it('lists each recurring order with where, how it is paid, its items, its coming dates and its past runs', async () => {
    open(recurringApi([EVERY_2_WEEKS, MONTHLY_DELIVERY, WEEKLY_SHIPPING, CANCELLED]));

    expect(screen.getByRole('heading', { level: 1, name: 'Recurring orders' })).toBeTruthy();
    const first = await card('Recurring order Every 2 weeks from order 1042');
    expect(within(first).getByRole('heading', { name: 'Every 2 weeks' })).toBeTruthy();
    expect(first.textContent).toContain('Pickup at Riverside');
    expect(first.textContent).toContain('Visa ending 4242');
    expect(within(first).getByRole('link', { name: '1042' }).getAttribute('href')).toBe('/orders?order=1042');
    expect(within(within(first).getByRole('list', { name: 'Items' })).getAllByRole('listitem').map((li) => li.textContent))
      .toEqual(['1 × DeWalt 20V Cordless Drill', '2 × Barn Red Gallon (special order)']);
    const coming = within(first).getByRole('list', { name: 'Coming orders' });
    expect(within(coming).getAllByRole('button').map((b) => b.getAttribute('aria-label')))
      .toEqual(['Skip Thu, Dec 3', 'Skip Thu, Dec 17', 'Skip Thu, Dec 31', 'Skip Thu, Jan 14']);
    const runs = within(within(first).getByRole('list', { name: 'Past orders' })).getAllByRole('listitem');
    expect(runs.map((li) => li.textContent)).toEqual(['Thu, Nov 19 Skipped — Not placed: Barn Red Gallon is not available at the store.', 'Thu, Nov 5 Placed: order 1043']);
    expect(within(runs[1]).getByRole('link', { name: '1043' }).getAttribute('href')).toBe('/orders?order=1043');
    expect(within(first).getByRole('button', { name: 'Cancel recurring order' })).toBeTruthy();

    const delivery = screen.getByRole('article', { name: 'Recurring order Every month from order 1050' });
    expect(delivery.textContent).toContain('Delivery to 9 Elm St, Salem, OR 97301');
    expect(delivery.textContent).toContain('None yet after the first order.');

    const shipped = screen.getByRole('article', { name: 'Recurring order Every week from order 1060' });
    expect(shipped.textContent).toContain("Shipping to 9 Elm St, Salem, OR 97301 with UPS Ground, at the rate of each order's day");
    expect(shipped.textContent).toContain('Skipped — Not placed: the store has no shipping rate to 9 Elm St, Salem, OR 97301 for these items now.');

    const cancelled = screen.getByRole('article', { name: 'Recurring order Every week from order 1001' });
    expect(cancelled.textContent).toContain('Cancelled');
    expect(within(cancelled).queryByRole('list', { name: 'Coming orders' })).toBeNull();
    expect(within(cancelled).queryByRole('button')).toBeNull();
    expect(cancelled.textContent).toContain('Skipped by you.');
    // Two are active: both can be cancelled at once.
    expect(screen.getByRole('button', { name: 'Cancel all recurring orders' })).toBeTruthy();
  });

  it('says of one paid by card that it is not charged nor placed while the store offers no cards (cards_offered false), and how to have it placed', async () => {
    const NO_CARDS = { payment_provider: 'stripe' as const, payment_preparable: false, cards_offered: false, stripe: { publishable_key: '', is_live: true, disable_save_card: false, account_id: '' } };
    const SHIPPED_BY_CARD: RecurringOrder = { ...WEEKLY_SHIPPING, payment_method: 'card', payment_label: 'Mastercard ending 4444' };
    open(recurringApi([EVERY_2_WEEKS, MONTHLY_DELIVERY, SHIPPED_BY_CARD, CANCELLED]).on('GET /api/payment-settings', { data: NO_CARDS }));
    const first = await card('Recurring order Every 2 weeks from order 1042');
    expect((await within(first).findByText(/not taking cards online/)).textContent).toBe(RECURRING_CARD_NOT_CHARGED_NOW('Visa ending 4242', 'pickup'));
    expect(first.textContent).toContain("To have them placed meanwhile, choose Edit and 'Pay at the store'.");
    expect(screen.getByRole('article', { name: 'Recurring order Every week from order 1060' }).textContent).toContain(RECURRING_CARD_NOT_CHARGED_NOW('Mastercard ending 4444', 'shipping'));
    // Paid later, or cancelled: nothing to say.
    expect(screen.getByRole('article', { name: 'Recurring order Every month from order 1050' }).textContent).not.toContain('not taking cards');
    expect(screen.getByRole('article', { name: 'Recurring order Every week from order 1001' }).textContent).not.toContain('not taking cards');
  });

  it('Skip asks first, then skips only that date and shows the answer', async () => {
    const skipped = { ...EVERY_2_WEEKS, next_dates: ['2026-12-17', '2026-12-31', '2027-01-14', '2027-01-28'], runs: [{ date: '2026-12-03', status: 'cancelled' as const, order_number: null, reason: 'Skipped by you.' }, ...EVERY_2_WEEKS.runs] };
    let rows = [EVERY_2_WEEKS];
    const api = new RecurringApi()
      .on('POST /api/get-recurring-orders', () => paged(rows))
      .on('POST /api/cancel-recurring-order', () => { rows = [skipped]; return { status: 'success', message: 'Your order for 2026-12-03 will not be placed.', data: skipped }; });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = open(api);

    const first = await card('Recurring order Every 2 weeks from order 1042');
    await user.click(within(first).getByRole('button', { name: 'Skip Thu, Dec 3' }));
    expect(confirm).toHaveBeenLastCalledWith('Skip the order of Thu, Dec 3?');
    expect(api.sent('POST /api/cancel-recurring-order')).toHaveLength(0);

    await user.click(within(first).getByRole('button', { name: 'Skip Thu, Dec 3' }));
    expect((await within(first).findByRole('status')).textContent).toBe('Your order for 2026-12-03 will not be placed.');
    expect(api.sent('POST /api/cancel-recurring-order').map((r) => r.body)).toEqual([{ id: EVERY_2_WEEKS.id, date: '2026-12-03' }]);
    // The list is read again: the date is gone from the coming ones and shows as a past run.
    expect(await within(first).findByText('— Skipped by you.')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Skip Thu, Dec 3' })).toBeNull();
  });

  it('Cancel recurring order asks first and cancels the whole recurring order; a refusal shows the server\'s message', async () => {
    const api = recurringApi([EVERY_2_WEEKS])
      .on('POST /api/cancel-recurring-order', new Failure(409, 'This recurring order is already cancelled.'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = open(api);

    const first = await card('Recurring order Every 2 weeks from order 1042');
    expect(screen.queryByRole('button', { name: 'Cancel all recurring orders' })).toBeNull();
    await user.click(within(first).getByRole('button', { name: 'Cancel recurring order' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Cancel this recurring order\?/));
    expect(api.sent('POST /api/cancel-recurring-order').map((r) => r.body)).toEqual([{ id: EVERY_2_WEEKS.id }]);
    expect((await within(first).findByRole('alert')).textContent).toBe('This recurring order is already cancelled.');

    const cancelled = { ...EVERY_2_WEEKS, status: 'cancelled' as const, next_dates: [], cancelled_at: '2026-11-25T10:00:00.000Z' };
    api.on('POST /api/cancel-recurring-order', { status: 'success', message: 'Your recurring order is cancelled.', data: cancelled })
      .on('POST /api/get-recurring-orders', paged([cancelled]));
    await user.click(within(first).getByRole('button', { name: 'Cancel recurring order' }));
    expect((await within(first).findByRole('status')).textContent).toBe('Your recurring order is cancelled.');
    await vi.waitFor(() => expect(within(first).queryByRole('button', { name: 'Cancel recurring order' })).toBeNull());
    expect(within(first).queryByRole('list', { name: 'Coming orders' })).toBeNull();
  });

  it('Cancel all recurring orders asks first and shows how many were cancelled', async () => {
    const api = recurringApi([EVERY_2_WEEKS, MONTHLY_DELIVERY])
      .on('POST /api/cancel-all-recurring-orders', { status: 'success', message: 'All 2 of your recurring orders are cancelled.', cancelled: 2 });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = open(api);

    await user.click(await screen.findByRole('button', { name: 'Cancel all recurring orders' }));
    expect((await screen.findByRole('status')).textContent).toBe('All 2 of your recurring orders are cancelled.');
    expect(api.sent('POST /api/cancel-all-recurring-orders')).toHaveLength(1);
  });

  it('with none, says they are made at checkout and links to the shop', async () => {
    open(recurringApi([]));

    expect(await screen.findByText('No recurring orders yet')).toBeTruthy();
    expect(screen.getByText(/choose Repeat this order when you pay at checkout/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop by department' }).getAttribute('href')).toBe('/departments');
  });

  it('sends a guest to sign in and back here', async () => {
    renderCheckout('/recurring-orders', { business: ENABLED });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });
});
