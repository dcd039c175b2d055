import type { ProductItem } from '@platform/contracts';
import { scoped } from '@platform/db';
import { AppError, type RequestContext } from '@platform/server-kit';
import { FeaturedProduct } from './models';
import type { SearchIndexRegistry } from './search/registry';
import type { ProductDetailView, SearchIndex } from './search/search-index';
import { cachedForTenant } from './tenant-cache';
import { listItem, requireLocation } from './products';

async function at(ctx: RequestContext, registry: SearchIndexRegistry): Promise<{ locationId: number; index: SearchIndex }> {
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  return { locationId, index };
}

/** Products by SKU in the given order, as sold at the location (unknown, hidden and unsold ones left out). */
const bySku = (index: SearchIndex, locationId: number, skus: string[]) =>
  skus.map((sku) => index.product({ sku }, locationId)).filter((p): p is ProductDetailView => p !== null).map(listItem);

/**
 * POST widget/getProducts: a home page product row. Either its SKUs in order, or a department's or brand's
 * newest products (in stock first: out-of-stock ones only when nothing is in stock).
 */
export async function widgetProducts(ctx: RequestContext, registry: SearchIndexRegistry, pick: { skus?: string[]; dept_id?: number; brand_id?: number; limit: number }): Promise<ProductItem[]> {
  if (!pick.skus?.length && !pick.dept_id && !pick.brand_id) {
    throw new AppError('invalid', 'Choose products, a department or a brand.', { skus: ['Choose products, a department or a brand.'] });
  }
  const { locationId, index } = await at(ctx, registry);
  if (pick.skus?.length) return bySku(index, locationId, pick.skus).slice(0, pick.limit);
  return index.search({
    keyword: '', locationId, deptIds: pick.dept_id ? [pick.dept_id] : [], excludeDeptIds: [], brandIds: pick.brand_id ? [pick.brand_id] : [], minCents: null, maxCents: null,
    inStockOnly: true, promoOnly: false, attributes: {}, inStockAtLocationIds: null, sort: 'latest', page: 1, limit: pick.limit,
  }).items;
}

/**
 * GET favourite-products: the store's featured products in its order, at the location (the shopper's Store-Id):
 * those featured at every store, and those featured at this one.
 */
export async function featuredProducts(ctx: RequestContext, registry: SearchIndexRegistry): Promise<ProductItem[]> {
  const [{ locationId, index }, featured] = await Promise.all([
    at(ctx, registry),
    cachedForTenant(ctx, 'featured-products', async () => ((await FeaturedProduct.find(scoped(ctx)).sort({ sequence: 1, sku: 1 }).lean()) as unknown as { sku: string; stores?: number[] }[])
      .map((f) => ({ sku: f.sku, stores: f.stores ?? [] }))),
  ]);
  return bySku(index, locationId, featured.filter((f) => !f.stores.length || f.stores.includes(locationId)).map((f) => f.sku));
}
