import type { Redis } from 'ioredis';
import { scanKeys } from '@platform/queue';
import { inBackground, scoped, Tenant, singleFlight } from '@platform/db';
import { formatCents, orderSearchTerms } from '@platform/domain';
import type { OfflineOrderRow } from '@platform/contracts';
import { OfflineOrder, type OfflineOrderDoc } from './models';

/**
 * The offline orders' lists in Redis (docs/DATA-ACCESS.md rule 3): the store's list and each location's as sorted
 * sets by time taken, one hash of list rows, and the search words (number, e-mail, phone, name words) → ids. Pages
 * and the CSV read only these; the database is read by `_id` (one order) or rebuilt from in the background when
 * Redis lacks the lists (first start, a lost Redis).
 */
export interface OfflineIndexStore { redis: Redis; prefix: string }

const base = (s: OfflineIndexStore, t: string) => `${s.prefix}:offline-orders:${t}`;
export const offlineKeys = {
  built: (s: OfflineIndexStore, t: string) => `${base(s, t)}:built`,
  sequence: (s: OfflineIndexStore, t: string) => `${base(s, t)}:sequence`,
  list: (s: OfflineIndexStore, t: string, locationId?: number) => `${base(s, t)}:list:${locationId ?? 'all'}`,
  rows: (s: OfflineIndexStore, t: string) => `${base(s, t)}:rows`,
  find: (s: OfflineIndexStore, t: string, term: string) => `${base(s, t)}:find:${term}`,
};

/** The first offline order's number is OFF-1001. */
const FIRST = 1001;

export const offlineRow = (o: OfflineOrderDoc): OfflineOrderRow => ({
  id: String(o._id), order_number: o.orderNumber, placed_at: new Date(o.placedAt).toISOString(), location_id: o.locationId, order_type: o.orderType,
  customer_name: o.customerName, telephone: o.telephone ?? '', email: o.email ?? '', item_count: (o.items ?? []).reduce((n, l) => n + l.quantity, 0),
  subtotal: formatCents(o.subtotalCents), tax: formatCents(o.taxCents), total: formatCents(o.totalCents), paid: Boolean(o.paid), taken_by: o.takenBy,
});

/** Lists an offline order (or its changed row), in one Redis transaction or the given batch. */
export async function indexOfflineOrder(s: OfflineIndexStore, tenantId: string, o: OfflineOrderDoc, batch?: ReturnType<Redis['multi']>): Promise<void> {
  const id = String(o._id);
  const at = new Date(o.placedAt).getTime();
  const multi = batch ?? s.redis.multi();
  multi.zadd(offlineKeys.list(s, tenantId), at, id).zadd(offlineKeys.list(s, tenantId, o.locationId), at, id).hset(offlineKeys.rows(s, tenantId), id, JSON.stringify(offlineRow(o)));
  for (const term of orderSearchTerms({ orderNumber: o.orderNumber, customerName: o.customerName, email: o.email, telephone: o.telephone })) multi.sadd(offlineKeys.find(s, tenantId, term), id);
  if (!batch) await multi.exec();
}

const building = singleFlight();

/** Makes sure the store's offline order lists are in Redis, rebuilding them from the database once (background work) if not. */
export function ensureOfflineIndex(s: OfflineIndexStore, tenantId: string): Promise<void> {
  const key = `${s.prefix}|${tenantId}`;
  return building(key, async () => {
    if (await s.redis.exists(offlineKeys.built(s, tenantId))) return;
    await inBackground('rebuild the offline order lists in Redis', async () => {
      const stale = (await scanKeys(s.redis, `${base(s, tenantId)}:*`)).filter((k) => !k.endsWith(':sequence'));
      for (let i = 0; i < stale.length; i += 500) await s.redis.del(...stale.slice(i, i + 500));
      let highest = 0;
      let multi = s.redis.multi();
      let count = 0;
      for await (const doc of OfflineOrder.find(scoped({ tenantId })).lean().cursor({ batchSize: 2000 })) {
        const o = doc as unknown as OfflineOrderDoc;
        highest = Math.max(highest, o.sequence ?? 0);
        await indexOfflineOrder(s, tenantId, o, multi);
        count += 1;
        if (count % 1000 === 0) { await multi.exec(); multi = s.redis.multi(); }
      }
      await multi.exec();
      // The sequence never goes back: the higher of what Redis kept and what the database holds.
      if (highest > Number(await s.redis.get(offlineKeys.sequence(s, tenantId)) ?? 0)) await s.redis.set(offlineKeys.sequence(s, tenantId), String(highest));
      await s.redis.set(offlineKeys.built(s, tenantId), '1');
    });
  });
}

/** At start: every active store's lists that Redis lacks, one store after another. */
export async function buildOfflineIndexes(s: OfflineIndexStore): Promise<void> {
  const tenants = (await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[];
  for (const t of tenants) await ensureOfflineIndex(s, String(t._id));
}

/** The next offline order number of the store (INCR: no two share one, no lock). */
export async function takeOfflineNumber(s: OfflineIndexStore, tenantId: string): Promise<number> {
  await ensureOfflineIndex(s, tenantId);
  await s.redis.set(offlineKeys.sequence(s, tenantId), String(FIRST - 1), 'NX');
  return s.redis.incr(offlineKeys.sequence(s, tenantId));
}

export interface OfflineListQuery { locationId?: number; words?: string[] }

/** Every id of the list with its filters, newest first: the list's sorted set, or the orders holding every search word. */
export async function offlineListIds(s: OfflineIndexStore, tenantId: string, q: OfflineListQuery): Promise<string[]> {
  await ensureOfflineIndex(s, tenantId);
  if (!q.words?.length) return s.redis.zrevrange(offlineKeys.list(s, tenantId, q.locationId), 0, -1);
  const keys = q.words.map((w) => offlineKeys.find(s, tenantId, w));
  const ids = keys.length === 1 ? await s.redis.smembers(keys[0]) : await s.redis.sinter(...keys);
  const rows = (await offlineRows(s, tenantId, ids)).filter((r) => !q.locationId || r.location_id === q.locationId);
  return rows.sort((a, b) => (a.placed_at < b.placed_at ? 1 : a.placed_at > b.placed_at ? -1 : 0)).map((r) => r.id);
}

/** One page of the list, newest first, and how many match. */
export async function offlinePage(s: OfflineIndexStore, tenantId: string, q: OfflineListQuery & { page: number; limit: number }): Promise<{ rows: OfflineOrderRow[]; total: number }> {
  await ensureOfflineIndex(s, tenantId);
  const start = (q.page - 1) * q.limit;
  if (q.words?.length) {
    const ids = await offlineListIds(s, tenantId, q);
    return { rows: await offlineRows(s, tenantId, ids.slice(start, start + q.limit)), total: ids.length };
  }
  const key = offlineKeys.list(s, tenantId, q.locationId);
  const [ids, total] = await Promise.all([s.redis.zrevrange(key, start, start + q.limit - 1), s.redis.zcard(key)]);
  return { rows: await offlineRows(s, tenantId, ids), total };
}

/** The ids of the offline orders taken in a time range at a location (or every location), oldest first (reconciliation). */
export async function offlineIdsPlaced(s: OfflineIndexStore, tenantId: string, fromMs: number, toMs: number, locationId?: number): Promise<string[]> {
  await ensureOfflineIndex(s, tenantId);
  return s.redis.zrangebyscore(offlineKeys.list(s, tenantId, locationId), fromMs, toMs);
}

/** List rows by id (missing ones left out), in the order asked. */
export async function offlineRows(s: OfflineIndexStore, tenantId: string, ids: string[]): Promise<OfflineOrderRow[]> {
  const rows = ids.length ? await s.redis.hmget(offlineKeys.rows(s, tenantId), ...ids) : [];
  return rows.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as OfflineOrderRow);
}
