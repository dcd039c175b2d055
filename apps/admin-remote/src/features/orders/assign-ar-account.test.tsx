import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminOrder, ArAccount, ArAccountSearchHit } from '@platform/contracts';
import { Failure, FakeApi, OWNER, renderAdmin } from '../../test-support';

const ID = '64b7f0c2a1b2c3d4e5f60720';
const ORDER: AdminOrder = {
  id: ID, order_number: '1042', status: 'taken', status_label: 'Taken', order_type: 'pickup', placed_at: '2026-11-20T15:00:00.000Z',
  contact: { first_name: 'Pat', last_name: 'Builder', email: 'pat@baybuilders.test', telephone: '5035550142' },
  address: null, store: { id: 1, name: 'Main Street', address: '1 Main St, Salem, OR 97301' }, shipping_service: null,
  items: [{ id: `${ID}.0`, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, cancelled_quantity: 0, price: '99.00', special: false }],
  subtotal: '99.00', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '0.00', fulfilment_charge: '0.00', total: '99.00',
  payment: { method: 'pay_at_store', label: 'Pay at the store when you pick up', status: 'due' }, note: '',
  timeline: [{ status: 'placed', label: 'Placed', at: '2026-11-20T15:00:00.000Z', note: '' }], delivery_date: null, delivery_window: null,
  actions: ['prepare', 'cancel'], history: [], prepare_step: null, ar_account: null,
};
const hit = (id: string, number: string, name: string, extra: Partial<ArAccountSearchHit> = {}): ArAccountSearchHit => ({
  id, number, name, contact_name: '', contact_email: '', contact_phone: '', credit_limit: '1000.00', balance: '0.00', available: '1000.00',
  status: 'active', status_label: 'Active', customer_count: 0, charge_count: 0, customer_account: false, ...extra,
});
const BAY = hit('64b7f0c2a1b2c3d4e5f60801', 'B-300', 'Bay Builders', { customer_account: true, balance: '950.00', available: '50.00' });
const CARTER = hit('64b7f0c2a1b2c3d4e5f60802', 'C-100', 'Carter Fencing');
const HELD = hit('64b7f0c2a1b2c3d4e5f60803', 'H-1', 'Held Homes', { status: 'on_hold', status_label: 'On hold' });

function orderApi(start: AdminOrder = ORDER) {
  let order = start;
  return new FakeApi()
    .on(`GET /api/admin/orders/${ID}`, () => ({ data: order }))
    .on(`GET /api/admin/orders/${ID}/notes`, { data: [] })
    .on('GET /api/admin/orders/ar-account-search', (r) => ({ data: r.query.get('search') === 'carter' ? [BAY, CARTER] : [BAY, CARTER, HELD] }))
    .on('POST /api/admin/orders/assign-ar-account', (r) => {
      const { accountId } = r.body as { accountId: string };
      if (accountId === BAY.id) return new Failure(422, 'This order ($99.00) would take account B-300 to $1049.00, over its credit limit of $1000.00. $50.00 is available.');
      order = { ...order, ar_account: { id: CARTER.id, number: 'C-100', name: 'Carter Fencing' }, payment: { method: 'ar_account', label: 'Charged to account C-100', status: 'due' } };
      return { status: 'success', message: 'Order 1042 ($99.00) is charged to account C-100 (Carter Fencing).', account: { ...CARTER, customers: [], charges: [], payments: [] } as ArAccount, order };
    });
}

describe('Prepare Order: Assign to AR account', () => {
  it("lists accounts with the customer's own first (on hold not choosable) and shows why the server refuses a charge", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = orderApi();
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    await user.click(await screen.findByRole('button', { name: 'Assign to AR account' }));
    const box = screen.getByRole('region', { name: 'AR account' });
    const own = await within(box).findByRole('radio', { name: /B-300 Bay Builders · This customer's account/ });
    expect(own.closest('label')!.textContent).toContain('owes $950.00, $50.00 available');
    expect((within(box).getByRole('radio', { name: /H-1 Held Homes/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(box).getByRole('button', { name: 'Charge to account' })).toHaveProperty('disabled', true);
    expect(api.sent('GET /api/admin/orders/ar-account-search')[0].query.get('order_id')).toBe(ID);

    await user.click(own);
    await user.click(within(box).getByRole('button', { name: 'Charge to account' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Charge order 1042 ($99.00) to account B-300 (Bay Builders)?'));
    expect(await within(box).findByText(/over its credit limit of \$1000\.00\. \$50\.00 is available\./)).toBeTruthy();
    expect(api.sent('POST /api/admin/orders/assign-ar-account').map((r) => r.body)).toEqual([{ accountId: BAY.id, orderId: ID }]);
  });

  it('finds an account by a search and charges the order to it after a question; the order then says so', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = orderApi();
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    await user.click(await screen.findByRole('button', { name: 'Assign to AR account' }));
    const box = screen.getByRole('region', { name: 'AR account' });
    const search = within(box).getByRole('search', { name: 'Find an AR account' });
    await user.type(within(search).getByRole('searchbox', { name: 'Account number or name' }), 'carter');
    await user.click(within(search).getByRole('button', { name: 'Find' }));
    await vi.waitFor(() => expect(api.sent('GET /api/admin/orders/ar-account-search').at(-1)!.query.get('search')).toBe('carter'));
    await user.click(await within(box).findByRole('radio', { name: /C-100 Carter Fencing/ }));
    await user.click(within(box).getByRole('button', { name: 'Charge to account' }));
    const charged = await screen.findByRole('link', { name: 'account C-100 (Carter Fencing)' });
    expect(charged.getAttribute('href')).toBe(`/admin/settings/ar-accounts?open=${CARTER.id}`);
    expect(api.sent('POST /api/admin/orders/assign-ar-account').map((r) => r.body)).toEqual([{ accountId: CARTER.id, orderId: ID }]);
    expect(screen.getByText(/Charged to account C-100 \(not paid yet\)/)).toBeTruthy();
  });

  it('is not offered for an order paid by card', async () => {
    renderAdmin(`/admin/prepare-order?id=${ID}`, { api: orderApi({ ...ORDER, payment: { method: 'card', label: 'Paid by card', status: 'paid' } }) });
    expect(await screen.findByRole('heading', { name: 'Order 1042' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign to AR account' })).toBeNull();
  });

  it('is not offered to staff without Manage AR accounts', async () => {
    const clerk = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'clerk', permissions: ['edit_products'] } } };
    renderAdmin(`/admin/prepare-order?id=${ID}`, { api: orderApi(), user: clerk });
    expect(await screen.findByRole('heading', { name: 'Order 1042' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign to AR account' })).toBeNull();
  });
});
