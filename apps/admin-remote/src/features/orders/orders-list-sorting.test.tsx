import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OrderSummary, Paged } from '@platform/contracts';
import { FakeApi, renderAdmin } from '../../test-support';

const row = (n: number, status: string, name: string, total: string): OrderSummary => ({
  id: `64b7f0c2a1b2c3d4e5f6${String(n).padStart(4, '0')}`, order_number: String(n), status, customer_name: name, order_type: 'pickup', total, placed_at: '2026-11-20T15:00:00.000Z', location_id: 1,
});
const ROWS = [row(1042, 'placed', 'Jane Doe', '185.50'), row(1041, 'completed', 'Al Stone', '12.00')];
const page = (rows: OrderSummary[]): Paged<OrderSummary> => ({ data: rows, total: rows.length, current_page: 1, last_page: 1 });
const listApi = () => new FakeApi().on('GET /api/admin/orders/all' as never, () => page(ROWS) as never).on('GET /api/admin/orders/outstanding', () => page(ROWS.slice(0, 1)) as never);
const lastQuery = (api: FakeApi, route = 'GET /api/admin/orders/all') => Object.fromEntries(api.sent(route as never).at(-1)!.query);

describe('order lists: sorting and the status filter', () => {
  it('sorts by a column header, from the keyboard too, the choice in the address and told to screen readers', async () => {
    const api = listApi();
    const { user } = renderAdmin('/admin/orders/list/all', { api });
    const table = await screen.findByRole('table');
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // Newest first until asked.
    expect(header('Placed').getAttribute('aria-sort')).toBe('descending');
    expect(header('Total').getAttribute('aria-sort')).toBe('none');
    expect(lastQuery(api)).not.toHaveProperty('sort');

    await user.click(within(header('Total')).getByRole('button', { name: 'Total' }));
    await vi.waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'total', direction: 'desc' }));
    expect(header('Total').getAttribute('aria-sort')).toBe('descending');
    expect(header('Placed').getAttribute('aria-sort')).toBe('none');
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('total');

    // The same header again turns it round; Enter on a focused header works as a click.
    within(header('Total')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'total', direction: 'asc' }));
    expect(header('Total').getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(header('Customer')).getByRole('button'));
    await vi.waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'customer_name', direction: 'asc' }));
  });

  it('filters by several statuses of the list, kept in the address', async () => {
    const api = listApi();
    const { user } = renderAdmin('/admin/orders/list/all', { api });
    const statuses = await screen.findByRole('group', { name: 'Status' });
    expect(within(statuses).getAllByRole('checkbox')).toHaveLength(6);
    await user.click(within(statuses).getByRole('checkbox', { name: /New/ }));
    await user.click(within(statuses).getByRole('checkbox', { name: /Completed/ }));
    await user.click(screen.getByRole('button', { name: 'Show orders' }));
    await vi.waitFor(() => expect(lastQuery(api)).toMatchObject({ status: 'placed,completed' }));
    expect(new URLSearchParams(window.location.search).get('status')).toBe('placed,completed');
  });

  it('opens with the sort and statuses of its address, as after a reload', async () => {
    const api = listApi();
    renderAdmin('/admin/orders/list/outstanding?sort=order_number&direction=asc&status=taken,prepared', { api });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /^Order/ }).getAttribute('aria-sort')).toBe('ascending');
    const statuses = screen.getByRole('group', { name: 'Status' });
    // Outstanding holds the four statuses before completion.
    expect(within(statuses).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(statuses).getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(2);
    expect(lastQuery(api, 'GET /api/admin/orders/outstanding')).toMatchObject({ sort: 'order_number', direction: 'asc', status: 'taken,prepared' });
  });

  it('sorts outstanding orders by their pickup or delivery date, soonest first', async () => {
    const api = listApi();
    const { user } = renderAdmin('/admin/orders/list/outstanding', { api });
    await user.click(await screen.findByRole('button', { name: 'Sort by pickup/delivery date' }));
    await vi.waitFor(() => expect(lastQuery(api, 'GET /api/admin/orders/outstanding')).toMatchObject({ sort: 'delivery_date', direction: 'asc' }));
    expect(screen.getByRole('button', { name: /Pickup\/delivery date \(soonest first\)/ }).getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: /^Placed/ }).getAttribute('aria-sort')).toBe('none');
    // Other lists have no such sort.
    await user.click(screen.getByRole('link', { name: /All/ }));
    expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /pickup\/delivery date/i })).toBeNull();
  });
});
