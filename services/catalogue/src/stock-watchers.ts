import type { PlatformQueues } from '@platform/queue';
import { BACK_IN_STOCK_JOB, backInStockWatch, ensureBackInStockSets, sendBackInStock } from './back-in-stock';
import { ensureInStorePings, IN_STORE_PING_JOB, inStorePingWatch, sendPingRestockNotices } from './in-store-ping/service';
import { StoreProduct, storeProductDocId } from './models';
import { scoped } from '@platform/db';
import type { StockDifference } from './stock';
import type { StockWatch, WatchStore } from './stock-watch';

type Notifying = WatchStore & { queues: Pick<PlatformQueues, 'notifications'> };

/**
 * Everyone told once when an out-of-stock store product is back (stock-watch.ts): back-in-stock asks and in-store
 * pings. Each kind has its list, its job on the catalogue-changes queue, what tells its watchers and how its lists
 * come back after a Redis loss.
 */
const WATCHERS: { job: string; watch: StockWatch; tell: (r: Notifying, tenantId: string, productIds: number[]) => Promise<{ sent: number }>; ensure: (r: WatchStore, tenantId: string) => Promise<unknown> }[] = [
  { job: BACK_IN_STOCK_JOB, watch: backInStockWatch, tell: sendBackInStock, ensure: ensureBackInStockSets },
  { job: IN_STORE_PING_JOB, watch: inStorePingWatch, tell: sendPingRestockNotices, ensure: ensureInStorePings },
];

/**
 * After stock changed (checkout gave stock back, an order or line was cancelled, an import): queues each kind's job
 * for the products somebody waits for. One SMISMEMBER per kind; nothing when nobody waits.
 */
export async function queueStockWatchChecks(r: WatchStore & { queues?: Pick<PlatformQueues, 'catalogueChanges'> }, tenantId: string, productIds: number[]): Promise<void> {
  if (!productIds.length || !r.queues) return;
  for (const kind of WATCHERS) {
    const watched = await kind.watch.watched(r, tenantId, productIds);
    if (watched.length) await r.queues.catalogueChanges.add(kind.job, { tenantId, productIds: watched });
  }
}

/** The job that tells one kind's watchers, by its name on the catalogue-changes queue; undefined for other jobs. */
export const stockWatchJob = (name: string) => WATCHERS.find((kind) => kind.job === name)?.tell;

/** Tells every kind's watchers of these products where they are in stock (after an import's 'changed' job). */
export async function tellStockWatchers(r: Notifying, tenantId: string, productIds: number[]): Promise<{ sent: number }> {
  let sent = 0;
  for (const kind of WATCHERS) sent += (await kind.tell(r, tenantId, productIds)).sent;
  return { sent };
}

/** Lists again, from the database, what a lost Redis forgot (the stock reconcile job, each store). */
export async function ensureStockWatchLists(r: WatchStore, tenantId: string): Promise<void> {
  for (const kind of WATCHERS) await kind.ensure(r, tenantId);
}

/**
 * After the stock reconcile put Redis right from the database (an import or another writer raised a count the
 * database had newer): the store products that went from 0 to more and have watchers get their messages.
 */
export async function stockWatchersAfterReconcile(r: Notifying, differences: (StockDifference & { tenantId: string })[]): Promise<{ sent: number }> {
  let sent = 0;
  for (const d of differences) {
    if (d.fixed !== 'redis' || !d.database || d.database.inventory <= 0 || (d.redis && d.redis.inventory > 0)) continue;
    const kinds = [];
    for (const kind of WATCHERS) if (await kind.watch.hasWatchers(r, d.tenantId, d.storeProductId)) kinds.push(kind);
    if (!kinds.length) continue;
    const sp = await StoreProduct.findOne(scoped({ tenantId: d.tenantId }, { _id: storeProductDocId(d.tenantId, d.storeProductId) }), { productId: 1 }).lean() as { productId: number } | null;
    if (sp) for (const kind of kinds) sent += (await kind.tell(r, d.tenantId, [sp.productId])).sent;
  }
  return { sent };
}
