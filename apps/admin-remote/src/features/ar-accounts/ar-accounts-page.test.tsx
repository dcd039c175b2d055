import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminCustomerPage, ArAccount, ArAccountSummary } from '@platform/contracts';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, later, OWNER, renderAdmin, type Answers } from '../../test-support';

/** The account screen also finds customers (services/identity customers-admin) to put on an account. */
interface AccountAnswers extends Answers { 'GET /api/admin/customers': AdminCustomerPage }
class FakeApi extends ApiStandIn<AccountAnswers> {}

const ID = '64b7f0c2a1b2c3d4e5f60801';
const SUMMARY: ArAccountSummary = {
  id: ID, number: 'B-300', name: 'Bay Builders', contact_name: 'Jo Bay', contact_email: 'jo@baybuilders.test', contact_phone: '5035550100',
  credit_limit: '1000.00', balance: '250.00', available: '750.00', status: 'active', status_label: 'Active', customer_count: 1, charge_count: 1,
};
const ACCOUNT: ArAccount = {
  ...SUMMARY,
  customers: [{ id: 'pat-builder', name: 'Pat Builder', email: 'pat@baybuilders.test', assigned_at: '2026-11-20T15:00:00.000Z' }],
  charges: [{ order_id: '64b7f0c2a1b2c3d4e5f60720', order_number: '1042', amount: '250.00', charged_at: '2026-11-21T15:00:00.000Z', by: 'owner' }],
  payments: [],
};
const saved = (account: ArAccount, message: string) => ({ status: 'success', message, data: account });

function accountsApi(account: ArAccount = ACCOUNT) {
  let current = account;
  return new FakeApi()
    .on('GET /api/admin/ar-accounts', () => ({ data: [{ ...SUMMARY, ...current }] }))
    .on(`GET /api/admin/ar-accounts/${ID}`, () => ({ data: current }))
    .on(`POST /api/admin/ar-accounts/${ID}`, (r) => {
      const body = r.body as { status: 'active' | 'on_hold'; name: string };
      current = { ...current, name: body.name, status: body.status, status_label: body.status === 'on_hold' ? 'On hold' : 'Active' };
      return saved(current, `Account B-300 saved.${body.status === 'on_hold' ? ' It is on hold: it takes no new charges.' : ''}`);
    })
    .on(`POST /api/admin/ar-accounts/${ID}/payments`, (r) => {
      const paid = (r.body as { amount: string }).amount;
      current = { ...current, balance: '150.00', payments: [{ id: 'p1', amount: '100.00', paid_at: '2026-11-22T15:00:00.000Z', by: 'owner', note: (r.body as { note: string }).note }] };
      return saved(current, `$${paid} recorded from account B-300. It now owes $150.00.`);
    });
}

describe('Settings › AR Accounts', () => {
  it('shows a loading state, then the empty state when the store has no account', async () => {
    const answer = later<{ data: ArAccountSummary[] }>();
    const api = new FakeApi().on('GET /api/admin/ar-accounts', () => answer.promise);
    renderAdmin('/admin/settings/ar-accounts', { api });
    expect(await screen.findByText('Loading AR accounts…')).toBeTruthy();
    answer.resolve({ data: [] });
    expect(await screen.findByText('No AR accounts yet')).toBeTruthy();
  });

  it('says when the list cannot load, and tries again', async () => {
    let fail = true;
    const api = new FakeApi().on('GET /api/admin/ar-accounts', () => (fail ? new Failure(503, 'Down') : { data: [SUMMARY] }));
    const { user } = renderAdmin('/admin/settings/ar-accounts', { api });
    expect(await screen.findByText('We could not load the AR accounts.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const row = (await screen.findByRole('link', { name: 'B-300' })).closest('tr')!;
    expect(row.textContent).toContain('Bay Builders');
    expect(row.textContent).toContain('$250.00');
    expect(row.textContent).toContain('$1000.00');
    expect(row.textContent).toContain('Active');
  });

  it('opens a new account: checks the form before sending, shows what the server refuses under its field, then opens the account', async () => {
    const created = { ...ACCOUNT, id: '64b7f0c2a1b2c3d4e5f60802', number: 'C-100', name: 'Carter Fencing', balance: '0.00', charges: [], customers: [], charge_count: 0, customer_count: 0 };
    let taken = true;
    const api = accountsApi()
      .on('POST /api/admin/ar-accounts', () => (taken ? new Failure(422, 'Another account already has this number.', { number: ['Another account already has this number.'] }) : saved(created, 'Account C-100 (Carter Fencing) created.')))
      .on(`GET /api/admin/ar-accounts/${created.id}`, { data: created });
    const { user } = renderAdmin('/admin/settings/ar-accounts', { api });
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const form = await screen.findByRole('form', { name: 'Create account' });
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getByText('Enter a credit limit in dollars and cents above 0, e.g. 2500.00.')).toBeTruthy();
    expect(within(form).getByText('Enter the name of the account (the business or person it is for).')).toBeTruthy();
    // focusFirstInvalid moves the focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Account number')));
    expect(api.sent('POST /api/admin/ar-accounts')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Account number'), 'c-100');
    await user.type(within(form).getByLabelText('Account name'), 'Carter Fencing');
    await user.type(within(form).getByLabelText('Credit limit ($)'), '1,500');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await within(form).findByText('Another account already has this number.')).toBeTruthy();
    taken = false;
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: /C-100 · Carter Fencing/ })).toBeTruthy();
    expect(api.sent('POST /api/admin/ar-accounts').at(-1)!.body).toMatchObject({ number: 'c-100', name: 'Carter Fencing', credit_limit: '1,500', status: 'active' });
    expect(window.location.search).toBe(`?open=${created.id}`);
  });

  it('opens an account: what it owes, its orders and customers; records a payment (no more than owed); puts it on hold after a question', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = accountsApi();
    const { user } = renderAdmin(`/admin/settings/ar-accounts?open=${ID}`, { api });
    const panel = await screen.findByRole('region', { name: /B-300 · Bay Builders/ });
    expect(panel.textContent).toContain('Owes $250.00 of a $1000.00 limit · $750.00 available');
    expect(within(panel).getByRole('link', { name: 'Order 1042' }).getAttribute('href')).toBe('/admin/prepare-order?id=64b7f0c2a1b2c3d4e5f60720');
    expect(within(panel).getByRole('link', { name: 'Pat Builder' })).toBeTruthy();

    const pay = within(panel).getByRole('form', { name: 'Record a payment' });
    await user.type(within(pay).getByLabelText('Amount paid ($)'), '300');
    await user.click(within(pay).getByRole('button', { name: 'Record payment' }));
    expect(within(pay).getByRole('alert').textContent).toBe('This is more than the account owes ($250.00).');
    expect(api.sent(`POST /api/admin/ar-accounts/${ID}/payments`)).toHaveLength(0);
    await user.clear(within(pay).getByLabelText('Amount paid ($)'));
    await user.type(within(pay).getByLabelText('Amount paid ($)'), '100');
    await user.type(within(pay).getByLabelText('Note (optional)'), 'Cheque 1041');
    await user.click(within(pay).getByRole('button', { name: 'Record payment' }));
    expect(await within(panel).findByText(/\$100\.00 · .* · Cheque 1041/)).toBeTruthy();
    expect(api.sent(`POST /api/admin/ar-accounts/${ID}/payments`)[0].body).toEqual({ amount: '100', note: 'Cheque 1041' });

    await user.click(within(panel).getByRole('button', { name: 'Put on hold' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Put account B-300 on hold?'));
    expect(await within(panel).findByText('On hold: no new orders or customers can be charged to this account.')).toBeTruthy();
    expect(api.sent(`POST /api/admin/ar-accounts/${ID}`)[0].body).toMatchObject({ number: 'B-300', name: 'Bay Builders', credit_limit: '1000.00', status: 'on_hold' });
    expect(within(panel).getByRole('button', { name: 'Make active' })).toBeTruthy();
  });

  it('is not opened by staff without Manage AR accounts', async () => {
    const clerk = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'clerk', permissions: ['edit_products'] } } };
    const api = accountsApi();
    renderAdmin('/admin/settings/ar-accounts', { api, user: clerk });
    expect(await screen.findByText('You do not have permission to open this page')).toBeTruthy();
    expect(screen.getByText(/Manage AR accounts/)).toBeTruthy();
    expect(api.sent('GET /api/admin/ar-accounts')).toHaveLength(0);
  });

  it('adds a customer found by a search; one on another account is refused with the reason', async () => {
    const row = (id: string, first: string, last: string) => ({ id, first_name: first, last_name: last, email: `${id}@example.com`, telephone: '', created_at: '2026-11-01T00:00:00.000Z', receive_marketing: false, receive_sms: true });
    const api = accountsApi()
      .on('GET /api/admin/customers', { data: [row('pat-builder', 'Pat', 'Builder'), row('sam-roofer', 'Sam', 'Roofer'), row('lee-elm', 'Lee', 'Elm')], total: 3, current_page: 1, last_page: 1, per_page: 10 })
      .on('POST /api/admin/orders/assign-ar-account', (r) => ((r.body as { customerId: string }).customerId === 'lee-elm'
        ? new Failure(409, 'Lee Elm is on account E-501 (Elm Street Homes): remove them there first.')
        : { status: 'success', message: 'Sam Roofer is on account B-300 (Bay Builders): their orders can be charged to it.', account: ACCOUNT, order: null }));
    const { user } = renderAdmin(`/admin/settings/ar-accounts?open=${ID}`, { api });
    const panel = await screen.findByRole('region', { name: /B-300 · Bay Builders/ });
    const search = within(panel).getByRole('search', { name: 'Find a customer to add' });
    await user.type(within(search).getByRole('searchbox', { name: 'Customer name, e-mail or phone' }), 'roofer');
    await user.click(within(search).getByRole('button', { name: 'Find customers' }));
    const found = await within(panel).findByRole('list', { name: 'Customers found' });
    expect(within(found).getByText('on this account')).toBeTruthy(); // Pat is on it already
    await user.click(within(found).getByRole('button', { name: 'Add Lee Elm to the account' }));
    expect(await within(panel).findByText('Lee Elm is on account E-501 (Elm Street Homes): remove them there first.')).toBeTruthy();
    await user.click(within(found).getByRole('button', { name: 'Add Sam Roofer to the account' }));
    await vi.waitFor(() => expect(within(panel).queryByRole('list', { name: 'Customers found' })).toBeNull());
    expect(api.sent('GET /api/admin/customers')[0].query.get('search')).toBe('roofer');
    expect(api.sent('POST /api/admin/orders/assign-ar-account').map((r) => r.body)).toEqual([{ accountId: ID, customerId: 'lee-elm' }, { accountId: ID, customerId: 'sam-roofer' }]);
  });
});
