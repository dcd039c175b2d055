import { Type } from 'typebox';
import { scoped, storeLocationIds } from '@platform/db';
import { FeaturedProductAdmin, FeaturedProductHit } from '@platform/contracts';
import {
  FEATURED_ADDED, FEATURED_ALREADY, FEATURED_FULL, FEATURED_NOT_FEATURED, FEATURED_ORDER_STALE, FEATURED_PRODUCT_NOT_FOUND, FEATURED_PRODUCTS_LIMIT,
  FEATURED_REMOVED, FEATURED_REORDERED, sameFeaturedSet,
} from '@platform/domain';
import { AppError, errorAnswers, requirePermission, type PlatformResources, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { FeaturedProduct } from './models';
import type { SearchIndexRegistry } from './search/registry';
import type { ProductDetailView, SearchIndex } from './search/search-index';
import { announceFeaturedChange } from './search/changes';
import { forgetTenantCache } from './tenant-cache';
import { requireLocation } from './store-location';

type Admin = FeaturedProductAdmin;
interface Featured { sku: string; sequence: number }

// At most FEATURED_PRODUCTS_LIMIT a store: the owner's screen reads the small collection directly.
const featuredOf = async (ctx: RequestContext) =>
  (await FeaturedProduct.find(scoped(ctx)).sort({ sequence: 1, sku: 1 }).lean()) as unknown as Featured[];

/** The store's location ids, the selected one first (a product not sold there is looked up where it is). */
async function locationsFrom(ctx: RequestContext, here: number): Promise<number[]> {
  return [here, ...(await storeLocationIds(ctx)).filter((id) => id !== here)];
}

/** One featured SKU as the owner sees it: priced at the selected location, else named from where it is sold, else only its SKU. */
function adminItem(index: SearchIndex, locations: number[], sku: string): Admin {
  const [here, ...elsewhere] = locations;
  const sold = index.product({ sku }, here);
  if (sold) return viewOf(sold, 'shown');
  for (const locationId of elsewhere) {
    const there = index.product({ sku }, locationId);
    if (there) return { ...viewOf(there, 'not_sold_here'), price: null, promo_price: null, num_inventory: 0 };
  }
  return { sku, title: null, slug: null, image_url: null, price: null, promo_price: null, num_inventory: 0, showing: 'unavailable' };
}
const viewOf = (p: ProductDetailView, showing: Admin['showing']): Admin => ({
  sku: p.sku, title: p.title, slug: p.slug, image_url: p.image_url, price: p.price, promo_price: p.promo_price, num_inventory: p.num_inventory, showing,
});

/** Whether the catalogue sells the SKU at any of the store's locations (hidden products are not found). */
const inCatalogue = (index: SearchIndex, locations: number[], sku: string) => locations.some((locationId) => index.product({ sku }, locationId) !== null);

export class FeaturedProducts {
  constructor(private readonly registry: SearchIndexRegistry, private readonly resources: Pick<PlatformResources, 'redis' | 'queuePrefix'>) {}

  /** GET admin/favourite-products: every featured SKU in the store's order, as the owner manages them. */
  async list(ctx: RequestContext): Promise<Admin[]> {
    const [featured, index, locations] = await this.context(ctx);
    return featured.map((f) => adminItem(index, locations, f.sku));
  }

  /** POST admin/favourite-products/search: products sold at the selected location matching the words, marked when featured. */
  async search(ctx: RequestContext, query: { search: string; limit: number }): Promise<FeaturedProductHit[]> {
    const [locationId, index, featured] = await Promise.all([requireLocation(ctx), this.registry.get(ctx.tenantId), featuredOf(ctx)]);
    const skus = new Set(featured.map((f) => f.sku));
    const hits = index.search({
      keyword: query.search.trim(), locationId, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: false, promoOnly: false,
      attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: query.limit,
    });
    return hits.items.map((p) => ({
      sku: p.sku, title: p.title, image_url: p.image_url, price: p.price, promo_price: p.promo_price, num_inventory: p.num_inventory, featured: skus.has(p.sku),
    }));
  }

  /** POST admin/favourite-products/add: the product goes last in the list. */
  async add(ctx: RequestContext, sku: string): Promise<Admin[]> {
    const [featured, index, locations] = await this.context(ctx);
    if (!inCatalogue(index, locations, sku)) throw new AppError('not_found', FEATURED_PRODUCT_NOT_FOUND);
    if (featured.some((f) => f.sku === sku)) throw new AppError('conflict', FEATURED_ALREADY);
    if (featured.length >= FEATURED_PRODUCTS_LIMIT) throw new AppError('unprocessable', FEATURED_FULL, { upc: [FEATURED_FULL] });
    const sequence = featured.reduce((highest, f) => Math.max(highest, f.sequence), -1) + 1;
    try {
      await FeaturedProduct.create({ tenantId: ctx.tenantId, sku, sequence });
    } catch (err) {
      // Two adds of one product at once: the unique key (tenant, sku) keeps one.
      if ((err as { code?: number }).code === 11000) throw new AppError('conflict', FEATURED_ALREADY);
      throw err;
    }
    return this.changed(ctx, index, locations, [...featured, { sku, sequence }]);
  }

  /** POST admin/favourite-products/remove. */
  async remove(ctx: RequestContext, sku: string): Promise<Admin[]> {
    const [featured, index, locations] = await this.context(ctx);
    if (!featured.some((f) => f.sku === sku)) throw new AppError('not_found', FEATURED_NOT_FEATURED);
    await FeaturedProduct.deleteOne(scoped(ctx, { sku }));
    return this.changed(ctx, index, locations, featured.filter((f) => f.sku !== sku));
  }

  /** POST admin/favourite-products/reorder: the whole list in its new order (exactly the featured SKUs, else 409). */
  async reorder(ctx: RequestContext, skus: string[]): Promise<Admin[]> {
    const [featured, index, locations] = await this.context(ctx);
    if (!sameFeaturedSet(skus, featured.map((f) => f.sku))) throw new AppError('conflict', FEATURED_ORDER_STALE);
    const now = new Map(featured.map((f) => [f.sku, f.sequence]));
    const moved = skus.map((sku, sequence) => ({ sku, sequence })).filter((f) => now.get(f.sku) !== f.sequence);
    if (moved.length) {
      await FeaturedProduct.bulkWrite(moved.map((f) => ({ updateOne: { filter: scoped(ctx, { sku: f.sku }), update: { $set: { sequence: f.sequence } } } })));
    }
    return this.changed(ctx, index, locations, skus.map((sku, sequence) => ({ sku, sequence })));
  }

  private async context(ctx: RequestContext): Promise<[Featured[], SearchIndex, number[]]> {
    const [featured, index, here] = await Promise.all([featuredOf(ctx), this.registry.get(ctx.tenantId), requireLocation(ctx)]);
    return [featured, index, await locationsFrom(ctx, here)];
  }

  /** After a write: the shoppers' copy is dropped here at once and in every other API process, and the new list answered. */
  private async changed(ctx: RequestContext, index: SearchIndex, locations: number[], featured: Featured[]): Promise<Admin[]> {
    forgetTenantCache(ctx, 'featured-products');
    await announceFeaturedChange(this.resources, ctx.tenantId);
    return featured.map((f) => adminItem(index, locations, f.sku));
  }
}

const tags = ['catalogue'];
const security = [{ bearer: [] }];
/** The product's item code: the catalogue's SKU (the spec's calls name it upc). */
const Upc = Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$' });
const Changed = Type.Object({ status: Type.String(), message: Type.String(), data: Type.Array(FeaturedProductAdmin) });

/**
 * The owner's Featured Products (spec 3 /admin/featured, §7 Favourites): list, search to add, add, remove, reorder;
 * manage_featured_products. Shoppers read them through GET favourite-products.
 */
export const featuredProductRoutes = (registry: SearchIndexRegistry): ServicePlugin => async (app) => {
  const featured = new FeaturedProducts(registry, app.resources);
  const preHandler = requirePermission('manage_featured_products');

  app.get('/admin/favourite-products', {
    preHandler,
    schema: {
      tags, security, summary: "Admin: the store's featured products in their order, priced and stocked at the selected location, with where shoppers see each",
      response: { 200: Type.Object({ data: Type.Array(FeaturedProductAdmin), limit: Type.Integer() }) },
    },
  }, async (request) => ({ data: await featured.list(request.ctx), limit: FEATURED_PRODUCTS_LIMIT }));

  app.post('/admin/favourite-products/search', {
    preHandler,
    schema: {
      tags, security, summary: 'Admin: products sold at the selected location matching the words (name, SKU, brand), each marked when already featured',
      body: Type.Object({ search: Type.String({ minLength: 1, maxLength: 100 }), limit: Type.Integer({ minimum: 1, maximum: 48, default: 12 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Array(FeaturedProductHit) }) },
    },
  }, async (request) => ({ data: await featured.search(request.ctx, request.body) }));

  app.post('/admin/favourite-products/add', {
    preHandler,
    schema: {
      tags, security,
      summary: `Admin: feature a product (upc: its SKU), last in the order; 404 when the catalogue has no such product, 409 when featured already, 422 past ${FEATURED_PRODUCTS_LIMIT}`,
      body: Type.Object({ upc: Upc }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404, 409, 422) },
    },
  }, async (request) => ({ status: 'ok', message: FEATURED_ADDED, data: await featured.add(request.ctx, request.body.upc) }));

  app.post('/admin/favourite-products/remove', {
    preHandler,
    schema: {
      tags, security, summary: 'Admin: stop featuring a product (upc: its SKU); the list after it',
      body: Type.Object({ upc: Upc }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404) },
    },
  }, async (request) => ({ status: 'ok', message: FEATURED_REMOVED, data: await featured.remove(request.ctx, request.body.upc) }));

  app.post('/admin/favourite-products/reorder', {
    preHandler,
    schema: {
      tags, security, summary: 'Admin: the featured products in a new order (every featured SKU once); 409 when the list changed meanwhile',
      body: Type.Object({ upcs: Type.Array(Upc, { maxItems: FEATURED_PRODUCTS_LIMIT, uniqueItems: true }) }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(409) },
    },
  }, async (request) => ({ status: 'ok', message: FEATURED_REORDERED, data: await featured.reorder(request.ctx, request.body.upcs) }));
};
