import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { mongoose } from '@platform/db';
import { cartService } from '@platform/cart';
import { Order, ordersService } from './index';
import { indexOrders, moveOrderIndex, orderListPage } from './order-index';
import { forceOrderListWay } from './order-sort';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
/** Each order's id by its number. */
const idOf = new Map<string, unknown>();
const asOwner = { 'business-slug': 'ord-sorting', authorization: '' };
const list = async (name: string, query: Record<string, string | number> = {}, headers: Record<string, string> = asOwner) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return harness.app.inject({ url: `/api/admin/orders/${name}${qs ? `?${qs}` : ''}`, headers });
};
const numbers = async (name: string, query: Record<string, string | number> = {}) => {
  const answer = await list(name, query);
  expect(answer.statusCode).toBe(200);
  return answer.json().data.map((o: { order_number: string }) => o.order_number);
};

const MANY = 1300;
const MANY_STATUSES = ['placed', 'taken', 'completed', 'cancelled', 'preparing'] as const;
const MANY_FROM = Date.parse('2026-10-01T00:00:00Z');
/** The big list's filter that both its pages and its CSV export are checked under: a status mix in a 15-hour range. */
const BIG_LIST_FILTER = (() => {
  const [fromMs, toMs] = [MANY_FROM + 300 * 60_000, MANY_FROM + 1200 * 60_000];
  return { fromMs, toMs, range: { from_date: new Date(fromMs).toISOString(), to_date: new Date(toMs).toISOString() }, mix: ['placed', 'completed', 'cancelled'] };
})();
const asMany = { 'business-slug': 'ord-sorting-many', authorization: '' };
let manyOrders: { orderNumber: string; status: string; placedAt: Date; customerName: string; totalCents: number; deliveryDate: string; sequence: number }[] = [];

/** Every page of a list, one request each, as numbers; and the total each page gave. */
async function allPages(name: string, query: Record<string, string | number>, headers = asMany) {
  const seen: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page += 1) {
    const answer = await list(name, { ...query, limit: 100, page }, headers);
    expect(answer.statusCode).toBe(200);
    const { data, total, last_page: last } = answer.json();
    seen.push(...data.map((o: { order_number: string }) => o.order_number));
    totals.add(total);
    if (page >= last) return { seen, totals: [...totals] };
  }
}

/** The order numbers of a CSV export, in its order (the big stores' names and numbers hold no comma). */
async function exported(query: Record<string, string | number>, headers = asMany) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const answer = await harness.app.inject({ url: `/api/admin/orders/csv?${qs}`, headers });
  expect(answer.statusCode).toBe(200);
  const [header, ...lines] = answer.body.trim().split('\n');
  expect(header).toMatch(/^Order,Placed \(UTC\),Status,/);
  return lines.map((line) => line.split(',')[0]);
}

/** The big store's orders a filter keeps, in the order a sort asks: what the pages must show. */
function expected(statuses: readonly string[], fromMs: number, toMs: number, sort: string, descending: boolean) {
  const key = (o: (typeof manyOrders)[number]): number | string => ({
    placed_at: o.placedAt.getTime(), order_number: o.sequence, customer_name: o.customerName.toLowerCase(), total: o.totalCents, delivery_date: o.deliveryDate,
  } as Record<string, number | string>)[sort];
  const kept = manyOrders.filter((o) => statuses.includes(o.status) && o.placedAt.getTime() >= fromMs && o.placedAt.getTime() <= toMs);
  kept.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (descending ? -1 : 1));
  return kept.map((o) => o.orderNumber);
}

/** number, status, location, type, placed, name, total cents, pickup or delivery date */
const ORDERS = [
  ['3001', 'placed', 1, 'pickup', '2026-11-20T15:00:00Z', 'Mia Zane', 4500, '2026-12-03'],
  ['3002', 'taken', 2, 'delivery', '2026-11-20T16:00:00Z', 'al Brook', 1200, '2026-12-01'],
  ['3003', 'completed', 1, 'shipping', '2026-11-21T09:00:00Z', 'Cy Dunn', 9900, null],
  ['3004', 'cancelled', 1, 'pickup', '2026-11-21T10:00:00Z', 'Bo Hart', 300, null],
  ['3005', 'prepared', 1, 'pickup', '2026-11-21T11:00:00Z', 'Eli Fox', 7000, null],
  ['3006', 'preparing', 2, 'delivery', '2026-11-22T08:00:00Z', 'Ann Lee', 2500, '2026-12-02'],
  ['3007', 'completed', 1, 'pickup', '2026-11-22T09:00:00Z', 'Zed Ray', 100, null],
  ['3008', 'placed', 1, 'delivery', '2026-11-22T10:00:00Z', 'Ann Leeds', 2500, '2026-11-30'],
] as const;

beforeAll(async () => {
  harness = await createTestApp([cartService, ordersService], 'order-sorting');
  tenantId = (await createTenant('ord-sorting')).id;
  asOwner.authorization = `Bearer ${await issueToken(tenantId, { isAdmin: true, slug: 'owner' })}`;
  const docs = ORDERS.map(([orderNumber, status, locationId, orderType, at, name, totalCents, deliveryDate]) => ({
    _id: new mongoose.Types.ObjectId(), tenantId, orderNumber, sequence: Number(orderNumber), status, locationId, orderType, placedAt: new Date(at),
    customerName: name, contact: { email: `${orderNumber}@example.com` }, totalCents, deliveryDate, items: [{ quantity: 1 }],
  }));
  await Order.insertMany(docs);
  for (const d of docs) idOf.set(d.orderNumber, d._id);
  const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
  await indexOrders(store, tenantId, docs, true);
  // Another store's orders, with the same numbers, names and totals that would sort first, never show.
  const other = await createTenant('ord-sorting-other');
  const foreign = ['9999', '0001'].map((orderNumber) => ({
    _id: new mongoose.Types.ObjectId(), tenantId: other.id, orderNumber, sequence: Number(orderNumber), status: 'placed', locationId: 1, orderType: 'pickup',
    placedAt: new Date('2026-11-23T00:00:00Z'), customerName: orderNumber === '9999' ? 'Zzz Top' : 'Aaa First', totalCents: Number(orderNumber) * 100, deliveryDate: '2026-11-01', items: [],
  }));
  await Order.insertMany(foreign);
  await indexOrders(store, other.id, foreign, true);
  // A bigger store, in Redis only (the lists never read the database): more orders than a walk reads per chunk.
  const many = await createTenant('ord-sorting-many');
  asMany.authorization = `Bearer ${await issueToken(many.id, { isAdmin: true, slug: 'owner' })}`;
  const rows = Array.from({ length: MANY }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(), tenantId: many.id, orderNumber: String(5001 + i), sequence: 5001 + i, status: MANY_STATUSES[i % 5],
    locationId: 1, orderType: 'pickup', placedAt: new Date(MANY_FROM + i * 60_000),
    // Each sort's scores apart (7, 11 and 3 share no factor with 1,300): one right order to compare with.
    customerName: `Cust ${String((i * 7) % MANY).padStart(4, '0')}`, totalCents: ((i * 11) % MANY) * 10 + 5,
    deliveryDate: new Date(Date.UTC(2027, 0, 1) + ((i * 3) % MANY) * 86_400_000).toISOString().slice(0, 10), items: [{ quantity: 1 }],
  }));
  manyOrders = rows;
  await indexOrders(store, many.id, rows, true);
});
afterAll(async () => { await harness?.close(); });

// A filtered page is read by walking the sort's set or by intersecting sets, whichever costs less (order-sort.ts):
// every test of this block runs as chosen, then with each way forced, and must give the same pages.
for (const way of [null, 'walk', 'intersect'] as const) {
  describe(way ? `read by the ${way}, forced` : 'read as each page chooses', () => {
    beforeAll(() => forceOrderListWay(way));
    afterAll(() => forceOrderListWay(null));

  describe('sorting the order lists', () => {
    it('sorts by date placed, newest first by default, and oldest first when asked', async () => {
      expect(await numbers('all')).toEqual(['3008', '3007', '3006', '3005', '3004', '3003', '3002', '3001']);
      expect(await numbers('all', { sort: 'placed_at', direction: 'asc' })).toEqual(['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008']);
    });

    it('sorts by order number, customer name and total, either way', async () => {
      expect(await numbers('all', { sort: 'order_number', direction: 'asc' })).toEqual(['3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008']);
      expect(await numbers('completed', { sort: 'order_number' })).toEqual(['3007', '3003']);
      // Names whatever their case; a shorter name before a longer one that starts the same.
      expect(await numbers('all', { sort: 'customer_name', direction: 'asc' })).toEqual(['3002', '3006', '3008', '3004', '3003', '3005', '3001', '3007']);
      expect(await numbers('outstanding', { sort: 'customer_name', direction: 'desc' })).toEqual(['3001', '3005', '3008', '3006', '3002']);
      // Equal totals keep one order between requests.
      const byTotal = await numbers('all', { sort: 'total' });
      expect(byTotal).toEqual(['3003', '3005', '3001', ...byTotal.slice(3, 5), '3002', '3004', '3007']);
      expect(byTotal.slice(3, 5).sort()).toEqual(['3006', '3008']);
      expect(await numbers('all', { sort: 'total' })).toEqual(byTotal);
    });

    it('sorts the outstanding orders by their pickup or delivery date, undated ones last', async () => {
      expect(await numbers('outstanding', { sort: 'delivery_date', direction: 'asc' })).toEqual(['3008', '3002', '3006', '3001', '3005']);
      const refused = await list('completed', { sort: 'delivery_date' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.sort[0]).toMatch(/delivery_date on the outstanding list/);
    });

    it('pages a sorted list and counts it', async () => {
      const first = await list('all', { sort: 'total', direction: 'asc', limit: 3 });
      expect(first.json()).toMatchObject({ total: 8, current_page: 1, last_page: 3 });
      expect(first.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['3007', '3004', '3002']);
      expect(await numbers('all', { sort: 'total', direction: 'asc', limit: 3, page: 3 })).toEqual(['3005', '3003']);
    });

    it('keeps the other filters: location, fulfilment type, dates placed and a search', async () => {
      expect(await numbers('all', { sort: 'total', direction: 'asc', location_id: 1, order_type: 'pickup' })).toEqual(['3007', '3004', '3001', '3005']);
      expect(await numbers('all', { sort: 'order_number', direction: 'desc', from_date: '2026-11-21', to_date: '2026-11-21' })).toEqual(['3005', '3004', '3003']);
      expect(await numbers('all', { sort: 'customer_name', direction: 'asc', search: 'ann' })).toEqual(['3006', '3008']);
      const counted = await list('all', { sort: 'total', from_date: '2026-11-22', limit: 2 });
      expect(counted.json()).toMatchObject({ total: 3, last_page: 2 });
      expect(counted.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(expect.arrayContaining(['3006', '3008']));
    });

    it('refuses an unknown sort or direction, and changes nothing', async () => {
      expect((await list('all', { sort: 'colour' })).statusCode).toBe(400);
      expect((await list('all', { direction: 'up' })).statusCode).toBe(400);
      expect(await numbers('all', { limit: 2 })).toEqual(['3008', '3007']);
    });
  });

  describe('the status filter', () => {
    it('takes one status or several, within the list asked', async () => {
      expect(await numbers('outstanding', { status: 'placed' })).toEqual(['3008', '3001']);
      expect(await numbers('outstanding', { status: 'taken,preparing' })).toEqual(['3006', '3002']);
      expect(await numbers('all', { status: 'completed,placed' })).toEqual(['3008', '3007', '3003', '3001']);
      expect(await numbers('all', { status: 'cancelled' })).toEqual(['3004']);
      // All with every outstanding status is the outstanding list (3006 and 3008 have equal totals).
      const outstanding = await numbers('all', { status: 'prepared,placed,taken,preparing', sort: 'total', direction: 'asc' });
      expect([outstanding[0], [...outstanding.slice(1, 3)].sort(), ...outstanding.slice(3)]).toEqual(['3002', ['3006', '3008'], '3001', '3005']);
      // A status of another list matches nothing in this one.
      const none = await list('completed', { status: 'placed' });
      expect(none.json()).toMatchObject({ data: [], total: 0, last_page: 1 });
      // Every status of the list is the list.
      expect(await numbers('outstanding', { status: 'placed,taken,preparing,prepared' })).toEqual(['3008', '3006', '3005', '3002', '3001']);
    });

    it('sorts, pages and filters together', async () => {
      expect(await numbers('outstanding', { status: 'placed,preparing', sort: 'delivery_date', direction: 'asc' })).toEqual(['3008', '3006', '3001']);
      expect(await numbers('all', { status: 'placed,completed', sort: 'total', direction: 'asc', location_id: 1 })).toEqual(['3007', '3008', '3001', '3003']);
      const page = await list('all', { status: 'placed,completed', sort: 'total', direction: 'asc', limit: 3, page: 2 });
      expect(page.json()).toMatchObject({ total: 4, current_page: 2, last_page: 2 });
      expect(page.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['3003']);
      expect(await numbers('all', { status: 'placed', from_date: '2026-11-22' })).toEqual(['3008']);
      expect(await numbers('all', { status: 'placed', search: 'mia' })).toEqual(['3001']);
    });

    it('refuses a status the state machine does not have', async () => {
      const refused = await list('all', { status: 'placed,lost' });
      expect(refused.statusCode).toBe(400);
    });
  });

    describe('a status mix with a date range', () => {
      it('keeps the orders in one of the statuses placed within the range, under each sort, counted exactly', async () => {
        const range = { status: 'placed,completed', from_date: '2026-11-21', to_date: '2026-11-22' };
        expect(await numbers('all', range)).toEqual(['3008', '3007', '3003']);
        expect(await numbers('all', { ...range, sort: 'placed_at', direction: 'asc' })).toEqual(['3003', '3007', '3008']);
        expect(await numbers('all', { ...range, sort: 'order_number', direction: 'asc' })).toEqual(['3003', '3007', '3008']);
        expect(await numbers('all', { ...range, sort: 'customer_name', direction: 'asc' })).toEqual(['3008', '3003', '3007']);
        expect(await numbers('all', { ...range, sort: 'total', direction: 'desc' })).toEqual(['3003', '3008', '3007']);
        expect((await list('all', range)).json()).toMatchObject({ total: 3, last_page: 1 });
        expect(await numbers('outstanding', { status: 'placed,preparing', from_date: '2026-11-22', sort: 'delivery_date', direction: 'asc' })).toEqual(['3008', '3006']);
        expect(await numbers('outstanding', { status: 'placed,taken', to_date: '2026-11-20', sort: 'delivery_date', direction: 'asc' })).toEqual(['3002', '3001']);
        // Undated ones last, as without the filter.
        expect(await numbers('outstanding', { status: 'placed,prepared', from_date: '2026-11-20', sort: 'delivery_date', direction: 'asc' })).toEqual(['3008', '3001', '3005']);
      });

      it('pages them, and keeps the location, the fulfilment type and no match', async () => {
        const page = await list('all', { status: 'placed,completed', from_date: '2026-11-20', to_date: '2026-11-22', sort: 'total', direction: 'asc', limit: 3, page: 2 });
        expect(page.json()).toMatchObject({ total: 4, current_page: 2, last_page: 2 });
        expect(page.json().data.map((o: { order_number: string }) => o.order_number)).toEqual(['3003']);
        expect(await numbers('all', { status: 'placed,completed', from_date: '2026-11-20', location_id: 1, order_type: 'pickup', sort: 'customer_name', direction: 'desc' })).toEqual(['3007', '3001']);
        expect((await list('all', { status: 'cancelled', from_date: '2026-11-22', sort: 'total' })).json()).toMatchObject({ data: [], total: 0 });
      });

      it('pages a big list across the chunks a walk reads, under each sort, either way round', async () => {
        const { fromMs, toMs, range, mix } = BIG_LIST_FILTER;
        for (const sort of ['placed_at', 'order_number', 'customer_name', 'total']) {
          for (const direction of ['asc', 'desc']) {
            const want = expected(mix, fromMs, toMs, sort, direction === 'desc');
            expect(await allPages('all', { ...range, status: mix.join(','), sort, direction })).toEqual({ seen: want, totals: [want.length] });
          }
        }
        for (const direction of ['asc', 'desc']) {
          const want = expected(['placed', 'taken'], fromMs, toMs, 'delivery_date', direction === 'desc');
          expect(await allPages('outstanding', { ...range, status: 'placed,taken', sort: 'delivery_date', direction })).toEqual({ seen: want, totals: [want.length] });
        }
        // The range alone under another sort, and a status mix alone.
        const ranged = expected(MANY_STATUSES, fromMs, toMs, 'customer_name', false);
        expect(await allPages('all', { ...range, sort: 'customer_name', direction: 'asc' })).toEqual({ seen: ranged, totals: [ranged.length] });
        const mixed = expected(mix, -Infinity, Infinity, 'total', true);
        expect(await allPages('all', { status: mix.join(','), sort: 'total' })).toEqual({ seen: mixed, totals: [mixed.length] });
      });
    });
  });
}

describe('the CSV export of a big list', () => {
  // Read by walking the list's set in order, a chunk at a time (order-sort.ts walkedIds), whatever the filter keeps.
  it('exports exactly the orders of a status mix in a date range, across the chunks a walk reads, under each sort, either way round', async () => {
    const { fromMs, toMs, range, mix } = BIG_LIST_FILTER;
    for (const sort of ['placed_at', 'order_number', 'customer_name', 'total']) {
      for (const direction of ['asc', 'desc']) {
        const want = expected(mix, fromMs, toMs, sort, direction === 'desc');
        expect(want.length).toBeGreaterThan(500);
        expect(await exported({ order_filters: 'all', ...range, status: mix.join(','), sort, direction })).toEqual(want);
      }
    }
    const dated = expected(['placed', 'taken'], fromMs, toMs, 'delivery_date', false);
    expect(await exported({ order_filters: 'outstanding', ...range, status: 'placed,taken', sort: 'delivery_date', direction: 'asc' })).toEqual(dated);
    // Newest first by default: the range alone, the mix alone, the whole list; and a filter nothing matches.
    expect(await exported({ ...range })).toEqual(expected(MANY_STATUSES, fromMs, toMs, 'placed_at', true));
    expect(await exported({ status: mix.join(',') })).toEqual(expected(mix, -Infinity, Infinity, 'placed_at', true));
    expect(await exported({ order_filters: 'all' })).toEqual(expected(MANY_STATUSES, -Infinity, Infinity, 'placed_at', true));
    expect(await exported({ order_filters: 'outstanding', status: 'prepared' })).toEqual([]);
  });

  it('gives orders with equal values in the order the list pages show, once each, across the chunks', async () => {
    // 1,200 orders placed at three instants, 1,100 of them with one total: ties longer than a chunk or two.
    const tied = await createTenant('ord-sorting-tied');
    const asTied = { 'business-slug': 'ord-sorting-tied', authorization: `Bearer ${await issueToken(tied.id, { isAdmin: true, slug: 'owner' })}` };
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      _id: new mongoose.Types.ObjectId(), tenantId: tied.id, orderNumber: String(7001 + i), sequence: 7001 + i, status: i % 4 ? 'placed' : 'completed',
      locationId: 1, orderType: 'pickup', placedAt: new Date(MANY_FROM + (i % 3) * 60_000), customerName: 'Same Name', totalCents: i % 12 ? 0 : 500, items: [{ quantity: 1 }],
    }));
    await indexOrders({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tied.id, rows, true);
    // Equal values in the order of their ids (as Redis keeps them), reversed with the direction.
    const want = (key: (o: (typeof rows)[number]) => number, descending: boolean, kept = rows) => [...kept]
      .sort((a, b) => (key(a) - key(b) || (String(a._id) < String(b._id) ? -1 : 1)) * (descending ? -1 : 1)).map((o) => o.orderNumber);
    const placed = (o: (typeof rows)[number]) => o.placedAt.getTime();
    for (const direction of ['asc', 'desc']) {
      const byTotal = await exported({ sort: 'total', direction }, asTied);
      expect(byTotal).toEqual(want((o) => o.totalCents, direction === 'desc'));
      expect(byTotal).toEqual((await allPages('all', { sort: 'total', direction }, asTied)).seen);
    }
    expect(await exported({}, asTied)).toEqual(want(placed, true));
    expect(await exported({}, asTied)).toEqual((await allPages('all', {}, asTied)).seen);
    const mix = { status: 'completed', from_date: new Date(MANY_FROM + 60_000).toISOString(), sort: 'customer_name' };
    const late = rows.filter((o) => o.status === 'completed' && placed(o) >= MANY_FROM + 60_000);
    expect(await exported(mix, asTied)).toEqual(want(() => 0, true, late));
    expect(await exported(mix, asTied)).toEqual((await allPages('all', mix, asTied)).seen);
  });
});

describe('a walk that reaches its limit', () => {
  // 400 orders: the 340 newest completed, the 60 oldest placed or cancelled (the lowest totals): what a filter on
  // those keeps is an eighth and more of the list, so a page walks, but lies beyond what a walk of 100 reads.
  const store = () => ({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix });
  let lateId: string;
  const late: string[] = [];
  beforeAll(async () => {
    lateId = (await createTenant('ord-sorting-late')).id;
    const rows = Array.from({ length: 400 }, (_, i) => ({
      _id: new mongoose.Types.ObjectId(), tenantId: lateId, orderNumber: String(8001 + i), sequence: 8001 + i, status: i >= 60 ? 'completed' : i % 2 ? 'placed' : 'cancelled',
      locationId: 1, orderType: 'pickup', placedAt: new Date(MANY_FROM + i * 60_000), customerName: `Late ${i}`, totalCents: 1000 + i, items: [{ quantity: 1 }],
    }));
    await indexOrders(store(), lateId, rows, true);
    late.push(...rows.slice(0, 60).reverse().map((o) => o.orderNumber)); // newest and highest first
  });

  it('intersects instead, and gives the full page and the exact total', async () => {
    for (const sort of ['placed_at', 'total'] as const) {
      for (const page of [1, 2, 6]) {
        const { rows, total } = await orderListPage(store(), lateId, 'all', { page, limit: 10, sort, statuses: ['placed', 'cancelled'], walkMax: 100 });
        expect({ numbers: rows.map((o) => o.order_number), total }).toEqual({ numbers: late.slice((page - 1) * 10, page * 10), total: 60 });
      }
    }
  });
});

describe('an order that changes', () => {
  it('follows an order to another store and out of a status', async () => {
    const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
    const doc = await Order.findOne({ _id: idOf.get('3002'), tenantId }).lean();
    const moved = { ...doc, locationId: 1, status: 'prepared' } as never;
    await moveOrderIndex(store, tenantId, moved, 2);
    expect(await numbers('outstanding', { status: 'taken' })).toEqual([]);
    expect(await numbers('outstanding', { status: 'prepared', location_id: 1, sort: 'total' })).toEqual(['3005', '3002']);
    expect(await numbers('all', { location_id: 2, sort: 'total' })).toEqual(['3006']);
  });
});
