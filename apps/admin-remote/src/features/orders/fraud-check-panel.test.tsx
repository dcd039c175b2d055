import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminOrder, ConnectedCarrier, FraudCheck, LabelQuote } from '@platform/contracts';
import { FRAUD_CONFIRM_LABEL } from '@platform/domain';
import { FakeApi, Failure, renderAdmin } from '../../test-support';

const ID = '64b7f0c2a1b2c3d4e5f60799';
const OTHER = '64b7f0c2a1b2c3d4e5f60700';
const ORDER: AdminOrder = {
  id: ID, order_number: '1050', status: 'placed', status_label: 'New', order_type: 'pickup', placed_at: '2026-11-20T15:00:00.000Z',
  contact: { first_name: 'Bo', last_name: 'Other', email: 'bo@example.com', telephone: '5035550142' },
  address: null, store: { id: 1, name: 'Main Street', address: '1 Main St, Salem, OR 97301' }, shipping_service: null,
  items: [{ id: `${ID}.0`, sku: 'DCD771C2', title: 'DeWalt 20V Cordless Drill', quantity: 1, cancelled_quantity: 0, price: '99.00', special: false }],
  subtotal: '99.00', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '5.94', fulfilment_charge: '0.00', total: '104.94',
  payment: { method: 'card', label: 'Card', status: 'paid' }, note: '',
  timeline: [{ status: 'placed', label: 'Placed', at: '2026-11-20T15:00:00.000Z', note: '' }],
  delivery_date: null, delivery_window: null, actions: ['take', 'prepare', 'cancel'], history: [], prepare_step: null,
};
const REVIEW: FraudCheck = {
  order_id: ID, order_number: '1050', level: 'review', verified: null, needs_confirmation: true, earlier_orders: 0,
  signals: [
    { code: 'card_shared', message: 'The same card paid an order of this store under another name or e-mail: Ann Able <ann@example.com>.' },
    { code: 'cvc_failed', message: "The card's security code (CVC) did not match: the bank's check failed." },
  ],
  card: { brand: 'Visa', last4: '4242', provider: 'stripe', fingerprint_known: true, cvc_check: 'failed', address_check: 'not checked', postal_code_check: 'passed', risk_level: 'normal' },
  same_card: [{ id: OTHER, order_number: '1049', customer_name: 'Ann Able', email: 'ann@example.com', status: 'completed', placed_at: '2026-11-19T15:00:00.000Z' }],
};

function api(check: FraudCheck = REVIEW) {
  let current = check;
  return new FakeApi()
    .on(`GET /api/admin/orders/${ID}`, { data: ORDER })
    .on(`GET /api/admin/orders/${ID}/notes`, { data: [] })
    .on('POST /api/admin/check-fingerprint', () => ({ status: 'success', message: current.level === 'review' ? 'This order needs a look before it ships.' : 'Nothing in this order asks for a second look.', data: current }))
    .on('POST /api/admin/verify-fraud-detection', (r) => {
      const note = (r.body as { note?: string }).note ?? '';
      current = { ...current, needs_confirmation: false, verified: { at: '2026-11-20T16:00:00.000Z', by: 'the-owner', note, signals: current.signals.map((s) => s.code) } };
      return { status: 'success', message: 'Marked as verified: its checks were looked at and accepted.', data: current };
    });
}

describe('Check this order', () => {
  it("shows the card's checks, the signals and the other orders of the card; staff mark it verified with a note", async () => {
    const fake = api();
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api: fake });
    const panel = await screen.findByRole('region', { name: 'Check this order' });
    expect(await within(panel).findByText(/Visa ending 4242 · security code failed · billing address not checked · postal code passed · risk normal/)).toBeTruthy();
    const signals = within(panel).getByRole('list', { name: 'Signals to look at' });
    expect(within(signals).getAllByRole('listitem').map((li) => li.textContent)).toEqual(REVIEW.signals.map((s) => s.message));
    const others = within(panel).getByRole('list', { name: 'Other orders with this card' });
    expect(within(others).getByRole('link', { name: 'Order 1049' }).getAttribute('href')).toBe(`/admin/order-details/${OTHER}`);
    expect(fake.sent('POST /api/admin/check-fingerprint')[0].body).toEqual({ order_id: ID });

    await user.click(within(panel).getByRole('button', { name: 'Mark as verified' }));
    const form = within(panel).getByRole('form', { name: 'Mark as verified' });
    await user.type(within(form).getByLabelText('Note (optional: what you checked)'), 'Ann is Bo\'s partner; called her');
    await user.click(within(form).getByRole('button', { name: 'Mark as verified' }));
    expect((await within(panel).findByRole('status')).textContent).toMatch(/^Verified by the-owner on .+: Ann is Bo's partner; called her$/);
    expect(fake.sent('POST /api/admin/verify-fraud-detection').map((r) => r.body)).toEqual([{ order_id: ID, note: "Ann is Bo's partner; called her" }]);
    expect(within(panel).queryByRole('button', { name: 'Mark as verified' })).toBeNull();
  });

  it('says when nothing asks for a look, offers no verification, and says when the checks could not be read', async () => {
    const clear: FraudCheck = { ...REVIEW, level: 'none', needs_confirmation: false, signals: [], same_card: [], card: null };
    renderAdmin(`/admin/prepare-order?id=${ID}`, { api: api(clear) });
    const panel = await screen.findByRole('region', { name: 'Check this order' });
    expect(await within(panel).findByText('Nothing in this order asks for a second look.')).toBeTruthy();
    expect(within(panel).getByText('Not paid by card: no card checks.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Mark as verified' })).toBeNull();
  });

  it('shows a failure to verify and keeps the form', async () => {
    const fake = api().on('POST /api/admin/verify-fraud-detection', new Failure(409, 'Someone else is changing this order. Please try again in a moment.'));
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api: fake });
    const panel = await screen.findByRole('region', { name: 'Check this order' });
    await user.click(await within(panel).findByRole('button', { name: 'Mark as verified' }));
    await user.click(within(within(panel).getByRole('form', { name: 'Mark as verified' })).getByRole('button', { name: 'Mark as verified' }));
    expect(await within(panel).findByText('Someone else is changing this order. Please try again in a moment.')).toBeTruthy();
    expect(within(panel).getByRole('form', { name: 'Mark as verified' })).toBeTruthy();
  });
});

describe('Create label on an order that needs a look', () => {
  const SHIPPING: AdminOrder = { ...ORDER, order_type: 'shipping', status: 'prepared', address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, shipping_service: 'USPS GroundAdvantage', actions: ['complete', 'cancel'] };
  const CONNECTED: ConnectedCarrier = { id: 'easypost', name: 'EasyPost', description: 'Main account', mode: 'test', key_last4: '2345', connected_at: '2026-11-20T10:00:00.000Z', connected_by: 'owner' };
  const QUOTE: LabelQuote = {
    order_id: ID, shipment_id: 'shp_1', parcel: { weight_oz: 32, length: null, width: null, height: null }, from: 'Main Street', to: '12 Elm St, Salem, OR 97302',
    rates: [{ id: 'rate_usps', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', delivery_days: 3 }], messages: [],
  };
  const shippingApi = (check: FraudCheck) => api(check)
    .on(`GET /api/admin/orders/${ID}`, { data: SHIPPING })
    .on('GET /api/admin/shipping/getCarriers', { data: [CONNECTED] })
    .on('GET /api/admin/shipping/labels', { data: [], total: 0, current_page: 1, last_page: 1 })
    .on(`POST /api/admin/shipping/${ID}/quotes`, { data: QUOTE })
    .on(`POST /api/admin/shipping/${ID}/buy`, new Failure(503, 'EasyPost is not answering right now.'));
  const toRates = async (user: ReturnType<typeof renderAdmin>['user']) => {
    await user.click(await screen.findByRole('button', { name: 'Create label' }));
    const parcel = screen.getByRole('form', { name: 'Parcel' });
    await user.type(within(parcel).getByLabelText('Weight (lb)'), '2');
    await user.click(within(parcel).getByRole('button', { name: 'Get rates' }));
    return screen.findByRole('form', { name: 'Choose a rate' });
  };

  it('asks to confirm before buying while the order is not verified; no means no label', async () => {
    const fake = shippingApi(REVIEW);
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api: fake });
    await screen.findByRole('list', { name: 'Signals to look at' });
    const rates = await toRates(user);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(within(rates).getByRole('button', { name: 'Buy label · $7.15' }));
    expect(confirm.mock.calls.map((c) => c[0])).toEqual([FRAUD_CONFIRM_LABEL]);
    expect(fake.sent(`POST /api/admin/shipping/${ID}/buy`)).toHaveLength(0);
    confirm.mockReset().mockReturnValue(true);
    await user.click(within(rates).getByRole('button', { name: 'Buy label · $7.15' }));
    expect(confirm.mock.calls.map((c) => c[0])).toEqual([FRAUD_CONFIRM_LABEL, "Buy a USPS GroundAdvantage for $7.15? EasyPost charges the store's account."]);
    await vi.waitFor(() => expect(fake.sent(`POST /api/admin/shipping/${ID}/buy`)).toHaveLength(1));
  });

  it('asks only the usual question once the order is verified', async () => {
    const verified: FraudCheck = { ...REVIEW, needs_confirmation: false, verified: { at: '2026-11-20T16:00:00.000Z', by: 'the-owner', note: '', signals: ['card_shared'] } };
    const fake = shippingApi(verified);
    const { user } = renderAdmin(`/admin/prepare-order?id=${ID}`, { api: fake });
    await screen.findByText(/^Verified by the-owner/);
    const rates = await toRates(user);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(rates).getByRole('button', { name: 'Buy label · $7.15' }));
    expect(confirm.mock.calls.map((c) => c[0])).toEqual(["Buy a USPS GroundAdvantage for $7.15? EasyPost charges the store's account."]);
  });
});
