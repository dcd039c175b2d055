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
  /** Reads the ids of a tenant's brands whose products are off the storefront (hide-brand-products). */
  loadHiddenBrands?: (tenantId: string) => Promise<number[]>;
  /** Reads the ids of a tenant's departments whose products are off the storefront (department setting hideProducts). */
  loadHiddenDepartments?: (tenantId: string) => Promise<number[]>;
  /** Reads the stock counts checkout keeps of these store products (null: none kept, the indexed count stands). */
  loadCounts?: (tenantId: string, storeProductIds: number[]) => Promise<(number | null)[]>;
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

  /**
   * A change of stock only (an order, a release, a restock): the new counts go into a loaded index, and the products
   * are not read or tokenized again (at 50 orders a second that was 250 product re-indexings a second). Reads on one
   * connection answer in order, so of two changes in a row the later counts are applied last.
   */
  async refreshStock(tenantId: string, productIds: number[]): Promise<void> {
    const index = this.loaded.get(tenantId);
    if (!index) return;
    if (!this.options.loadCounts) { await this.refresh(tenantId, productIds); return; }
    const ids = index.storeProductIdsOf(productIds);
    if (!ids.length) return;
    const counts = await this.options.loadCounts(tenantId, ids);
    index.setInventory(ids.flatMap((id, i): [number, number][] => (counts[i] === null ? [] : [[id, counts[i]!]])));
  }

  /** Reloads a loaded tenant's synonyms after they were saved. */
  async refreshSynonyms(tenantId: string): Promise<void> {
    const index = this.loaded.get(tenantId);
    if (index && this.options.loadSynonyms) index.setSynonyms(await this.options.loadSynonyms(tenantId));
  }

  /** The latest reload started, per kind and tenant: only its answer is applied. */
  private reloads = new Map<string, { turn: number; done: Promise<void> }>();

  /**
   * Reads something of a loaded (or building) tenant again and applies it. Two changes in a row start two reads;
   * the later read sees both, so an earlier read finishing after it is dropped, and its caller waits for the later
   * one instead: when this resolves, what was written before it started is applied.
   */
  private async reload<T>(kind: string, tenantId: string, read: ((tenantId: string) => Promise<T>) | undefined, apply: (index: SearchIndex, value: T) => void) {
    if (!read) return;
    const index = this.loaded.get(tenantId) ?? await this.building.get(tenantId);
    if (!index) return;
    const key = `${kind}:${tenantId}`;
    const turn = (this.reloads.get(key)?.turn ?? 0) + 1;
    const done = read(tenantId).then((value) => { if (this.reloads.get(key)?.turn === turn) apply(index, value); });
    this.reloads.set(key, { turn, done });
    await done;
    for (let seen = turn; ;) {
      const latest = this.reloads.get(key)!;
      if (latest.turn === seen) return;
      seen = latest.turn;
      await latest.done;
    }
  }

  /** Reloads a tenant's department and brand aliases after one was added or removed. */
  refreshAliases(tenantId: string): Promise<void> {
    return this.reload('aliases', tenantId, this.options.loadAliases, (index, aliases) => index.setAliases(aliases));
  }

  /** Reloads which brands' products are off the storefront after the owner hid or showed a brand's products. */
  refreshHiddenBrands(tenantId: string): Promise<void> {
    return this.reload('hidden-brands', tenantId, this.options.loadHiddenBrands, (index, brandIds) => index.setHiddenBrands(brandIds));
  }

  /** Reloads which departments' products are off the storefront after the owner changed a department's hideProducts. */
  refreshHiddenDepartments(tenantId: string): Promise<void> {
    return this.reload('hidden-departments', tenantId, this.options.loadHiddenDepartments, (index, deptIds) => index.setHiddenDepartments(deptIds));
  }

  get loadedTenants(): string[] { return [...this.loaded.keys()]; }
  get loadedBytes(): number { let sum = 0; for (const index of this.loaded.values()) sum += index.approxBytes; return sum; }

  private async build(tenantId: string): Promise<SearchIndex> {
    const [{ documents, offers }, synonyms, aliases, hiddenBrands, hiddenDepartments] = await Promise.all([
      this.load(tenantId), this.options.loadSynonyms?.(tenantId) ?? [], this.options.loadAliases?.(tenantId) ?? null, this.options.loadHiddenBrands?.(tenantId) ?? [],
      this.options.loadHiddenDepartments?.(tenantId) ?? [],
    ]);
    const index = new InMemorySearchIndex(tenantId, this.options.resultCacheEntries);
    index.setSynonyms(synonyms);
    index.setHiddenBrands(hiddenBrands); // before the products: each is added live or not
    index.setHiddenDepartments(hiddenDepartments);
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
