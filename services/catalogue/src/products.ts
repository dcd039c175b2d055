import { resolveLocationId, scoped } from '@platform/db';
import { formatCents, PRICE_BANDS } from '@platform/domain';
import type { ProductItem } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { Brand, Department, ProductStat } from './models';
import type { SearchIndexRegistry } from './search/registry';

export const SORTS = ['relevancy', 'price-desc', 'price-asc', 'latest', 'title-asc', 'manufacturer-no'] as const;
export type Sort = (typeof SORTS)[number];


type StoreProductDoc = { storeProductId: number; locationId: number; productId: number; priceCents: number; promoPriceCents: number | null; inventory: number; vendorAllowsSpecialOrder: boolean; hidden: boolean };
type ProductDoc = { productId: number; sku: string; slug: string; title: string; originalTitle: string; brandName: string; modelNumber: string; imageUrl: string | null; vendorId: number | null; hidden: boolean; extra: Record<string, unknown>; settings: Record<string, unknown>; departmentPath: number[]; description: string };

/** A catalogue product at one location, as the API shows it (reads from the database, not the index). */
export function toProductItem(product: ProductDoc, storeProduct: StoreProductDoc): ProductItem {
  return {
    id: product.productId,
    store_product_id: storeProduct.storeProductId,
    slug: product.slug,
    sku: product.sku,
    title: product.title,
    original_title: product.originalTitle,
    brand_name: product.brandName,
    model_number: product.modelNumber,
    price: formatCents(storeProduct.priceCents),
    promo_price: storeProduct.promoPriceCents === null || storeProduct.promoPriceCents === undefined ? null : formatCents(storeProduct.promoPriceCents),
    image_url: product.imageUrl ?? null,
    num_inventory: storeProduct.inventory,
    inventory: storeProduct.inventory,
    vendor_id: product.vendorId ?? null,
    vendor_allows_special_order: Boolean(storeProduct.vendorAllowsSpecialOrder),
    location: storeProduct.locationId,
    hidden: Boolean(product.hidden || storeProduct.hidden),
    extra: product.extra ?? {},
    settings: product.settings ?? {},
  };
}

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
}

const idList = (...parts: (string | number | undefined)[]) =>
  parts.flatMap((part) => String(part ?? '').split(',')).map((id) => Number(id.trim())).filter((id) => Number.isInteger(id) && id > 0);

async function requireLocation(ctx: RequestContext): Promise<number> {
  const locationId = await resolveLocationId(ctx, ctx.storeId);
  if (locationId === null) throw new AppError('not_found', 'This store has no locations yet');
  return locationId;
}

const tenantCaches = new Map<string, { at: number; value: unknown }>();
/** Small per-tenant lookups (department and brand names) cached for a minute: they change rarely. */
async function cachedForTenant<T>(ctx: RequestContext, name: string, load: () => Promise<T>): Promise<T> {
  const key = `${name}:${ctx.tenantId}`;
  const hit = tenantCaches.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.value as T;
  const value = await load();
  if (tenantCaches.size > 10_000) tenantCaches.clear();
  tenantCaches.set(key, { at: Date.now(), value });
  return value;
}

const departmentNames = (ctx: RequestContext) => cachedForTenant(ctx, 'departments', async () => {
  const docs = (await Department.find(scoped(ctx, { hidden: { $ne: true } }), { deptId: 1, name: 1 }).lean()) as unknown as { deptId: number; name: string }[];
  return new Map(docs.map((d) => [d.deptId, d.name]));
});

const visibleBrands = (ctx: RequestContext) => cachedForTenant(ctx, 'brands', async () =>
  (await Brand.find(scoped(ctx, { hidden: { $ne: true } }), { brandId: 1, name: 1, image: 1 }).lean()) as unknown as { brandId: number; name: string; image: string | null }[]);

/** Search and browse: keyword, department, brand, price and stock filters, facets, sort and paging, for one location. */
export async function listProducts(ctx: RequestContext, registry: SearchIndexRegistry, query: ProductListQuery) {
  const [locationId, index, deptNames] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId), departmentNames(ctx)]);
  const hits = index.search({
    keyword: (query.search ?? query.keyword ?? '').trim(),
    locationId,
    deptIds: idList(query.dept_id),
    excludeDeptIds: idList(query.exdept, query.exsubdept),
    brandIds: idList(query.brand_id, query.brands),
    minCents: query.start_price !== undefined ? Math.round(query.start_price * 100) : null,
    maxCents: query.end_price !== undefined ? Math.round(query.end_price * 100) : null,
    inStockOnly: query.in_stock_only === 1,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
  });
  return {
    products: { total: hits.total, current_page: query.page, last_page: Math.max(1, Math.ceil(hits.total / query.limit)), data: hits.items },
    departments: hits.facets.departments.filter((d) => deptNames.has(d.dept_id)).map((d) => ({ ...d, name: deptNames.get(d.dept_id)! })),
    brands: hits.facets.brands,
    price_ranges: hits.facets.price_ranges.map((band) => ({ ...band, label: PRICE_BANDS.find((b) => b.key === band.key)!.label })),
    removed_instock_only: hits.removedInStockOnly,
  };
}

/** Type-ahead: products (10), departments (2) and brands (2) for a prefix of 3+ characters. */
export async function suggestions(ctx: RequestContext, registry: SearchIndexRegistry, search: string) {
  const term = search.trim();
  if (term.length < 3) return { products: [], departments: [], brands: [] };
  const [locationId, index, deptNames] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId), departmentNames(ctx)]);
  const lower = term.toLowerCase();
  const products = index.suggest(term, locationId, 10).products;
  const departments = [...deptNames].filter(([, name]) => name.toLowerCase().includes(lower)).slice(0, 2).map(([dept_id, name]) => ({ dept_id, name }));
  const brands = (await visibleBrands(ctx))
    .filter((b) => b.name.toLowerCase().includes(lower)).slice(0, 2).map((b) => ({ brand_id: b.brandId, brand_name: b.name, image: b.image ?? null }));
  return { products, departments, brands };
}

/** One product at the selected location, by product id or slug, with other locations' stock (from the search index). */
export async function productDetail(ctx: RequestContext, registry: SearchIndexRegistry, param: string, field: 'id' | 'slug') {
  const key = field === 'slug' ? { slug: param } : /^\d+$/.test(param) ? { productId: Number(param) } : null;
  if (!key) throw new AppError('not_found', 'Product not found');
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  const product = index.product(key, locationId);
  if (!product) throw new AppError('not_found', 'Product not found');
  return product;
}

/** Most-viewed products of the tenant, priced for the selected location (counts from the database, products from the index). */
export async function popularProducts(ctx: RequestContext, registry: SearchIndexRegistry, limit: number) {
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  // Extra rows cover products that are hidden or not sold at this location.
  const stats = (await ProductStat.find(scoped(ctx, { views: { $gt: 0 } })).sort({ views: -1, sku: 1 }).limit(limit * 2).lean()) as unknown as { sku: string; views: number }[];
  return stats.flatMap((stat) => {
    const found = index.product({ sku: stat.sku }, locationId);
    if (!found) return [];
    const { description, department_path, locations_inventory, ...item } = found;
    return [{ ...item, views: stat.views }];
  }).slice(0, limit);
}
