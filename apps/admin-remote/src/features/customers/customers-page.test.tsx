import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { useToasts } from '@platform/api-client';
import type { AdminCustomerDetails, AdminCustomerPage, AdminCustomerRow, CustomerAccountSettings, CustomerTotals } from '@platform/contracts';
import { ACCOUNT_FIELD_DEFAULTS, ACCOUNT_FIELD_LABEL_NEEDED, ACCOUNT_FIELD_NO_MARKUP, ACCOUNT_SETTINGS_SAVED, CUSTOMER_DATA_OWNER_ONLY, NO_PERMISSION } from '@platform/domain';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, OWNER, renderAdmin, type Answers } from '../../test-support';

/** The Customers screen's routes (services/identity customers-admin, services/orders customer-admin.ts) beside the admin's others. */
interface CustomerAnswers extends Answers {
  'GET /api/admin/customers': AdminCustomerPage;
  'GET /api/admin/customers/totalAccounts': CustomerTotals;
  'GET /api/subscribers': AdminCustomerPage;
  /** One customer, and (…/delete) the owner deleting their personal data. */
  [customer: `POST /api/admin/customer/${string}`]: AdminCustomerDetails | { status: string; message: string; data: { orders: number; recurring_orders: number } };
  /** …/export: their personal data as a file. */
  [data: `GET /api/admin/customer/${string}`]: { account: { id: string } };
  'GET /api/admin/customers/accountSettings': { data: CustomerAccountSettings };
  'POST /api/admin/customers/accountSettings': { status: string; message: string; data: CustomerAccountSettings };
}
class FakeApi extends ApiStandIn<CustomerAnswers> {}

/** The messages the shell shows at the foot of the page (notify), as a screen reader hears them. */
function Said() {
  return <div role="log" aria-label="Messages">{useToasts().map((t) => <p key={t.id}>{t.text}</p>)}</div>;
}

const ANN: AdminCustomerRow = {
  id: 'ann-lee-1a2b3c', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', telephone: '5035550142',
  created_at: '2026-11-20T15:00:00.000Z', receive_marketing: true, receive_sms: true,
};
const BOB: AdminCustomerRow = { ...ANN, id: 'bob-stone-4d5e6f', first_name: 'Bob', last_name: 'Stone', email: 'bob@example.com', telephone: '', receive_marketing: false };
const page = (rows: AdminCustomerRow[], total = rows.length, lastPage = 1): AdminCustomerPage => ({ data: rows, total, current_page: 1, last_page: lastPage, per_page: 10 });
const ANN_DETAILS: AdminCustomerDetails = {
  customer: { ...ANN, receive_sms: false, last_sign_in_at: '2026-11-24T09:00:00.000Z' },
  orders: {
    data: [{ id: '64b7f0c2a1b2c3d4e5f60718', order_number: '1043', status: 'completed', order_type: 'pickup', placed_at: '2026-11-22T15:00:00.000Z', item_count: 3, total: '42.50' }],
    total: 1, current_page: 1, last_page: 1,
  },
  cards: [{ brand: 'Visa', last4: '4242' }],
  addresses: [
    { address: '12 Oak St', address2: 'Apt 2', city: 'Salem', state: 'OR', zip: '97302' },
    { address: '9 Elm Ave', address2: '', city: 'Portland', state: 'OR', zip: '97201' },
  ],
};

const SETTINGS: CustomerAccountSettings = { hide_registration: false, sms_notifications_enabled: true, account_field_info: { ...ACCOUNT_FIELD_DEFAULTS } };

describe('Customers', () => {
  it('is in the admin menu; lists the accounts with their totals, finds by a search and pages', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', (r) => (r.query.get('search') ? page([BOB]) : page([ANN, BOB], 12, 2)))
      .on('GET /api/admin/customers/totalAccounts', { total: 12, marketing: 5 });
    const { user } = renderAdmin('/admin/customers', { api });

    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Customers' }).getAttribute('href')).toBe('/admin/customers');
    expect(await screen.findByText('12 customer accounts')).toBeTruthy();
    expect(screen.getByText('5 agreed to marketing e-mails')).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Ann Lee' })).closest('tr')!;
    expect(row.textContent).toContain('ann@example.com');
    expect(row.textContent).toContain('(503) 555-0142');
    expect(row.textContent).toContain('Nov 20, 2026');
    expect(row.textContent).toContain('Yes');
    expect(screen.getByText('12 customers')).toBeTruthy();
    expect(api.sent('GET /api/admin/customers')[0].query.toString()).toBe('page=1&limit=10');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(api.sent('GET /api/admin/customers').at(-1)!.query.get('page')).toBe('2'));
    expect(window.location.search).toBe('?page=2');

    const search = screen.getByRole('search', { name: 'Find customers' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search' }), ' bob@example.com ');
    await user.click(within(search).getByRole('button', { name: 'Find customers' }));
    expect(await screen.findByText('1 customer matches')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ann Lee' })).toBeNull();
    expect(api.sent('GET /api/admin/customers').at(-1)!.query.toString()).toBe('page=1&limit=10&search=bob%40example.com');
    expect(window.location.search).toBe('?search=bob%40example.com');
  });

  it("exports the list's matches as an Excel workbook, and says why when the server refuses", async () => {
    let refuse = false;
    const api = new FakeApi()
      .on('GET /api/admin/customers', (r) => (r.query.get('excel') ? (refuse ? new Failure(403, 'This action is for store admins only.') : page([BOB])) : page([BOB])))
      .on('GET /api/admin/customers/totalAccounts', { total: 2, marketing: 1 });
    // The browser saves the file: here the link to it is made and clicked, and nothing is opened.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:customers');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAdmin('/admin/customers', { api });
    render(<Said />);

    await user.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(api.sent('GET /api/admin/customers').at(-1)!.query.toString()).toBe('excel=1');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'stone');
    await user.click(screen.getByRole('button', { name: 'Find customers' }));
    await user.click(await screen.findByRole('button', { name: 'Export matches to Excel' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    expect(api.sent('GET /api/admin/customers').at(-1)!.query.toString()).toBe('excel=1&search=stone');

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Export matches to Excel' }));
    expect(await within(screen.getByRole('log', { name: 'Messages' })).findByText('This action is for store admins only.')).toBeTruthy();
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it("opens a customer with their consent, orders (linked to the order), saved addresses and saved cards as brand and last 4", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([ANN, BOB]))
      .on('GET /api/admin/customers/totalAccounts', { total: 2, marketing: 1 })
      .on(`POST /api/admin/customer/${ANN.id}`, ANN_DETAILS);
    const { user } = renderAdmin('/admin/customers', { api });

    await user.click(await screen.findByRole('link', { name: 'Ann Lee' }));
    const panel = await screen.findByRole('region', { name: 'Ann Lee' });
    // The focus moves in an effect after the answer is rendered.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Ann Lee' })));
    expect(window.location.search).toBe(`?open=${ANN.id}`);
    expect(panel.textContent).toContain('Marketing e-mailsAgreed');
    expect(panel.textContent).toContain('Order textsOff');
    expect(within(panel).getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe('mailto:ann@example.com');
    const orders = within(panel).getByRole('list', { name: 'Orders (1)' });
    expect(orders.textContent).toBe('1043 · Nov 22, 2026 · Completed · 3 items · $42.50');
    expect(within(orders).getByRole('link', { name: 'Order 1043' }).getAttribute('href')).toBe('/admin/order-details/64b7f0c2a1b2c3d4e5f60718');
    expect(within(within(panel).getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem').map((li) => li.textContent))
      .toEqual(['12 Oak St, Apt 2, Salem, OR 97302', '9 Elm Ave, Portland, OR 97201']);
    expect(within(panel).getByRole('list', { name: 'Saved cards' }).textContent).toBe('Visa ending in 4242');
    expect(screen.getByRole('link', { name: 'Ann Lee' }).closest('tr')!.getAttribute('aria-current')).toBe('true');

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Ann Lee' })).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('says when there are no customers, when none match, and when the list cannot load', async () => {
    let fail = true;
    const api = new FakeApi()
      .on('GET /api/admin/customers', () => (fail ? new Failure(500, 'Server Error') : page([], 0)))
      .on('GET /api/admin/customers/totalAccounts', { total: 0, marketing: 0 });
    const { user } = renderAdmin('/admin/customers', { api });

    expect((await screen.findByText('We could not load the customers.'))).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No customer accounts yet')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');
    await user.click(screen.getByRole('button', { name: 'Find customers' }));
    expect(await screen.findByText('No customers match')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('No customer accounts yet')).toBeTruthy();
  });

  it("says so when an opened customer is not this store's", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([ANN]))
      .on('GET /api/admin/customers/totalAccounts', { total: 1, marketing: 1 })
      .on('POST /api/admin/customer/nobody', new Failure(404, 'This customer was not found.'));
    renderAdmin('/admin/customers?open=nobody', { api });
    const panel = await screen.findByRole('region', { name: 'Customer' });
    expect((await within(panel).findByText('This customer was not found.'))).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("exports a customer's data, and deletes it only after the confirmation, then reloads the list without them", async () => {
    let deleted = false;
    const api = new FakeApi()
      .on('GET /api/admin/customers', () => page(deleted ? [BOB] : [ANN, BOB]))
      .on('GET /api/admin/customers/totalAccounts', () => ({ total: deleted ? 1 : 2, marketing: deleted ? 0 : 1 }))
      .on(`POST /api/admin/customer/${ANN.id}`, ANN_DETAILS)
      .on(`GET /api/admin/customer/${ANN.id}/export`, { account: { id: ANN.id } })
      .on(`POST /api/admin/customer/${ANN.id}/delete`, () => {
        deleted = true;
        return { status: 'success', message: "Ann Lee's personal data has been deleted. Their order is kept without it.", data: { orders: 1, recurring_orders: 0 } };
      });
    // The browser saves the file: here the link to it is made and clicked, and nothing is opened.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:customer');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAdmin(`/admin/customers?open=${ANN.id}`, { api });
    const panel = await screen.findByRole('region', { name: 'Ann Lee' });

    await user.click(within(panel).getByRole('button', { name: 'Export their data' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(api.sent(`GET /api/admin/customer/${ANN.id}/export`)).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Delete their data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete personal data' });
    expect(dialog.textContent).toContain("Delete Ann Lee's personal data? Their account, saved cards, saved carts and marketing consent are removed and they can no longer sign in.");
    await user.click(within(dialog).getByRole('button', { name: 'Keep the customer' }));
    expect(api.sent(`POST /api/admin/customer/${ANN.id}/delete`)).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Delete their data…' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete personal data' })).getByRole('button', { name: 'Delete personal data' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Ann Lee' })).toBeNull());
    expect(api.sent(`POST /api/admin/customer/${ANN.id}/delete`)).toHaveLength(1);
    expect(window.location.search).toBe('');
    expect(await screen.findByText('1 customer account')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ann Lee' })).toBeNull();
  });

  it("shows why a customer's data was not deleted (staff are refused by the server)", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([ANN]))
      .on('GET /api/admin/customers/totalAccounts', { total: 1, marketing: 1 })
      .on(`POST /api/admin/customer/${ANN.id}`, ANN_DETAILS)
      .on(`POST /api/admin/customer/${ANN.id}/delete`, new Failure(403, "Only the store owner can export or delete a customer's personal data."));
    const { user } = renderAdmin(`/admin/customers?open=${ANN.id}`, { api });
    const panel = await screen.findByRole('region', { name: 'Ann Lee' });
    await user.click(within(panel).getByRole('button', { name: 'Delete their data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete personal data' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete personal data' }));
    expect(await within(dialog).findByText("Only the store owner can export or delete a customer's personal data.")).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Ann Lee' })).toBeTruthy();
  });

  it("tells a sub-account that a customer's personal data is the owner's, without the buttons the server would refuse", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([ANN]))
      .on('GET /api/admin/customers/totalAccounts', { total: 1, marketing: 1 })
      .on(`POST /api/admin/customer/${ANN.id}`, ANN_DETAILS);
    const staff = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', is_sub_account: true } } };
    renderAdmin(`/admin/customers?open=${ANN.id}`, { api, user: staff });
    const panel = await screen.findByRole('region', { name: 'Ann Lee' });
    expect(within(panel).getByRole('note').textContent).toBe(CUSTOMER_DATA_OWNER_ONLY);
    expect(within(panel).queryByRole('button', { name: 'Export their data' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete their data…' })).toBeNull();
  });
});

describe('Customers › one customer', () => {
  it('says when a customer has no saved addresses', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([BOB]))
      .on('GET /api/admin/customers/totalAccounts', { total: 1, marketing: 0 })
      .on(`POST /api/admin/customer/${BOB.id}`, { ...ANN_DETAILS, customer: { ...BOB, last_sign_in_at: null }, addresses: [] });
    const { user } = renderAdmin('/admin/customers', { api });

    await user.click(await screen.findByRole('link', { name: 'Bob Stone' }));
    const panel = await screen.findByRole('region', { name: 'Bob Stone' });
    expect(within(panel).queryByRole('list', { name: 'Saved addresses' })).toBeNull();
    expect(within(panel).getByText('No saved addresses')).toBeTruthy();
  });
});

describe('Customers › Account settings', () => {
  const listed = () => new FakeApi()
    .on('GET /api/admin/customers', page([ANN]))
    .on('GET /api/admin/customers/totalAccounts', { total: 1, marketing: 1 });

  it("opens from the Customers page, previews the account-number field, names a blank label without sending, then saves and says so", async () => {
    const api = listed()
      .on('GET /api/admin/customers/accountSettings', { data: SETTINGS })
      .on('POST /api/admin/customers/accountSettings', (r) => {
        const body = r.body as CustomerAccountSettings;
        return { status: 'success', message: ACCOUNT_SETTINGS_SAVED, data: { ...body, account_field_info: { label: body.account_field_info.label.trim(), help: body.account_field_info.help.trim() } } };
      });
    const { user } = renderAdmin('/admin/customers', { api });

    const opener = await screen.findByRole('button', { name: 'Account settings' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await user.click(opener);
    expect(window.location.search).toBe('?settings=1');
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Customer account settings' });
    const form = await within(panel).findByRole('form', { name: 'Customer account settings' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Customer account settings' }));
    const header = within(form).getByRole('checkbox', { name: 'Show Sign In and Sign Up in the store’s header' }) as HTMLInputElement;
    const texts = within(form).getByRole('checkbox', { name: 'Text shoppers: sign-in codes and order updates' }) as HTMLInputElement;
    expect([header.checked, texts.checked]).toEqual([true, true]);
    expect(within(form).getByRole('figure', { name: 'What shoppers see' }).textContent).toBe(`What shoppers see:${ACCOUNT_FIELD_DEFAULTS.label} (optional)${ACCOUNT_FIELD_DEFAULTS.help}`);

    // The header option says what turning it off does.
    await user.click(header);
    expect(within(form).getByText(/The header shows neither\./)).toBeTruthy();
    await user.click(texts);
    expect(within(form).getByText(/get no texts from the store/)).toBeTruthy();

    // A blank label is named under its field, and nothing is sent.
    const label = within(form).getByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.click(within(form).getByRole('button', { name: 'Save account settings' }));
    expect(await within(form).findByText(ACCOUNT_FIELD_LABEL_NEEDED)).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBe('true');
    await vi.waitFor(() => expect(document.activeElement).toBe(label));
    expect(api.sent('POST /api/admin/customers/accountSettings')).toHaveLength(0);

    await user.type(label, 'Trade Account ');
    const help = within(form).getByRole('textbox', { name: 'Help under the field' });
    await user.clear(help);
    await user.type(help, 'On your monthly statement.');
    expect(within(form).getByRole('figure', { name: 'What shoppers see' }).textContent).toBe('What shoppers see:Trade Account (optional)On your monthly statement.');
    await user.click(within(form).getByRole('button', { name: 'Save account settings' }));
    expect(await within(form).findByRole('status')).toBeTruthy();
    expect(within(form).getByRole('status').textContent).toBe(ACCOUNT_SETTINGS_SAVED);
    expect(api.sent('POST /api/admin/customers/accountSettings')[0].body).toEqual({
      hide_registration: true, sms_notifications_enabled: false, account_field_info: { label: 'Trade Account ', help: 'On your monthly statement.' },
    });
    expect((label as HTMLInputElement).value).toBe('Trade Account');

    // The standard words come back with one button; Close leaves the list as it was.
    await user.click(within(form).getByRole('button', { name: 'Use the standard words' }));
    expect((label as HTMLInputElement).value).toBe(ACCOUNT_FIELD_DEFAULTS.label);
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Customer account settings' })).toBeNull();
    expect(window.location.search).toBe('');
  });

  it("shows the server's refusal under its field, and a staff member without the permission is told why (no Try again)", async () => {
    const api = listed()
      .on('GET /api/admin/customers/accountSettings', { data: SETTINGS })
      .on('POST /api/admin/customers/accountSettings', new Failure(422, ACCOUNT_FIELD_NO_MARKUP, { 'account_field_info.help': [ACCOUNT_FIELD_NO_MARKUP] }));
    const { user } = renderAdmin('/admin/customers?settings=1', { api });
    const form = await screen.findByRole('form', { name: 'Customer account settings' });
    await user.click(within(form).getByRole('button', { name: 'Save account settings' }));
    expect(await within(form).findByText(ACCOUNT_FIELD_NO_MARKUP)).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Help under the field' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('says why when the settings cannot be opened, and offers Try again when it was not a refusal', async () => {
    let answer: Failure | { data: CustomerAccountSettings } = new Failure(403, NO_PERMISSION);
    const api = listed().on('GET /api/admin/customers/accountSettings', () => answer);
    const { unmount } = renderAdmin('/admin/customers?settings=1', { api });
    const panel = await screen.findByRole('region', { name: 'Customer account settings' });
    expect(await within(panel).findByText(NO_PERMISSION)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(panel).queryByRole('form')).toBeNull();
    unmount();

    answer = new Failure(500, 'Server Error');
    const { user } = renderAdmin('/admin/customers?settings=1', { api });
    const again = await screen.findByRole('region', { name: 'Customer account settings' });
    expect(await within(again).findByText('We could not load the account settings.')).toBeTruthy();
    answer = { data: SETTINGS };
    await user.click(within(again).getByRole('button', { name: 'Try again' }));
    expect(await within(again).findByRole('form', { name: 'Customer account settings' })).toBeTruthy();
  });
});

describe('Customers › Subscribers', () => {
  const READER: AdminCustomerRow = {
    id: 'newsletter-0a1b2c', first_name: '', last_name: '', email: 'reader@example.com', telephone: '', created_at: '2026-11-21T15:00:00.000Z',
    receive_marketing: false, receive_sms: false, source: 'newsletter', unsubscribed_at: '2026-11-23T15:00:00.000Z',
  };

  it('lists who marketing e-mails may go to, 10 a page, where each came from and who unsubscribed; a customer opens; a search finds', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([ANN, BOB]))
      .on('GET /api/admin/customers/totalAccounts', { total: 2, marketing: 1 })
      .on('GET /api/subscribers', (r) => (r.query.get('search') ? page([]) : page([ANN, READER], 12, 2)))
      .on(`POST /api/admin/customer/${ANN.id}`, ANN_DETAILS);
    const { user } = renderAdmin('/admin/customers', { api });

    const lists = await screen.findByRole('navigation', { name: 'Customer lists' });
    expect(within(lists).getByRole('link', { name: 'Customer accounts' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(lists).getByRole('link', { name: 'Subscribers' }));
    expect(window.location.search).toBe('?view=subscribers');
    expect(within(lists).getByRole('link', { name: 'Subscribers' }).getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table', { name: 'Subscribers' });
    expect(screen.getByText('12 subscribers')).toBeTruthy();
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      'Ann Leeann@example.comNov 20, 2026Customer accountSubscribed',
      'Newsletter sign-upreader@example.comNov 21, 2026Newsletter (footer)Unsubscribed Nov 23, 2026',
    ]);
    expect(api.sent('GET /api/subscribers')[0].query.toString()).toBe('page=1&limit=10');
    expect(screen.queryByRole('table', { name: 'Customers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(api.sent('GET /api/subscribers').at(-1)!.query.get('page')).toBe('2'));
    expect(window.location.search).toBe('?view=subscribers&page=2');

    await user.click(within(screen.getByRole('table', { name: 'Subscribers' })).getByRole('link', { name: 'Ann Lee' }));
    expect(await screen.findByRole('region', { name: 'Ann Lee' })).toBeTruthy();
    expect(window.location.search).toBe(`?view=subscribers&page=2&open=${ANN.id}`);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Find customers' }));
    expect(await screen.findByText('No subscribers match')).toBeTruthy();
    expect(api.sent('GET /api/subscribers').at(-1)!.query.toString()).toBe('page=1&limit=10&search=nobody');
    expect(window.location.search).toBe('?view=subscribers&search=nobody');
  });

  it('says when there are none yet, and when the list cannot load', async () => {
    let fail = true;
    const api = new FakeApi()
      .on('GET /api/admin/customers/totalAccounts', { total: 0, marketing: 0 })
      .on('GET /api/subscribers', () => (fail ? new Failure(500, 'Server Error') : page([], 0)));
    const { user } = renderAdmin('/admin/customers?view=subscribers', { api });
    expect(await screen.findByText('We could not load the subscribers.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No subscribers yet')).toBeTruthy();
    expect(api.sent('GET /api/admin/customers')).toHaveLength(0);
  });
});
