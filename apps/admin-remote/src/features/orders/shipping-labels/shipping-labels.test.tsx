import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminOrder, ConnectedCarrier, LabelCarrierOption, LabelQuote, ShippingLabel } from '@platform/contracts';
import { Failure, FakeApi, OWNER, renderAdmin } from '../../../test-support';

const ORDER_ID = '64b7f0c2a1b2c3d4e5f60731';
const LABEL: ShippingLabel = {
  id: '64b7f0c2a1b2c3d4e5f60999', order_id: ORDER_ID, order_number: '1077', customer_name: 'Jane Doe', carrier: 'USPS', service: 'GroundAdvantage',
  rate: '7.15', insured_amount: '100.00', insurance_fee: '1.00', total: '8.15', tracking_code: '9400111899223', tracking_url: 'https://track.example/9400111899223',
  status: 'bought', status_label: 'Bought', parcel: { weight_oz: 35.3, length: 12, width: 9, height: 4 }, bought_at: '2026-11-25T16:00:00.000Z', bought_by: 'owner',
  refund_asked_at: null, file_url: 'admin/shipping/labels/64b7f0c2a1b2c3d4e5f60999/file', provider: 'easypost', provider_name: 'EasyPost',
};
const OPTIONS = (can_change: boolean, connected: boolean): { data: LabelCarrierOption[] } => ({
  data: [{ id: 'easypost', name: 'EasyPost', description: 'Labels', fields: [{ key: 'api_key', label: 'API key', secret: true, help: '' }], connected, can_change }],
});
const CONNECTED: ConnectedCarrier = { id: 'easypost', name: 'EasyPost', description: 'Main account', mode: 'test', key_last4: '2345', connected_at: '2026-11-20T10:00:00.000Z', connected_by: 'owner' };
const page = (data: ShippingLabel[]) => ({ data, total: data.length, current_page: 1, last_page: 1 });

function labelsApi({ connected = true, owner = true, labels = [LABEL] } = {}) {
  return new FakeApi()
    .on('GET /api/admin/shipping/getAvailableCarriers', OPTIONS(owner, connected))
    .on('GET /api/admin/shipping/getCarriers', { data: connected ? [CONNECTED] : [] })
    .on('GET /api/admin/shipping/easypost/info', { data: { ...CONNECTED, accounts: [{ id: 'ca_1', type: 'UspsAccount', name: 'USPS', description: 'USPS account' }] } })
    .on('GET /api/admin/shipping/labels', page(labels));
}

describe('Orders › Shipping labels', () => {
  it('lists the labels with their order, tracking and cost; prints one in a new tab; refunds one after a question', async () => {
    const api = labelsApi();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:label'), revokeObjectURL: vi.fn() }));
    api.on(`GET /api/admin/shipping/labels/${LABEL.id}/file`, { data: 'pdf' } as never)
      .on(`POST /api/admin/shipping/${LABEL.id}/refund`, () => {
        api.on('GET /api/admin/shipping/labels', page([{ ...LABEL, status: 'refund_submitted', status_label: 'Refund requested' }]));
        return { status: 'success', message: 'Refund asked for label 9400111899223.', data: { ...LABEL, status: 'refund_submitted', status_label: 'Refund requested' } };
      });
    const { user } = renderAdmin('/admin/orders/shipping-labels', { api });
    const table = await screen.findByRole('table', { name: 'Shipping labels' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Order 1077' }).getAttribute('href')).toBe(`/admin/prepare-order?id=${ORDER_ID}`);
    expect(within(row).getByRole('link', { name: '9400111899223' }).getAttribute('href')).toBe(LABEL.tracking_url);
    expect(row.textContent).toContain('$8.15');
    expect(row.textContent).toContain('insured for $100.00');
    expect(screen.getByRole('link', { name: 'Shipping labels' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(row).getByRole('button', { name: 'Print label 9400111899223' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:label'));
    expect(api.sent(`GET /api/admin/shipping/labels/${LABEL.id}/file`)[0].headers.get('authorization')).toBe(`Bearer ${OWNER.access_token}`);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(row).getByRole('button', { name: 'Refund label 9400111899223' }));
    expect(api.sent(`POST /api/admin/shipping/${LABEL.id}/refund`)).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Refund label 9400111899223' }));
    expect(confirm.mock.calls[1][0]).toMatch(/^Refund the USPS label 9400111899223 of order 1077\?/);
    expect(await screen.findByText('Refund asked for label 9400111899223.')).toBeTruthy();
    expect(await within(table).findByText('Refund requested')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Refund label/ })).toBeNull();
  }, 15_000);

  it('says when there are no labels yet', async () => {
    renderAdmin('/admin/orders/shipping-labels', { api: labelsApi({ labels: [] }) });
    expect(await screen.findByText('No labels yet.')).toBeTruthy();
  });

  it('shows the error and a retry when the labels cannot load', async () => {
    const api = labelsApi().on('GET /api/admin/shipping/labels', new Failure(503, 'down'));
    renderAdmin('/admin/orders/shipping-labels', { api });
    expect(await screen.findByText('We could not load the labels.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("lets the owner connect EasyPost with a key, saying EasyPost's refusal", async () => {
    const api = labelsApi({ connected: false, labels: [] });
    let tries = 0;
    api.on('POST /api/admin/shipping/addCarrier', () => (++tries === 1
      ? new Failure(422, 'EasyPost refused this API key.', { 'credentials.api_key': ['EasyPost refused this API key.'] })
      : { status: 'success', message: 'EasyPost is connected with a test key.', data: CONNECTED }));
    const { user } = renderAdmin('/admin/orders/shipping-labels', { api });
    const form = await screen.findByRole('form', { name: 'Connect EasyPost' });
    await user.click(within(form).getByRole('button', { name: 'Connect EasyPost' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please paste the API key from your EasyPost dashboard.');
    await user.type(within(form).getByLabelText('EasyPost API key'), 'EZTKwrong');
    await user.click(within(form).getByRole('button', { name: 'Connect EasyPost' }));
    expect(await within(form).findByText('EasyPost refused this API key.')).toBeTruthy();
    api.on('GET /api/admin/shipping/getCarriers', { data: [CONNECTED] });
    await user.clear(within(form).getByLabelText('EasyPost API key'));
    await user.type(within(form).getByLabelText('EasyPost API key'), 'EZTKright12345');
    await user.click(within(form).getByRole('button', { name: 'Connect EasyPost' }));
    expect(await screen.findByText('EasyPost is connected with a test key.')).toBeTruthy();
    expect(api.sent('POST /api/admin/shipping/addCarrier').map((r) => r.body)).toEqual([
      { carrier: 'easypost', credentials: { api_key: 'EZTKwrong' }, description: '' }, { carrier: 'easypost', credentials: { api_key: 'EZTKright12345' }, description: '' },
    ]);
    expect(await screen.findByText(/••••2345/)).toBeTruthy();
    expect(await screen.findByText('USPS')).toBeTruthy();
  }, 15_000);

  it('tells staff who connects the account, without a form', async () => {
    renderAdmin('/admin/orders/shipping-labels', { api: labelsApi({ connected: false, owner: false, labels: [] }) });
    expect(await screen.findByText(/Ask the store owner to connect EasyPost/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Connect EasyPost' })).toBeNull();
  });
});

const SHIPPING: AdminOrder = {
  id: ORDER_ID, order_number: '1077', status: 'prepared', status_label: 'Ready', order_type: 'shipping', placed_at: '2026-11-20T15:00:00.000Z',
  contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
  address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, store: { id: 1, name: 'Main Street', address: '1 Main St, Salem, OR 97301' },
  shipping_service: 'USPS GroundAdvantage',
  items: [{ id: `${ORDER_ID}.0`, sku: 'HAM-1', title: 'Claw Hammer', quantity: 2, cancelled_quantity: 0, price: '19.99', special: false }],
  subtotal: '39.98', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '0.00', fulfilment_charge: '7.15', total: '47.13',
  payment: { method: 'pay_at_store', label: 'Paid', status: 'paid' }, note: '', timeline: [], delivery_date: null, delivery_window: null, tracking: null,
  actions: ['complete', 'cancel'], history: [], prepare_step: 'packed',
};
const QUOTE: LabelQuote = {
  order_id: ORDER_ID, shipment_id: 'shp_1', parcel: { weight_oz: 35.3, length: null, width: null, height: null }, from: 'Main Street, 1 Main St, Salem, OR 97301', to: '12 Elm St, Salem, OR 97302',
  rates: [{ id: 'rate_usps', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.15', delivery_days: 3 }, { id: 'rate_ups', carrier: 'UPS', service: 'Ground', rate: '11.40', delivery_days: 5 }],
  messages: [],
};

describe('Prepare Order: Create label', () => {
  const prepareApi = (connected = true) => labelsApi({ connected, labels: [] })
    .on(`GET /api/admin/orders/${ORDER_ID}`, { data: SHIPPING })
    .on(`GET /api/admin/orders/${ORDER_ID}/notes`, { data: [] });

  it('weighs the parcel, gets the rates, insures it and buys the chosen label after a question; the label then shows with Print', async () => {
    const api = prepareApi()
      .on(`POST /api/admin/shipping/${ORDER_ID}/quotes`, { data: QUOTE })
      .on(`POST /api/admin/shipping/${ORDER_ID}/buy`, () => {
        const label = { ...LABEL, carrier: 'UPS', service: 'Ground', rate: '11.40', total: '12.40', tracking_code: '1Z999', tracking_url: null };
        api.on('GET /api/admin/shipping/labels', page([label]));
        return { status: 'success', message: 'Label bought: UPS Ground, tracking 1Z999. The customer has been e-mailed the tracking number.', data: { label, order: SHIPPING } };
      });
    const { user } = renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    await user.click(await screen.findByRole('button', { name: 'Create label' }));
    const parcel = screen.getByRole('form', { name: 'Parcel' });
    expect(parcel.textContent).toContain('Ships to 12 Elm St, Salem, OR 97302');
    await user.click(within(parcel).getByRole('button', { name: 'Get rates' }));
    expect(within(parcel).getByRole('alert').textContent).toBe('Please weigh the parcel: its weight is needed for the rates.');
    expect(api.sent(`POST /api/admin/shipping/${ORDER_ID}/quotes`)).toHaveLength(0);
    await user.type(within(parcel).getByLabelText('Weight (lb)'), '2');
    await user.type(within(parcel).getByLabelText('and oz'), '3.3');
    await user.click(within(parcel).getByRole('button', { name: 'Get rates' }));
    const rates = await screen.findByRole('form', { name: 'Choose a rate' });
    expect(api.sent(`POST /api/admin/shipping/${ORDER_ID}/quotes`)[0].body).toEqual({ weight_lb: 2, weight_oz: 3.3 });
    expect((within(rates).getByLabelText(/USPS GroundAdvantage — \$7.15, 3 days/) as HTMLInputElement).checked).toBe(true);
    await user.click(within(rates).getByLabelText(/UPS Ground — \$11.40/));
    await user.click(within(rates).getByLabelText(/Insure the contents/));
    expect(within(rates).getByText('Insurance: $1.00')).toBeTruthy();
    await user.clear(within(rates).getByLabelText('Value to insure ($)'));
    await user.type(within(rates).getByLabelText('Value to insure ($)'), '6000');
    expect(within(rates).getByRole('alert').textContent).toBe('Parcels can be insured for up to $5,000.');
    await user.clear(within(rates).getByLabelText('Value to insure ($)'));
    await user.type(within(rates).getByLabelText('Value to insure ($)'), '250');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(rates).getByRole('button', { name: 'Buy label · $13.90' }));
    expect(confirm.mock.calls[0][0]).toBe("Buy a UPS Ground for $13.90 (insured for $250.00)? EasyPost charges the store's account.");
    expect(api.sent(`POST /api/admin/shipping/${ORDER_ID}/buy`)[0].body).toEqual({ rate_id: 'rate_ups', insurance: '250.00' });
    expect(await screen.findByText('Label bought: UPS Ground, tracking 1Z999. The customer has been e-mailed the tracking number.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Print label 1Z999' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create label' })).toBeNull();
  }, 20_000);

  it('says why the rates could not be had', async () => {
    const api = prepareApi().on(`POST /api/admin/shipping/${ORDER_ID}/quotes`, new Failure(503, 'EasyPost is not answering right now.'));
    const { user } = renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    await user.click(await screen.findByRole('button', { name: 'Create label' }));
    await user.type(screen.getByLabelText('Weight (lb)'), '1');
    await user.click(screen.getByRole('button', { name: 'Get rates' }));
    expect(await screen.findByText('EasyPost is not answering right now.')).toBeTruthy();
  });

  it("checks the order's address with EasyPost before buying: found as the carrier writes it, or why not", async () => {
    let found = true;
    const api = prepareApi().on('POST /api/admin/shipping/validateAddress', () => (found
      ? { status: 'success', message: 'EasyPost verified this address.', data: { address: { address: '12 ELM ST', address2: '', city: 'SALEM', state: 'OR', zip: '97302-1234', country: 'US' }, verified: true } }
      : new Failure(422, 'The carrier could not find this address. Please check it.')));
    const { user } = renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    await user.click(await screen.findByRole('button', { name: 'Create label' }));
    const parcel = screen.getByRole('form', { name: 'Parcel' });
    await user.click(within(parcel).getByRole('button', { name: 'Check the address' }));
    expect((await within(parcel).findByRole('status')).textContent).toBe('EasyPost finds it as: 12 ELM ST, SALEM, OR 97302-1234.');
    expect(api.sent('POST /api/admin/shipping/validateAddress').map((r) => r.body)).toEqual([{ address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }]);
    found = false;
    await user.click(within(parcel).getByRole('button', { name: 'Check the address' }));
    expect((await within(parcel).findByRole('alert')).textContent).toBe('The carrier could not find this address. Please check it. Call the customer before buying a label.');
  });

  it('points to the shipping account when none is connected', async () => {
    renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api: prepareApi(false) });
    expect(await screen.findByText(/No shipping account is connected/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders › Shipping labels' }).getAttribute('href')).toBe('/admin/orders/shipping-labels');
    expect(screen.queryByRole('button', { name: 'Create label' })).toBeNull();
  });
});
