import type { ProductItem } from '@platform/contracts';
import type { PriceBandKey } from '@platform/domain';

/** A product as search shows it, the same at every location (display fields travel with it). */
export interface SearchDocument {
  productId: number;
  sku: string;
  slug: string;
  title: string;
  originalTitle: string;
  brandId: number | null;
  brandName: string;
  modelNumber: string;
  departmentPath: number[];
  imageUrl: string | null;
  vendorId: number | null;
  hidden: boolean;
  extra: Record<string, unknown>;
  settings: Record<string, unknown>;
  description: string;
  /** Facet attributes: one value per key (color, size, finish, clothing_gender ...). */
  attributes: Record<string, string>;
  promoMessage: string | null;
  competitors: { name: string; priceCents: number; logo: string | null }[];
  additionalFeeDetails: { message: string; priceImpactCents: number }[];
  addonProductIds: number[];
  videos: { title: string; url: string }[];
}

/** A product page's data: the item at one location plus what the page adds. */
export type ProductDetailView = ProductItem & {
  description: string;
  department_path: number[];
  locations_inventory: { location_id: number; num_inventory: number }[];
  addon_product_ids: number[];
  videos: { title: string; url: string }[];
};

/** A product at one location: what filters, facets and price sorts read. */
export interface LocationOffer {
  productId: number;
  locationId: number;
  storeProductId: number;
  priceCents: number;
  promoPriceCents: number | null;
  inventory: number;
  vendorAllowsSpecialOrder: boolean;
  hidden: boolean;
  listedAt: number;
}

/** A product as the owner sees it, hidden or not (SearchIndex.listing). */
export interface ProductListing {
  productId: number;
  hidden: boolean;
  offers: { locationId: number; storeProductId: number; hidden: boolean; item: ProductItem }[];
}

export type SearchSort = 'relevancy' | 'price-desc' | 'price-asc' | 'latest' | 'title-asc' | 'manufacturer-no';

export interface SearchQuery {
  keyword: string;
  locationId: number;
  /** Products in any of these departments (at any level of their path). */
  deptIds: number[];
  excludeDeptIds: number[];
  brandIds: number[];
  minCents: number | null;
  maxCents: number | null;
  inStockOnly: boolean;
  /** Only products on promotion at the location (promo price below the regular price). */
  promoOnly: boolean;
  /** Attribute filters: key → accepted values (color=Red,Blue). */
  attributes: Record<string, string[]>;
  /** When set, only products in stock at one of these locations (avail_35: stores within 35 miles). */
  inStockAtLocationIds: number[] | null;
  sort: SearchSort;
  page: number;
  limit: number;
}

export interface SearchFacets {
  departments: { dept_id: number; count: number }[];
  brands: { brand_id: number; brand_name: string; count: number }[];
  price_ranges: { key: PriceBandKey; count: number }[];
  /** Attribute facets (color, size ...), each value with its count. */
  other_facets: { key: string; values: { value: string; count: number }[] }[];
}

export interface SearchHits {
  total: number;
  /** The requested page, priced and stocked for the query's location. */
  readonly items: ProductItem[];
  /** The same page as JSON text (an array): what the API sends, without building the objects. */
  readonly itemsJson: string;
  facets: SearchFacets;
  removedInStockOnly: boolean;
}

/** Other names of departments and brands: a product answers to its departments' and its brand's alias words. */
export interface SearchAliases {
  departments: { deptId: number; names: string[] }[];
  brands: { brandId: number; names: string[] }[];
}

export interface Suggestions {
  products: ProductItem[];
}

/**
 * One tenant's product search. Implementations keep everything in memory; a large platform can put a
 * search cluster behind the same interface (docs/SEARCH.md).
 */
export interface SearchIndex {
  readonly tenantId: string;
  readonly documentCount: number;
  /** Rough heap the index holds, for the registry's memory budget. */
  readonly approxBytes: number;
  search(query: SearchQuery): SearchHits;
  suggest(prefix: string, locationId: number, limit: number): Suggestions;
  /** One product by slug, id or sku at a location; null when unknown, hidden or not sold there. */
  product(key: { slug: string } | { productId: number } | { sku: string }, locationId: number): ProductDetailView | null;
  /**
   * A product by SKU whether shoppers see it or not (the owner's screens: featuring a hidden product): whether it is
   * hidden everywhere, and each location's offer with its own hide and its item there; null when unknown.
   */
  listing(sku: string): ProductListing | null;
  /** A store product (one location's offer) as sold now; null when unknown, hidden or gone. Cart reads use it. */
  storeProduct(storeProductId: number): ProductItem | null;
  /** Listed products per brand at a location (brand index counts). */
  brandCounts(locationId: number): Map<number, number>;
  /** Products like this one at the location: same deepest department, nearest in price. */
  similar(productId: number, locationId: number, limit: number): ProductItem[];
  /** Per-tenant synonyms: each group's words match one another. */
  setSynonyms(groups: string[][]): void;
  /** The store's department and brand aliases (replacing the previous ones): matches after direct ones. */
  setAliases(aliases: SearchAliases): void;
  /** Brands whose products are off the storefront (hide-brand-products), replacing the previous list: their products answer nowhere. */
  setHiddenBrands(brandIds: number[]): void;
  /** Departments whose products are off the storefront (department setting hideProducts, at any level of a product's path), replacing the previous list. */
  setHiddenDepartments(deptIds: number[]): void;
  /** Adds or replaces products with all their location offers. */
  upsert(documents: SearchDocument[], offers: LocationOffer[]): void;
  remove(productIds: number[]): void;
  /** The store products (one per location) of these products, for a change of their stock only. */
  storeProductIdsOf(productIds: number[]): number[];
  /** New stock counts, store product id → units: nothing else of the products is read or indexed again. */
  setInventory(counts: [storeProductId: number, inventory: number][]): void;
}
