import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminOrder, OrderLocations, OrderSummary } from '@platform/contracts';
import { FakeApi, Failure, renderAdmin } from '../../test-support';

const ID = '64b7f0c2a1b2c3d4e5f60720';
const ORDER: AdminOrder = {
  id: ID, order_number: '1042', status: 'taken', status_label: 'Taken', order_type: 'pickup', placed_at: '2026-11-20T15:00:00.000Z',
  contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
  address: null, store: { id: 1, name: 'Main Street', address: '1 Main St, Salem, OR 97301' }, shipping_service: null,
  items: [
    { id: `${ID}.0`, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, cancelled_quantity: 0, price: '99.00', special: false },
    { id: `${ID}.1`, sku: 'PAINT-1', title: 'Barn Red Gallon', quantity: 2, cancelled_quantity: 0, price: '38.00', special: true },
  ],
  subtotal: '175.00', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '10.50', fulfilment_charge: '0.00', total: '185.50',
  payment: { method: 'pay_at_store', label: 'Pay at the store when you pick up', status: 'due' }, note: '',
  timeline: [{ status: 'placed', label: 'Placed', at: '2026-11-20T15:00:00.000Z', note: '' }],
  delivery_date: null, delivery_window: null,
  actions: ['prepare', 'cancel'], history: [{ status: 'taken', at: '2026-11-20T15:05:00.000Z', by: 'owner', note: '' }], prepare_step: null,
};
const PLACES: OrderLocations = {
  current: { id: 1, name: 'Main Street', address: '1 Main St, Salem, OR 97301' },
  others: [
    { id: 2, name: 'Riverside', address: '400 River Rd, Salem, OR 97302', has_everything: true, missing: [] },
    { id: 3, name: 'Hilltop', address: '9 Hill Rd, Salem, OR 97304', has_everything: false, missing: [{ sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', needed: 1, left: 0 }] },
  ],
};

function orderApi(order: AdminOrder = ORDER) {
  let current = order;
  const answer = (changes: Partial<AdminOrder>, message: string) => { current = { ...current, ...changes }; return { status: 'success', message, data: current }; };
  const api = new FakeApi()
    .on(`GET /api/admin/orders/${ID}`, () => ({ data: current }))
    .on(`GET /api/admin/orders/${ID}/notes`, { data: [] })
    .on(`GET /api/admin/orders/${ID}/location`, { data: PLACES })
    .on(`POST /api/admin/orders/${ID}/prepareStep/picking`, () => answer({ status: 'preparing', status_label: 'Being prepared', prepare_step: 'picking' }, 'Order 1042: picking.'))
    .on(`POST /api/admin/orders/${ID}/prepareStep/packed`, () => answer({ prepare_step: 'packed' }, 'Order 1042: packed.'))
    .on('POST /api/admin/orders/updateDeliveryDate', (r) => answer({ delivery_date: (r.body as { delivery_date: string }).delivery_date, delivery_window: '9am-noon' }, 'Order 1042 is expected.'))
    .on(`POST /api/admin/orders/${ID}/location`, () => answer({ store: { id: 2, name: 'Riverside', address: '400 River Rd, Salem, OR 97302' } }, 'Order 1042 moved to Riverside.'));
  return api;
}

describe('Prepare Order: preparing steps, the expected day, another store', () => {
  it('records a preparing step and shows the current one', async () => {
    const api = orderApi();
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    const steps = await screen.findByRole('group', { name: 'Record a preparing step' });
    expect(screen.getByText('No preparing step recorded yet.')).toBeTruthy();
    await user.click(within(steps).getByRole('button', { name: 'Picking' }));
    expect(await screen.findByText('Picking', { selector: 'strong' })).toBeTruthy();
    expect(within(steps).getByRole('button', { name: 'Picking' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(steps).getByRole('button', { name: 'Packed' }));
    await vi.waitFor(() => expect(within(steps).getByRole('button', { name: 'Packed' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.sent(`POST /api/admin/orders/${ID}/prepareStep/picking`)).toHaveLength(1);
    expect(api.sent(`POST /api/admin/orders/${ID}/prepareStep/packed`)).toHaveLength(1);
  });

  it('sets the expected day of the special-order items', async () => {
    const api = orderApi();
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    const form = await screen.findByRole('form', { name: 'Set the delivery date' });
    expect(screen.getByText(/No expected date given yet/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Expected on'), '2099-12-03');
    await user.type(within(form).getByLabelText('Time of day (optional)'), '9am-noon');
    await user.click(within(form).getByRole('button', { name: 'Save date' }));
    expect((await screen.findByText('Thursday, December 3, 2099, 9am-noon')).tagName).toBe('STRONG');
    expect(api.sent('POST /api/admin/orders/updateDeliveryDate').map((r) => r.body)).toEqual([{ id: ID, delivery_date: '2099-12-03', delivery_window: '9am-noon' }]);
  });

  it('marks it ready naming who prepared it, chosen from the staff accounts', async () => {
    const jo = { slug: 'jo-clerk', first_name: 'Jo', last_name: 'Clerk', email: 'jo@example.com', permissions: [], last_active_at: null, location_id: null };
    const api = orderApi()
      .on('GET /api/sub-accounts', { 'sub-accounts': [jo] })
      .on('POST /api/admin/orders/markPrepared', { status: 'success', message: 'Order 1042 is ready. Jane has been told by e-mail.', data: { ...ORDER, status: 'prepared', status_label: 'Ready', actions: ['complete', 'cancel'] } });
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    await user.selectOptions(await screen.findByLabelText('Prepared by (optional)'), 'Jo Clerk');
    await user.click(screen.getByRole('button', { name: 'Mark ready' }));
    await vi.waitFor(() => expect(api.sent('POST /api/admin/orders/markPrepared').map((r) => r.body)).toEqual([{ id: ID, subAccountId: 'jo-clerk' }]));
  });

  it('offers no delivery date for a pickup order without special-order items', async () => {
    renderAdmin(`/admin/prepare-order?id=${ID}`, { api: orderApi({ ...ORDER, items: [ORDER.items[0]] }) });
    await screen.findByRole('group', { name: 'Record a preparing step' });
    expect(screen.queryByRole('form', { name: 'Set the delivery date' })).toBeNull();
  });

  it('moves the order to a store that has every item, after a question', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = orderApi();
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    await user.click(await screen.findByRole('button', { name: 'Move to another store' }));
    const form = await screen.findByRole('form', { name: 'Move to another store' });
    expect(await within(form).findByText('Now at Main Street. Move to:')).toBeTruthy();
    const hilltop = within(form).getByRole('radio', { name: /Hilltop/ });
    expect((hilltop as HTMLInputElement).disabled).toBe(true);
    expect(hilltop.closest('label')!.textContent).toContain('short: DeWalt 20V Cordless Drill, 0 of 1');
    expect(within(form).getByRole('button', { name: 'Move order' })).toHaveProperty('disabled', true);
    await user.click(within(form).getByRole('radio', { name: /Riverside/ }));
    await user.click(within(form).getByRole('button', { name: 'Move order' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Move to another store' })).toBeNull());
    expect(api.sent(`POST /api/admin/orders/${ID}/location`).map((r) => r.body)).toEqual([{ location_id: 2 }]);
    expect(await screen.findByText('Riverside', { selector: 'dd' })).toBeTruthy();
  });
});

describe('Order Details: any order at /admin/order-details/{id}', () => {
  const COMPLETED: AdminOrder = {
    ...ORDER, status: 'completed', status_label: 'Completed', actions: [],
    items: [{ ...ORDER.items[0], quantity: 2, cancelled_quantity: 1 }],
    history: [
      { status: 'taken', at: '2026-11-20T15:05:00.000Z', by: 'owner', note: '' },
      { status: 'completed', at: '2026-11-21T10:00:00.000Z', by: 'clerk', note: '' },
    ],
  };
  const detailsApi = (order: AdminOrder) => new FakeApi()
    .on(`GET /api/admin/orders/${ID}`, { data: order })
    .on(`GET /api/admin/orders/${ID}/notes`, { data: [{ id: 'n1', text: 'Paid by cheque 1042', at: '2026-11-21T10:05:00.000Z', by: 'clerk' }] })
    .on(`GET /api/admin/orders/${ID}/location`, { data: PLACES });

  it('shows a completed order with what was cancelled, its history and staff notes, and nothing left to do', async () => {
    renderAdmin(`/admin/order-details/${ID}`, { api: detailsApi(COMPLETED) });
    expect(await screen.findByRole('heading', { name: 'Order 1042' })).toBeTruthy();
    expect(screen.getByText('1 cancelled')).toBeTruthy();
    expect(screen.getByText('This order is completed: nothing more to do.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order…' })).toBeNull();
    const history = screen.getByRole('list', { name: 'Order history' });
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^Taken, .* by owner$/), expect.stringMatching(/^Completed, .* by clerk$/)]);
    expect(await within(screen.getByRole('region', { name: 'Staff notes' })).findByText(/Paid by cheque 1042/)).toBeTruthy();
  });

  it("says when the order is not this store's", async () => {
    renderAdmin(`/admin/order-details/${ID}`, { api: new FakeApi().on(`GET /api/admin/orders/${ID}`, new Failure(404, 'This order was not found.')) });
    expect(await screen.findByText('This order was not found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order Details' })).toBeTruthy();
  });

  it('is where the Completed list opens an order; an outstanding one opens on Prepare Order', async () => {
    const row = (status: string): OrderSummary => ({ id: ID, order_number: '1042', status, customer_name: 'Jane Doe', order_type: 'pickup', total: '185.50', placed_at: '2026-11-20T15:00:00.000Z', location_id: 1 });
    const page = (status: string) => ({ data: [row(status)], total: 1, current_page: 1, last_page: 1 });
    const api = detailsApi(COMPLETED)
      .on('GET /api/admin/orders/completed', page('completed') as never)
      .on('GET /api/admin/orders/outstanding', page('taken') as never);
    const { user } = renderAdmin('/admin/orders/list/completed', { api });
    const link = await screen.findByRole('link', { name: 'Order 1042' });
    expect(link.getAttribute('href')).toBe(`/admin/order-details/${ID}`);
    await user.click(link);
    expect(await screen.findByText('This order is completed: nothing more to do.')).toBeTruthy();
    expect(window.location.pathname).toBe(`/admin/order-details/${ID}`);
    await user.click(screen.getByRole('link', { name: '← Orders' }));
    expect((await screen.findByRole('link', { name: 'Order 1042' })).getAttribute('href')).toBe(`/admin/prepare-order?id=${ID}`);
  });
});
