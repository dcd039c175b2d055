import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OfflineOrder, OfflineOrderPage, OfflineOrderRow, PageRating } from '@platform/contracts';
import type { OfflineProductHit } from '@platform/api-client';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, later, OWNER, renderAdmin, type Answers } from '../../test-support';

/** The Offline Orders screen's routes (services/orders/src/offline-orders/routes.ts) beside the admin's others. */
interface OfflineAnswers extends Answers {
  'GET /api/admin/offline-orders': OfflineOrderPage;
  'GET /api/admin/offline-orders/products': { data: OfflineProductHit[] };
  'GET /api/admin/offline-orders/rate-page': { data: PageRating };
  'POST /api/admin/offline-orders/rate-page': { status: string; message: string; data: PageRating };
  'POST /api/admin/offline-orders': { status: string; message: string; data: OfflineOrder };
  [one: `GET /api/admin/offline-orders/${string}`]: { data: OfflineOrder } | OfflineOrderPage | { data: OfflineProductHit[] } | { data: PageRating };
}
class FakeApi extends ApiStandIn<OfflineAnswers> {}

const ROW: OfflineOrderRow = {
  id: '65c000000000000000000001', order_number: 'OFF-1001', placed_at: '2026-11-24T15:30:00.000Z', location_id: 1, order_type: 'pickup', customer_name: 'Dana Whitfield',
  telephone: '5035550188', email: '', item_count: 3, subtotal: '42.98', tax: '0.00', total: '42.98', paid: false, taken_by: 'counter-staff',
};
const ORDER: OfflineOrder = {
  ...ROW, address: null, note: 'Collects after 4pm',
  items: [
    { title: 'Claw Hammer', sku: '1002', quantity: 2, price: '19.99', line_total: '39.98', store_product_id: 21 },
    { title: 'Key cutting', sku: '', quantity: 1, price: '3.00', line_total: '3.00', store_product_id: null },
  ],
};
const NO_RATING: PageRating = { rating: null, comment: '', average: null, count: 0 };
/** Puts text into a field at once (a paste): typing key by key is slow and adds nothing here. */
const fill = async (user: { click: (e: Element) => Promise<void>; paste: (t: string) => Promise<void> }, field: Element, text: string) => { await user.click(field); await user.paste(text); };
const pageOf = (rows: OfflineOrderRow[]): OfflineOrderPage => ({ data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 20 });
const HAMMER: OfflineProductHit = { store_product_id: 21, title: 'Claw Hammer', sku: '1002', price: '19.99', num_inventory: 40 };

describe('Offline Orders', () => {
  it('is in the admin menu; lists the orders newest first and opens one', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', pageOf([ROW]))
      .on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING })
      .on(`GET /api/admin/offline-orders/${ROW.id}`, { data: ORDER });
    const { user } = renderAdmin('/admin/offline-orders', { api });

    expect(await screen.findByRole('heading', { name: 'Offline Orders' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Offline Orders' }).getAttribute('href')).toBe('/admin/offline-orders');
    const row = (await screen.findByRole('link', { name: 'Offline order OFF-1001' })).closest('tr')!;
    expect(row.textContent).toContain('Dana Whitfield(503) 555-0188');
    expect(row.textContent).toContain('Main Street');
    expect(row.textContent).toContain('$42.98');
    expect(screen.getByText('1 offline order')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Offline order OFF-1001' }));
    const panel = await screen.findByRole('region', { name: 'Offline order OFF-1001' });
    // The focus moves in an effect after the answer is rendered.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Offline order OFF-1001' })));
    expect(panel.textContent).toContain('PaidNo, due when collected or delivered');
    expect(panel.textContent).toContain('NoteCollects after 4pm');
    expect(within(panel).getByRole('list', { name: 'Items' }).textContent).toBe('2 × Claw Hammer (SKU 1002) at $19.99 = $39.981 × Key cutting at $3.00 = $3.00');
    expect(panel.textContent).toContain('Total $42.98');
  });

  it('finds by a search and a store, says when none match, and clears', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', (r) => (r.query.get('search') === 'nobody' ? pageOf([]) : pageOf([ROW])))
      .on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING });
    const { user } = renderAdmin('/admin/offline-orders', { api });
    const search = await screen.findByRole('search', { name: 'Find offline orders' });
    await fill(user, within(search).getByRole('searchbox', { name: 'Search' }), 'nobody');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Store' }), 'Riverside');
    await user.click(within(search).getByRole('button', { name: 'Find orders' }));
    expect(await screen.findByText('No offline orders match')).toBeTruthy();
    expect(api.sent('GET /api/admin/offline-orders').at(-1)!.query.toString()).toBe('page=1&search=nobody&location_id=2');
    expect(window.location.search).toBe('?search=nobody&location_id=2');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('link', { name: 'Offline order OFF-1001' })).toBeTruthy();
  });

  it('checks the form before sending: the customer, a phone or an e-mail, an item, a delivery\'s address', async () => {
    const api = new FakeApi().on('GET /api/admin/offline-orders', pageOf([])).on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING });
    const { user } = renderAdmin('/admin/offline-orders', { api });
    expect(await screen.findByText('No offline orders yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enter an offline order' }));
    const form = screen.getByRole('form', { name: 'Enter an offline order' });
    await user.click(within(form).getByRole('button', { name: 'Save offline order' }));
    expect(within(form).getByText("Please enter the customer's name.")).toBeTruthy();
    expect(within(form).getByText('Please give a phone number or an e-mail address for the customer.')).toBeTruthy();
    expect(within(form).getByText('Please add at least one item.')).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Name' })));
    await user.click(within(form).getByRole('radio', { name: 'Delivery' }));
    await user.click(within(form).getByRole('button', { name: 'Save offline order' }));
    expect(within(form).getByText('Please enter your street address.')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid zip code.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add free-text item' }));
    expect(within(form).getByText('Please describe the item.')).toBeTruthy();
    expect(api.sent('POST /api/admin/offline-orders')).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Enter an offline order' })).toBeNull();
  });

  it("adds a catalogue item found at the store and a free-text line, sends them, and shows the server's refusal by the line", async () => {
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', pageOf([]))
      .on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING })
      .on('GET /api/admin/offline-orders/products', { data: [HAMMER] })
      .on('POST /api/admin/offline-orders', new Failure(409, 'Claw Hammer: Store has only 1 in stock.', { 'items.0.quantity': ['Store has only 1 in stock.'] }));
    const { user } = renderAdmin('/admin/offline-orders?new=1', { api });
    const form = await screen.findByRole('form', { name: 'Enter an offline order' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Dana');
    await fill(user, within(form).getByRole('textbox', { name: 'Phone' }), '5035550188');
    await fill(user, within(form).getByRole('searchbox', { name: 'Find an item' }), 'hammer');
    await user.keyboard('{Enter}');
    const hits = await within(form).findByRole('list', { name: 'Catalogue items' });
    expect(hits.textContent).toContain('Claw Hammer · SKU 1002 · $19.99 · 40 in stock');
    expect(api.sent('GET /api/admin/offline-orders/products')[0].query.toString()).toBe('location_id=1&search=hammer');
    await user.click(within(hits).getByRole('button', { name: 'Add Claw Hammer' }));
    const quantity = within(within(form).getByRole('list', { name: 'Order lines' })).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await fill(user, quantity, '2');
    await fill(user, within(form).getByRole('textbox', { name: 'Free-text item' }), 'Key');
    await fill(user, within(form).getByRole('textbox', { name: 'Price' }), '3');
    await user.click(within(form).getByRole('button', { name: 'Add free-text item' }));
    expect(within(form).getByText('Subtotal $42.98')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save offline order' }));
    expect(await within(form).findByText('Store has only 1 in stock.')).toBeTruthy();
    expect(within(form).getByText('Claw Hammer: Store has only 1 in stock.')).toBeTruthy();
    expect(api.sent('POST /api/admin/offline-orders')[0].body).toEqual({
      location_id: 1, order_type: 'pickup', customer_name: 'Dana', telephone: '5035550188', paid: false,
      items: [{ store_product_id: 21, quantity: 2 }, { title: 'Key', price: '3.00', quantity: 1 }],
    });
  });

  it('saves a paid order and opens it', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', pageOf([]))
      .on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING })
      .on('POST /api/admin/offline-orders', { status: 'success', message: 'Offline order OFF-1001 saved.', data: ORDER })
      .on(`GET /api/admin/offline-orders/${ROW.id}`, { data: ORDER });
    const { user } = renderAdmin('/admin/offline-orders?new=1', { api });
    const form = await screen.findByRole('form', { name: 'Enter an offline order' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Dana');
    await fill(user, within(form).getByRole('textbox', { name: 'E-mail' }), 'dana@example.com');
    await fill(user, within(form).getByRole('textbox', { name: 'Free-text item' }), 'Key');
    await fill(user, within(form).getByRole('textbox', { name: 'Price' }), '3.00');
    await user.click(within(form).getByRole('button', { name: 'Add free-text item' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Paid' }));
    await user.click(within(form).getByRole('button', { name: 'Save offline order' }));
    expect(await screen.findByRole('region', { name: 'Offline order OFF-1001' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Enter an offline order' })).toBeNull();
    expect(api.sent('POST /api/admin/offline-orders')[0].body).toMatchObject({ email: 'dana@example.com', paid: true, items: [{ title: 'Key', price: '3.00', quantity: 1 }] });
    expect(window.location.search).toBe(`?open=${ROW.id}`);
  });

  it('shows loading, then a failure with Try again', async () => {
    const answer = later<OfflineOrderPage | Failure>();
    let calls = 0;
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', () => { calls += 1; return calls === 1 ? answer.promise : pageOf([ROW]); })
      .on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING });
    const { user } = renderAdmin('/admin/offline-orders', { api });
    expect(await screen.findByText('Loading offline orders…')).toBeTruthy();
    answer.resolve(new Failure(500, 'Server Error'));
    expect(await screen.findByText('We could not load the offline orders.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Offline order OFF-1001' })).toBeTruthy();
  });

  it('rate-page: the staff member rates the page and sees the staff average', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', pageOf([]))
      .on('GET /api/admin/offline-orders/rate-page', { data: { rating: null, comment: '', average: 3, count: 1 } })
      .on('POST /api/admin/offline-orders/rate-page', { status: 'success', message: 'Thank you for rating this page.', data: { rating: 4, comment: 'Handy', average: 3.5, count: 2 } });
    const { user } = renderAdmin('/admin/offline-orders', { api });
    const box = await screen.findByRole('form', { name: 'How useful is this page?' });
    expect(await within(box).findByText("Your store's staff rate it 3 of 5 (1 rating).")).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'Send my rating' }));
    expect(within(box).getByRole('alert').textContent).toBe('Please choose from 1 to 5 stars.');
    await user.click(within(box).getByRole('radio', { name: /4 – Very useful/ }));
    await fill(user, within(box).getByRole('textbox', { name: 'Comment (optional)' }), 'Handy');
    await user.click(within(box).getByRole('button', { name: 'Send my rating' }));
    expect(await within(box).findByText("Your store's staff rate it 3.5 of 5 (2 ratings). Your rating: 4 of 5.")).toBeTruthy();
    expect(api.sent('POST /api/admin/offline-orders/rate-page')[0].body).toEqual({ rating: 4, comment: 'Handy' });
  });

  it('is refused to staff without the offline orders permission', async () => {
    const staff = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'helper', permissions: ['edit_products'] } } };
    renderAdmin('/admin/offline-orders', { user: staff, api: new FakeApi().on('GET /api/sub-accounts', { 'sub-accounts': [] }) });
    expect(await screen.findByText(/View offline orders/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Offline Orders' })).toBeNull();
  });

  it('shows a bound staff member the store they work at, without the Store filter', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/offline-orders', { ...pageOf([ROW]), location_id: 1 })
      .on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING });
    renderAdmin('/admin/offline-orders', { api });
    expect(await screen.findByText('You see the offline orders of Main Street.')).toBeTruthy();
    expect(within(screen.getByRole('search', { name: 'Find offline orders' })).queryByRole('combobox', { name: 'Store' })).toBeNull();
  });

  it("says in the server's words why another store's offline orders are refused", async () => {
    const message = 'You work at one store location and can see only its orders. The store owner can see the other locations.';
    const api = new FakeApi().on('GET /api/admin/offline-orders', new Failure(403, message)).on('GET /api/admin/offline-orders/rate-page', { data: NO_RATING });
    renderAdmin('/admin/offline-orders?location_id=2', { api });
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

