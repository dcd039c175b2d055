import { groupOffersByProduct, type Catalogue } from './rows';
import { InMemorySearchIndex } from './in-memory-index';
import type { SearchAliases, SearchIndex } from './search-index';

const BUILD_SLICE = 500;

export interface RegistryOptions {
  /** Total heap the loaded indexes may hold; least recently used tenants are dropped beyond it. */
  budgetBytes: number;
  /** Reads a tenant's catalogue (all of it, or the given products) for the index. */
  load: (tenantId: string, productIds?: number[]) => Promise<Catalogue>;
  /** Reads a tenant's synonym groups. */
  loadSynonyms?: (tenantId: string) => Promise<string[][]>;
  /** Reads a tenant's department and brand aliases. */
  loadAliases?: (tenantId: string) => Promise<SearchAliases>;
  /** Answers each index keeps (LRU) until it changes; 0 turns the cache off. */
  resultCacheEntries?: number;
}

/**
 * One search index per tenant, built on first use and kept while it is used. Concurrent requests for a
 * tenant whose index is building wait for the same build.
 */
export class SearchIndexRegistry {
  private loaded = new Map<string, SearchIndex>(); // Map order = least recently used first
  private building = new Map<string, Promise<SearchIndex>>();
  private readonly load: RegistryOptions['load'];

  constructor(private readonly options: RegistryOptions) {
    this.load = options.load;
  }

  async get(tenantId: string): Promise<SearchIndex> {
    const index = this.loaded.get(tenantId);
    if (index) {
      this.loaded.delete(tenantId);
      this.loaded.set(tenantId, index);
      return index;
    }
    let pending = this.building.get(tenantId);
    if (!pending) {
      pending = this.build(tenantId).finally(() => this.building.delete(tenantId));
      this.building.set(tenantId, pending);
    }
    return pending;
  }

  /** Re-reads the given products (or the whole tenant) into a loaded index; unloaded tenants load fresh later. */
  async refresh(tenantId: string, productIds?: number[]): Promise<void> {
    const index = this.loaded.get(tenantId);
    if (!index) return;
    if (!productIds) { this.loaded.delete(tenantId); return; }
    const { documents, offers } = await this.load(tenantId, productIds);
    const found = new Set(documents.map((d) => d.productId));
    index.remove(productIds.filter((id) => !found.has(id)));
    index.upsert(documents, offers);
  }

  /** Reloads a loaded tenant's synonyms after they were saved. */
  async refreshSynonyms(tenantId: string): Promise<void> {
    const index = this.loaded.get(tenantId);
    if (index && this.options.loadSynonyms) index.setSynonyms(await this.options.loadSynonyms(tenantId));
  }

  /** Alias reloads started, per tenant: only the latest one's answer is applied. */
  private aliasLoads = new Map<string, number>();

  /**
   * Reloads a loaded (or building) tenant's department and brand aliases after one was added or removed. Two
   * changes in a row start two reads; the later read sees both, so an earlier read finishing after it is dropped.
   */
  async refreshAliases(tenantId: string): Promise<void> {
    if (!this.options.loadAliases) return;
    const index = this.loaded.get(tenantId) ?? await this.building.get(tenantId);
    if (!index) return;
    const turn = (this.aliasLoads.get(tenantId) ?? 0) + 1;
    this.aliasLoads.set(tenantId, turn);
    const aliases = await this.options.loadAliases(tenantId);
    if (this.aliasLoads.get(tenantId) === turn) index.setAliases(aliases);
  }

  get loadedTenants(): string[] { return [...this.loaded.keys()]; }
  get loadedBytes(): number { let sum = 0; for (const index of this.loaded.values()) sum += index.approxBytes; return sum; }

  private async build(tenantId: string): Promise<SearchIndex> {
    const [{ documents, offers }, synonyms, aliases] = await Promise.all([
      this.load(tenantId), this.options.loadSynonyms?.(tenantId) ?? [], this.options.loadAliases?.(tenantId) ?? null,
    ]);
    const index = new InMemorySearchIndex(tenantId, this.options.resultCacheEntries);
    index.setSynonyms(synonyms);
    if (aliases) index.setAliases(aliases); // before the products: each goes under its aliases as it is added
    const offersByProduct = groupOffersByProduct(offers);
    // In slices, yielding between them: a large tenant's build must not stall other requests for seconds.
    for (let i = 0; i < documents.length; i += BUILD_SLICE) {
      const slice = documents.slice(i, i + BUILD_SLICE);
      index.upsert(slice, slice.flatMap((d) => offersByProduct.get(d.productId) ?? []));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const typeAhead = index.buildTypeAhead();
    while (!typeAhead.next().done) await new Promise((resolve) => setImmediate(resolve));
    this.loaded.set(tenantId, index);
    this.evict(tenantId);
    return index;
  }

  private evict(keep: string): void {
    for (const tenantId of this.loaded.keys()) {
      if (this.loadedBytes <= this.options.budgetBytes) return;
      if (tenantId !== keep) this.loaded.delete(tenantId);
    }
  }
}
