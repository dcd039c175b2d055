import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { useToasts } from '@platform/api-client';
import type { AdminCustomerDetails, AdminCustomerPage, AdminCustomerRow, CustomerTotals } from '@platform/contracts';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, renderAdmin, type Answers } from '../../test-support';

/** The Customers screen's routes (services/identity customers-admin, services/orders customer-admin.ts) beside the admin's others. */
interface CustomerAnswers extends Answers {
  'GET /api/admin/customers': AdminCustomerPage;
  'GET /api/admin/customers/totalAccounts': CustomerTotals;
  /** One customer, and (…/delete) the owner deleting their personal data. */
  [customer: `POST /api/admin/customer/${string}`]: AdminCustomerDetails | { status: string; message: string; data: { orders: number; recurring_orders: number } };
  /** …/export: their personal data as a file. */
  [data: `GET /api/admin/customer/${string}`]: { account: { id: string } };
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
};

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

  it("opens a customer with their consent, orders (linked to the order) and saved cards as brand and last 4", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/customers', page([ANN, BOB]))
      .on('GET /api/admin/customers/totalAccounts', { total: 2, marketing: 1 })
      .on(`POST /api/admin/customer/${ANN.id}`, ANN_DETAILS);
    const { user } = renderAdmin('/admin/customers', { api });

    await user.click(await screen.findByRole('link', { name: 'Ann Lee' }));
    const panel = await screen.findByRole('region', { name: 'Ann Lee' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Ann Lee' }));
    expect(window.location.search).toBe(`?open=${ANN.id}`);
    expect(panel.textContent).toContain('Marketing e-mailsAgreed');
    expect(panel.textContent).toContain('Order textsOff');
    expect(within(panel).getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe('mailto:ann@example.com');
    const orders = within(panel).getByRole('list', { name: 'Orders (1)' });
    expect(orders.textContent).toBe('1043 · Nov 22, 2026 · Completed · 3 items · $42.50');
    expect(within(orders).getByRole('link', { name: 'Order 1043' }).getAttribute('href')).toBe('/admin/prepare-order?id=64b7f0c2a1b2c3d4e5f60718');
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
});
