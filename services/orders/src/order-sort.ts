import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ORDER_LISTS, orderListOf, type OrderListName } from '@platform/domain';

/**
 * Server-side sorting and the status filter of the admin's order lists (docs/API-DECISIONS.md 'Order lists'). Each sort other than
 * the time placed has its own sorted sets beside the lists (same location and type keys), and each outstanding
 * status its own time-scored sets, all kept by indexOrder: a page is a ZRANGE, never a sort of the whole list.
 */
export const ORDER_SORTS = ['placed_at', 'order_number', 'customer_name', 'total', 'delivery_date'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** The statuses of the order state machine (libs/domain checkout.ts), each in one list. */
export const ORDER_STATUSES = ['placed', 'taken', 'preparing', 'prepared', 'completed', 'cancelled'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];
const OUTSTANDING: readonly string[] = ['placed', 'taken', 'preparing', 'prepared'];

interface Store { redis: Redis; prefix: string }
type Sorted = { _id: unknown; status: string; locationId?: number; orderType?: string; sequence?: number | null; orderNumber?: string; customerName?: string; totalCents?: number; deliveryDate?: string | null };

const base = (s: Store, t: string) => `${s.prefix}:orders:${t}`;
const suffix = (locationId?: number, orderType?: string) => `${locationId ?? 'all'}:${orderType ?? 'any'}`;
export const sortKeys = {
  /** A list's orders scored by one sort (the time placed is the list itself, orderKeys.list). */
  sort: (s: Store, t: string, sort: Exclude<OrderSort, 'placed_at'>, list: OrderListName, locationId?: number, orderType?: string) =>
    `${base(s, t)}:sort:${sort}:${list}:${suffix(locationId, orderType)}`,
  /** The orders in one outstanding status, scored by time placed. */
  status: (s: Store, t: string, status: string, locationId?: number, orderType?: string) => `${base(s, t)}:status:${status}:${suffix(locationId, orderType)}`,
};

/** The first 10 letters and digits of a name as a number that sorts as the name does (37^10 < 2^53). */
export function nameScore(name: string | undefined): number {
  const text = (name ?? '').toLowerCase().normalize('NFD').replace(/[^a-z0-9 ]/g, '').trim().slice(0, 10).padEnd(10, ' ');
  let score = 0;
  for (const ch of text) score = score * 37 + (ch === ' ' ? 0 : ch <= '9' ? ch.charCodeAt(0) - 47 + 26 : ch.charCodeAt(0) - 96);
  return score;
}

/** Orders with no pickup or delivery date sort after every dated one (ascending). */
const NO_DATE = 9_000_000_000_000_000;
const dueScore = (date: string | null | undefined): number => {
  const ms = date ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(ms) ? NO_DATE : ms;
};

function scores(o: Sorted): Record<Exclude<OrderSort, 'placed_at'>, number> {
  return {
    order_number: o.sequence ?? (Number(String(o.orderNumber ?? '').replace(/\D/g, '')) || 0),
    customer_name: nameScore(o.customerName),
    total: o.totalCents ?? 0,
    delivery_date: dueScore(o.deliveryDate),
  };
}

/** The sorts a list keeps: the pickup or delivery date only while the order is outstanding. */
const sortsOf = (list: OrderListName): Exclude<OrderSort, 'placed_at'>[] =>
  (list === 'outstanding' ? ['order_number', 'customer_name', 'total', 'delivery_date'] : ['order_number', 'customer_name', 'total']);
const combos = (o: Sorted): [number | undefined, string | undefined][] => {
  const type = o.orderType ?? 'pickup';
  return [[undefined, undefined], [o.locationId, undefined], [undefined, type], [o.locationId, type]];
};

/** Writes an order's sort and status entries into the indexer's transaction (and takes them out of lists it left). */
/** fresh: a new order, in no set yet, is only added (nothing to take it out of). */
export function indexOrderSorts(s: Store, t: string, o: Sorted, multi: ReturnType<Redis['multi']>, at: number, fresh = false): void {
  const id = String(o._id);
  const own = orderListOf(o.status);
  const score = scores(o);
  for (const list of ORDER_LISTS) {
    for (const sort of sortsOf(list)) {
      for (const [loc, type] of combos(o)) {
        const key = sortKeys.sort(s, t, sort, list, loc, type);
        if (list === 'all' || list === own) multi.zadd(key, score[sort], id);
        else if (!fresh) multi.zrem(key, id);
      }
    }
  }
  for (const status of OUTSTANDING) {
    for (const [loc, type] of combos(o)) {
      if (status === o.status) multi.zadd(sortKeys.status(s, t, status, loc, type), at, id);
      else if (!fresh) multi.zrem(sortKeys.status(s, t, status, loc, type), id);
    }
  }
}

/** An order moved location: out of the old location's sort and status sets (indexOrderSorts then adds the new). */
export function unindexLocationSorts(s: Store, t: string, o: Sorted, fromLocationId: number, multi: ReturnType<Redis['multi']>): void {
  const id = String(o._id);
  const type = o.orderType ?? 'pickup';
  for (const list of ORDER_LISTS) for (const sort of sortsOf(list)) multi.zrem(sortKeys.sort(s, t, sort, list, fromLocationId), id).zrem(sortKeys.sort(s, t, sort, list, fromLocationId, type), id);
  for (const status of OUTSTANDING) multi.zrem(sortKeys.status(s, t, status, fromLocationId), id).zrem(sortKeys.status(s, t, status, fromLocationId, type), id);
}

export const UNKNOWN_SORT = 'Orders can be sorted by placed_at, order_number, customer_name, total, or delivery_date on the outstanding list.';
export const UNKNOWN_STATUS = `A status is one of ${ORDER_STATUSES.join(', ')}.`;

/** The statuses asked, within the list: null when they cover the whole list (no filter), [] when none can match. */
export function statusesWithin(list: OrderListName, statuses: readonly string[] | undefined): string[] | null {
  if (!statuses?.length) return null;
  const inList = [...new Set(statuses)].filter((st) => list === 'all' || orderListOf(st) === list);
  const whole = list === 'all' ? ORDER_STATUSES : ORDER_STATUSES.filter((st) => orderListOf(st) === list);
  return whole.every((st) => inList.includes(st)) ? null : inList;
}

/** Statuses that make up one whole list (All with only completed, say) are that list: its own sets, no union to build. */
export function narrowedList(list: OrderListName, statuses: string[] | null | undefined): { list: OrderListName; statuses: string[] | null } {
  if (list !== 'all' || !statuses?.length) return { list, statuses: statuses ?? null };
  const lists = new Set(statuses.map(orderListOf));
  const only = lists.size === 1 ? [...lists][0] : null;
  return only && statusesWithin(only, statuses) === null ? { list: only, statuses: null } : { list, statuses };
}

export interface SortedPageQuery {
  list: OrderListName; locationId?: number; orderType?: string; fromMs?: number; toMs?: number;
  /** Sets every order must be in (the search words'). */
  within: string[]; timeList: string; listKeyOf: (list: OrderListName) => string;
  sort: OrderSort; descending: boolean; statuses: string[] | null;
  /** The most ids a page's walk reads before it intersects instead (WALK_MAX; a test passes fewer). */
  walkMax?: number;
}

/**
 * One page of ids and the count, for a sort other than the time placed, a status filter, or both. Without filters
 * the sort's own set answers (ZRANGE); a filter that keeps much of it walks it (walkedPage); else one transaction
 * intersects the sort's set with the filters' sets (the statuses' union, the time range, the search words) into a
 * scratch key of its own: Redis walks the smallest.
 */
export async function sortedPage(s: Store, t: string, q: SortedPageQuery, start: number, count: number): Promise<{ ids: string[]; total: number }> {
  const scoring = q.sort === 'placed_at' ? q.timeList : sortKeys.sort(s, t, q.sort, q.list, q.locationId, q.orderType);
  const stop = count < 0 ? -1 : start + count - 1;
  const ranged = q.fromMs !== undefined || q.toMs !== undefined;
  if (q.statuses === null && !q.within.length && !(ranged && q.sort !== 'placed_at')) {
    if (q.sort === 'placed_at') {
      // The time list with its range by score, either way round.
      const [min, max] = [q.fromMs ?? '-inf', q.toMs ?? '+inf'];
      const [ids, total] = await Promise.all([
        q.descending ? s.redis.zrevrangebyscore(scoring, max, min, 'LIMIT', start, count) : s.redis.zrangebyscore(scoring, min, max, 'LIMIT', start, count),
        s.redis.zcount(scoring, min, max),
      ]);
      return { ids, total };
    }
    const [ids, total] = await Promise.all([q.descending ? s.redis.zrevrange(scoring, start, stop) : s.redis.zrange(scoring, String(start), String(stop)), s.redis.zcard(scoring)]);
    return { ids, total };
  }
  if (q.statuses !== null && !q.statuses.length) return { ids: [], total: 0 };
  const walked = await walkedPage(s, t, q, scoring, start, count);
  if (walked) return walked;
  const scratch = `${base(s, t)}:scratch:${randomUUID()}`;
  const filters: string[] = [...q.within];
  const multi = s.redis.multi();
  if (q.statuses) {
    // Completed and cancelled are lists of their own; the outstanding statuses have their sets.
    const sets = q.statuses.map((st) => (OUTSTANDING.includes(st) ? sortKeys.status(s, t, st, q.locationId, q.orderType) : q.listKeyOf(st as OrderListName)));
    multi.zunionstore(`${scratch}:status`, sets.length, ...sets);
    filters.push(`${scratch}:status`);
  }
  if (ranged && q.sort !== 'placed_at') {
    multi.zrangestore(`${scratch}:range`, q.timeList, String(q.fromMs ?? '-inf'), String(q.toMs ?? '+inf'), 'BYSCORE');
    filters.push(`${scratch}:range`);
  }
  multi.zinterstore(scratch, filters.length + 1, scoring, ...filters, 'WEIGHTS', '1', ...filters.map(() => '0'));
  const timeRanged = ranged && q.sort === 'placed_at';
  const [min, max] = [q.fromMs ?? '-inf', q.toMs ?? '+inf'];
  if (timeRanged) {
    multi.zcount(scratch, min, max);
    if (q.descending) multi.zrevrangebyscore(scratch, max, min, 'LIMIT', start, count); else multi.zrangebyscore(scratch, min, max, 'LIMIT', start, count);
  } else {
    multi.zcard(scratch);
    if (q.descending) multi.zrevrange(scratch, start, stop); else multi.zrange(scratch, String(start), String(stop));
  }
  multi.del(scratch, `${scratch}:status`, `${scratch}:range`);
  const answers = (await multi.exec()) ?? [];
  const [[, total], [, ids]] = answers.slice(-3, -1) as [[unknown, number], [unknown, string[]]];
  return { ids, total };
}

/** Ids of the sort's set read per round when walking it (the first round reads what the page should need, at least WALK_FIRST_MIN). */
const WALK_CHUNK = 500;
const WALK_FIRST_MIN = 50;
/** Walked only when the filter keeps at least this share of what is walked, and the walk reads at most WALK_MAX ids. */
const WALK_SHARE = 1 / 8;
const WALK_MAX = 20_000;

let forcedWay: 'walk' | 'intersect' | null = null;
/** Tests: every filtered page read by the walk whenever it can be, or always by intersecting (both give the same pages). */
export function forceOrderListWay(way: 'walk' | 'intersect' | null): void {
  forcedWay = way;
}

/**
 * A page for a filter that keeps much of a big list (a status mix, a long time range, or both): the sort's set read
 * in order in chunks, each id kept when in a status set or the range (ZMSCORE), until the page is full. Every
 * status set is scored by time placed, as the time list is, so one ZMSCORE per status checks the range too, and
 * the exact total is the statuses' counts in the range (ZCOUNT). Under the time placed with a range, the walk is
 * only the range's stretch of the time list (its first rank from a ZCOUNT). Intersecting would make Redis copy and
 * sort up to ~100,000 ids (300 ms on 100k orders, every other store waiting); this reads at most WALK_MAX. Null
 * when the filter keeps few (intersecting the small set is cheap), when a walk of WALK_MAX did not fill the page,
 * or for search words.
 */
async function walkedPage(s: Store, t: string, q: SortedPageQuery, scoring: string, start: number, count: number): Promise<{ ids: string[]; total: number } | null> {
  const ranged = q.fromMs !== undefined || q.toMs !== undefined;
  const byTime = q.sort === 'placed_at';
  if (forcedWay === 'intersect' || q.within.length || count < 0 || (q.statuses === null && (!ranged || byTime))) return null;
  // The pickup or delivery date sort is kept for the outstanding list only (listQuery refuses it elsewhere).
  if (q.sort === 'delivery_date' && q.list !== 'outstanding') return null;
  const [low, high] = [String(q.fromMs ?? '-inf'), String(q.toMs ?? '+inf')];
  const sets = statusSets(s, t, q);
  const rangeStart = !ranged || !byTime ? 0 : q.descending ? (q.toMs === undefined ? 0 : s.redis.zcount(scoring, `(${q.toMs}`, '+inf'))
    : (q.fromMs === undefined ? 0 : s.redis.zcount(scoring, '-inf', `(${q.fromMs}`));
  const [listed, first, ...counts] = await Promise.all([
    ranged && byTime ? s.redis.zcount(scoring, low, high) : s.redis.zcard(scoring),
    rangeStart,
    ...(sets.length ? sets.map((set) => (ranged ? s.redis.zcount(set, low, high) : s.redis.zcard(set))) : [s.redis.zcount(q.timeList, low, high)]),
  ]);
  const total = counts.reduce((sum, n) => sum + n, 0); // statuses are apart: an order is in one
  if (!total) return { ids: [], total: 0 };
  if (!listed) return null;
  const walkMax = q.walkMax ?? WALK_MAX;
  if (forcedWay !== 'walk' && (total < listed * WALK_SHARE || (start + count) / (total / listed) > walkMax)) return null;
  const keep = keeper(s, q, sets);
  const ids: string[] = [];
  let skipped = 0;
  const end = Math.min(listed, forcedWay === 'walk' ? Infinity : walkMax);
  let at = 0;
  // The first chunk is about what the page needs at the filter's share (page 1 of 20 keeping a sixth: ~150 ids), not
  // a whole WALK_CHUNK: Redis reads and the gateway parses a third as much; a page not full yet reads on by WALK_CHUNK.
  let step = Math.max(WALK_FIRST_MIN, Math.min(WALK_CHUNK, Math.ceil(((start + count) * listed / total) * 1.25)));
  for (; ids.length < count && at < end; at = Math.min(at + step, end), step = WALK_CHUNK) {
    const [from, to] = [first + at, first + Math.min(at + step, end) - 1];
    const chunk = q.descending ? await s.redis.zrevrange(scoring, from, to) : await s.redis.zrange(scoring, String(from), String(to));
    if (!chunk.length) break;
    const kept = await keep(chunk);
    for (let i = 0; i < chunk.length && ids.length < count; i += 1) {
      if (!kept[i]) continue;
      if (skipped < start) skipped += 1; else ids.push(chunk[i]);
    }
  }
  // The kept orders bunched beyond what the walk may read: the page is not full though more match; intersect.
  if (ids.length < count && at < listed && skipped + ids.length < total) return null;
  return { ids, total };
}

/** The sets of the statuses asked (each scored by time placed): completed and cancelled are lists of their own. */
const statusSets = (s: Store, t: string, q: SortedPageQuery): string[] =>
  q.statuses?.map((st) => (OUTSTANDING.includes(st) ? sortKeys.status(s, t, st, q.locationId, q.orderType) : q.listKeyOf(st as OrderListName))) ?? [];

/** Which ids of a chunk the filter keeps: in one of the statuses' sets within the time range, or with no status, in the range (ZMSCORE). */
function keeper(s: Store, q: SortedPageQuery, sets: string[]): (chunk: string[]) => Promise<boolean[]> {
  const [min, max] = [q.fromMs ?? -Infinity, q.toMs ?? Infinity];
  const inRange = (at: string | null) => at !== null && Number(at) >= min && Number(at) <= max;
  return async (chunk) => {
    if (!sets.length) return (await s.redis.zmscore(q.timeList, ...chunk)).map(inRange);
    const scores = await Promise.all(sets.map((set) => s.redis.zmscore(set, ...chunk)));
    return chunk.map((_, i) => scores.some((of) => inRange(of[i])));
  };
}

/**
 * A sorted set's ids with scores from min to max, in order (highest first when descending), WALK_CHUNK at a time.
 * Each read starts from the last score read, skipping the ids of that score already given, not from a rank: orders
 * placed or changing status meanwhile move ranks, which would repeat or drop rows of a long read. (Redis steps over
 * the skipped ids one by one: a run of equal values costs its length at each read within it.)
 */
async function* inOrder(redis: Redis, key: string, min: string, max: string, descending: boolean): AsyncGenerator<string[]> {
  let [low, high] = [min, max];
  let [last, skip] = [null as string | null, 0];
  for (;;) {
    const read = descending ? await redis.zrevrangebyscore(key, high, low, 'WITHSCORES', 'LIMIT', skip, WALK_CHUNK)
      : await redis.zrangebyscore(key, low, high, 'WITHSCORES', 'LIMIT', skip, WALK_CHUNK);
    const ids = read.filter((_, i) => i % 2 === 0);
    if (ids.length) yield ids;
    if (ids.length < WALK_CHUNK) return;
    const score = read[read.length - 1];
    const ties = read.filter((v, i) => i % 2 === 1 && v === score).length;
    skip = score === last ? skip + ties : ties;
    last = score;
    if (descending) high = score; else low = score;
  }
}

/**
 * Every id of a list with its filters but no search words, in the order asked, `size` at a time (the CSV export):
 * the sort's set walked in order (under the time placed, only the range's stretch), each chunk checked as a page's
 * walk checks it. Memory holds a chunk and a batch, and no Redis command reads more than WALK_CHUNK ids, however big
 * the list and however few the filter keeps.
 */
export async function* walkedIds(s: Store, t: string, q: SortedPageQuery, size: number): AsyncGenerator<string[]> {
  if (q.statuses !== null && !q.statuses.length) return;
  const byTime = q.sort === 'placed_at';
  const scoring = q.sort === 'placed_at' ? q.timeList : sortKeys.sort(s, t, q.sort, q.list, q.locationId, q.orderType);
  // Under the time placed the range bounds the read; under another sort each id's time is checked (keeper).
  const [min, max] = byTime ? [String(q.fromMs ?? '-inf'), String(q.toMs ?? '+inf')] : ['-inf', '+inf'];
  const sets = statusSets(s, t, q);
  const filtered = sets.length > 0 || (!byTime && (q.fromMs !== undefined || q.toMs !== undefined));
  const keep = keeper(s, q, sets);
  let batch: string[] = [];
  for await (const chunk of inOrder(s.redis, scoring, min, max, q.descending)) {
    const kept = filtered ? await keep(chunk) : null;
    batch.push(...chunk.filter((_, i) => !kept || kept[i]));
    while (batch.length >= size) { yield batch.slice(0, size); batch = batch.slice(size); }
  }
  if (batch.length) yield batch;
}
