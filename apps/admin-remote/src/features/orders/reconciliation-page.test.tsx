import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Reconciliation, ReconciliationDay, ReconciliationDayDetail, ReconciliationFigures } from '@platform/contracts';
import { Failure, FakeApi, later, renderAdmin } from '../../test-support';

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const FIGURES: ReconciliationFigures = {
  orders: 3, cancelled_orders: 1, offline_orders: 0, total: '150.00', cancelled: '62.00', sales: '88.00', captured: '50.00', refunded: '12.00',
  due_at_store: '30.00', paid_at_store: '20.00', on_account: '0.00', difference: '0.00', flagged: 0,
};
const MONDAY: ReconciliationDay = { id: '2026-11-23_1', date: '2026-11-23', location_id: 1, location_name: 'Main Street', ...FIGURES };
const TUESDAY: ReconciliationDay = {
  ...MONDAY, id: '2026-11-24_2', date: '2026-11-24', location_id: 2, location_name: 'Riverside', orders: 2, cancelled_orders: 0, offline_orders: 1, total: '61.00', cancelled: '0.00',
  sales: '61.00', captured: '0.00', refunded: '0.00', due_at_store: '21.00', paid_at_store: '0.00', difference: '-40.00', flagged: 1,
};
const TOTALS: ReconciliationFigures = { ...FIGURES, orders: 4, sales: '128.00', difference: '-40.00', flagged: 1, total: '190.00' };
const answer = (data: ReconciliationDay[], from = '2026-11-18', to = '2026-11-24'): Reconciliation => ({
  from_date: from, to_date: to, time_zone: ZONE, location_id: null, data, totals: data.length ? TOTALS : { ...FIGURES, orders: 0, flagged: 0 },
});
const TUESDAY_ORDERS: ReconciliationDayDetail = {
  day: TUESDAY, time_zone: ZONE,
  data: [{
    id: '64b7f0c2a1b2c3d4e5f60718', order_number: '1043', placed_at: '2026-11-24T15:00:00.000Z', status: 'completed', status_label: 'Completed', customer_name: 'Ann Lee',
    order_type: 'pickup', payment_method: 'card', payment_status: 'authorized', payment_reference: 'pi_held', total: '40.00', cancelled: '0.00', sales: '40.00',
    captured: '0.00', refunded: '0.00', due_at_store: '0.00', paid_at_store: '0.00', on_account: '0.00', difference: '-40.00',
    problems: [{ code: 'card_not_captured', message: 'The card payment of $40.00 is held on the card but was never taken.' }], offline: false,
  }, {
    id: '64b7f0c2a1b2c3d4e5f60799', order_number: 'OFF-1001', placed_at: '2026-11-24T16:00:00.000Z', status: 'offline', status_label: 'Offline order, to pay', customer_name: 'Bo Caller',
    order_type: 'pickup', payment_method: 'pay_at_store', payment_status: 'due', payment_reference: '', total: '21.00', cancelled: '0.00', sales: '21.00',
    captured: '0.00', refunded: '0.00', due_at_store: '21.00', paid_at_store: '0.00', on_account: '0.00', difference: '0.00', problems: [], offline: true,
  }],
};

describe('Orders › Reconciliation', () => {
  it('shows each day and store with its figures and a flag, the totals, and asks for the days and store chosen', async () => {
    const wait = later<Reconciliation>();
    const api = new FakeApi().on('GET /api/admin/orders/reconciliation', (r) => (r.query.get('from_date') ? answer([TUESDAY], '2026-11-24', '2026-11-24') : wait.promise));
    const { user } = renderAdmin('/admin/orders/reconciliation', { api });

    expect(await screen.findByRole('heading', { name: 'Reconciliation' })).toBeTruthy();
    expect(screen.getByText('Loading the reconciliation…')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reconciliation' }).getAttribute('aria-current')).toBe('page');
    wait.resolve(answer([MONDAY, TUESDAY]));
    const table = await screen.findByRole('table', { name: 'Days and stores' });
    expect(api.sent('GET /api/admin/orders/reconciliation')[0].query.toString()).toBe(new URLSearchParams({ time_zone: ZONE }).toString());

    const monday = within(table).getByRole('link', { name: 'Mon, Nov 23, 2026 at Main Street' }).closest('tr')!;
    expect([...monday.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Mon, Nov 23, 2026', 'Main Street', '31 cancelled', '$62.00', '$88.00', '$50.00', '$12.00', '$30.00', '$20.00', '$0.00', '$0.00', 'In order',
    ]);
    const tuesday = within(table).getByRole('link', { name: 'Tue, Nov 24, 2026 at Riverside' }).closest('tr')!;
    expect(tuesday.textContent).toContain('−$40.00');
    expect(tuesday.textContent).toContain('⚠ 1 order to check');
    expect(tuesday.querySelectorAll('td')[2].textContent).toBe('21 offline');
    expect(table.querySelector('tfoot')!.textContent).toContain('Total4');
    expect(screen.getByText(/Wed, Nov 18, 2026 to Tue, Nov 24, 2026: 4 orders, sales \$128\.00\./)).toBeTruthy();
    // The range the server answered shows in the form.
    const form = screen.getByRole('search', { name: 'Choose days and store' });
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-18');

    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2026-11-24');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Store' }), 'Riverside');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(Object.fromEntries(api.sent('GET /api/admin/orders/reconciliation').at(-1)!.query)).toEqual({
      from_date: '2026-11-24', to_date: '2026-11-24', location_id: '2', time_zone: ZONE,
    }));
    expect(window.location.search).toBe('?from=2026-11-24&to=2026-11-24&location_id=2');
    expect(await screen.findByText(/Tue, Nov 24, 2026: 4 orders/)).toBeTruthy();
  });

  it("opens a day's orders with each one's payment and problem, and exports the day and the range as CSV", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/orders/reconciliation', answer([MONDAY, TUESDAY]))
      .on('GET /api/admin/orders/reconciliation/2026-11-24_2', TUESDAY_ORDERS);
    // The browser saves the file: here the link to it is made and clicked, and nothing is opened.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:reconciliation');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAdmin('/admin/orders/reconciliation', { api });

    await user.click(await screen.findByRole('link', { name: 'Tue, Nov 24, 2026 at Riverside' }));
    const heading = await screen.findByRole('heading', { name: 'Tue, Nov 24, 2026 at Riverside' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(window.location.search).toBe('?open=2026-11-24_2');
    const orders = screen.getByRole('table', { name: 'Orders of Tue, Nov 24, 2026 at Riverside' });
    const row = within(orders).getByRole('link', { name: 'Order 1043' }).closest('tr')!;
    expect(within(orders).getByRole('link', { name: 'Order 1043' }).getAttribute('href')).toBe('/admin/order-details/64b7f0c2a1b2c3d4e5f60718');
    expect(row.textContent).toContain('Cardpi_held');
    expect(row.textContent).toContain('The card payment of $40.00 is held on the card but was never taken.');
    // An order taken by phone or at the counter says so and opens under Offline Orders.
    const offline = within(orders).getByRole('link', { name: 'Offline order OFF-1001' });
    expect(offline.getAttribute('href')).toBe('/admin/offline-orders?open=64b7f0c2a1b2c3d4e5f60799');
    expect(offline.closest('tr')!.textContent).toContain('Bo Caller · Offline (phone or counter)');
    expect(offline.closest('tr')!.textContent).toContain('Offline order, to pay');
    expect(api.sent('GET /api/admin/orders/reconciliation/2026-11-24_2')[0].query.get('time_zone')).toBe(ZONE);

    await user.click(screen.getByRole('button', { name: 'Export this day' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(api.sent('GET /api/admin/orders/reconciliation/2026-11-24_2').at(-1)!.query)).toEqual({ time_zone: ZONE, format: 'csv' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(Object.fromEntries(api.sent('GET /api/admin/orders/reconciliation').at(-1)!.query)).toEqual({ time_zone: ZONE, format: 'csv' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Tue, Nov 24, 2026 at Riverside' })).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('says when there is nothing to reconcile', async () => {
    const api = new FakeApi().on('GET /api/admin/orders/reconciliation', answer([], '2026-11-24', '2026-11-24'));
    renderAdmin('/admin/orders/reconciliation', { api });
    expect((await screen.findByText('No orders on these days')).parentElement!.textContent).toContain('Tue, Nov 24, 2026: nothing to reconcile.');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows a refusal in its own words', async () => {
    const api = new FakeApi().on('GET /api/admin/orders/reconciliation', new Failure(422, 'Please choose at most 366 days.', { to_date: ['Please choose at most 366 days.'] }));
    renderAdmin('/admin/orders/reconciliation?from=2024-01-01&to=2026-11-24', { api });
    expect(await screen.findByText('Please choose at most 366 days.')).toBeTruthy();
    expect(api.sent('GET /api/admin/orders/reconciliation')[0].query.get('from_date')).toBe('2024-01-01');
  });

  it('shows a bound staff member the store they work at, without the Store filter', async () => {
    const api = new FakeApi().on('GET /api/admin/orders/reconciliation', { ...answer([MONDAY]), location_id: 1 });
    renderAdmin('/admin/orders/reconciliation', { api });
    expect(await screen.findByText('You see the days of Main Street.')).toBeTruthy();
    expect(within(screen.getByRole('search', { name: 'Choose days and store' })).queryByRole('combobox', { name: 'Store' })).toBeNull();
  });

  it("says in the server's words why another store's days are refused", async () => {
    const message = 'You work at one store location and can see only its orders. The store owner can see the other locations.';
    renderAdmin('/admin/orders/reconciliation?location_id=2', { api: new FakeApi().on('GET /api/admin/orders/reconciliation', new Failure(403, message)) });
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

