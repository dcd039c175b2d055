import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { takeRedirect } from '@platform/api-client';
import type { CustomerOrderSummary } from '@platform/contracts';
import { CUSTOMER, FakeApi, renderCheckout } from '../../test-support';

const order = (n: number, patch: Partial<CustomerOrderSummary> = {}): CustomerOrderSummary => ({
  order_number: String(1040 + n), status: 'placed', order_type: 'pickup', placed_at: '2026-11-20T15:00:00.000Z', item_count: n, total: `${n}0.00`, ...patch,
});

/** GET /api/orders in miniature: two pages, newest first. */
const ordersApi = () => new FakeApi().on('GET /api/orders', (request) => (request.query.get('page') === '2'
  ? { data: [order(1)], total: 3, current_page: 2, last_page: 2 }
  : { data: [order(3, { status: 'prepared', order_type: 'delivery' }), order(2, { status: 'cancelled' })], total: 3, current_page: 1, last_page: 2 }));

describe('My Orders (/orders)', () => {
  it("lists the shopper's orders with the status in their words, links each to its detail, and pages on", async () => {
    const { user, api } = renderCheckout('/orders', { api: ordersApi(), user: CUSTOMER });
    const table = await screen.findByRole('table', { name: 'Your orders' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual([['1043', '3', 'Delivery', 'Ready', '$30.00'], ['1042', '2', 'Pickup', 'Cancelled', '$20.00']]);
    expect(within(table).getByRole('link', { name: '1043' }).getAttribute('href')).toBe('/orders?order=1043');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByRole('link', { name: '1041' })).toBeTruthy();
    expect(api.sent('GET /api/orders').map((r) => r.query.get('page'))).toEqual(['1', '2']);
  });

  it('says so when there are no orders yet, with a way to shop', async () => {
    renderCheckout('/orders', { api: new FakeApi().on('GET /api/orders', { data: [], total: 0, current_page: 1, last_page: 1 }), user: CUSTOMER });
    expect(await screen.findByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop by department' }).getAttribute('href')).toBe('/departments');
  });

  it('sends a guest to sign in, and comes back to My Orders after', async () => {
    const { api } = renderCheckout('/orders', { api: new FakeApi() });
    expect(await screen.findByRole('heading', { name: /sign in/i })).toBeTruthy();
    expect(api.sent('GET /api/orders')).toEqual([]);
    // Where sign-in goes back to.
    expect(takeRedirect()).toBe('/orders');
  });
});
