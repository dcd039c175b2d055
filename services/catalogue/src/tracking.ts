import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import type { OrderPlacedJob, ProductViewJob, SearchEventJob } from '@platform/queue';
import type { RequestContext, PlatformResources } from '@platform/server-kit';
import { CoPurchase, ProductSale, ProductStat, SearchTerm } from './models';

/** Products a device viewed most recently, newest first (kept 90 days after the last view). */
const RECENT_VIEWS_KEPT = 20;
const RECENT_VIEWS_TTL_S = 90 * 24 * 3600;
export const recentViewsKey = (prefix: string, tenantId: string, deviceId: string) => `${prefix}:recent-views:${tenantId}:${deviceId}`;

/** Queues a product view; the worker folds it into the view counts and the device's recently viewed list. */
export async function trackProductView(ctx: RequestContext, resources: PlatformResources, sku: string, deviceId: string | null) {
  await resources.queues.productViews.add('view', { tenantId: ctx.tenantId, sku, deviceId, viewedAt: new Date().toISOString() });
}

/**
 * Worker handler for product-views jobs. At-least-once: a job retried after its write succeeded
 * counts twice, which a popularity ranking tolerates.
 */
export function foldProductView(redis: Redis, prefix: string) {
  return async (job: Job<ProductViewJob>): Promise<void> => {
    const { tenantId, sku, viewedAt, deviceId } = job.data;
    await upsertCounting(() => ProductStat.updateOne(scoped({ tenantId }, { sku }), { $inc: { views: 1 }, $set: { lastViewedAt: new Date(viewedAt) } }, { upsert: true }));
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
export async function foldSearchEvent(job: Job<SearchEventJob>): Promise<void> {
  const { tenantId, kind, term, at } = job.data;
  const update = kind === 'search' ? { $inc: { searches: 1 }, $set: { lastSearchedAt: new Date(at) } } : { $inc: { clicks: 1 } };
  await upsertCounting(() => SearchTerm.updateOne(scoped({ tenantId }, { term }), update, { upsert: true }));
}

/** A product's pairs are capped so one huge order cannot add thousands of writes. */
const MAX_PAIRED_LINES = 20;

/**
 * Worker handler for orders-placed jobs: units sold per product and day, and each pair of products bought
 * together. At-least-once: the job id is the order, so an order is queued once; a retried job may count twice.
 */
export async function foldOrderPlaced(job: Job<OrderPlacedJob>): Promise<void> {
  const { tenantId, placedAt, items } = job.data;
  const day = placedAt.slice(0, 10);
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.sku, (quantities.get(item.sku) ?? 0) + item.quantity);
  for (const [sku, quantity] of quantities) {
    await upsertCounting(() => ProductSale.updateOne(scoped({ tenantId }, { sku, day }), { $inc: { quantity } }, { upsert: true }));
  }
  const skus = [...quantities.keys()].slice(0, MAX_PAIRED_LINES);
  for (const sku of skus) {
    for (const withSku of skus) {
      if (sku !== withSku) await upsertCounting(() => CoPurchase.updateOne(scoped({ tenantId }, { sku, withSku }), { $inc: { orders: 1 } }, { upsert: true }));
    }
  }
}

/** Two first events for a key racing to insert: the loser's retry finds the document and increments it. */
async function upsertCounting(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    await write();
  }
}
