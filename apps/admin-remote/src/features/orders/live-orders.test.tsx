import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { AdminOrder, OrderSummary, Paged } from '@platform/contracts';
import type { LiveOrderEvent } from '@platform/domain';
import { FakeApi, renderAdmin } from '../../test-support';

/** The browser's EventSource, standing in for the stream (jsdom has none): the test sends its events. */
class FakeSource {
  static opened: FakeSource[] = [];
  readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) { FakeSource.opened.push(this); }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]); }
  close() { this.closed = true; }
  send(type: string, data: unknown) { act(() => { for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) })); }); }
}
/** WebAudio, counting the tones played. */
class FakeAudio {
  static tones = 0;
  state = 'suspended';
  currentTime = 0;
  destination = {};
  resume() { this.state = 'running'; return Promise.resolve(); }
  createGain() { return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (to: unknown) => to }; }
  createOscillator() { return { frequency: { value: 0 }, connect: (to: unknown) => to, start: () => { FakeAudio.tones += 1; }, stop: () => undefined }; }
}

const ID = '64b7f0c2a1b2c3d4e5f60720';
const ROW: OrderSummary = { id: ID, order_number: '1042', status: 'placed', customer_name: 'Jane Doe', order_type: 'pickup', total: '185.50', placed_at: '2026-11-20T15:00:00.000Z', location_id: 1 };
const page = (rows: OrderSummary[]): Paged<OrderSummary> => ({ data: rows, total: rows.length, current_page: 1, last_page: 1 });
const placed: LiveOrderEvent = { kind: 'placed', id: ID, order_number: '1042', status: 'placed', location_id: 1 };

function consoleApi(locationId: number | null = null) {
  let rows: OrderSummary[] = [];
  const api = new FakeApi()
    .on('POST /api/admin/orders/live/ticket', () => ({ ticket: `ticket${FakeSource.opened.length}`.padEnd(32, 'x'), expires_in: 60, location_id: locationId }) as never)
    .on('GET /api/admin/orders/outstanding', () => page(rows) as never);
  return { api, arrive: (row: OrderSummary) => { rows = [row, ...rows]; } };
}

beforeEach(() => {
  FakeSource.opened = [];
  FakeAudio.tones = 0;
  vi.stubGlobal('EventSource', FakeSource);
  vi.stubGlobal('AudioContext', FakeAudio);
  document.title = 'Demo Hardware';
});

describe('prepare console: live orders', () => {
  it('shows a new order without a reload, with a sound and the tab badge until someone is back at the screen', async () => {
    const { api, arrive } = consoleApi();
    const { user } = renderAdmin('/admin/orders/list/outstanding', { api });
    expect(await screen.findByText('No outstanding orders')).toBeTruthy();
    await vi.waitFor(() => expect(FakeSource.opened).toHaveLength(1));
    const stream = FakeSource.opened[0];
    expect(stream.url).toMatch(/^\/api\/orders\/live\?ticket=ticket0x+$/);
    stream.send('ready', { location_id: null });
    expect(await screen.findByText('Live: new orders appear as they come in')).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Outstanding Orders' })); // the first click lets the page play sound

    arrive(ROW);
    stream.send('order', placed);
    expect(await screen.findByRole('link', { name: 'Order 1042' })).toBeTruthy();
    expect(document.title).toBe('(1) Orders · Demo Hardware');
    expect(FakeAudio.tones).toBe(2);
    await user.keyboard('{Shift}');
    expect(document.title).toBe('Demo Hardware');

    // A change refreshes the list but is not announced; muted, a new order is counted but silent.
    stream.send('order', { ...placed, kind: 'changed', status: 'taken' });
    expect(document.title).toBe('Demo Hardware');
    await user.click(screen.getByRole('button', { name: 'Sound on' }));
    expect(screen.getByRole('button', { name: 'Sound off' }).getAttribute('aria-pressed')).toBe('false');
    stream.send('order', { ...placed, id: 'another', order_number: '1043' });
    expect(document.title).toBe('(1) Orders · Demo Hardware');
    expect(FakeAudio.tones).toBe(2);
    expect(api.sent('GET /api/admin/orders/outstanding').length).toBeGreaterThanOrEqual(3);
  });

  it('opens the stream again with a new ticket after a break, and reads the list again', async () => {
    const { api } = consoleApi();
    renderAdmin('/admin/orders/list/outstanding', { api });
    await vi.waitFor(() => expect(FakeSource.opened).toHaveLength(1));
    FakeSource.opened[0].send('ready', { location_id: null });
    await screen.findByText('Live: new orders appear as they come in');
    const reads = api.sent('GET /api/admin/orders/outstanding').length;
    act(() => FakeSource.opened[0].onerror?.());
    expect(FakeSource.opened[0].closed).toBe(true);
    expect(await screen.findByText('Reconnecting… (reload if this stays)')).toBeTruthy();
    await vi.waitFor(() => expect(FakeSource.opened).toHaveLength(2), { timeout: 3000 });
    expect(FakeSource.opened[1].url).toContain('ticket=ticket1');
    FakeSource.opened[1].send('ready', { location_id: null });
    await screen.findByText('Live: new orders appear as they come in');
    await vi.waitFor(() => expect(api.sent('GET /api/admin/orders/outstanding').length).toBeGreaterThan(reads));
  });

  it("tells staff bound to a location which store's orders they see, without the store filter", async () => {
    const { api } = consoleApi(2);
    renderAdmin('/admin/orders/list/outstanding', { api });
    expect(await screen.findByText('Riverside')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Live orders' }).textContent).toContain('You see the orders of Riverside.');
    expect(screen.queryByRole('combobox', { name: 'Store' })).toBeNull();
  });
});

describe('prepare console: the pick list', () => {
  it('groups the lines by department, lines without one after them and special orders last', async () => {
    const item = (n: number, title: string, special = false) => ({ id: `${ID}.${n}`, sku: `SKU-${n}`, title, quantity: 1, cancelled_quantity: 0, price: '5.00', special });
    const order: AdminOrder & { departments: Record<string, string> } = {
      id: ID, order_number: '1042', status: 'taken', status_label: 'Taken', order_type: 'pickup', placed_at: '2026-11-20T15:00:00.000Z',
      contact: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', telephone: '5035550142' },
      address: null, store: { id: 1, name: 'Main Street', address: '1 Main St' }, shipping_service: null,
      items: [item(0, 'PVC Elbow'), item(1, 'Wire Nuts'), item(2, 'Gift Card'), item(3, 'Copper Pipe'), item(4, 'Barn Red Gallon', true)],
      subtotal: '25.00', additional_fees: '0.00', discount: '0.00', special_order_fee: '0.00', tax: '0.00', fulfilment_charge: '0.00', total: '25.00',
      payment: { method: 'pay_at_store', label: 'Pay at the store', status: 'due' }, note: '', timeline: [], delivery_date: null, delivery_window: null,
      actions: ['prepare', 'cancel'], history: [], prepare_step: null,
      departments: { [`${ID}.0`]: 'Plumbing', [`${ID}.1`]: 'Electrical', [`${ID}.3`]: 'Plumbing', [`${ID}.4`]: 'Paint' },
    };
    const api = new FakeApi()
      .on(`GET /api/admin/orders/${ID}`, { data: order })
      .on(`GET /api/admin/orders/${ID}/notes`, { data: [] })
      .on('POST /api/admin/orders/live/ticket', { ticket: 'x'.repeat(32), expires_in: 60, location_id: null } as never);
    renderAdmin(`/admin/prepare-order?id=${ID}`, { api });
    const lines = await screen.findByRole('region', { name: 'Lines to pull' });
    const groups = within(lines).getAllByRole('rowgroup').slice(1); // after the header
    expect(groups.map((g) => [g.getAttribute('aria-label'), within(g).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1].textContent)])).toEqual([
      ['Electrical', ['Wire Nuts']], ['Plumbing', ['PVC Elbow', 'Copper Pipe']], ['Other items', ['Gift Card']], ['Special order (from the supplier)', ['Barn Red Gallon (special order)']],
    ]);
  });
});
