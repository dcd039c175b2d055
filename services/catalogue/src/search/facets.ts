import { PRICE_BANDS } from '@platform/domain';
import { compareText } from './ranking';
import type { SearchDocument, SearchFacets } from './search-index';

/** Facet row columns before the attributes: department path (0-2) and brand (3). */
const BRAND_COLUMN = 3;
const FACET_ROW_FIXED = 4;

/** Attribute filters as (facet row column, accepted ids); an unknown key or value accepts nothing. */
export type AttributeFilters = [number, Set<number>][];

/**
 * Per slot, side by side: department path (3), brand id, then one value id per attribute key (0 = none).
 * Filters and facet counting read one product's ids from one place instead of a cache line per array.
 */
export class FacetTable {
  private row = new Int32Array(0);
  private stride = FACET_ROW_FIXED;
  private capacity = 0;
  private brandNames = new Map<number, string>();
  /** Attribute key → its value ids, value names by id - 1, and its column in the facet row. */
  private attributes = new Map<string, { ids: Map<string, number>; values: string[]; column: number }>();
  private maxDeptId = 0;
  private maxBrandId = 0;

  grow(capacity: number): void {
    const row = new Int32Array(capacity * this.stride); row.set(this.row); this.row = row;
    this.capacity = capacity;
  }

  set(slot: number, doc: SearchDocument): void {
    for (let level = 0; level < 3; level += 1) {
      const dept = doc.departmentPath[level] ?? 0;
      this.row[slot * this.stride + level] = dept;
      if (dept > this.maxDeptId) this.maxDeptId = dept;
    }
    if ((doc.brandId ?? 0) > this.maxBrandId) this.maxBrandId = doc.brandId!;
    this.row[slot * this.stride + BRAND_COLUMN] = doc.brandId ?? 0;
    if (doc.brandId) this.brandNames.set(doc.brandId, doc.brandName);
    this.setAttributes(slot, doc.attributes ?? {});
  }

  /** A removed product keeps its department and brand ids: filters skip it by its flags. */
  clearAttributes(slot: number): void { this.setAttributes(slot, {}); }

  brandOf(slot: number): number { return this.row[slot * this.stride + BRAND_COLUMN]; }

  inAnyDept(slot: number, deptIds: number[]): boolean {
    const base = slot * this.stride;
    const row = this.row;
    for (const id of deptIds) if (row[base] === id || row[base + 1] === id || row[base + 2] === id) return true;
    return false;
  }

  attributeFilters(filters: Record<string, string[]>): AttributeFilters | null {
    const entries = Object.entries(filters).filter(([, values]) => values.length);
    if (!entries.length) return null;
    return entries.map(([key, values]) => {
      const attr = this.attributes.get(key.toLowerCase());
      // No product has this key: an empty set, which no column's id is in.
      if (!attr) return [BRAND_COLUMN, new Set<number>()];
      const lower = new Map(attr.values.map((v, i) => [v.toLowerCase(), i + 1]));
      return [attr.column, new Set(values.map((v) => lower.get(v.toLowerCase()) ?? -1))];
    });
  }

  matchesAttributes(slot: number, filters: AttributeFilters): boolean {
    return filters.every(([column, ids]) => ids.has(this.row[slot * this.stride + column]));
  }

  /** Department (every level), brand, price band and attribute counts over the matches; `priceBand` per slot. */
  count(matches: Int32Array, priceBand: Uint8Array): SearchFacets {
    // Ids are small integers per tenant, so plain counters beat Maps on large result sets.
    const deptCounts = new Int32Array(this.maxDeptId + 1);
    const brandCounts = new Int32Array(this.maxBrandId + 1);
    const bandCounts = new Int32Array(PRICE_BANDS.length);
    const row = this.row;
    const stride = this.stride;
    const attributes = [...this.attributes].sort(([a], [b]) => compareText(a, b));
    // Attribute value counts in one array: value id v of the key in column c at offset[c - FACET_ROW_FIXED] + v.
    const offsets = new Int32Array(stride - FACET_ROW_FIXED);
    let size = 0;
    for (const attr of this.attributes.values()) { offsets[attr.column - FACET_ROW_FIXED] = size; size += attr.values.length + 1; }
    const attributeCounts = new Int32Array(size);
    // One pass over the matches for every facet, each product's ids read from one place.
    for (let i = 0; i < matches.length; i += 1) {
      const slot = matches[i];
      const base = slot * stride;
      deptCounts[row[base]] += 1; deptCounts[row[base + 1]] += 1; deptCounts[row[base + 2]] += 1;
      brandCounts[row[base + BRAND_COLUMN]] += 1;
      for (let c = FACET_ROW_FIXED; c < stride; c += 1) attributeCounts[offsets[c - FACET_ROW_FIXED] + row[base + c]] += 1;
      bandCounts[priceBand[slot]] += 1;
    }
    const other_facets = attributes.map(([key, attr]) => {
      const counts = attributeCounts.subarray(offsets[attr.column - FACET_ROW_FIXED]);
      const values = attr.values.map((value, i) => ({ value, count: counts[i + 1] })).filter((v) => v.count > 0).sort((a, b) => b.count - a.count || compareText(a.value, b.value));
      return { key, values };
    }).filter((facet) => facet.values.length > 0);
    const listed = (counts: Int32Array) => { const out: [number, number][] = []; for (let id = 1; id < counts.length; id += 1) if (counts[id]) out.push([id, counts[id]]); return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]); };
    return {
      departments: listed(deptCounts).map(([dept_id, count]) => ({ dept_id, count })),
      brands: listed(brandCounts).map(([brand_id, count]) => ({ brand_id, brand_name: this.brandNames.get(brand_id) ?? '', count })),
      price_ranges: PRICE_BANDS.map((b, i) => ({ key: b.key, count: bandCounts[i] })).filter((b) => b.count > 0),
      other_facets,
    };
  }

  private setAttributes(slot: number, attributes: Record<string, string>): void {
    const base = slot * this.stride;
    for (const attr of this.attributes.values()) this.row[base + attr.column] = 0;
    for (const [key, value] of Object.entries(attributes)) {
      let attr = this.attributes.get(key);
      if (!attr) { attr = { ids: new Map(), values: [], column: this.stride }; this.attributes.set(key, attr); this.widen(); }
      let id = attr.ids.get(value);
      if (id === undefined) { attr.values.push(value); id = attr.values.length; attr.ids.set(value, id); }
      this.row[slot * this.stride + attr.column] = id;
    }
  }

  /** A new attribute key: one more column in every product's row (keys are few; this is rare). */
  private widen(): void {
    const stride = this.stride + 1;
    const row = new Int32Array(this.capacity * stride);
    for (let slot = 0; slot < this.capacity; slot += 1) row.set(this.row.subarray(slot * this.stride, (slot + 1) * this.stride), slot * stride);
    this.row = row;
    this.stride = stride;
  }
}
