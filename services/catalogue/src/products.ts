import { resolveLocationId, scoped } from '@platform/db';
import { formatCents } from '@platform/domain';
import type { ProductItem } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { Product, ProductStat, StoreProduct } from './models';

export const SORTS = ['relevancy', 'price-desc', 'price-asc', 'latest', 'title-asc', 'manufacturer-no'] as const;
export type Sort = (typeof SORTS)[number];

const SORT_FIELDS: Record<Sort, Record<string, 1 | -1>> = {
  relevancy: { title: 1 },
  'price-desc': { priceCents: -1 },
  'price-asc': { priceCents: 1 },
  latest: { listedAt: -1 },
  'title-asc': { title: 1 },
  'manufacturer-no': { sku: 1 },
};

export interface ProductListQuery {
  dept_id?: number;
  brand_id?: number;
  brands?: string;
  page: number;
  limit: number;
  sort: Sort;
  in_stock_only: 0 | 1;
}

type StoreProductDoc = { storeProductId: number; locationId: number; productId: number; priceCents: number; promoPriceCents: number | null; inventory: number; vendorAllowsSpecialOrder: boolean; hidden: boolean };
type ProductDoc = { productId: number; sku: string; slug: string; title: string; originalTitle: string; brandName: string; modelNumber: string; imageUrl: string | null; vendorId: number | null; hidden: boolean; extra: Record<string, unknown>; settings: Record<string, unknown>; departmentPath: number[]; description: string };

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

async function requireLocation(ctx: RequestContext): Promise<number> {
  const locationId = await resolveLocationId(ctx, ctx.storeId);
  if (locationId === null) throw new AppError('not_found', 'This store has no locations yet');
  return locationId;
}

/** Joins store products (in their order) with their catalogue products. */
async function withProducts(ctx: RequestContext, storeProducts: StoreProductDoc[]): Promise<ProductItem[]> {
  const products = (await Product.find(scoped(ctx, { productId: { $in: storeProducts.map((sp) => sp.productId) } })).lean()) as unknown as ProductDoc[];
  const byId = new Map(products.map((p) => [p.productId, p]));
  return storeProducts.flatMap((sp) => {
    const product = byId.get(sp.productId);
    return product ? [toProductItem(product, sp)] : [];
  });
}

/** A location's product list with department/brand filters, sort and paging (keyword search: catalogue issue). */
export async function listProducts(ctx: RequestContext, query: ProductListQuery) {
  const locationId = await requireLocation(ctx);
  const brandIds = [query.brand_id, ...(query.brands ?? '').split(',').map((b) => Number(b.trim()))].filter((b): b is number => Number.isInteger(b) && b! > 0);
  const base: Record<string, unknown> = { locationId, hidden: { $ne: true } };
  if (query.dept_id) base.departmentPath = query.dept_id;
  if (brandIds.length) base.brandId = { $in: brandIds };

  let removedInStockOnly = false;
  let filter = scoped(ctx, query.in_stock_only ? { ...base, inventory: { $gt: 0 } } : base);
  let total = await StoreProduct.countDocuments(filter);
  if (total === 0 && query.in_stock_only) {
    // Spec: when nothing matches in stock, show everything and say all products are out of stock.
    const all = scoped(ctx, base);
    const allTotal = await StoreProduct.countDocuments(all);
    if (allTotal > 0) { filter = all; total = allTotal; removedInStockOnly = true; }
  }
  const page = await StoreProduct.find(filter)
    .sort({ ...SORT_FIELDS[query.sort], storeProductId: 1 })
    .skip((query.page - 1) * query.limit)
    .limit(query.limit)
    .lean();
  return {
    products: {
      total,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.limit)),
      data: await withProducts(ctx, page as unknown as StoreProductDoc[]),
    },
    removed_instock_only: removedInStockOnly,
  };
}

/** One product at the selected location, by product id or slug; other locations' stock alongside. */
export async function productDetail(ctx: RequestContext, param: string, field: 'id' | 'slug') {
  const filter = field === 'slug' ? { slug: param } : /^\d+$/.test(param) ? { productId: Number(param) } : null;
  const product = filter ? ((await Product.findOne(scoped(ctx, filter)).lean()) as unknown as ProductDoc | null) : null;
  if (!product || product.hidden) throw new AppError('not_found', 'Product not found');
  const locationId = await requireLocation(ctx);
  const storeProducts = (await StoreProduct.find(scoped(ctx, { productId: product.productId })).lean()) as unknown as StoreProductDoc[];
  const here = storeProducts.find((sp) => sp.locationId === locationId);
  if (!here || here.hidden) throw new AppError('not_found', 'Product not found');
  return {
    ...toProductItem(product, here),
    description: product.description,
    department_path: product.departmentPath,
    locations_inventory: storeProducts.map((sp) => ({ location_id: sp.locationId, num_inventory: sp.inventory })),
  };
}

/** Most-viewed products of the tenant, priced for the selected location. */
export async function popularProducts(ctx: RequestContext, limit: number) {
  const locationId = await requireLocation(ctx);
  const stats = (await ProductStat.find(scoped(ctx, { views: { $gt: 0 } })).sort({ views: -1, sku: 1 }).limit(limit).lean()) as unknown as { sku: string; views: number }[];
  const products = (await Product.find(scoped(ctx, { sku: { $in: stats.map((s) => s.sku) }, hidden: { $ne: true } })).lean()) as unknown as ProductDoc[];
  const storeProducts = (await StoreProduct.find(scoped(ctx, { locationId, productId: { $in: products.map((p) => p.productId) }, hidden: { $ne: true } })).lean()) as unknown as StoreProductDoc[];
  const productBySku = new Map(products.map((p) => [p.sku, p]));
  const spByProduct = new Map(storeProducts.map((sp) => [sp.productId, sp]));
  return stats.flatMap((stat) => {
    const product = productBySku.get(stat.sku);
    const sp = product && spByProduct.get(product.productId);
    return product && sp ? [{ ...toProductItem(product, sp), views: stat.views }] : [];
  });
}
