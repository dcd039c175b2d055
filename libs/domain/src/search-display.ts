/** Price bands of the search filter panel (spec 1 §5), in integer cents; `max` null means open-ended. */
export const PRICE_BANDS = [
  { key: '0-50', label: '$0 - $50', min: 0, max: 5000 },
  { key: '50-150', label: '$50 - $150', min: 5000, max: 15000 },
  { key: '150-250', label: '$150 - $250', min: 15000, max: 25000 },
  { key: '250-500', label: '$250 - $500', min: 25000, max: 50000 },
  { key: '500+', label: 'more than $500', min: 50000, max: null },
] as const;
export type PriceBandKey = (typeof PRICE_BANDS)[number]['key'];

/** The band a price falls in: lower bound inclusive, upper bound exclusive. */
export function priceBandOf(cents: number): PriceBandKey {
  const band = PRICE_BANDS.find((b) => cents >= b.min && (b.max === null || cents < b.max));
  return (band ?? PRICE_BANDS[PRICE_BANDS.length - 1]).key;
}

/** Spec defaults for a price filter with one end missing. */
export const PRICE_FILTER_MAX_DEFAULT = 1000000;

/** Price filter wording: 'more than $X', 'less than $X' or '$X - $Y' (whole dollars as typed). */
export function priceFilterLabel(start: number | null, end: number | null, currencyPrefix = '$'): string | null {
  if (start !== null && end !== null) return `${currencyPrefix}${start} - ${currencyPrefix}${end}`;
  if (start !== null) return `more than ${currencyPrefix}${start}`;
  if (end !== null) return `less than ${currencyPrefix}${end}`;
  return null;
}

export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string };

/**
 * The numbered part of the pagination bar: the first and last pages, up to 3 pages either side of
 * the current one, and an ellipsis for each gap (first/previous/next/last buttons sit around it).
 */
export function paginationWindow(current: number, lastPage: number, around = 3): PageItem[] {
  if (lastPage < 1) return [];
  const page = Math.min(Math.max(current, 1), lastPage);
  const from = Math.max(1, page - around);
  const to = Math.min(lastPage, page + around);
  const items: PageItem[] = [];
  if (from > 1) items.push({ type: 'page', page: 1 });
  if (from > 2) items.push({ type: 'ellipsis', key: 'start' });
  for (let p = from; p <= to; p += 1) items.push({ type: 'page', page: p });
  if (to < lastPage - 1) items.push({ type: 'ellipsis', key: 'end' });
  if (to < lastPage) items.push({ type: 'page', page: lastPage });
  return items;
}

/** Sort options of product lists (spec 1 §9), in the order the sort selector shows them. */
export const PRODUCT_SORTS = ['relevancy', 'price-asc', 'price-desc', 'latest', 'title-asc', 'manufacturer-no'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** What the sort selector (and the owner's default sort setting) calls each sort. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  relevancy: 'Relevancy', 'price-asc': 'Price: Low to High', 'price-desc': 'Price: High to Low',
  latest: 'New Arrivals', 'title-asc': 'Alphabetical', 'manufacturer-no': 'Manufacturer No.',
};
/** The most products one listing page may ask for (the products call refuses more). */
export const MAX_LISTING_LIMIT = 200;

/** The store settings a product listing page starts from. */
export interface ListingSettings { itemsPerPage?: number; defaultSort?: string; filterShowOutOfStock?: boolean }
export interface ListingQuery { limit: number; sort: ProductSort; in_stock_only: 0 | 1; exdept?: string; exsubdept?: string }

const isSort = (value: string | null | undefined): value is ProductSort => (PRODUCT_SORTS as readonly string[]).includes(value ?? '');
const ID_LIST = /^\d+(\s*,\s*\d+)*$/;

/**
 * The in-stock rule of listing pages (spec 1 §9): only in-stock products unless the store's out-of-stock
 * filter setting is on.
 */
export function defaultInStockOnly(settings: ListingSettings): 0 | 1 {
  return settings.filterShowOutOfStock ? 0 : 1;
}

/**
 * What a search, department or brand page asks for, from its URL (`get` reads one parameter) and the store's
 * settings: `limit` (1-200, else itemsPerPage, else 96), `sort` (else the store's default sort, else relevancy),
 * `in_stock_only` (0/1, else the in-stock rule) and the `exdept` / `exsubdept` department exclusions.
 */
export function listingQuery(get: (key: string) => string | null, settings: ListingSettings): ListingQuery {
  const asked = Number(get('limit'));
  const fallback = Number.isInteger(settings.itemsPerPage) && settings.itemsPerPage! >= 1 ? Math.min(settings.itemsPerPage!, MAX_LISTING_LIMIT) : 96;
  const stock = get('in_stock_only');
  const query: ListingQuery = {
    limit: Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_LISTING_LIMIT) : fallback,
    sort: isSort(get('sort')) ? get('sort') as ProductSort : isSort(settings.defaultSort) ? settings.defaultSort : 'relevancy',
    in_stock_only: stock === '0' || stock === '1' ? Number(stock) as 0 | 1 : defaultInStockOnly(settings),
  };
  for (const key of ['exdept', 'exsubdept'] as const) {
    const value = get(key)?.trim();
    if (value && ID_LIST.test(value)) query[key] = value.replace(/\s+/g, '');
  }
  return query;
}
