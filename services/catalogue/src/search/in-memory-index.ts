import { toProductItem } from '../product-item';
import type { ProductItem } from '@platform/contracts';
import type { LocationOffer, ProductDetailView, ProductListing, SearchAliases, SearchDocument, SearchFacets, SearchHits, SearchIndex, SearchQuery, Suggestions } from './search-index';
import { completionWords, MIN_PREFIX, normalizeTerm, queryWords } from './tokenize';
import { FacetTable } from './facets';
import { AliasTable } from './aliases';
import { LocationColumns } from './location-columns';
import { Postings } from './postings';
import { EMPTY_FILTERS, filterSlots } from './filters';
import { SortOrders } from './sort-orders';
import { COMPLETIONS_PER_PREFIX, TypeAhead } from './type-ahead';
import { ResultCache } from './result-cache';
import { TextMatcher, type SlotCounts } from './matching';
import { ItemTexts } from './item-texts';

// Exported from here before the split: kept for importers.
export { normalizeTerm } from './tokenize';

/** Recent results kept per index; any change to the index clears them. */
const RESULT_CACHE_ENTRIES = 1000;

/**
 * SearchIndex held in memory: text matching on postings in MiniSearch's radix tree (whole words, typos,
 * prefixes), filters, facets and sorts over typed arrays per location, type-ahead from prefix lists.
 */
export class InMemorySearchIndex implements SearchIndex {
  private postings = new Postings();
  /** 1 for a product that exists, is not hidden and whose brand's and departments' products are not hidden (saves a document read per product in filters). */
  private live = new Uint8Array(0);
  /** Brands whose products the owner took off the storefront (hide-brand-products): their products are not live. */
  private hiddenBrands = new Set<number>();
  /** Departments whose products the owner took off the storefront (department setting hideProducts), at any level of a product's path. */
  private hiddenDepartments = new Set<number>();
  private slotOf = new Map<number, number>();
  private slotBySlug = new Map<string, number>();
  private slotBySku = new Map<string, number>();
  /** Store product id → where its offer lives (checked against the columns on read: offers move and go). */
  private offerByStoreProduct = new Map<number, { slot: number; locationId: number }>();
  private docs: (SearchDocument | null)[] = [];
  private facets = new FacetTable();
  private locations = new Map<number, LocationColumns>();
  private capacity = 0;
  private sortOrders = new SortOrders(this.docs);
  private results: ResultCache<SearchHits | Suggestions>;
  /** Each store product's item as JSON text, joined into result pages. */
  private itemTexts = new ItemTexts();
  /** Department and brand aliases: alias term → products of the aliased departments and brands. */
  private aliases = new AliasTable();
  private matcher = new TextMatcher(this.postings, this.aliases);
  private typeAhead = new TypeAhead(this.docs);

  /** `resultCacheEntries` 0 turns the result cache off (benchmarks of first-time queries). */
  constructor(readonly tenantId: string, resultCacheEntries = RESULT_CACHE_ENTRIES) {
    this.results = new ResultCache(resultCacheEntries);
  }

  get documentCount(): number { return this.slotOf.size; }

  private get slotCounts(): SlotCounts { return { documents: this.slotOf.size, capacity: this.capacity }; }

  /**
   * Measured: about 1.9 KB of heap per product with 3 locations, postings and type-ahead lists included
   * (docs/SEARCH.md), plus the kept item texts (~600 characters each, one byte per character, and the map entry).
   */
  get approxBytes(): number { return this.slotOf.size * (1500 + 150 * this.locations.size) + this.itemTexts.size * 700 + this.aliases.entries * 16; }

  setSynonyms(groups: string[][]): void {
    this.matcher.setSynonyms(groups);
    this.results.clear();
  }

  /**
   * Replaces the store's aliases and puts every product under its departments' and brand's alias terms: one
   * pass over the products per alias change (rare), so a search only reads the precomputed lists.
   */
  setAliases(aliases: SearchAliases): void {
    this.aliases.set(aliases);
    if (!this.aliases.empty) {
      for (const slot of this.slotOf.values()) {
        const doc = this.docs[slot]!;
        this.aliases.add(slot, this.postings.version[slot], doc.departmentPath, doc.brandId);
      }
    }
    this.results.clear();
  }

  /**
   * The brands whose products are off the storefront (replacing the previous list): one pass over the slots sets
   * each product live or not, so searches, listings, product reads and cart reads skip them with no other check.
   */
  setHiddenBrands(brandIds: number[]): void {
    this.hiddenBrands = new Set(brandIds);
    this.recomputeLive();
  }

  /** The departments whose products are off the storefront (replacing the previous list), applied as setHiddenBrands is. */
  setHiddenDepartments(deptIds: number[]): void {
    this.hiddenDepartments = new Set(deptIds);
    this.recomputeLive();
  }

  private recomputeLive(): void {
    for (const slot of this.slotOf.values()) this.live[slot] = this.showable(this.docs[slot]!) ? 1 : 0;
    this.results.clear();
  }

  private showable(doc: SearchDocument): boolean {
    if (doc.hidden || (doc.brandId && this.hiddenBrands.has(doc.brandId))) return false;
    return !this.hiddenDepartments.size || !doc.departmentPath.some((deptId) => this.hiddenDepartments.has(deptId));
  }

  upsert(documents: SearchDocument[], offers: LocationOffer[]): void {
    this.ensureCapacity(this.slotOf.size + documents.length);
    // Which precomputed sort orders this change invalidates (recomputing all of them costs ~50-100 ms at 100k).
    let added = false;
    let textChanged = false;
    for (const doc of documents) {
      let slot = this.slotOf.get(doc.productId);
      if (slot === undefined) {
        added = true;
        slot = this.docs.length;
        this.docs.push(doc);
        this.slotOf.set(doc.productId, slot);
      } else {
        const before = this.docs[slot];
        if (!before || before.title !== doc.title || before.modelNumber !== doc.modelNumber) textChanged = true;
        this.slotBySlug.delete(this.docs[slot]!.slug);
        this.slotBySku.delete(this.docs[slot]!.sku);
        this.docs[slot] = doc;
        this.forgetItems(slot);
        for (const columns of this.locations.values()) columns.flags[slot] = 0;
      }
      this.facets.set(slot, doc);
      this.slotBySlug.set(doc.slug, slot);
      this.slotBySku.set(doc.sku, slot);
      this.typeAhead.add(slot, doc);
      this.live[slot] = this.showable(doc) ? 1 : 0;
      this.postings.add(slot, { title: doc.title, brand: doc.brandName, sku: doc.sku, model: doc.modelNumber });
      this.aliases.add(slot, this.postings.version[slot], doc.departmentPath, doc.brandId);
    }
    for (const offer of offers) {
      const slot = this.slotOf.get(offer.productId);
      if (slot === undefined) continue;
      const columns = this.columnsFor(offer.locationId);
      this.itemTexts.forget(columns.storeProductId[slot]);
      this.itemTexts.forget(offer.storeProductId);
      columns.set(slot, offer);
      this.offerByStoreProduct.set(offer.storeProductId, { slot, locationId: offer.locationId });
    }
    if (added) this.sortOrders.forgetAll();
    else {
      if (textChanged) this.sortOrders.forgetText();
      for (const locationId of new Set(offers.map((o) => o.locationId))) this.sortOrders.forgetLocation(locationId);
    }
    this.results.clear();
  }

  remove(productIds: number[]): void {
    for (const productId of productIds) {
      const slot = this.slotOf.get(productId);
      if (slot === undefined) continue;
      this.slotOf.delete(productId);
      if (this.docs[slot]) { this.slotBySlug.delete(this.docs[slot]!.slug); this.slotBySku.delete(this.docs[slot]!.sku); }
      this.forgetItems(slot);
      this.docs[slot] = null;
      this.postings.remove(slot);
      this.live[slot] = 0;
      this.facets.clearAttributes(slot);
      for (const columns of this.locations.values()) columns.flags[slot] = 0;
    }
    // Sort orders keep removed slots; filters skip them (no flags at any location).
    this.results.clear();
  }

  storeProductIdsOf(productIds: number[]): number[] {
    const ids: number[] = [];
    for (const productId of productIds) {
      const slot = this.slotOf.get(productId);
      if (slot === undefined) continue;
      for (const columns of this.locations.values()) if (columns.flags[slot] & 1) ids.push(columns.storeProductId[slot]);
    }
    return ids;
  }

  setInventory(counts: [number, number][]): void {
    for (const [storeProductId, inventory] of counts) {
      const at = this.offerByStoreProduct.get(storeProductId);
      const columns = at && this.locations.get(at.locationId);
      if (!at || !columns || columns.storeProductId[at.slot] !== storeProductId) continue;
      columns.inventory[at.slot] = inventory;
      this.itemTexts.forget(storeProductId);
    }
    // No sort order reads the counts (price, date, text); answers do (in stock only, 'only N left').
    this.results.clear();
  }

  search(query: SearchQuery): SearchHits {
    return this.results.remember(`s${JSON.stringify(query)}`, () => this.compute(query));
  }

  suggest(prefix: string, locationId: number, limit: number): Suggestions {
    return this.results.remember(`p${locationId}:${limit}:${prefix.toLowerCase()}`, () => this.computeSuggestions(prefix, locationId, limit));
  }

  private compute(query: SearchQuery): SearchHits {
    const columns = this.locations.get(query.locationId);
    const empty: SearchHits = { total: 0, items: [], itemsJson: '[]', facets: { departments: [], brands: [], price_ranges: [], other_facets: [] }, removedInStockOnly: false };
    if (!columns) return empty;
    const ranked = this.matcher.candidates(query.keyword, this.slotCounts, query.sort === 'relevancy');
    let matches = this.filter(ranked, columns, query, query.inStockOnly);
    let removedInStockOnly = false;
    if (matches.length === 0 && query.inStockOnly) {
      const all = this.filter(ranked, columns, query, false);
      if (all.length) { matches = all; removedInStockOnly = true; }
    }
    const facets = this.facets.count(matches, columns.priceBand);
    const start = (query.page - 1) * query.limit;
    const pageSlots = query.sort === 'relevancy' && ranked !== null
      ? matches.subarray(start, start + query.limit) // score order
      : this.sortOrders.page(matches, this.sortOrders.order(query.sort, query.locationId, columns, this.capacity), query.sort === 'price-desc', start, query.limit, this.capacity);
    return this.hits(matches.length, Int32Array.from(pageSlots), columns, query.locationId, facets, removedInStockOnly);
  }

  /** A page's items, as objects or as JSON text, each made only when first read (the API reads the text). */
  private hits(total: number, slots: Int32Array, columns: LocationColumns, locationId: number, facets: SearchFacets, removedInStockOnly: boolean): SearchHits {
    let items: ProductItem[] | undefined;
    let json: string | undefined;
    const makeItems = () => Array.from(slots, (slot) => this.item(slot, columns, locationId));
    const makeJson = () => `[${Array.from(slots, (slot) => this.itemText(slot, columns, locationId)).join(',')}]`;
    return {
      total, facets, removedInStockOnly,
      get items() { return (items ??= makeItems()); },
      get itemsJson() { return (json ??= makeJson()); },
    };
  }

  private itemText(slot: number, columns: LocationColumns, locationId: number): string {
    const storeProductId = columns.storeProductId[slot];
    let text = this.itemTexts.get(storeProductId);
    if (text === undefined) {
      text = JSON.stringify(this.item(slot, columns, locationId));
      this.itemTexts.keep(storeProductId, text);
    }
    return text;
  }

  /** A product's document changed or went: its kept items at every location are stale. */
  private forgetItems(slot: number): void {
    for (const columns of this.locations.values()) this.itemTexts.forget(columns.storeProductId[slot]);
  }

  private computeSuggestions(prefix: string, locationId: number, limit: number): Suggestions {
    const columns = this.locations.get(locationId);
    if (!columns) return { products: [] };
    // One word: read its prefix list (no scoring). Several words, or a list too short to be sure: full search.
    const word = prefix.trim().toLowerCase();
    if (/^[a-z0-9]+$/.test(word) && word.length >= MIN_PREFIX) {
      const listed = this.typeAhead.list(word, () => this.buildTypeAhead());
      const products: ProductItem[] = [];
      for (const slot of listed) {
        const doc = this.docs[slot];
        if (!doc || !this.live[slot] || (columns.flags[slot] & 3) !== 1 || !completionWords(doc).some((w) => w.startsWith(word))) continue;
        products.push(this.item(slot, columns, locationId));
        if (products.length >= limit) break;
      }
      if (products.length < limit && !this.aliases.empty) this.suggestByAlias(word, columns, locationId, limit, products);
      if (products.length >= limit || listed.length < COMPLETIONS_PER_PREFIX) return { products };
    }
    const products: ProductItem[] = [];
    for (const slot of this.matcher.matchAll(queryWords(prefix), () => ({ maxTypos: 0, prefix: true }), this.slotCounts)) {
      if ((columns.flags[slot] & 3) !== 1 || !this.live[slot]) continue;
      products.push(this.item(slot, columns, locationId));
      if (products.length >= limit) break;
    }
    return { products };
  }

  /** Fills a one-word suggestion with products of departments and brands whose alias has a word starting so. */
  private suggestByAlias(word: string, columns: LocationColumns, locationId: number, limit: number, products: ProductItem[]): void {
    const taken = new Set(products.map((p) => p.id));
    const terms = this.matcher.aliasTerms({ raw: word, term: normalizeTerm(word) ?? word }, { maxTypos: 0, prefix: true });
    for (const slot of this.aliases.products(terms, this.postings.version)) {
      const doc = this.docs[slot];
      if (!doc || !this.live[slot] || (columns.flags[slot] & 3) !== 1 || taken.has(doc.productId)) continue;
      taken.add(doc.productId);
      products.push(this.item(slot, columns, locationId));
      if (products.length >= limit) return;
    }
  }

  product(key: { slug: string } | { productId: number } | { sku: string }, locationId: number): ProductDetailView | null {
    const slot = 'slug' in key ? this.slotBySlug.get(key.slug) : 'sku' in key ? this.slotBySku.get(key.sku) : this.slotOf.get(key.productId);
    const columns = this.locations.get(locationId);
    const doc = slot === undefined ? null : this.docs[slot];
    if (slot === undefined || !doc || !this.live[slot] || !columns || (columns.flags[slot] & 3) !== 1) return null;
    const locations_inventory = [...this.locations].filter(([, c]) => c.flags[slot] & 1).map(([location_id, c]) => ({ location_id, num_inventory: c.inventory[slot] }));
    return {
      ...this.item(slot, columns, locationId), description: doc.description, department_path: doc.departmentPath, locations_inventory,
      addon_product_ids: doc.addonProductIds, videos: doc.videos,
    };
  }

  listing(sku: string): ProductListing | null {
    const slot = this.slotBySku.get(sku);
    const doc = slot === undefined ? null : this.docs[slot];
    if (slot === undefined || !doc) return null;
    const offers = [...this.locations].filter(([, c]) => c.flags[slot] & 1)
      .map(([locationId, c]) => ({ locationId, storeProductId: c.storeProductId[slot], hidden: (c.flags[slot] & 2) !== 0, item: this.item(slot, c, locationId) }));
    return { productId: doc.productId, hidden: doc.hidden, offers };
  }

  storeProduct(storeProductId: number): ProductItem | null {
    const at = this.offerByStoreProduct.get(storeProductId);
    const columns = at && this.locations.get(at.locationId);
    if (!at || !columns || columns.storeProductId[at.slot] !== storeProductId || (columns.flags[at.slot] & 3) !== 1 || !this.live[at.slot]) return null;
    return this.item(at.slot, columns, at.locationId);
  }

  brandCounts(locationId: number): Map<number, number> {
    const columns = this.locations.get(locationId);
    const counts = new Map<number, number>();
    if (!columns) return counts;
    for (let slot = 0; slot < this.docs.length; slot += 1) {
      const brandId = this.facets.brandOf(slot);
      if ((columns.flags[slot] & 3) !== 1 || !this.live[slot] || !brandId) continue;
      counts.set(brandId, (counts.get(brandId) ?? 0) + 1);
    }
    return counts;
  }

  similar(productId: number, locationId: number, limit: number): ProductItem[] {
    const slot = this.slotOf.get(productId);
    const columns = this.locations.get(locationId);
    const doc = slot === undefined ? null : this.docs[slot];
    if (slot === undefined || !doc || !columns || !doc.departmentPath.length) return [];
    const deptId = doc.departmentPath[doc.departmentPath.length - 1];
    const matches = this.filter(null, columns, { ...EMPTY_FILTERS, deptIds: [deptId] }, false).filter((s) => s !== slot);
    const price = columns.effectiveCents[slot];
    return Array.from(matches).sort((a, b) => Math.abs(columns.effectiveCents[a] - price) - Math.abs(columns.effectiveCents[b] - price) || a - b)
      .slice(0, limit).map((s) => this.item(s, columns, locationId));
  }

  /**
   * Builds the type-ahead prefix lists, yielding after each slice so a caller can let other work run
   * (100k products: ~0.6 s in all). Until it has run, the first suggestion builds them in one go.
   */
  *buildTypeAhead(slice = 5000): Generator<void> { yield* this.typeAhead.build(this.slotOf.values(), slice); }

  private filter(ranked: Int32Array | null, columns: LocationColumns, query: SearchQuery, inStockOnly: boolean): Int32Array {
    return filterSlots({ slotCount: this.docs.length, live: this.live, facets: this.facets, locations: this.locations }, ranked, columns, query, inStockOnly);
  }

  private item(slot: number, columns: LocationColumns, locationId: number): ProductItem {
    const promo = columns.promoCents[slot];
    return toProductItem(this.docs[slot]!, {
      storeProductId: columns.storeProductId[slot], locationId, priceCents: columns.regularCents[slot], promoPriceCents: promo >= 0 ? promo : null,
      inventory: columns.inventory[slot], vendorAllowsSpecialOrder: (columns.flags[slot] & 4) !== 0,
    });
  }

  private columnsFor(locationId: number): LocationColumns {
    let columns = this.locations.get(locationId);
    if (!columns) { columns = new LocationColumns(this.capacity); this.locations.set(locationId, columns); }
    return columns;
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.capacity) return;
    const capacity = Math.max(needed, this.capacity * 2, 1024);
    this.facets.grow(capacity);
    this.postings.grow(capacity);
    const live = new Uint8Array(capacity); live.set(this.live); this.live = live;
    for (const [id, columns] of this.locations) this.locations.set(id, columns.grow(capacity));
    this.capacity = capacity;
  }
}
