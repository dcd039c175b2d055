import type { PlatformResources } from '@platform/server-kit';
import { SearchIndexRegistry } from './registry';
import { loadCatalogue, loadHiddenBrandIds, loadHiddenDepartmentIds, loadSearchAliases } from './rows';
import { followCatalogueChanges } from './changes';
import { loadSynonyms } from '../search-terms';
import { heldCounts } from '../stock';

const shared = new WeakMap<PlatformResources, { registry: Promise<SearchIndexRegistry>; stop: Promise<() => Promise<void>>; users: number }>();

/**
 * The process's search indexes for these resources, shared by every service mounted in the process (the
 * catalogue's routes, the cart's product reads), following catalogue changes. Each user releases it on close.
 */
export function acquireSearchIndexes(resources: PlatformResources, log: (err: unknown) => void): Promise<SearchIndexRegistry> {
  let entry = shared.get(resources);
  if (!entry) {
    const rowStore = { redis: resources.redis, prefix: resources.queuePrefix };
    const registry = new SearchIndexRegistry({
      budgetBytes: Number(process.env.SEARCH_MEMORY_BUDGET_MB ?? 1024) * 1024 * 1024,
      load: (tenantId, productIds) => loadCatalogue(rowStore, tenantId, productIds),
      loadCounts: (tenantId, storeProductIds) => heldCounts(rowStore, tenantId, storeProductIds),
      loadSynonyms,
      loadAliases: loadSearchAliases,
      loadHiddenBrands: loadHiddenBrandIds,
      loadHiddenDepartments: loadHiddenDepartmentIds,
      resultCacheEntries: process.env.SEARCH_RESULT_CACHE_ENTRIES === undefined ? undefined : Number(process.env.SEARCH_RESULT_CACHE_ENTRIES),
    });
    const stop = followCatalogueChanges(resources, registry, log);
    entry = { registry: stop.then(() => registry), stop, users: 0 };
    shared.set(resources, entry);
  }
  entry.users += 1;
  return entry.registry;
}

export async function releaseSearchIndexes(resources: PlatformResources): Promise<void> {
  const entry = shared.get(resources);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  shared.delete(resources);
  await (await entry.stop)();
}
