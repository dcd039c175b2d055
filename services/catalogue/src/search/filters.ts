import type { FacetTable } from './facets';
import type { LocationColumns } from './location-columns';
import type { SearchQuery } from './search-index';

/** A query that filters nothing, for internal lookups (similar products). */
export const EMPTY_FILTERS: SearchQuery = {
  keyword: '', locationId: 0, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: false, promoOnly: false,
  attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: 1,
};

/** What filters read of the index: its slot count, which slots are live, the facet rows and every location's columns. */
export interface FilterSource {
  slotCount: number;
  live: Uint8Array;
  facets: FacetTable;
  locations: Map<number, LocationColumns>;
}

/**
 * The slots (of `ranked`, in its order, or of all slots) sold and shown at the columns' location that pass the
 * query's filters: departments, excluded departments, brands, price, stock, promotion, attributes, nearby stock.
 */
export function filterSlots(source: FilterSource, ranked: Int32Array | null, columns: LocationColumns, query: SearchQuery, inStockOnly: boolean): Int32Array {
  const { live, facets } = source;
  const total = ranked ? ranked.length : source.slotCount;
  const out = new Int32Array(total);
  const brandSet = query.brandIds.length ? new Set(query.brandIds) : null;
  const min = query.minCents ?? -1;
  const max = query.maxCents ?? Number.MAX_SAFE_INTEGER;
  const attributeFilters = facets.attributeFilters(query.attributes);
  const nearby = query.inStockAtLocationIds?.map((id) => source.locations.get(id)).filter((c): c is LocationColumns => Boolean(c)) ?? null;
  let n = 0;
  for (let i = 0; i < total; i += 1) {
    const slot = ranked ? ranked[i] : i;
    if ((columns.flags[slot] & 3) !== 1) continue; // not at this location, or hidden there
    if (!live[slot]) continue; // removed, or hidden everywhere
    if (query.deptIds.length && !facets.inAnyDept(slot, query.deptIds)) continue;
    if (query.excludeDeptIds.length && facets.inAnyDept(slot, query.excludeDeptIds)) continue;
    if (brandSet && !brandSet.has(facets.brandOf(slot))) continue;
    const price = columns.effectiveCents[slot];
    if (price < min || price > max) continue;
    if (inStockOnly && columns.inventory[slot] <= 0) continue;
    if (query.promoOnly && columns.effectiveCents[slot] === columns.regularCents[slot]) continue;
    if (attributeFilters && !facets.matchesAttributes(slot, attributeFilters)) continue;
    if (nearby && !nearby.some((c) => (c.flags[slot] & 3) === 1 && c.inventory[slot] > 0)) continue;
    out[n++] = slot;
  }
  return out.subarray(0, n);
}
