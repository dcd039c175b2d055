import type { LocationColumns } from './location-columns';
import { sortedByKey, textRanks } from './ranking';
import type { SearchDocument, SearchQuery } from './search-index';

/**
 * The sorts other than relevance as precomputed orders of all slots (price and newest per location, title and
 * model number for all), each computed on first use after a change and reused: a page is a walk along one.
 */
export class SortOrders {
  private rankCache: { title?: Int32Array; model?: Int32Array } = {};
  private orderCache = new Map<string, Int32Array>();
  private mask = new Uint8Array(0);

  /** `docs` is the index's own slot array, read as it changes. */
  constructor(private readonly docs: readonly (SearchDocument | null)[]) {}

  /** Products were added: every order is stale. */
  forgetAll(): void {
    this.rankCache = {};
    this.orderCache.clear();
  }

  /** A product's title or model number changed. */
  forgetText(): void { this.rankCache = {}; this.orderCache.delete('title'); this.orderCache.delete('model'); }

  /** Offers at the location changed (prices, listing dates). */
  forgetLocation(locationId: number): void { this.orderCache.delete(`price:${locationId}`); this.orderCache.delete(`latest:${locationId}`); }

  /**
   * Slots of one page in a precomputed order: mark the matches, then walk the order until the page is
   * full. No sort per query; a broad filter fills a page after a short walk.
   */
  page(matches: Int32Array, order: Int32Array, reverse: boolean, start: number, limit: number, capacity: number): Int32Array {
    if (this.mask.length < capacity) this.mask = new Uint8Array(capacity);
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
  order(sort: SearchQuery['sort'], locationId: number, columns: LocationColumns, capacity: number): Int32Array {
    const key = sort === 'price-asc' || sort === 'price-desc' ? `price:${locationId}` : sort === 'latest' ? `latest:${locationId}` : sort === 'manufacturer-no' ? 'model' : 'title';
    const cached = this.orderCache.get(key);
    if (cached) return cached;
    let order: Int32Array;
    if (key.startsWith('price')) order = sortedByKey(this.docs.length, (slot) => columns.effectiveCents[slot]);
    // Newest first, to the second (2^31 seconds from 1970 reach 2038; later dates tie).
    else if (key.startsWith('latest')) order = sortedByKey(this.docs.length, (slot) => Math.max(0, 2 ** 31 - Math.floor(columns.listedAt[slot] / 1000)));
    else { const rank = this.rank(key === 'model' ? 'model' : 'title', capacity); order = sortedByKey(this.docs.length, (slot) => rank[slot]); }
    this.orderCache.set(key, order);
    return order;
  }

  /** Each slot's position in title (or model number) order, computed once per change. */
  private rank(field: 'title' | 'model', capacity: number): Int32Array {
    const cached = this.rankCache[field];
    if (cached) return cached;
    const key = (slot: number) => { const d = this.docs[slot]; return d ? (field === 'title' ? d.title : d.modelNumber).toLowerCase() : '\uffff'; };
    const rank = textRanks(this.docs.map((_, slot) => key(slot)), capacity);
    this.rankCache[field] = rank;
    return rank;
  }
}
