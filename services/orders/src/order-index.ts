import type { Redis } from 'ioredis';
import { scanKeys, runScript } from '@platform/queue';
import { inBackground, scoped, Tenant, singleFlight } from '@platform/db';
import { AWAITING_PAYMENT, cancelledLinesCents, nextOrderNumber, ORDER_LISTS, orderListOf, orderSearchTerms, type OrderListName } from '@platform/domain';
import { Order } from './models';
import { indexOrderSorts, narrowedList, sortedPage, unindexLocationSorts, walkedIds, type OrderSort, type SortedPageQuery } from './order-sort';
import { publishOrderEvent } from './live-orders';

/**
 * The orders' lists and keys in Redis (docs/DATA-ACCESS.md rule 3): order number → _id, each customer's orders,
 * the store's lists (outstanding, completed, cancelled, all; each for all locations and per location, for any
 * fulfilment type and per type) as sorted sets by time placed, and the search words (number, e-mail, phone,
 * name words) → ids. Pages read ids here and rows from one hash. Written with each order and status change;
 * rebuilt from the database, in the background, when Redis does not have them or has an older layout (first
 * start, a reseed, a lost Redis, an upgrade).
 */
export interface OrderIndexStore { redis: Redis; prefix: string }
type IndexedOrder = {
  _id: unknown; orderNumber: string; sequence?: number | null; status: string; locationId: number; customerSlug?: string | null; placedAt: Date;
  customerName?: string; orderType?: string; totalCents?: number; items?: { quantity?: number; priceCents?: number; cancelledQuantity?: number }[]; contact?: { email?: string | null; telephone?: string | null } | null;
  subtotalCents?: number; discountCents?: number; taxCents?: number; fulfilmentCents?: number;
  payment?: { method?: string; status?: string; capturedCents?: number; refundedCents?: number } | null;
  address?: { address?: string | null; address2?: string | null; city?: string | null; state?: string | null; zip?: string | null } | null;
};

/** What a list row shows of an order (My Orders and the admin's lists), kept beside the ids so a page needs no database read. */
export type OrderListRow = {
  id: string; order_number: string; status: string; customer_name: string; order_type: string; placed_at: string; item_count: number; total_cents: number;
  location_id: number;
  /** What the CSV export adds (it reads rows, never the database). */
  email: string; telephone: string; subtotal_cents: number; discount_cents: number; tax_cents: number; fulfilment_cents: number;
  payment_method: string; payment_status: string;
  /** What reconciliation adds: card money taken and given back, and what the units cancelled line by line came to. */
  captured_cents: number; refunded_cents: number; cancelled_lines_cents: number;
};

const listRow = (o: IndexedOrder): OrderListRow => ({
  id: String(o._id), order_number: o.orderNumber, status: o.status, customer_name: o.customerName ?? '', order_type: o.orderType ?? 'pickup',
  placed_at: new Date(o.placedAt).toISOString(), item_count: (o.items ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0), total_cents: o.totalCents ?? 0,
  location_id: o.locationId,
  email: o.contact?.email ?? '', telephone: o.contact?.telephone ?? '', subtotal_cents: o.subtotalCents ?? 0, discount_cents: o.discountCents ?? 0,
  tax_cents: o.taxCents ?? 0, fulfilment_cents: o.fulfilmentCents ?? 0, payment_method: o.payment?.method ?? 'pay_at_store', payment_status: o.payment?.status ?? 'due',
  captured_cents: o.payment?.capturedCents ?? 0, refunded_cents: o.payment?.refundedCents ?? 0, cancelled_lines_cents: cancelledLinesCents(o),
});

/** The lists' fields of an order: what a rebuild reads. */
export const LIST_FIELDS = {
  orderNumber: 1, sequence: 1, status: 1, locationId: 1, customerSlug: 1, placedAt: 1, customerName: 1, orderType: 1, totalCents: 1, 'items.quantity': 1,
  'contact.email': 1, 'contact.telephone': 1, subtotalCents: 1, discountCents: 1, taxCents: 1, fulfilmentCents: 1, 'payment.method': 1, 'payment.status': 1,
  'payment.capturedCents': 1, 'payment.refundedCents': 1, 'items.priceCents': 1, 'items.cancelledQuantity': 1, address: 1,
} as const;

/** The lists' layout: a store whose lists were built with another is rebuilt once (ensureOrderIndex). */
export const ORDER_LISTS_LAYOUT = 'lists-v7'; // v6: the customers' delivery addresses; v7: the sort and status sets (order-sort.ts)
const LAYOUT = ORDER_LISTS_LAYOUT;

const base = (s: OrderIndexStore, tenantId: string) => `${s.prefix}:orders:${tenantId}`;
export const orderKeys = {
  built: (s: OrderIndexStore, t: string) => `${base(s, t)}:built`,
  numbers: (s: OrderIndexStore, t: string) => `${base(s, t)}:numbers`,
  customer: (s: OrderIndexStore, t: string, slug: string) => `${base(s, t)}:customer:${slug}`,
  /** A customer's delivery and shipping addresses (JSON), scored by the last order placed to each. */
  addresses: (s: OrderIndexStore, t: string, slug: string) => `${base(s, t)}:addresses:${slug}`,
  /** One list: all locations or one, any fulfilment type or one. */
  list: (s: OrderIndexStore, t: string, list: OrderListName, locationId?: number, orderType?: string) =>
    `${base(s, t)}:list:${list}:${locationId ?? 'all'}:${orderType ?? 'any'}`,
  outstanding: (s: OrderIndexStore, t: string, locationId?: number) => orderKeys.list(s, t, 'outstanding', locationId),
  /** The orders holding one search word (orderSearchTerms), by time placed as the lists are. */
  find: (s: OrderIndexStore, t: string, term: string) => `${base(s, t)}:find:${term}`,
  sequence: (s: OrderIndexStore, t: string) => `${base(s, t)}:sequence`,
  rows: (s: OrderIndexStore, t: string) => `${base(s, t)}:rows`,
  doc: (s: OrderIndexStore, t: string, id: string) => `${base(s, t)}:doc:${id}`,
};
/** The four keys of a list that hold an order: every location and its own, any type and its own. */
const listKeys = (s: OrderIndexStore, t: string, list: OrderListName, order: IndexedOrder) => {
  const type = order.orderType ?? 'pickup';
  return [orderKeys.list(s, t, list), orderKeys.list(s, t, list, order.locationId), orderKeys.list(s, t, list, undefined, type), orderKeys.list(s, t, list, order.locationId, type)];
};

/** An order's address as kept in the customer's addresses: its fields trimmed, in one order (equal addresses are one member). */
function addressMember(a: IndexedOrder['address']): string | null {
  if (!a || !(a.address ?? '').trim()) return null;
  const [address, address2, city, state, zip] = [a.address, a.address2, a.city, a.state, a.zip].map((p) => (p ?? '').trim());
  return JSON.stringify({ address, address2, city, state, zip });
}

/**
 * A customer's saved addresses (the delivery and shipping addresses of their orders), last used first; one entry per
 * address whatever its letters' case. Redis only: kept by indexOrder, rebuilt with the lists.
 */
export async function customerAddresses(s: OrderIndexStore, tenantId: string, slug: string): Promise<{ address: string; address2: string; city: string; state: string; zip: string }[]> {
  await ensureOrderIndex(s, tenantId);
  const seen = new Set<string>();
  const out: { address: string; address2: string; city: string; state: string; zip: string }[] = [];
  for (const member of await s.redis.zrevrange(orderKeys.addresses(s, tenantId, slug), 0, 99)) {
    const a = JSON.parse(member) as { address: string; address2: string; city: string; state: string; zip: string };
    const key = [a.address, a.address2, a.city, a.state, a.zip].join('|').toLowerCase();
    if (!seen.has(key)) { seen.add(key); out.push(a); }
  }
  return out;
}

/**
 * Adds an order (or its new status) to the lists, in one Redis transaction (or the given batch). fresh: an order
 * just placed, in no list yet, is only added: the ~70 removals from the other statuses' sets cost ~0.5 ms of CPU.
 */
export async function indexOrder(s: OrderIndexStore, tenantId: string, order: IndexedOrder, batch?: ReturnType<Redis['multi']>, fresh = false): Promise<void> {
  const id = String(order._id);
  const at = new Date(order.placedAt).getTime();
  const multi = batch ?? s.redis.multi();
  multi.hset(orderKeys.numbers(s, tenantId), order.orderNumber, id).hset(orderKeys.rows(s, tenantId), id, JSON.stringify(listRow(order)));
  if (order.customerSlug) multi.zadd(orderKeys.customer(s, tenantId, order.customerSlug), at, id);
  const address = order.customerSlug ? addressMember(order.address) : null;
  if (address) multi.zadd(orderKeys.addresses(s, tenantId, order.customerSlug!), 'GT', at, address);
  const own = orderListOf(order.status);
  for (const list of ORDER_LISTS) {
    for (const key of listKeys(s, tenantId, list, order)) {
      if (list === 'all' || list === own) multi.zadd(key, at, id);
      else if (!fresh) multi.zrem(key, id);
    }
  }
  const terms = orderSearchTerms({ orderNumber: order.orderNumber, customerName: order.customerName, email: order.contact?.email, telephone: order.contact?.telephone });
  for (const term of terms) multi.zadd(orderKeys.find(s, tenantId, term), at, id);
  indexOrderSorts(s, tenantId, order, multi, at, fresh);
  if (!batch) await multi.exec();
}

/**
 * An order moved to another location: it leaves every list of the old location (each status, each type) and is
 * listed at the new one, in one Redis transaction.
 */
export async function moveOrderIndex(s: OrderIndexStore, tenantId: string, order: IndexedOrder, fromLocationId: number): Promise<void> {
  const id = String(order._id);
  const multi = s.redis.multi();
  const type = order.orderType ?? 'pickup';
  for (const list of ORDER_LISTS) multi.zrem(orderKeys.list(s, tenantId, list, fromLocationId), id).zrem(orderKeys.list(s, tenantId, list, fromLocationId, type), id);
  unindexLocationSorts(s, tenantId, order, fromLocationId, multi);
  await indexOrder(s, tenantId, order, multi);
  await multi.exec();
  await publishOrderEvent(s, tenantId, { kind: 'moved', id, order_number: order.orderNumber, status: order.status, location_id: order.locationId, from_location_id: fromLocationId });
}

/**
 * Writes many orders' lists at once (the seed's bulk orders), marks the lists built and moves the sequence on:
 * the gateway then has nothing to rebuild at start.
 */
export async function indexOrders(s: OrderIndexStore, tenantId: string, orders: IndexedOrder[], done: boolean): Promise<void> {
  for (let i = 0; i < orders.length; i += 2000) {
    const multi = s.redis.multi();
    for (const o of orders.slice(i, i + 2000)) await indexOrder(s, tenantId, o, multi);
    await multi.exec();
  }
  const highest = orders.reduce((n, o) => Math.max(n, o.sequence ?? 0), 0);
  const kept = Number(await s.redis.get(orderKeys.sequence(s, tenantId)) ?? 0);
  if (highest > kept) await s.redis.set(orderKeys.sequence(s, tenantId), String(highest));
  if (done) await s.redis.set(orderKeys.built(s, tenantId), LAYOUT);
}

const building = singleFlight();

/** Makes sure the tenant's order lists are in Redis, rebuilding them from the database once if not. */
export function ensureOrderIndex(s: OrderIndexStore, tenantId: string): Promise<void> {
  const key = `${s.prefix}|${tenantId}`;
  return building(key, async () => {
    if (await s.redis.get(orderKeys.built(s, tenantId)) === LAYOUT) return;
    await rebuildOrderIndex(s, tenantId);
  });
}

/** Every key of the tenant's lists. */
const tenantKeys = (s: OrderIndexStore, tenantId: string) => scanKeys(s.redis, `${base(s, tenantId)}:*`);

/** Reads every order of the tenant (one background scan) and writes the lists anew. */
export async function rebuildOrderIndex(s: OrderIndexStore, tenantId: string): Promise<number> {
  return inBackground('rebuild the order lists in Redis', async () => {
    const stale = (await tenantKeys(s, tenantId)).filter((k) => !k.endsWith(':sequence'));
    for (let i = 0; i < stale.length; i += 500) await s.redis.del(...stale.slice(i, i + 500));
    let count = 0;
    let highest = 0;
    let multi = s.redis.multi();
    const cursor = Order.find(scoped({ tenantId }), { ...LIST_FIELDS, deliveryDate: 1 }).lean().cursor({ batchSize: 5000 });
    for await (const doc of cursor) {
      const o = doc as unknown as IndexedOrder;
      highest = Math.max(highest, o.sequence ?? 0);
      if (o.status === AWAITING_PAYMENT) continue; // listed once its bank confirms the payment
      await indexOrder(s, tenantId, o, multi);
      count += 1;
      if (count % 2000 === 0) { await multi.exec(); multi = s.redis.multi(); }
    }
    await multi.exec();
    // The sequence never goes back: the higher of what Redis kept and what the database holds.
    const kept = Number(await s.redis.get(orderKeys.sequence(s, tenantId)) ?? 0);
    if (highest > kept) await s.redis.set(orderKeys.sequence(s, tenantId), String(highest));
    await s.redis.set(orderKeys.built(s, tenantId), LAYOUT);
    return count;
  });
}

/** At start: every active store's lists, one store after another (tenants are a small collection). */
export async function buildOrderIndexes(s: OrderIndexStore): Promise<void> {
  const tenants = (await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[];
  for (const t of tenants) await ensureOrderIndex(s, String(t._id));
}

/** The next order number of the store, atomically (INCR): no two orders share one, with no lock. */
export async function takeOrderNumber(s: OrderIndexStore, tenantId: string): Promise<number> {
  await ensureOrderIndex(s, tenantId); // the sequence starts after the highest number in the database
  const first = nextOrderNumber(null);
  await s.redis.set(orderKeys.sequence(s, tenantId), String(first - 1), 'NX');
  return s.redis.incr(orderKeys.sequence(s, tenantId));
}

/**
 * KEYS: the sequence, the numbers hash. ARGV: a number the database refused as taken. From there, past the numbers
 * the lists hold in a row (galloping 1, 2, 4, ... then halving back: ~2 log n HEXISTS whatever the gap), so a
 * sequence rebuilt far below the orders catches up in one step. Never moves the sequence back. Answers it.
 */
const SKIP_TAKEN = `
local lo = tonumber(ARGV[1])
local step = 1
while step < 1e12 and redis.call('HEXISTS', KEYS[2], tostring(lo + step)) == 1 do lo = lo + step; step = step * 2 end
local hi = lo + step
while hi - lo > 1 do
  local mid = math.floor((lo + hi) / 2)
  if redis.call('HEXISTS', KEYS[2], tostring(mid)) == 1 then lo = mid else hi = mid end
end
local kept = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if lo > kept then redis.call('SET', KEYS[1], string.format('%d', lo)) return lo end
return kept`;

/**
 * An order number the database already holds (an order written by another process, or a sequence key lost and
 * started again lower): the sequence moves past it, and past the listed numbers right after it, so the next
 * takeOrderNumber gives a free one. Answers the sequence now.
 */
export async function skipTakenOrderNumber(s: OrderIndexStore, tenantId: string, taken: number): Promise<number> {
  return Number(await runScript(s.redis, SKIP_TAKEN, 2, orderKeys.sequence(s, tenantId), orderKeys.numbers(s, tenantId), String(taken)));
}

/** An order's _id by its number, or null. */
export async function orderIdByNumber(s: OrderIndexStore, tenantId: string, orderNumber: string): Promise<string | null> {
  await ensureOrderIndex(s, tenantId);
  return s.redis.hget(orderKeys.numbers(s, tenantId), orderNumber);
}

/** Orders' list rows by id (missing ones left out), in the order asked. */
export async function orderRows(s: OrderIndexStore, tenantId: string, ids: string[]): Promise<OrderListRow[]> {
  const rows = ids.length ? await s.redis.hmget(orderKeys.rows(s, tenantId), ...ids) : [];
  return rows.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as OrderListRow);
}

/** One page of a list, newest first, with each order's list row, and how many the list holds. */
export async function orderPage(s: OrderIndexStore, tenantId: string, key: string, page: number, limit: number): Promise<{ rows: OrderListRow[]; total: number }> {
  await ensureOrderIndex(s, tenantId);
  const start = (page - 1) * limit;
  const [ids, total] = await Promise.all([s.redis.zrevrange(key, start, start + limit - 1), s.redis.zcard(key)]);
  return { rows: await orderRows(s, tenantId, ids), total };
}

/** What a store list page is asked for: its page, and optionally a location, a fulfilment type, a time range (ms) and search words. */
export interface OrderListQuery {
  page: number; limit: number; locationId?: number; orderType?: string; fromMs?: number; toMs?: number; words?: string[];
  /** The order asked (newest first when not given) and the statuses within the list (null: all of them). */
  sort?: OrderSort; descending?: boolean; statuses?: string[] | null;
  /** The most ids a walked page reads before it intersects instead (order-sort.ts WALK_MAX; a test passes fewer). */
  walkMax?: number;
}

/**
 * One page of a store list, newest first, and how many match. Without search words the list's own sorted set
 * (for the location and type asked) answers, the time range by score; with words, Redis intersects the words'
 * sets with that list (SEARCH_PAGE), so only the page's rows leave Redis.
 */
export async function orderListPage(s: OrderIndexStore, tenantId: string, list: OrderListName, q: OrderListQuery): Promise<{ rows: OrderListRow[]; total: number }> {
  await ensureOrderIndex(s, tenantId);
  const start = (q.page - 1) * q.limit;
  const { ids, total } = await pageIds(s, tenantId, list, q, start, q.limit);
  return { rows: await orderRows(s, tenantId, ids), total };
}

/** Newest first with no status filter: the lists as they always were; any other order or a status filter: order-sort.ts. */
function pageIds(s: OrderIndexStore, tenantId: string, asked: OrderListName, filters: Omit<OrderListQuery, 'page' | 'limit'>, start: number, count: number) {
  const { list, statuses } = narrowedList(asked, filters.statuses);
  const q = { ...filters, statuses };
  if ((q.sort ?? 'placed_at') === 'placed_at' && q.descending !== false && !q.statuses) {
    return q.words?.length ? searchedIds(s, tenantId, list, q, start, count) : listedIds(s, tenantId, list, q, start, count);
  }
  return sortedPage(s, tenantId, sortedQuery(s, tenantId, list, q), start, count);
}

/** What order-sort.ts reads for a list (narrowed already) and its filters. */
const sortedQuery = (s: OrderIndexStore, tenantId: string, list: OrderListName, q: Omit<OrderListQuery, 'page' | 'limit'>): SortedPageQuery => ({
  list, locationId: q.locationId, orderType: q.orderType, fromMs: q.fromMs, toMs: q.toMs, within: (q.words ?? []).map((w) => orderKeys.find(s, tenantId, w)),
  timeList: orderKeys.list(s, tenantId, list, q.locationId, q.orderType), listKeyOf: (other) => orderKeys.list(s, tenantId, other, q.locationId, q.orderType),
  sort: q.sort ?? 'placed_at', descending: q.descending !== false, statuses: q.statuses ?? null, walkMax: q.walkMax,
});

async function listedIds(s: OrderIndexStore, tenantId: string, list: OrderListName, q: Omit<OrderListQuery, 'page' | 'limit'>, start: number, count: number) {
  const key = orderKeys.list(s, tenantId, list, q.locationId, q.orderType);
  const [min, max] = [q.fromMs ?? '-inf', q.toMs ?? '+inf'];
  const [ids, total] = await Promise.all([s.redis.zrevrangebyscore(key, max, min, 'LIMIT', start, count), s.redis.zcount(key, min, max)]);
  return { ids, total };
}

/**
 * KEYS: the search words' sets, the list's set (all scored by time placed), a scratch key. ARGV: min, max, offset,
 * count (-1: all). The orders in every set, in the time range: how many, and one page of ids, newest first. The
 * smallest set (a word's orders) bounds the work; a script runs alone, so one scratch key per store does.
 */
const SEARCH_PAGE = `
local scratch = KEYS[#KEYS]
local args = { 'ZINTERSTORE', scratch, #KEYS - 1 }
for i = 1, #KEYS - 1 do args[#args + 1] = KEYS[i] end
args[#args + 1] = 'AGGREGATE'
args[#args + 1] = 'MAX'
redis.call(unpack(args))
local total = redis.call('ZCOUNT', scratch, ARGV[1], ARGV[2])
local ids = redis.call('ZREVRANGEBYSCORE', scratch, ARGV[2], ARGV[1], 'LIMIT', ARGV[3], ARGV[4])
redis.call('DEL', scratch)
return { total, ids }`;

/** The ids of the orders holding every search word, in the list and filters asked, newest first: one page and the count. */
async function searchedIds(s: OrderIndexStore, tenantId: string, list: OrderListName, q: Omit<OrderListQuery, 'page' | 'limit'>, start: number, count: number) {
  const keys = [...(q.words ?? []).map((w) => orderKeys.find(s, tenantId, w)), orderKeys.list(s, tenantId, list, q.locationId, q.orderType), `${base(s, tenantId)}:scratch`];
  const [total, ids] = await runScript(s.redis, SEARCH_PAGE, keys.length, ...keys, String(q.fromMs ?? '-inf'), String(q.toMs ?? '+inf'), String(start), String(count)) as [number, string[]];
  return { ids, total };
}

/**
 * Every id of a list with its filters in the order asked, `size` at a time (the export reads their rows a batch at
 * a time). Without search words the list's set is walked in order (order-sort.ts walkedIds); with words Redis
 * intersects them, as for a page, which costs what the smallest word's set holds.
 */
export async function orderListIdBatches(s: OrderIndexStore, tenantId: string, asked: OrderListName, filters: Omit<OrderListQuery, 'page' | 'limit'>, size: number): Promise<AsyncIterable<string[]>> {
  await ensureOrderIndex(s, tenantId);
  if (filters.words?.length) {
    const { ids } = await pageIds(s, tenantId, asked, filters, 0, -1);
    return (async function* () { for (let i = 0; i < ids.length; i += size) yield ids.slice(i, i + size); })();
  }
  const { list, statuses } = narrowedList(asked, filters.statuses);
  return walkedIds(s, tenantId, sortedQuery(s, tenantId, list, { ...filters, statuses }), size);
}

/** Forgets the tenant's lists (a reseed): they are rebuilt from the database when next needed. */
export async function forgetOrderIndex(s: OrderIndexStore, tenantId: string): Promise<void> {
  const keys = await tenantKeys(s, tenantId);
  for (let i = 0; i < keys.length; i += 500) await s.redis.del(...keys.slice(i, i + 500));
}

/** A week: the order's confirmation page and My Orders detail read recent orders again and again. */
const KEPT_DOC_S = 7 * 24 * 3600;
/** A copy read from the database: short, since a writer may have missed it (writers overwrite it at once). */
const FILLED_DOC_S = 60;

/** After an order was written: its list rows (when `listed`, i.e. what the lists show may have changed) and its kept copy follow. */
export async function keepOrderChange(s: OrderIndexStore, tenantId: string, order: object, listed = true): Promise<void> {
  await Promise.all([listed ? indexOrder(s, tenantId, order as IndexedOrder) : null, keepOrderDoc(s, tenantId, order as IndexedOrder)]);
}

/**
 * Keeps an order's document in Redis after writing it (checkout, each order action, under the order's lock), so
 * the shopper's order page needs no database read; `fill` is a copy read from the database, set only where
 * no writer set one meanwhile. A writer's copy is also news for the store's live consoles (live-orders.ts): a
 * placed order with nothing done to it yet is new, anything else a change.
 */
export async function keepOrderDoc(s: OrderIndexStore, tenantId: string, doc: { _id: unknown }, fill = false): Promise<void> {
  const key = orderKeys.doc(s, tenantId, String(doc._id));
  if (fill) { await s.redis.set(key, JSON.stringify(doc), 'EX', FILLED_DOC_S, 'NX'); return; }
  await s.redis.set(key, JSON.stringify(doc), 'EX', KEPT_DOC_S);
  const order = doc as Partial<IndexedOrder> & { history?: unknown[] | null };
  if (!order.orderNumber || !order.status || order.locationId === undefined) return;
  await publishOrderEvent(s, tenantId, {
    kind: order.status === 'placed' && !order.history?.length ? 'placed' : 'changed', id: String(doc._id), order_number: order.orderNumber, status: order.status, location_id: order.locationId,
  });
}

/** The order's document as kept in Redis (placedAt a Date again), or null. */
export async function keptOrderDoc<T extends { placedAt: Date }>(s: OrderIndexStore, tenantId: string, id: string): Promise<T | null> {
  const raw = await s.redis.get(orderKeys.doc(s, tenantId, id));
  if (!raw) return null;
  const doc = JSON.parse(raw) as T;
  doc.placedAt = new Date(doc.placedAt);
  return doc;
}
