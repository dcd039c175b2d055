import type { Redis } from 'ioredis';
import { Location, scoped } from '@platform/db';
import { departmentSlug, milesBetween, NEARBY_STORE_MILES, PRICE_BANDS, PRODUCT_SORTS, type ProductSort } from '@platform/domain';
import type { ProductItem } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { visibleDepartmentsById } from './departments';
import type { SearchIndexRegistry } from './search/registry';
import type { ProductDetailView } from './search/search-index';
import { mostBoughtWith, mostSold, mostViewed, recentViewsKey, type CounterStore } from './tracking';
import { topSearchTerms } from './search-terms';
import { cachedForTenant } from './tenant-cache';
import { visibleBrands } from './brands';
import { requireLocation } from './store-location';
import { pingCounts } from './in-store-ping/counts';

export { requireLocation };

export const SORTS = PRODUCT_SORTS;
export type Sort = ProductSort;


export interface ProductListQuery {
  search?: string;
  keyword?: string;
  dept_id?: number;
  exdept?: string;
  exsubdept?: string;
  brand_id?: number;
  brands?: string;
  start_price?: number;
  end_price?: number;
  page: number;
  limit: number;
  sort: Sort;
  in_stock_only: 0 | 1;
  avail_35?: 0 | 1;
  promo?: 0 | 1;
  promolabel?: string;
  /** Attribute filters: color, size, clothing_* and the x-prefixed keys without their x. */
  attributes?: Record<string, string[]>;
}

/** Query keys that filter on a product attribute of the same name (spec 1 "Search results page query"). */
export const ATTRIBUTE_QUERY_KEYS = ['clothing_gender', 'clothing_type_kw', 'clothing_size', 'size', 'color'] as const;

/** Attribute filters from a query: the named keys, and any key starting with x passed on without the x. */
export function attributeFilters(query: Record<string, unknown>): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = (ATTRIBUTE_QUERY_KEYS as readonly string[]).includes(key) ? key : /^x[a-z0-9_]+$/i.test(key) ? key.slice(1).toLowerCase() : null;
    if (!name || typeof value !== 'string') continue;
    const values = value.split(',').map((v) => v.trim()).filter(Boolean);
    if (values.length) filters[name] = values;
  }
  return filters;
}

const idList = (...parts: (string | number | undefined)[]) =>
  parts.flatMap((part) => String(part ?? '').split(',')).map((id) => Number(id.trim())).filter((id) => Number.isInteger(id) && id > 0);

type DeptInfo = { deptId: number; name: string; level: number; imageUrl: string | null; aliases?: { name: string }[] };
const visibleDepartments: (ctx: RequestContext) => Promise<Map<number, DeptInfo>> = visibleDepartmentsById;

/** Locations within NEARBY_STORE_MILES of the given one (itself included). */
const nearbyLocationIds = async (ctx: RequestContext, locationId: number) => {
  const all = await cachedForTenant(ctx, 'location-coordinates', async () =>
    (await Location.find(scoped(ctx), { locationId: 1, latitude: 1, longitude: 1 }).lean()) as unknown as { locationId: number; latitude: number; longitude: number }[]);
  const here = all.find((l) => l.locationId === locationId);
  return here ? all.filter((l) => milesBetween(here, l) <= NEARBY_STORE_MILES).map((l) => l.locationId) : [locationId];
};

/** Relevant-department tiles: the deepest departments holding the most matches. */
const TOP_DEPARTMENTS = 4;

/** Search and browse: keyword, department, brand, price and stock filters, facets, sort and paging, for one location. */
async function searchLocation(ctx: RequestContext, registry: SearchIndexRegistry, query: ProductListQuery) {
  const [locationId, index, departments] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId), visibleDepartments(ctx)]);
  const hits = index.search({
    keyword: (query.search ?? query.keyword ?? '').trim(),
    locationId,
    deptIds: idList(query.dept_id),
    excludeDeptIds: idList(query.exdept, query.exsubdept),
    brandIds: idList(query.brand_id, query.brands),
    minCents: query.start_price !== undefined ? Math.round(query.start_price * 100) : null,
    maxCents: query.end_price !== undefined ? Math.round(query.end_price * 100) : null,
    inStockOnly: query.in_stock_only === 1,
    promoOnly: query.promo === 1,
    attributes: { ...query.attributes, ...(query.promolabel ? { promolabel: query.promolabel.split(',').map((v) => v.trim()).filter(Boolean) } : {}) },
    inStockAtLocationIds: query.avail_35 === 1 ? await nearbyLocationIds(ctx, locationId) : null,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
  });
  const page = { total: hits.total, current_page: query.page, last_page: Math.max(1, Math.ceil(hits.total / query.limit)) };
  const facets = {
    departments: hits.facets.departments.filter((d) => departments.has(d.dept_id)).map((d) => ({ ...d, name: departments.get(d.dept_id)!.name })),
    brands: hits.facets.brands,
    price_ranges: hits.facets.price_ranges.map((band) => ({ ...band, label: PRICE_BANDS.find((b) => b.key === band.key)!.label })),
    other_facets: hits.facets.other_facets.map((facet) => ({ ...facet, label: attributeLabel(facet.key) })),
    top_departments: topDepartments(hits.facets.departments, departments),
    removed_instock_only: hits.removedInStockOnly,
  };
  return { hits, page, facets };
}

export async function listProducts(ctx: RequestContext, registry: SearchIndexRegistry, query: ProductListQuery) {
  const { hits, page, facets } = await searchLocation(ctx, registry, query);
  return { products: { ...page, data: hits.items }, ...facets };
}

/**
 * The same answer as JSON text, for the API: the page's items are joined from the index's kept serialization
 * of each item (most of a 96-item answer), the rest is serialized here.
 */
export async function listProductsJson(ctx: RequestContext, registry: SearchIndexRegistry, query: ProductListQuery): Promise<string> {
  const { hits, page, facets } = await searchLocation(ctx, registry, query);
  return `{"products":${JSON.stringify(page).slice(0, -1)},"data":${hits.itemsJson}},${JSON.stringify(facets).slice(1)}`;
}

const attributeLabel = (key: string) => key === 'promolabel' ? 'Promotion' : key.replace(/^clothing_/, '').replace(/_kw$/, '').replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function topDepartments(counts: { dept_id: number; count: number }[], departments: Map<number, DeptInfo>) {
  const known = counts.filter((d) => departments.has(d.dept_id));
  const deepest = Math.max(0, ...known.map((d) => departments.get(d.dept_id)!.level));
  return known.filter((d) => departments.get(d.dept_id)!.level === deepest).slice(0, TOP_DEPARTMENTS).map((d) => {
    const dept = departments.get(d.dept_id)!;
    return { dept_id: d.dept_id, name: dept.name, slug: departmentSlug(dept.name, dept.deptId), image_url: dept.imageUrl ?? null, count: d.count };
  });
}

/** Departments and brands suggested (2 each, spec 1). */
const SUGGESTED_GROUP_SIZE = 2;

/**
 * The entries whose name holds the text, then (while fewer than 2) those whose alias holds it, each with that
 * alias: a shopper who types the store's other name for a department or brand is offered it under that name.
 */
function byNameThenAlias<T>(entries: T[], lower: string, name: (entry: T) => string, aliases: (entry: T) => string[]): { entry: T; alias?: string }[] {
  const found: { entry: T; alias?: string }[] = entries.filter((e) => name(e).toLowerCase().includes(lower)).slice(0, SUGGESTED_GROUP_SIZE).map((entry) => ({ entry }));
  for (const entry of entries) {
    if (found.length >= SUGGESTED_GROUP_SIZE) break;
    const alias = found.some((f) => f.entry === entry) ? undefined : aliases(entry).find((a) => a.toLowerCase().includes(lower));
    if (alias) found.push({ entry, alias });
  }
  return found;
}

/** Type-ahead: products (10), departments (2) and brands (2) for a prefix of 3+ characters. */
export async function suggestions(ctx: RequestContext, registry: SearchIndexRegistry, counters: CounterStore, search: string) {
  const term = search.trim();
  if (term.length < 3) return { search_terms: [], products: [], departments: [], brands: [] };
  const [locationId, index, allDepartments, terms] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId), visibleDepartments(ctx), topSearchTerms(ctx, counters, term, 5)]);
  const lower = term.toLowerCase();
  const found = index.suggest(term, locationId, 10).products;
  // How many shoppers asked a store to check each one (in-store pings), one HMGET.
  const pings = await pingCounts({ redis: counters.redis, queuePrefix: counters.prefix }, ctx.tenantId, found.map((p) => p.id));
  const products = found.map((p) => ({ ...p, ping_count: pings.get(p.id) ?? 0 }));
  const departments = byNameThenAlias([...allDepartments.values()], lower, (d) => d.name, (d) => (d.aliases ?? []).map((a) => a.name))
    .map(({ entry: d, alias }) => ({ dept_id: d.deptId, name: d.name, ...(alias ? { alias } : {}) }));
  const brands = byNameThenAlias(await visibleBrands(ctx), lower, (b) => b.name, (b) => (b.alias ? [b.alias] : []))
    .map(({ entry: b, alias }) => ({ brand_id: b.brandId, brand_name: b.name, image: b.image ?? null, ...(alias ? { alias } : {}) }));
  return { search_terms: terms.map((t) => t.term), products, departments, brands };
}

/** One product at the selected location, by product id or slug, with other locations' stock (from the search index). */
export async function productDetail(ctx: RequestContext, registry: SearchIndexRegistry, param: string, field: 'id' | 'slug' | 'sku') {
  const key = field === 'slug' ? { slug: param } : field === 'sku' ? { sku: param } : /^\d+$/.test(param) ? { productId: Number(param) } : null;
  if (!key) throw new AppError('not_found', 'Product not found');
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  const product = index.product(key, locationId);
  if (!product) throw new AppError('not_found', 'Product not found');
  return product;
}

/** A product's searchable data at the location, or 404 (for the addons, videos and similar reads). */
async function requireProduct(ctx: RequestContext, registry: SearchIndexRegistry, productId: number) {
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  const product = index.product({ productId }, locationId);
  if (!product) throw new AppError('not_found', 'Product not found');
  return { locationId, index, product };
}

export const listItem = ({ description, department_path, locations_inventory, addon_product_ids, videos, ...item }: ProductDetailView): ProductItem => item;

/** Add-on products the store pairs with this one, as sold at the location. */
export async function productAddons(ctx: RequestContext, registry: SearchIndexRegistry, productId: number) {
  const { locationId, index, product } = await requireProduct(ctx, registry, productId);
  return product.addon_product_ids.map((id) => index.product({ productId: id }, locationId)).filter((p): p is ProductDetailView => p !== null).map(listItem);
}

export async function productVideos(ctx: RequestContext, registry: SearchIndexRegistry, productId: number) {
  return (await requireProduct(ctx, registry, productId)).product.videos;
}

export async function similarProducts(ctx: RequestContext, registry: SearchIndexRegistry, productId: number, limit: number) {
  const { locationId, index } = await requireProduct(ctx, registry, productId);
  return index.similar(productId, locationId, limit);
}

/** The device's recently viewed products (newest first) that the location sells. */
export async function recentProducts(ctx: RequestContext, registry: SearchIndexRegistry, redis: Redis, prefix: string, deviceId: string, limit: number) {
  const [locationId, index, skus] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId), redis.lrange(recentViewsKey(prefix, ctx.tenantId, deviceId), 0, -1)]);
  return skus.map((sku) => index.product({ sku }, locationId)).filter((p): p is ProductDetailView => p !== null).slice(0, limit).map(listItem);
}

/** Most-viewed products of the tenant, priced for the selected location (counts from Redis, products from the index). */
export async function popularProducts(ctx: RequestContext, registry: SearchIndexRegistry, counters: CounterStore, limit: number) {
  // Extra rows cover products that are hidden or not sold at this location.
  const [locationId, index, stats] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId), mostViewed(counters, ctx.tenantId, limit * 2)]);
  return stats.flatMap((stat) => {
    const found = index.product({ sku: stat.sku }, locationId);
    if (!found) return [];
    return [{ ...listItem(found), views: stat.views }];
  }).slice(0, limit);
}

const DAY_MS = 24 * 3600 * 1000;

/** Best sellers of the last `days` days by units sold (from placed orders, summed in Redis), priced for the selected location. */
export async function topSelling(ctx: RequestContext, registry: SearchIndexRegistry, counters: CounterStore, days: number, limit: number) {
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  const since = new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  // Sales change slowly: a ranking is cached a minute per tenant and window (an empty one is not: a new
  // store's first sales show at once).
  const ranked = await cachedForTenant(ctx, `top-selling:${days}`, () => mostSold(counters, ctx.tenantId, since, 100), (rows) => rows.length > 0);
  return ranked.flatMap((row) => {
    const found = index.product({ sku: row.sku }, locationId);
    return found ? [{ ...listItem(found), sold: row.sold }] : [];
  }).slice(0, limit);
}

/** Products most often in the same orders as this one (pairs counted in Redis), at the selected location. */
export async function alsoPurchased(ctx: RequestContext, registry: SearchIndexRegistry, counters: CounterStore, productId: number, limit: number) {
  const { locationId, index, product } = await requireProduct(ctx, registry, productId);
  const pairs = await mostBoughtWith(counters, ctx.tenantId, product.sku, limit * 2);
  return pairs.map((p) => index.product({ sku: p.sku }, locationId)).filter((p): p is ProductDetailView => p !== null).slice(0, limit).map(listItem);
}
