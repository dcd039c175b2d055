import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { inBackground, scoped } from '@platform/db';
import { orderPlacedJobId, QUEUE_NAMES, type OrderPlacedJob, type ProductViewJob, type SearchEventJob, runScript } from '@platform/queue';
import { AppError, type RequestContext, type PlatformResources } from '@platform/server-kit';
import { ProductStat, productStatDocId, SearchTerm, searchTermDocId } from './models';
import { writeLatest } from './write-latest';


/** Products a device viewed most recently, newest first (kept 90 days after the last view). */
const RECENT_VIEWS_KEPT = 20;
const RECENT_VIEWS_TTL_S = 90 * 24 * 3600;
export const recentViewsKey = (prefix: string, tenantId: string, deviceId: string) => `${prefix}:recent-views:${tenantId}:${deviceId}`;

/**
 * Counters folded by the workers (views per sku, searches and clicks per term, units per sku and day, orders per
 * pair of skus) are counted in Redis, atomically (docs/DATA-ACCESS.md rule 4): FerretDB v1 loses concurrent
 * `$inc`s, Redis does not, so any number of worker processes at any concurrency count exactly. Redis also answers
 * the ranked lists the storefront reads (ZREVRANGE), so no request sorts a growing collection.
 *
 * Views and search terms: the database keeps each count in a document under a keyed `_id` (models.ts), written
 * with `$set` of the value Redis holds. Sales and bought-together pairs have no copy of their own: the orders are
 * their record, and they are counted again from the orders when Redis lost them (`recountSalesFrom`). Writes of one document take turns under a short Redis lock; a job that finds the lock taken leaves
 * its count to the holder, which reads the count again after letting go and writes again if it changed, so the
 * last write always carries the latest count. A job's counts are added once (a marker per job id), so a retried
 * job (its database write failed) does not count twice. If Redis lost the counts (a marker per kind and tenant is
 * gone), they are loaded back from the database, in the background, before anything counts on.
 */
export interface CounterStore { redis: Redis; prefix: string }
/** 'sales' covers units per sku and day and the bought-together pairs: both come from the same orders. */
type Kind = 'views' | 'search-terms' | 'sales';

const viewsKey = (s: CounterStore, t: string) => `${s.prefix}:views:${t}`; // ZSET sku -> views
const searchesKey = (s: CounterStore, t: string) => `${s.prefix}:search-terms:${t}`; // ZSET term -> searches
const clicksKey = (s: CounterStore, t: string) => `${s.prefix}:search-clicks:${t}`; // HASH term -> clicks
const salesKey = (s: CounterStore, t: string, day: string) => `${s.prefix}:sales:${t}:${day}`; // ZSET sku -> units that day (UTC)
const pairsKey = (s: CounterStore, t: string, sku: string) => `${s.prefix}:co-purchases:${t}:${sku}`; // ZSET withSku -> orders
/** The marker saying Redis holds a tenant's counts of one kind (tracking's kinds, and others' such as in-store pings). */
export const loadedKey = (s: CounterStore, t: string, kind: string) => `${s.prefix}:counters-loaded:${kind}:${t}`;
const countedKey = (s: CounterStore, kind: Kind, queue: string, jobId: string) => `${s.prefix}:counted:${kind}:${queue}:${jobId}`;

/** Sales are read back at most 365 days (the top-selling window); a day's counts are kept a little longer. */
const SALES_DAY_TTL_S = 400 * 24 * 3600;
const COUNTED_TTL_S = 7 * 24 * 3600;

// KEYS: loaded marker, the job's counted marker, then the counters. ARGV: use the counted marker (1/0), then per
// counter its kind (z: ZINCRBY, d: ZINCRBY and keep SALES_DAY_TTL_S, h: HINCRBY), member and amount.
// Answers 'missing' (nothing counted) when the kind's counts are not loaded, 'done' when the job counted already.
const COUNT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if ARGV[1] == '1' and not redis.call('SET', KEYS[2], '1', 'NX', 'EX', ${COUNTED_TTL_S}) then return 'done' end
for i = 3, #KEYS do
  local a = 2 + (i - 3) * 3
  local kind, member, amount = ARGV[a], ARGV[a + 1], ARGV[a + 2]
  if kind == 'h' then redis.call('HINCRBY', KEYS[i], member, amount)
  else
    redis.call('ZINCRBY', KEYS[i], amount, member)
    if kind == 'd' then redis.call('EXPIRE', KEYS[i], ${SALES_DAY_TTL_S}) end
  end
end
return 'ok'`;

type Increment = { key: string; kind: 'z' | 'd' | 'h'; member: string; amount: number };

/** Adds a job's increments atomically, once per job id, loading the kind's counts from the database first if Redis lost them. */
async function count(store: CounterStore, tenantId: string, kind: Kind, job: Pick<Job, 'id' | 'queueName'>, increments: Increment[]): Promise<void> {
  if (!increments.length) return;
  const once = job.id !== undefined && job.id !== null;
  const keys = [loadedKey(store, tenantId, kind), countedKey(store, kind, job.queueName ?? '', String(job.id ?? '')), ...increments.map((i) => i.key)];
  const args = [once ? '1' : '0', ...increments.flatMap((i) => [i.kind, i.member, String(i.amount)])];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const reply = await runScript(store.redis, COUNT, keys.length, ...keys, ...args);
    if (reply !== 'missing') return;
    await ensureLoaded(store, tenantId, kind);
  }
  throw new Error(`${kind} counts of ${tenantId} could not be loaded`);
}

const LOADERS: Record<Kind, (store: CounterStore, tenantId: string) => Promise<void>> = {
  async views(store, tenantId) {
    const docs = (await ProductStat.find(scoped({ tenantId }, { views: { $gt: 0 } }), { sku: 1, views: 1 }).lean()) as unknown as { sku: string; views: number }[];
    await inBatches(store, docs, (m, d) => m.zadd(viewsKey(store, tenantId), d.views, d.sku));
  },
  async 'search-terms'(store, tenantId) {
    const docs = (await SearchTerm.find(scoped({ tenantId }), { term: 1, searches: 1, clicks: 1 }).lean()) as unknown as { term: string; searches?: number; clicks?: number }[];
    await inBatches(store, docs, (m, d) => {
      if (d.searches) m.zadd(searchesKey(store, tenantId), d.searches, d.term);
      if (d.clicks) m.hset(clicksKey(store, tenantId), d.term, d.clicks);
    });
  },
  sales: (store, tenantId) => countSales(store, tenantId, soldOrders?.(tenantId) ?? []),
};

/** Sets a tenant's sales counts in Redis from its orders (what the sales loader and a seed do). */
async function countSales(store: CounterStore, tenantId: string, orders: AsyncIterable<SoldOrder> | Iterable<SoldOrder>): Promise<void> {
  const since = new Date(Date.now() - SALES_DAY_TTL_S * 1000);
  const recent = Date.now() - COUNTED_TTL_S * 1000;
  const days = new Map<string, Map<string, number>>();
  const pairs = new Map<string, Map<string, number>>();
  const add = (map: Map<string, Map<string, number>>, key: string, member: string, amount: number) => {
    const counts = map.get(key) ?? new Map<string, number>();
    counts.set(member, (counts.get(member) ?? 0) + amount);
    map.set(key, counts);
  };
  let counted: string[] = [];
  const markCounted = async () => {
    const multi = store.redis.multi();
    for (const jobId of counted) multi.set(countedKey(store, 'sales', QUEUE_NAMES.ordersPlaced, jobId), '1', 'EX', COUNTED_TTL_S);
    await multi.exec();
    counted = [];
  };
  for await (const order of orders) {
    const { quantities, pairs: bought } = orderSales(order.items);
    const placed = new Date(order.placedAt);
    if (placed >= since) for (const [sku, quantity] of quantities) add(days, placed.toISOString().slice(0, 10), sku, quantity);
    for (const [sku, withSku] of bought) add(pairs, sku, withSku, 1);
    // An order placed lately may still have its orders-placed job waiting: counted here, it must not count again.
    if (placed.getTime() >= recent) counted.push(orderPlacedJobId(tenantId, order.orderNumber));
    if (counted.length >= 1000) await markCounted();
  }
  await markCounted();
  // Set, not added: a load that ran twice (its lock ran out) or over older counts leaves the same figures.
  await inBatches(store, [...days], (m, [day, counts]) => m.zadd(salesKey(store, tenantId, day), ...[...counts].flatMap(([sku, n]) => [n, sku])).expire(salesKey(store, tenantId, day), SALES_DAY_TTL_S));
  await inBatches(store, [...pairs], (m, [sku, counts]) => m.zadd(pairsKey(store, tenantId, sku), ...[...counts].flatMap(([withSku, n]) => [n, withSku])));
}

async function inBatches<T>(store: CounterStore, docs: T[], add: (multi: ReturnType<Redis['multi']>, doc: T) => unknown): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) {
    const multi = store.redis.multi();
    for (const doc of docs.slice(i, i + 1000)) add(multi, doc);
    await multi.exec();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const COUNTS_STILL_LOADING = "The store's figures are still being loaded. Please try again in a moment.";

/**
 * Makes sure Redis holds the tenant's counts of this kind: if the marker is gone (first use, or Redis lost its
 * data), one process loads them from the database, as background work, while others wait for the marker.
 */
export function ensureLoaded(store: CounterStore, tenantId: string, kind: Kind): Promise<void> {
  return ensureLoadedWith(store, tenantId, kind, LOADERS[kind]);
}

/** ensureLoaded for counts another module keeps (in-store pings): its kind names the marker, `load` fills Redis from the database. */
export async function ensureLoadedWith(store: CounterStore, tenantId: string, kind: string, load: (store: CounterStore, tenantId: string) => Promise<void>): Promise<void> {
  const marker = loadedKey(store, tenantId, kind);
  for (let waited = 0; waited < 60_000; waited += 50) {
    if (await store.redis.exists(marker)) return;
    const lock = `${marker}:loading`;
    if (await store.redis.set(lock, '1', 'PX', 60_000, 'NX')) {
      try {
        if (!(await store.redis.exists(marker))) {
          await inBackground(`load the ${kind} counts into Redis`, () => load(store, tenantId));
          await store.redis.set(marker, '1');
        }
      } finally {
        await store.redis.del(lock);
      }
      return;
    }
    await sleep(50);
  }
  // A request answers 503 in the error body (a job retries): the counts are still being read from the database.
  throw new AppError('unavailable', COUNTS_STILL_LOADING);
}

/** Writes one counter document with what Redis holds now (writeLatest: one writer per document, the last with the latest count). */
function writeCount<T>(store: CounterStore, docId: string, read: () => Promise<T | null>, write: (value: T) => Promise<unknown>): Promise<void> {
  return writeLatest(store.redis, `${store.prefix}:counter-writing:${docId}`, read, (value) => upsertRetrying(() => write(value)));
}

/** An upsert by `_id` that lost the race to insert finds the document on its retry. */
async function upsertRetrying(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    await write();
  }
}

const score = (value: string | null): number | null => value === null ? null : Number(value);

/** Queues a product view; the worker folds it into the view counts and the device's recently viewed list. */
export async function trackProductView(ctx: RequestContext, resources: PlatformResources, sku: string, deviceId: string | null) {
  await resources.queues.productViews.add('view', { tenantId: ctx.tenantId, sku, deviceId, viewedAt: new Date().toISOString() });
}

/** Worker handler for product-views jobs: exact at any concurrency, in any number of worker processes. */
export function foldProductView(redis: Redis, prefix: string) {
  const store = { redis, prefix };
  return async (job: Job<ProductViewJob>): Promise<void> => {
    const { tenantId, sku, viewedAt, deviceId } = job.data;
    if (!tenantId) throw new Error('a product view needs its tenant');
    await count(store, tenantId, 'views', job, [{ key: viewsKey(store, tenantId), kind: 'z', member: sku, amount: 1 }]);
    const docId = productStatDocId(tenantId, sku);
    await writeCount(store, docId, async () => score(await redis.zscore(viewsKey(store, tenantId), sku)),
      (views) => ProductStat.updateOne(scoped({ tenantId }, { _id: docId }), { $set: { sku, views, lastViewedAt: new Date(viewedAt) } }, { upsert: true }));
    if (deviceId) {
      const key = recentViewsKey(prefix, tenantId, deviceId);
      await redis.multi().lrem(key, 0, sku).lpush(key, sku).ltrim(key, 0, RECENT_VIEWS_KEPT - 1).expire(key, RECENT_VIEWS_TTL_S).exec();
    }
  };
}

/** The same term however it was typed: trimmed, lower-case, single spaces. */
export const normalizeSearchTerm = (term: string) => term.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100);

/** Queues a storefront search or a result click; empty terms are not recorded. */
export async function trackSearchEvent(ctx: RequestContext, resources: PlatformResources, event: Omit<SearchEventJob, 'tenantId' | 'at'>) {
  const term = normalizeSearchTerm(event.term);
  if (!term) return;
  await resources.queues.searchEvents.add(event.kind, { ...event, term, tenantId: ctx.tenantId, at: new Date().toISOString() });
}

/** Worker handler for search-events jobs: per-term search and click counts. */
export function foldSearchEvent(redis: Redis, prefix: string) {
  const store = { redis, prefix };
  return async (job: Job<SearchEventJob>): Promise<void> => {
    const { tenantId, kind, term, at } = job.data;
    if (!tenantId) throw new Error('a search event needs its tenant');
    const increment: Increment = kind === 'search'
      ? { key: searchesKey(store, tenantId), kind: 'z', member: term, amount: 1 }
      : { key: clicksKey(store, tenantId), kind: 'h', member: term, amount: 1 };
    await count(store, tenantId, 'search-terms', job, [increment]);
    const docId = searchTermDocId(tenantId, term);
    const read = async () => {
      const [[, searches], [, clicks]] = (await redis.multi().zscore(searchesKey(store, tenantId), term).hget(clicksKey(store, tenantId), term).exec())! as [unknown, string | null][];
      return searches === null && clicks === null ? null : { searches: Number(searches ?? 0), clicks: Number(clicks ?? 0) };
    };
    await writeCount(store, docId, read, (counts) => SearchTerm.updateOne(scoped({ tenantId }, { _id: docId }),
      { $set: { term, ...counts, ...(kind === 'search' ? { lastSearchedAt: new Date(at) } : {}) } }, { upsert: true }));
  };
}

/** A product's pairs are capped so one huge order cannot add thousands of counts. */
const MAX_PAIRED_LINES = 20;

/** What one order adds to the sales counts: units per sku, and each ordered pair of its skus (capped). */
function orderSales(items: { sku: string; quantity: number }[]) {
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.sku, (quantities.get(item.sku) ?? 0) + item.quantity);
  const skus = [...quantities.keys()].slice(0, MAX_PAIRED_LINES);
  const pairs = skus.flatMap((sku) => skus.filter((withSku) => withSku !== sku).map((withSku) => [sku, withSku] as const));
  return { quantities, pairs };
}

/** An order as the sales counts read it back: its number, when it was placed, its skus and quantities. */
export type SoldOrder = { orderNumber: string; placedAt: Date | string; items: { sku: string; quantity: number }[] };
/** Every placed order of a tenant (not cancelled, not waiting for its payment), read as background work. */
export type SoldOrders = (tenantId: string) => AsyncIterable<SoldOrder>;
let soldOrders: SoldOrders | null = null;

/**
 * Where sales are counted again from when Redis lost them: the orders service says (it builds on the catalogue,
 * so the catalogue cannot import it). A process without orders (a catalogue test) has none to count.
 */
export function recountSalesFrom(source: SoldOrders): void {
  soldOrders = source;
}

/**
 * Counts a tenant's sales again now: from the orders given (a seed that has the orders it wrote, sparing a read of
 * them all), else from the database (a repair by hand).
 */
export async function recountSales(store: CounterStore, tenantId: string, orders?: Iterable<SoldOrder>): Promise<void> {
  await store.redis.del(loadedKey(store, tenantId, 'sales'));
  if (!orders) return ensureLoaded(store, tenantId, 'sales');
  await countSales(store, tenantId, orders);
  await store.redis.set(loadedKey(store, tenantId, 'sales'), '1');
}

/**
 * Worker handler for orders-placed jobs: units sold per product and day, and each pair of products bought
 * together, counted in Redis in one script. The job id is the order, so an order counts once however often it is
 * announced or retried. Nothing is written to the database: the order is the record (an order of 5 lines used to
 * write 25 count documents, more than the order itself cost).
 */
export function foldOrderPlaced(redis: Redis, prefix: string) {
  const store = { redis, prefix };
  return async (job: Job<OrderPlacedJob>): Promise<void> => {
    const { tenantId, placedAt, items } = job.data;
    if (!tenantId) throw new Error('an order needs its tenant');
    const day = placedAt.slice(0, 10);
    const { quantities, pairs } = orderSales(items);
    await count(store, tenantId, 'sales', job, [
      ...[...quantities].map(([sku, quantity]): Increment => ({ key: salesKey(store, tenantId, day), kind: 'd', member: sku, amount: quantity })),
      ...pairs.map(([sku, withSku]): Increment => ({ key: pairsKey(store, tenantId, sku), kind: 'z', member: withSku, amount: 1 })),
    ]);
  };
}

type Ranked = { member: string; score: number };

/** Highest scores first, ties by member: ZREVRANGE ... WITHSCORES read back. */
function ranked(flat: string[]): Ranked[] {
  const rows: Ranked[] = [];
  for (let i = 0; i < flat.length; i += 2) rows.push({ member: flat[i], score: Number(flat[i + 1]) });
  return rows.sort((a, b) => b.score - a.score || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
}

/** The tenant's most viewed skus (ZREVRANGE). */
export async function mostViewed(store: CounterStore, tenantId: string, limit: number): Promise<{ sku: string; views: number }[]> {
  await ensureLoaded(store, tenantId, 'views');
  return ranked(await store.redis.zrevrange(viewsKey(store, tenantId), 0, limit - 1, 'WITHSCORES')).map((r) => ({ sku: r.member, views: r.score }));
}

/** The tenant's most searched terms (ZREVRANGE). */
export async function mostSearched(store: CounterStore, tenantId: string, limit: number): Promise<{ term: string; searches: number }[]> {
  await ensureLoaded(store, tenantId, 'search-terms');
  return ranked(await store.redis.zrevrange(searchesKey(store, tenantId), 0, limit - 1, 'WITHSCORES')).map((r) => ({ term: r.member, searches: r.score }));
}

/** Skus most often in the same orders as this one (ZREVRANGE). */
export async function mostBoughtWith(store: CounterStore, tenantId: string, sku: string, limit: number): Promise<{ sku: string; orders: number }[]> {
  await ensureLoaded(store, tenantId, 'sales');
  return ranked(await store.redis.zrevrange(pairsKey(store, tenantId, sku), 0, limit - 1, 'WITHSCORES')).map((r) => ({ sku: r.member, orders: r.score }));
}

/** The best selling skus of the days from `since` (YYYY-MM-DD, UTC) to today: the days' sets summed (ZUNIONSTORE), highest first. */
export async function mostSold(store: CounterStore, tenantId: string, since: string, limit: number): Promise<{ sku: string; sold: number }[]> {
  await ensureLoaded(store, tenantId, 'sales');
  const days: string[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (let t = Date.parse(`${since}T00:00:00Z`); ; t += 24 * 3600 * 1000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= today) break;
  }
  const sum = `${store.prefix}:sales-sum:${tenantId}:${since}:${process.pid}:${Math.random().toString(36).slice(2)}`;
  const replies = await store.redis.multi()
    .zunionstore(sum, days.length, ...days.map((day) => salesKey(store, tenantId, day)))
    .zrevrange(sum, 0, limit - 1, 'WITHSCORES')
    .del(sum)
    .exec();
  return ranked((replies?.[1]?.[1] as string[] | undefined) ?? []).map((r) => ({ sku: r.member, sold: r.score }));
}
