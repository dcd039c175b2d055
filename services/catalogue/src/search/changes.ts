import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { gatherWhileBusy } from '@platform/db';
import { searchChangesChannel, type CatalogueChangeJob } from '@platform/queue';
import type { PlatformResources } from '@platform/server-kit';
import type { SearchIndexRegistry } from './registry';
import { rebuildSearchRows } from './rows';
import { queueStockWatchChecks, stockWatchJob, tellStockWatchers } from '../stock-watchers';
import { forgetTenantCache } from '../tenant-cache';

/** Call after writing products, prices or stock: search shows the change once the worker has broadcast it. */
export async function announceCatalogueChange(resources: PlatformResources, tenantId: string, productIds: number[]): Promise<void> {
  if (productIds.length) await resources.queues.catalogueChanges.add('changed', { tenantId, productIds: [...new Set(productIds)] });
}

/**
 * Call after stock changed in Redis only (an order, a cancelled line): no row needs re-deriving, since index
 * loads take each count from Redis, so the API processes are told at once, without a queued job. Products
 * shoppers wait for (back-in-stock asks, in-store pings: stock-watchers.ts) get their queued job, given the queues.
 * Announcements made while one of the same store is being sent go out together in the next (one message, one
 * check of the watch lists): 16 checkouts at a time made 16 messages, each read and applied by every API process.
 * Resolves once the products given are announced (rejects as the message that carried them).
 */
export function announceStockChange(resources: StockAnnouncer, tenantId: string, productIds: number[]): Promise<void> {
  if (!productIds.length) return Promise.resolve();
  // Callers without the queues (no watch checks) gather apart from those with them.
  return gatherAnnouncement(`${resources.queuePrefix}\n${tenantId}\n${resources.queues ? 'queues' : ''}`, () => ({ resources, tenantId, productIds: new Set() }), (next) => {
    for (const id of productIds) next.productIds.add(id);
  });
}

type StockAnnouncer = Pick<PlatformResources, 'redis' | 'queuePrefix'> & { queues?: Pick<PlatformResources['queues'], 'catalogueChanges'> };
/** One store's announcement, gathered while the one before it is sent (through the connection of its first caller). */
type StockAnnouncement = { resources: StockAnnouncer; tenantId: string; productIds: Set<number> };
const gatherAnnouncement = gatherWhileBusy<StockAnnouncement>(async ({ resources, tenantId, productIds }) => {
  const change: IndexChange = { tenantId, productIds: [...productIds], stock: true };
  await resources.redis.publish(searchChangesChannel(resources.queuePrefix), JSON.stringify(change));
  await queueStockWatchChecks(resources, tenantId, change.productIds);
});

/**
 * Worker handler: re-derives the changed products' search rows, then tells every API process (each holds
 * its own indexes) which products changed. A 'back-in-stock' or 'in-store-ping-restock' job (and, given the queues,
 * any change) tells the shoppers waiting for those products where they are in stock again.
 */
export function applyCatalogueChange(publisher: Redis, prefix: string, queues?: Pick<PlatformResources['queues'], 'notifications'>) {
  const resources = { redis: publisher, queuePrefix: prefix };
  return async (job: Job<CatalogueChangeJob>) => {
    const tell = stockWatchJob(job.name);
    if (tell) {
      if (!queues) throw new Error(`${job.name} jobs need the notifications queue`);
      return await tell({ ...resources, queues }, job.data.tenantId, job.data.productIds);
    }
    await rebuildSearchRows({ redis: publisher, prefix }, job.data.tenantId, job.data.productIds);
    await publisher.publish(searchChangesChannel(prefix), JSON.stringify(job.data));
    if (queues) await tellStockWatchers({ ...resources, queues }, job.data.tenantId, job.data.productIds);
    return undefined;
  };
}

/** After saving a tenant's synonyms: every API process reloads them into that tenant's loaded index. */
export async function announceSynonymsChange(resources: PlatformResources, tenantId: string): Promise<void> {
  const change: IndexChange = { tenantId, productIds: [], synonyms: true };
  await resources.redis.publish(searchChangesChannel(resources.queuePrefix), JSON.stringify(change));
}

/**
 * After the owner changed the featured products: every API process drops its copy of the list (the writer
 * drops its own at once), so shoppers' home pages show the change on their next read, not a minute later.
 */
export async function announceFeaturedChange(resources: Pick<PlatformResources, 'redis' | 'queuePrefix'>, tenantId: string): Promise<void> {
  const change: IndexChange = { tenantId, productIds: [], featured: true };
  await resources.redis.publish(searchChangesChannel(resources.queuePrefix), JSON.stringify(change));
}

type IndexChange = CatalogueChangeJob & {
  /** Only the products' stock counts changed. */
  stock?: boolean; synonyms?: boolean; featured?: boolean; aliases?: boolean; brands?: boolean; brandProducts?: boolean; departments?: boolean; departmentProducts?: boolean;
};

/** After a department or brand alias was added or removed: every API process reloads that tenant's aliases. */
export async function announceAliasesChange(resources: Pick<PlatformResources, 'redis' | 'queuePrefix'>, tenantId: string): Promise<void> {
  const change: IndexChange = { tenantId, productIds: [], aliases: true };
  await resources.redis.publish(searchChangesChannel(resources.queuePrefix), JSON.stringify(change));
}

/**
 * After the owner changed a brand (hidden, alias, name, logo): every API process drops its copy of the store's brands
 * (brand list, brand pages, suggestions); with `aliases` it also reloads the tenant's search aliases, with
 * `products` which brands' products are off the storefront (hide-brand-products), applied to its loaded index.
 */
export async function announceBrandsChange(
  resources: Pick<PlatformResources, 'redis' | 'queuePrefix'>, tenantId: string, aliases: boolean, products = false,
): Promise<void> {
  const change: IndexChange = { tenantId, productIds: [], brands: true, ...(aliases ? { aliases: true } : {}), ...(products ? { brandProducts: true } : {}) };
  await resources.redis.publish(searchChangesChannel(resources.queuePrefix), JSON.stringify(change));
}

/**
 * After the owner changed a department's settings: every API process drops its copy of the store's departments (menus,
 * department pages, facets); with `products` it also reloads which departments' products are off the storefront
 * (department setting hideProducts), applied to its loaded index.
 */
export async function announceDepartmentsChange(resources: Pick<PlatformResources, 'redis' | 'queuePrefix'>, tenantId: string, products: boolean): Promise<void> {
  const change: IndexChange = { tenantId, productIds: [], departments: true, ...(products ? { departmentProducts: true } : {}) };
  await resources.redis.publish(searchChangesChannel(resources.queuePrefix), JSON.stringify(change));
}

/** In each API process: re-read the announced products into that tenant's loaded index. */
export async function followCatalogueChanges(resources: PlatformResources, registry: SearchIndexRegistry, log: (err: unknown) => void) {
  const subscriber = resources.redis.duplicate();
  const channel = searchChangesChannel(resources.queuePrefix);
  subscriber.on('message', (from, message) => {
    if (from !== channel) return;
    const change = JSON.parse(message) as IndexChange;
    if (change.brands) forgetTenantCache(change, 'brands');
    if (change.featured) { forgetTenantCache(change, 'featured-products'); return; }
    if (change.brandProducts) registry.refreshHiddenBrands(change.tenantId).catch(log);
    if (change.departments) {
      forgetTenantCache(change, 'department-rows');
      if (change.departmentProducts) registry.refreshHiddenDepartments(change.tenantId).catch(log);
      return;
    }
    if (change.brands && !change.aliases) return;
    const refreshed = change.synonyms ? registry.refreshSynonyms(change.tenantId)
      : change.aliases ? registry.refreshAliases(change.tenantId)
        : change.stock ? registry.refreshStock(change.tenantId, change.productIds)
          : registry.refresh(change.tenantId, change.productIds);
    refreshed.catch(log);
  });
  await subscriber.subscribe(channel);
  return async () => { await subscriber.quit(); };
}
