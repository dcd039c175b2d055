import SearchableMap from 'minisearch/SearchableMap';
import { PRICE_BANDS, priceBandOf } from '@platform/domain';
import { toProductItem } from '../product-item';
import type { ProductItem } from '@platform/contracts';
import type { LocationOffer, ProductDetailView, ProductListing, SearchAliases, SearchDocument, SearchFacets, SearchHits, SearchIndex, SearchQuery, Suggestions } from './search-index';
import { completionWords, MIN_PREFIX, normalizeTerm, queryWords, TOKEN_SPLIT, type QueryWord } from './tokenize';
import { fuzziness, termMatches } from './typo';
import { FacetTable } from './facets';
import { AliasTable } from './aliases';
import { byScore, FIELD_WEIGHTS, inverseDocumentFrequency, sortedByKey, textRanks } from './ranking';

// Exported from here before the split: kept for importers.
export { normalizeTerm } from './tokenize';

/** Per-location columns, indexed by document slot. */
class LocationColumns {
  effectiveCents: Int32Array;
  regularCents: Int32Array;
  promoCents: Int32Array;
  inventory: Int32Array;
  storeProductId: Int32Array;
  listedAt: Float64Array;
  flags: Uint8Array; // 1 present, 2 hidden, 4 vendor allows special order
  /** The price band (index into PRICE_BANDS) of the effective price, kept so facet counting reads one byte. */
  priceBand: Uint8Array;
  constructor(capacity: number) {
    this.effectiveCents = new Int32Array(capacity);
    this.regularCents = new Int32Array(capacity);
    this.promoCents = new Int32Array(capacity).fill(-1);
    this.inventory = new Int32Array(capacity);
    this.storeProductId = new Int32Array(capacity);
    this.listedAt = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.priceBand = new Uint8Array(capacity);
  }
  grow(capacity: number) {
    const next = new LocationColumns(capacity);
    next.effectiveCents.set(this.effectiveCents); next.regularCents.set(this.regularCents); next.promoCents.set(this.promoCents);
    next.inventory.set(this.inventory); next.storeProductId.set(this.storeProductId); next.listedAt.set(this.listedAt); next.flags.set(this.flags);
    next.priceBand.set(this.priceBand);
    return next;
  }
}

/** A query that filters nothing, for internal lookups (similar products). */
const EMPTY_FILTERS: SearchQuery = {
  keyword: '', locationId: 0, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: false, promoOnly: false,
  attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: 1,
};
/** Fewer exact matches than this, and the search is widened with typo tolerance and a prefix on the last word. */
const WIDEN_BELOW = 24;
/** A price's band as its index in PRICE_BANDS (the rule is libs/domain's; worked out once per offer change). */
const priceBandIndex = (cents: number) => PRICE_BANDS.findIndex((b) => b.key === priceBandOf(cents));

/** Typo and prefix lookups remembered per index (cleared whenever a new term enters the dictionary). */
const MAX_EXPANSIONS_KEPT = 5000;

/** Per posting: the product's slot, its version when indexed, and the term's field weight over √(product length). */
interface PostingList { slots: number[]; versions: number[]; weights: number[] }

/**
 * Postings: term → product slots with the term's field weight in that product, in MiniSearch's radix tree
 * (SearchableMap), which finds the terms within an edit distance or under a prefix. Scoring reads plain
 * arrays, so a common word over 100k products costs well under a millisecond (MiniSearch's own search
 * allocates a result object per match: 3-5 ms). Entries of a changed product stay behind, skipped by version.
 */
class Postings {
  private lists = new SearchableMap<PostingList>();
  version = new Int32Array(0);

  grow(capacity: number) {
    const version = new Int32Array(capacity); version.set(this.version); this.version = version;
  }

  add(slot: number, fields: Record<keyof typeof FIELD_WEIGHTS, string>) {
    this.version[slot] += 1;
    const weights = new Map<string, number>();
    let tokens = 0;
    for (const field of Object.keys(FIELD_WEIGHTS) as (keyof typeof FIELD_WEIGHTS)[]) {
      for (const word of fields[field].split(TOKEN_SPLIT)) {
        const term = normalizeTerm(word);
        if (!term) continue;
        tokens += 1;
        weights.set(term, (weights.get(term) ?? 0) + FIELD_WEIGHTS[field]);
      }
    }
    // The weight is stored already normalised by the product's length: scoring reads no per-product array for it.
    const norm = Math.sqrt(tokens || 1);
    for (const [term, weight] of weights) {
      let list = this.lists.get(term);
      if (!list) { list = { slots: [], versions: [], weights: [] }; this.lists.set(term, list); this.expansions.clear(); }
      list.slots.push(slot); list.versions.push(this.version[slot]); list.weights.push(weight / norm);
    }
  }

  remove(slot: number) { this.version[slot] += 1; }

  /**
   * Typo and prefix lookups walk the radix tree (a 2-typo lookup costs milliseconds); their answers only
   * change when the dictionary gains terms, so they are kept until then.
   */
  private expansions = new Map<string, [string, number][]>();

  /** The dictionary terms a query term matches, with their weight: itself, typos within `maxTypos`, and words it starts. */
  expand(term: string, options: { maxTypos: number; prefix: boolean }): [string, number][] {
    if (!options.maxTypos && !options.prefix) return this.lists.has(term) ? [[term, 1]] : [];
    const key = `${options.maxTypos}${options.prefix ? 'p' : ''}:${term}`;
    const known = this.expansions.get(key);
    if (known) return known;
    const found = termMatches(this.lists, term, options);
    if (this.expansions.size >= MAX_EXPANSIONS_KEPT) this.expansions.clear();
    this.expansions.set(key, found);
    return found;
  }

  /**
   * Adds each live slot holding any of the terms into `scores` (best weight × idf, normalised by product
   * length; a slot counts once however many of the terms it holds) and lists the slots it touched.
   */
  collect(terms: [string, number][], documentCount: number, scores: Float64Array, touched: number[]): void {
    for (const [term, termWeight] of terms) {
      const list = this.lists.get(term);
      if (!list) continue;
      const idf = inverseDocumentFrequency(documentCount, list.slots.length) * termWeight;
      for (let i = 0; i < list.slots.length; i += 1) {
        const slot = list.slots[i];
        if (list.versions[i] !== this.version[slot]) continue;
        const score = idf * list.weights[i];
        if (scores[slot] === 0) touched.push(slot);
        if (score > scores[slot]) scores[slot] = score;
      }
    }
  }
}

/** Type-ahead lists: the best-ranked products per word prefix (3+ characters), kept up to this many. */
const COMPLETIONS_PER_PREFIX = 48;
/** Recent results kept per index; any change to the index clears them. */
const RESULT_CACHE_ENTRIES = 1000;
/** Serialized items kept per store product (a product at one location); a change to either drops its entry. */
const ITEM_JSON_ENTRIES = 50_000;

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
  /** Scratch score accumulators for exact matching, one entry per slot (kept zeroed between queries). */
  private scoreTotal = new Float64Array(0);
  private scoreWord = new Float64Array(0);
  /** 1 for a slot that matched some query word only through an alias (kept zeroed between queries). */
  private viaAlias = new Uint8Array(0);
  private slotOf = new Map<number, number>();
  private slotBySlug = new Map<string, number>();
  private slotBySku = new Map<string, number>();
  /** Store product id → where its offer lives (checked against the columns on read: offers move and go). */
  private offerByStoreProduct = new Map<number, { slot: number; locationId: number }>();
  private docs: (SearchDocument | null)[] = [];
  private facets = new FacetTable();
  private locations = new Map<number, LocationColumns>();
  private capacity = 0;
  private rankCache: { title?: Int32Array; model?: Int32Array } = {};
  private orderCache = new Map<string, Int32Array>();
  private mask = new Uint8Array(0);
  private results = new Map<string, SearchHits | Suggestions>();
  /**
   * Store product id → its item as JSON text, as a search engine keeps each document's source: a page of results
   * is joined from these instead of building and serializing 96 objects per request (docs/SEARCH.md).
   */
  private itemJson = new Map<number, string>();
  private synonyms = new Map<string, string[]>();
  /** Department and brand aliases: alias term → products of the aliased departments and brands. */
  private aliases = new AliasTable();
  /** Prefix → slots, best first (shorter titles first), at most COMPLETIONS_PER_PREFIX; built on first suggest. */
  private completions: Map<string, number[]> | null = null;

  /** `resultCacheEntries` 0 turns the result cache off (benchmarks of first-time queries). */
  constructor(readonly tenantId: string, private readonly resultCacheEntries = RESULT_CACHE_ENTRIES) {}

  get documentCount(): number { return this.slotOf.size; }

  /**
   * Measured: about 1.9 KB of heap per product with 3 locations, postings and type-ahead lists included
   * (docs/SEARCH.md), plus the kept item texts (~600 characters each, one byte per character, and the map entry).
   */
  get approxBytes(): number { return this.slotOf.size * (1500 + 150 * this.locations.size) + this.itemJson.size * 700 + this.aliases.entries * 16; }

  setSynonyms(groups: string[][]): void {
    this.synonyms.clear();
    this.results.clear();
    for (const group of groups) {
      const terms = group.map((w) => normalizeTerm(w)).filter((t): t is string => Boolean(t));
      for (const term of terms) this.synonyms.set(term, [...new Set([...(this.synonyms.get(term) ?? []), ...terms.filter((t) => t !== term)])]);
    }
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
      if (this.completions) this.addCompletions(slot, doc);
      this.live[slot] = this.showable(doc) ? 1 : 0;
      this.postings.add(slot, { title: doc.title, brand: doc.brandName, sku: doc.sku, model: doc.modelNumber });
      this.aliases.add(slot, this.postings.version[slot], doc.departmentPath, doc.brandId);
    }
    for (const offer of offers) {
      const slot = this.slotOf.get(offer.productId);
      if (slot === undefined) continue;
      const columns = this.columnsFor(offer.locationId);
      this.itemJson.delete(columns.storeProductId[slot]);
      this.itemJson.delete(offer.storeProductId);
      columns.regularCents[slot] = offer.priceCents;
      columns.promoCents[slot] = offer.promoPriceCents ?? -1;
      columns.effectiveCents[slot] = offer.promoPriceCents !== null && offer.promoPriceCents < offer.priceCents ? offer.promoPriceCents : offer.priceCents;
      columns.priceBand[slot] = priceBandIndex(columns.effectiveCents[slot]);
      columns.inventory[slot] = offer.inventory;
      columns.storeProductId[slot] = offer.storeProductId;
      this.offerByStoreProduct.set(offer.storeProductId, { slot, locationId: offer.locationId });
      columns.listedAt[slot] = offer.listedAt;
      columns.flags[slot] = 1 | (offer.hidden ? 2 : 0) | (offer.vendorAllowsSpecialOrder ? 4 : 0);
    }
    if (added) {
      this.rankCache = {};
      this.orderCache.clear();
    } else {
      if (textChanged) { this.rankCache = {}; this.orderCache.delete('title'); this.orderCache.delete('model'); }
      for (const locationId of new Set(offers.map((o) => o.locationId))) { this.orderCache.delete(`price:${locationId}`); this.orderCache.delete(`latest:${locationId}`); }
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

  search(query: SearchQuery): SearchHits {
    return this.remember(`s${JSON.stringify(query)}`, () => this.compute(query));
  }

  suggest(prefix: string, locationId: number, limit: number): Suggestions {
    return this.remember(`p${locationId}:${limit}:${prefix.toLowerCase()}`, () => this.computeSuggestions(prefix, locationId, limit));
  }

  /** Type-ahead prefixes and category pages repeat across shoppers: keep recent answers (LRU) until the index changes. */
  private remember<T extends SearchHits | Suggestions>(key: string, compute: () => T): T {
    const hit = this.results.get(key);
    if (hit) {
      this.results.delete(key);
      this.results.set(key, hit);
      return hit as T;
    }
    const value = compute();
    if (this.resultCacheEntries === 0) return value;
    this.results.set(key, value);
    if (this.results.size > this.resultCacheEntries) this.results.delete(this.results.keys().next().value!);
    return value;
  }

  private compute(query: SearchQuery): SearchHits {
    const columns = this.locations.get(query.locationId);
    const empty: SearchHits = { total: 0, items: [], itemsJson: '[]', facets: { departments: [], brands: [], price_ranges: [], other_facets: [] }, removedInStockOnly: false };
    if (!columns) return empty;
    const ranked = this.candidates(query.keyword, query.sort === 'relevancy');
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
      : this.pageInOrder(matches, this.order(query.sort, query.locationId, columns), query.sort === 'price-desc', start, query.limit);
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
    let text = this.itemJson.get(storeProductId);
    if (text === undefined) {
      text = JSON.stringify(this.item(slot, columns, locationId));
      this.itemJson.set(storeProductId, text);
      if (this.itemJson.size > ITEM_JSON_ENTRIES) this.itemJson.delete(this.itemJson.keys().next().value!);
    }
    return text;
  }

  /** A product's document changed or went: its kept items at every location are stale. */
  private forgetItems(slot: number): void {
    for (const columns of this.locations.values()) this.itemJson.delete(columns.storeProductId[slot]);
  }

  private computeSuggestions(prefix: string, locationId: number, limit: number): Suggestions {
    const columns = this.locations.get(locationId);
    if (!columns) return { products: [] };
    // One word: read its prefix list (no scoring). Several words, or a list too short to be sure: full search.
    const word = prefix.trim().toLowerCase();
    if (/^[a-z0-9]+$/.test(word) && word.length >= MIN_PREFIX) {
      const listed = this.completionList(word);
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
    for (const slot of this.matchAll(queryWords(prefix), () => ({ maxTypos: 0, prefix: true }))) {
      if ((columns.flags[slot] & 3) !== 1 || !this.live[slot]) continue;
      products.push(this.item(slot, columns, locationId));
      if (products.length >= limit) break;
    }
    return { products };
  }

  /** Fills a one-word suggestion with products of departments and brands whose alias has a word starting so. */
  private suggestByAlias(word: string, columns: LocationColumns, locationId: number, limit: number, products: ProductItem[]): void {
    const taken = new Set(products.map((p) => p.id));
    const terms = this.aliasTerms({ raw: word, term: normalizeTerm(word) ?? word }, { maxTypos: 0, prefix: true });
    for (const slot of this.aliases.products(terms, this.postings.version)) {
      const doc = this.docs[slot];
      if (!doc || !this.live[slot] || (columns.flags[slot] & 3) !== 1 || taken.has(doc.productId)) continue;
      taken.add(doc.productId);
      products.push(this.item(slot, columns, locationId));
      if (products.length >= limit) return;
    }
  }

  /** The alias terms a query word matches: as typed and as stemmed (typos, prefix), and its synonyms. */
  private aliasTerms(w: QueryWord, options: { maxTypos: number; prefix: boolean }): [string, number][] {
    const found = this.aliases.expand(w.term, options);
    if ((options.maxTypos || options.prefix) && w.raw !== w.term) found.push(...this.aliases.expand(w.raw, options));
    for (const synonym of this.synonyms.get(w.term) ?? []) found.push(...this.aliases.expand(synonym, { maxTypos: 0, prefix: false }));
    return found;
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
  *buildTypeAhead(slice = 5000): Generator<void> {
    const completions = new Map<string, number[]>();
    const slots = [...this.slotOf.values()].sort((a, b) => this.completionRank(a) - this.completionRank(b) || a - b);
    for (let i = 0; i < slots.length; i += 1) {
      this.addCompletions(slots[i], this.docs[slots[i]]!, completions);
      if (i % slice === slice - 1) yield;
    }
    this.completions = completions;
  }

  private completionList(word: string): number[] {
    if (!this.completions) { const steps = this.buildTypeAhead(); while (!steps.next().done); }
    return this.completions!.get(word) ?? [];
  }

  private completionRank(slot: number): number { return this.docs[slot]?.title.length ?? Number.MAX_SAFE_INTEGER; }

  /** Puts a slot into the lists of its words' prefixes, in rank order; lists keep their best entries. */
  private addCompletions(slot: number, doc: SearchDocument, completions = this.completions!): void {
    const rank = this.completionRank(slot);
    const prefixes = new Set<string>();
    for (const word of completionWords(doc)) for (let n = MIN_PREFIX; n <= word.length; n += 1) prefixes.add(word.slice(0, n));
    for (const prefix of prefixes) {
      let list = completions.get(prefix);
      if (!list) { list = []; completions.set(prefix, list); }
      const existing = list.indexOf(slot);
      if (existing >= 0) list.splice(existing, 1); // re-added after a change: its rank may differ
      let at = list.length;
      while (at > 0 && this.completionRank(list[at - 1]) > rank) at -= 1;
      if (at >= COMPLETIONS_PER_PREFIX) continue;
      list.splice(at, 0, slot);
      if (list.length > COMPLETIONS_PER_PREFIX) list.pop();
    }
  }

  /** Slots matching the keyword in relevance order, or null when there is no keyword (all products). */
  /** With `ranked` false (another sort follows) the matches come in slot order: no score sort. */
  private candidates(keyword: string, ranked = true): Int32Array | null {
    if (!keyword.trim()) return null;
    const words = queryWords(keyword);
    const exact = this.matchAll(words, () => ({ maxTypos: 0, prefix: false }), ranked);
    if (exact.length >= WIDEN_BELOW) return exact;
    // Few whole-word matches: widen with typo tolerance and a prefix on the last word.
    return this.matchAll(words, (word, i) => ({ maxTypos: fuzziness(word.raw) || 0, prefix: i === words.length - 1 }), ranked);
  }

  /**
   * Slots holding a match for every word (a word's synonyms count as the word), best score first. A word may
   * also match through a department's or brand's alias; a product that needed an alias for any word ranks
   * after every product matching all words by its own text.
   */
  private matchAll(words: QueryWord[], optionsFor: (word: QueryWord, i: number) => { maxTypos: number; prefix: boolean }, ranked = true): Int32Array {
    if (!words.length) return new Int32Array(0);
    if (this.scoreTotal.length < this.capacity) {
      this.scoreTotal = new Float64Array(this.capacity); this.scoreWord = new Float64Array(this.capacity); this.viaAlias = new Uint8Array(this.capacity);
    }
    const total = this.scoreTotal;
    const word = this.scoreWord;
    const viaAlias = this.viaAlias;
    const marked: number[] = []; // slots marked in viaAlias, cleared at the end
    // Typos and prefixes are looked up for the word as typed and as stemmed (cordles → cordless, not only cordl).
    const matchesFor = (w: QueryWord, i: number): [string, number][] => {
      const options = optionsFor(w, i);
      const found = [...this.postings.expand(w.term, options)]; // a copy: expansions are remembered
      if (options.maxTypos || options.prefix) found.push(...this.postings.expand(w.raw, options));
      return [...found, ...(this.synonyms.get(w.term) ?? []).map((s): [string, number] => [s, 1])];
    };
    const collect = (w: QueryWord, i: number, scores: Float64Array, touched: number[]) => {
      this.postings.collect(matchesFor(w, i), this.slotOf.size, scores, touched);
      if (!this.aliases.empty) this.aliases.collect(this.aliasTerms(w, optionsFor(w, i)), this.slotOf.size, this.postings.version, scores, viaAlias, touched, marked);
    };
    let slots: number[] = [];
    collect(words[0], 0, total, slots);
    for (let i = 1; i < words.length && slots.length; i += 1) {
      const touched: number[] = [];
      collect(words[i], i, word, touched);
      const kept: number[] = [];
      for (const slot of slots) { if (word[slot] > 0) { total[slot] += word[slot]; kept.push(slot); } else total[slot] = 0; }
      for (const slot of touched) word[slot] = 0;
      slots = kept;
    }
    const out = !ranked ? Int32Array.from(slots).sort() : marked.length ? this.directFirst(slots, total, viaAlias) : byScore(slots, total);
    for (const slot of slots) total[slot] = 0;
    for (const slot of marked) viaAlias[slot] = 0;
    return out;
  }

  /** Products matching by their own text, best first, then those that needed an alias, best first. */
  private directFirst(slots: number[], scores: Float64Array, viaAlias: Uint8Array): Int32Array {
    const direct: number[] = [];
    const alias: number[] = [];
    for (const slot of slots) (viaAlias[slot] ? alias : direct).push(slot);
    const out = new Int32Array(slots.length);
    out.set(byScore(direct, scores));
    out.set(byScore(alias, scores), direct.length);
    return out;
  }

  private filter(ranked: Int32Array | null, columns: LocationColumns, query: SearchQuery, inStockOnly: boolean): Int32Array {
    const total = ranked ? ranked.length : this.docs.length;
    const out = new Int32Array(total);
    const brandSet = query.brandIds.length ? new Set(query.brandIds) : null;
    const min = query.minCents ?? -1;
    const max = query.maxCents ?? Number.MAX_SAFE_INTEGER;
    const attributeFilters = this.facets.attributeFilters(query.attributes);
    const nearby = query.inStockAtLocationIds?.map((id) => this.locations.get(id)).filter((c): c is LocationColumns => Boolean(c)) ?? null;
    let n = 0;
    for (let i = 0; i < total; i += 1) {
      const slot = ranked ? ranked[i] : i;
      if ((columns.flags[slot] & 3) !== 1) continue; // not at this location, or hidden there
      if (!this.live[slot]) continue; // removed, or hidden everywhere
      if (query.deptIds.length && !this.facets.inAnyDept(slot, query.deptIds)) continue;
      if (query.excludeDeptIds.length && this.facets.inAnyDept(slot, query.excludeDeptIds)) continue;
      if (brandSet && !brandSet.has(this.facets.brandOf(slot))) continue;
      const price = columns.effectiveCents[slot];
      if (price < min || price > max) continue;
      if (inStockOnly && columns.inventory[slot] <= 0) continue;
      if (query.promoOnly && columns.effectiveCents[slot] === columns.regularCents[slot]) continue;
      if (attributeFilters && !this.facets.matchesAttributes(slot, attributeFilters)) continue;
      if (nearby && !nearby.some((c) => (c.flags[slot] & 3) === 1 && c.inventory[slot] > 0)) continue;
      out[n++] = slot;
    }
    return out.subarray(0, n);
  }

  /**
   * Slots of one page in a precomputed order: mark the matches, then walk the order until the page is
   * full. No sort per query; a broad filter fills a page after a short walk.
   */
  private pageInOrder(matches: Int32Array, order: Int32Array, reverse: boolean, start: number, limit: number): Int32Array {
    if (this.mask.length < this.capacity) this.mask = new Uint8Array(this.capacity);
    const mask = this.mask;
    for (let i = 0; i < matches.length; i += 1) mask[matches[i]] = 1;
    const out = new Int32Array(Math.max(0, Math.min(limit, matches.length - start)));
    let seen = 0;
    let n = 0;
    for (let k = 0; k < order.length && n < out.length; k += 1) {
      const slot = order[reverse ? order.length - 1 - k : k];
      if (mask[slot] && seen++ >= start) out[n++] = slot;
    }
    for (let i = 0; i < matches.length; i += 1) mask[matches[i]] = 0;
    return out;
  }

  /** All slots in the sort's order (price orders per location), computed once per change and reused. */
  private order(sort: SearchQuery['sort'], locationId: number, columns: LocationColumns): Int32Array {
    const key = sort === 'price-asc' || sort === 'price-desc' ? `price:${locationId}` : sort === 'latest' ? `latest:${locationId}` : sort === 'manufacturer-no' ? 'model' : 'title';
    const cached = this.orderCache.get(key);
    if (cached) return cached;
    let order: Int32Array;
    if (key.startsWith('price')) order = sortedByKey(this.docs.length, (slot) => columns.effectiveCents[slot]);
    // Newest first, to the second (2^31 seconds from 1970 reach 2038; later dates tie).
    else if (key.startsWith('latest')) order = sortedByKey(this.docs.length, (slot) => Math.max(0, 2 ** 31 - Math.floor(columns.listedAt[slot] / 1000)));
    else { const rank = this.rank(key === 'model' ? 'model' : 'title'); order = sortedByKey(this.docs.length, (slot) => rank[slot]); }
    this.orderCache.set(key, order);
    return order;
  }

  /** Each slot's position in title (or model number) order, computed once per change. */
  private rank(field: 'title' | 'model'): Int32Array {
    const cached = this.rankCache[field];
    if (cached) return cached;
    const key = (slot: number) => { const d = this.docs[slot]; return d ? (field === 'title' ? d.title : d.modelNumber).toLowerCase() : '\uffff'; };
    const rank = textRanks(this.docs.map((_, slot) => key(slot)), this.capacity);
    this.rankCache[field] = rank;
    return rank;
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
