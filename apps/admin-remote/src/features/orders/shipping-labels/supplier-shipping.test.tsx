import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOrder, ConnectedCarrier, DropShipQuote, LabelCarrierOption, ShippingLabel } from '@platform/contracts';
import { Failure, FakeApi, renderAdmin } from '../../../test-support';

const ORDER_ID = '64b7f0c2a1b2c3d4e5f60741';
const EASYPOST: LabelCarrierOption = { id: 'easypost', name: 'EasyPost', description: 'Labels', fields: [{ key: 'api_key', label: 'API key', secret: true, help: '' }], connected: false, can_change: true };
const supplierOption = (id: 'doitbest' | 'emery', connected: boolean, can_change = true): LabelCarrierOption => ({
  id, name: id === 'doitbest' ? 'Do it Best drop-ship' : 'Emery drop-ship', description: 'The supplier ships the order.', connected, can_change,
  fields: [
    { key: 'account_number', label: id === 'doitbest' ? 'Member number' : 'Customer number', secret: false, help: '' },
    { key: 'api_key', label: 'API key', secret: true, help: 'The drop-ship API key the supplier issued to the store.' },
  ],
});
const DOITBEST: ConnectedCarrier = { id: 'doitbest', name: 'Do it Best drop-ship', description: '', mode: 'unknown', key_last4: '0001', account_number: '12345', connected_at: '2026-11-20T10:00:00.000Z', connected_by: 'owner' };
const page = (data: ShippingLabel[]) => ({ data, total: data.length, current_page: 1, last_page: 1 });

function accountsApi({ connected = false, owner = true } = {}) {
  return new FakeApi()
    .on('GET /api/admin/shipping/getAvailableCarriers', { data: [{ ...EASYPOST, can_change: owner }, supplierOption('doitbest', connected, owner), supplierOption('emery', false, owner)] })
    .on('GET /api/admin/shipping/getCarriers', { data: connected ? [DOITBEST] : [] })
    .on('GET /api/admin/shipping/doitbest/info', { data: { ...DOITBEST, accounts: [{ id: 'MED', type: 'rsc', name: 'Medina, OH', description: '' }] } })
    .on('GET /api/admin/shipping/labels', page([]));
}

describe('Orders › Shipping labels › Supplier drop-ship', () => {
  it('lets the owner connect Do it Best with the member number and key, saying what the supplier refused', async () => {
    const api = accountsApi();
    let tries = 0;
    api.on('POST /api/admin/shipping/addCarrier', () => (++tries === 1
      ? new Failure(422, 'Do it Best refused this member number and API key.', { 'credentials.api_key': ['Do it Best refused this member number and API key.'] })
      : (api.on('GET /api/admin/shipping/getCarriers', { data: [DOITBEST] }), { status: 'success', message: 'Do it Best drop-ship is connected.', data: DOITBEST })));
    const { user } = renderAdmin('/admin/orders/shipping-labels', { api });
    const form = await screen.findByRole('form', { name: 'Connect Do it Best drop-ship' });
    await user.click(within(form).getByRole('button', { name: 'Connect Do it Best drop-ship' }));
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual(["Please give the store's member number.", 'Please give the API key.']);
    expect(api.sent('POST /api/admin/shipping/addCarrier')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Member number'), '12345');
    await user.type(within(form).getByLabelText('API key'), 'dib-wrong-key');
    await user.click(within(form).getByRole('button', { name: 'Connect Do it Best drop-ship' }));
    expect(await within(form).findByText('Do it Best refused this member number and API key.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('API key'));
    await user.type(within(form).getByLabelText('API key'), 'dib-key-0001');
    await user.click(within(form).getByRole('button', { name: 'Connect Do it Best drop-ship' }));
    expect(await screen.findByText('Do it Best drop-ship is connected.')).toBeTruthy();
    expect(api.sent('POST /api/admin/shipping/addCarrier').map((r) => r.body)).toEqual([
      { carrier: 'doitbest', credentials: { account_number: '12345', api_key: 'dib-wrong-key' } }, { carrier: 'doitbest', credentials: { account_number: '12345', api_key: 'dib-key-0001' } },
    ]);
    expect(await screen.findByText('Medina, OH (MED)')).toBeTruthy();
    expect(screen.getByText('••••0001')).toBeTruthy();
  }, 15_000);

  it('shows staff the accounts without a form', async () => {
    renderAdmin('/admin/orders/shipping-labels', { api: accountsApi({ owner: false }) });
    expect(await screen.findByText(/Ask the store owner to connect it here to send shipping orders to Do it Best/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Connect Do it Best drop-ship' })).toBeNull();
  });

  it('shows nothing of suppliers where the platform offers none, and says when the accounts cannot load', async () => {
    const none = accountsApi().on('GET /api/admin/shipping/getAvailableCarriers', { data: [EASYPOST] });
    renderAdmin('/admin/orders/shipping-labels', { api: none });
    expect(await screen.findByText('No labels yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Supplier drop-ship' })).toBeNull();
  });

  it('says when the supplier accounts cannot load, with a retry', async () => {
    renderAdmin('/admin/orders/shipping-labels', { api: accountsApi().on('GET /api/admin/shipping/getAvailableCarriers', new Failure(503, 'down')) });
    expect(await screen.findByText('We could not load the supplier accounts.')).toBeTruthy();
  });
});

const SHIPPING: AdminOrder = {
  id: ORDER_ID, order_number: '1088', status: 'taken', status_label: 'Taken', order_type: 'shipping', placed_at: '2026-11-20T15:00:00.000Z',
  contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
  address: { address: '12 Elm St', address2: '', city: 'Salem', state: 'OR', zip: '97302' }, store: { id: 1, name: 'Main Street', address: '1 Main St, Salem, OR 97301' },
  shipping_service: 'Standard',
  items: [{ id: `${ORDER_ID}.0`, sku: '1002', title: 'Claw Hammer', quantity: 2, cancelled_quantity: 0, price: '19.99', special: false }],
  subtotal: '39.98', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '0.00', fulfilment_charge: '7.15', total: '47.13',
  payment: { method: 'pay_at_store', label: 'Paid', status: 'paid' }, note: '', timeline: [], delivery_date: null, delivery_window: null, tracking: null,
  actions: ['prepare', 'cancel'], history: [], prepare_step: null,
};
const QUOTE = (available: number, item = '1002'): DropShipQuote => ({
  order_id: ORDER_ID, supplier: 'doitbest', quote_id: 'dq_1', rsc: 'MED', to: '12 Elm St, Salem, OR 97302',
  lines: [{ sku: '1002', title: 'Claw Hammer', quantity: 2, available, unit_cost: '4.25', item_number: item, item_mapped: item !== '1002' }],
  rates: [{ id: 'UPS_GND', carrier: 'UPS', service: 'Ground', rate: '12.50', delivery_days: 5 }, { id: 'UPS_2DA', carrier: 'UPS', service: '2nd Day Air', rate: '28.75', delivery_days: 2 }],
  messages: [], can_send: available >= 2,
  problem: available >= 2 ? null : "Do it Best's MED RSC has too few of 1002 (1 of 2). Choose another warehouse, or ship the order from the store.",
});
const SENT: ShippingLabel = {
  id: '64b7f0c2a1b2c3d4e5f60998', order_id: ORDER_ID, order_number: '1088', customer_name: 'Jane Doe', carrier: 'UPS', service: 'Ground', rate: '12.50', insured_amount: null,
  insurance_fee: '0.00', total: '12.50', tracking_code: '1Z900000003DIB', tracking_url: null, status: 'bought', status_label: 'Bought', parcel: { weight_oz: 0, length: null, width: null, height: null },
  bought_at: '2026-11-25T16:00:00.000Z', bought_by: 'owner', refund_asked_at: null, file_url: 'admin/shipping/labels/64b7f0c2a1b2c3d4e5f60998/file', provider: 'doitbest', provider_name: 'Do it Best',
};

describe('Prepare Order: Ship from a supplier', () => {
  const prepareApi = () => accountsApi({ connected: true })
    .on(`GET /api/admin/orders/${ORDER_ID}`, { data: SHIPPING })
    .on(`GET /api/admin/orders/${ORDER_ID}/notes`, { data: [] })
    .on('GET /api/admin/orders/rscOptions', { data: [{ id: 'MED', name: 'Medina, OH', description: '' }, { id: 'WAC', name: 'Waco, TX', description: '' }] });

  it("checks what an RSC can send, says which lines are short, and sends by the service chosen after a question", async () => {
    const api = prepareApi()
      .on(`POST /api/admin/orders/${ORDER_ID}/doitbest/prepare`, (request) => ({ data: QUOTE((request.body as { rsc: string }).rsc === 'WAC' ? 1 : 99) }))
      .on(`POST /api/admin/orders/${ORDER_ID}/doitbest/send`, () => {
        api.on('GET /api/admin/shipping/labels', page([SENT]));
        return { status: 'success', message: 'Sent to Do it Best: UPS Ground, tracking 1Z900000003DIB. The customer has been e-mailed the tracking number.', data: { label: SENT, order: SHIPPING } };
      });
    const { user } = renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    const ask = await screen.findByRole('form', { name: 'Ask the supplier' });
    // EasyPost is not connected here: no Create label, and no "no account" notice either.
    expect(screen.queryByRole('button', { name: 'Create label' })).toBeNull();
    expect(screen.queryByText(/No shipping account is connected/)).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Check with Do it Best' }));
    expect(await screen.findByText('Choose the RSC to ship from.')).toBeTruthy();
    expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/prepare`)).toHaveLength(0);

    await user.selectOptions(await within(ask).findByLabelText('Ship from (RSC)'), 'WAC');
    await user.click(within(ask).getByRole('button', { name: 'Check with Do it Best' }));
    expect(await screen.findByText("Do it Best's MED RSC has too few of 1002 (1 of 2). Choose another warehouse, or ship the order from the store.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send to Do it Best/ })).toBeNull();

    await user.selectOptions(within(ask).getByLabelText('Ship from (RSC)'), 'MED');
    await user.click(within(ask).getByRole('button', { name: 'Check with Do it Best' }));
    const send = await screen.findByRole('form', { name: 'Send to Do it Best' });
    expect(screen.getByRole('table', { name: 'What Do it Best can send' }).textContent).toContain('Claw Hammer');
    expect((within(send).getByRole('checkbox', { name: 'Give the shelf units back to stock' }) as HTMLInputElement).checked).toBe(false);
    expect((within(send).getByLabelText(/UPS Ground — \$12.50 freight, 5 days/) as HTMLInputElement).checked).toBe(true);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(send).getByRole('button', { name: 'Send to Do it Best · $12.50' }));
    expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/send`)).toHaveLength(0);
    await user.click(within(send).getByRole('button', { name: 'Send to Do it Best · $12.50' }));
    expect(confirm.mock.calls[1][0]).toBe('Send order 1088 to Do it Best (MED RSC) by UPS Ground? Do it Best ships the items and bills the store $12.50 freight.');
    expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/send`)[0].body).toEqual({ rsc: 'MED', shipping_service: 'UPS_GND' });
    expect(await screen.findByText(/Drop-ship by Do it Best: UPS Ground · tracking 1Z900000003DIB/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel drop-ship of label 1Z900000003DIB' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Ask the supplier' })).toBeNull();
  }, 20_000);

  it("keeps the supplier's item number for a line and checks again, by keyboard; Escape puts it back; a refusal is said in place", async () => {
    let item = '1002';
    const kept = "Claw Hammer is asked from Do it Best as item 448812 from now on. Check with Do it Best again to see what it can send.";
    const api = prepareApi()
      .on(`POST /api/admin/orders/${ORDER_ID}/doitbest/prepare`, () => ({ data: QUOTE(99, item) }))
      .on(`POST /api/admin/orders/${ORDER_ID}/doitbest/item-number`, new Failure(422, 'Give the item number.', { item_number: ["Give Do it Best's item number as their catalogue shows it."] }));
    const { user } = renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    const ask = await screen.findByRole('form', { name: 'Ask the supplier' });
    await user.selectOptions(await within(ask).findByLabelText('Ship from (RSC)'), 'MED');
    await user.click(within(ask).getByRole('button', { name: 'Check with Do it Best' }));
    const table = await screen.findByRole('table', { name: 'What Do it Best can send' });
    expect(within(table).getAllByRole('row')[1].textContent).toContain('1002our SKU');
    const change = within(table).getByRole('button', { name: "Change Do it Best's item number for Claw Hammer" });
    await user.click(change);
    const form = within(table).getByRole('form', { name: 'Do it Best item number for Claw Hammer' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Do it Best item number'));
    await user.keyboard('{Escape}');
    expect(within(table).queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(table).getByRole('button', { name: "Change Do it Best's item number for Claw Hammer" })));
    expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/item-number`)).toEqual([]);

    await user.keyboard('{Enter}');
    await user.keyboard('44 8812{Enter}');
    expect((await within(table).findByText("Give Do it Best's item number as their catalogue shows it.")).closest('[role="alert"]')).toBeTruthy();
    expect(within(table).getByRole('form', { name: 'Do it Best item number for Claw Hammer' })).toBeTruthy();

    api.on(`POST /api/admin/orders/${ORDER_ID}/doitbest/item-number`, (request) => {
      item = (request.body as { item_number: string }).item_number;
      return { status: 'success', message: kept, data: { sku: '1002', item_number: item } };
    });
    await user.clear(within(table).getByLabelText('Do it Best item number'));
    await user.keyboard('448812{Enter}');
    expect(await screen.findByText(kept)).toBeTruthy();
    expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/item-number`).at(-1)!.body).toEqual({ sku: '1002', item_number: '448812' });
    // Checked again at once: the line is asked for by the number kept.
    await waitFor(() => expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/prepare`)).toHaveLength(2));
    const again = await screen.findByRole('table', { name: 'What Do it Best can send' });
    expect(within(again).getAllByRole('row')[1].textContent).toContain('448812');
    expect(within(again).getAllByRole('row')[1].textContent).not.toContain('our SKU');
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('button', { name: "Change Do it Best's item number for Claw Hammer" })));
  }, 20_000);

  it('gives the shelf units back to stock when the store ticks it, saying so in the question', async () => {
    const api = prepareApi()
      .on(`POST /api/admin/orders/${ORDER_ID}/doitbest/prepare`, { data: QUOTE(99) })
      .on(`POST /api/admin/orders/${ORDER_ID}/doitbest/send`, { status: 'success', message: 'Sent to Do it Best: UPS Ground, tracking 1Z900000003DIB. The shelf units are back in stock: 2 × Claw Hammer.', data: { label: SENT, order: SHIPPING } });
    const { user } = renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    const ask = await screen.findByRole('form', { name: 'Ask the supplier' });
    await user.selectOptions(await within(ask).findByLabelText('Ship from (RSC)'), 'MED');
    await user.click(within(ask).getByRole('button', { name: 'Check with Do it Best' }));
    const send = await screen.findByRole('form', { name: 'Send to Do it Best' });
    const box = within(send).getByRole('checkbox', { name: 'Give the shelf units back to stock' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain("The order took its units off Main Street's stock at checkout.");
    await user.click(box);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    await user.click(within(send).getByRole('button', { name: 'Send to Do it Best · $12.50' }));
    expect(confirm.mock.calls.at(-1)![0]).toBe("Send order 1088 to Do it Best (MED RSC) by UPS Ground? Do it Best ships the items and bills the store $12.50 freight. The shelf units go back to Main Street's stock.");
    expect(api.sent(`POST /api/admin/orders/${ORDER_ID}/doitbest/send`)[0].body).toEqual({ rsc: 'MED', shipping_service: 'UPS_GND', return_stock: true });
    expect(await screen.findByText('Sent to Do it Best: UPS Ground, tracking 1Z900000003DIB. The shelf units are back in stock: 2 × Claw Hammer.')).toBeTruthy();
  }, 20_000);

  it("says why the supplier could not be asked, and when its RSCs cannot load", async () => {
    const api = prepareApi()
      .on('GET /api/admin/orders/rscOptions', new Failure(503, 'Do it Best is not answering right now. Nothing was sent or changed; please try again in a moment.'));
    renderAdmin(`/admin/prepare-order?id=${ORDER_ID}`, { api });
    expect(await screen.findByText('Do it Best is not answering right now. Nothing was sent or changed; please try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
