import { Type } from 'typebox';
import { scoped, storeLocationIds } from '@platform/db';
import { FeaturedProductAdmin, FeaturedProductHit, FeaturedStoreChoice } from '@platform/contracts';
import {
  FEATURED_ADDED, FEATURED_ADDED_SHOWN, FEATURED_ALREADY, FEATURED_FULL, FEATURED_HIDDEN, FEATURED_NOT_FEATURED, FEATURED_NOT_SOLD_AT_STORES, FEATURED_ORDER_STALE,
  FEATURED_PRODUCT_NOT_FOUND, FEATURED_PRODUCTS_LIMIT, FEATURED_REMOVED, FEATURED_REORDERED, FEATURED_STORE_UNKNOWN, FEATURED_UPDATED, sameFeaturedSet,
} from '@platform/domain';
import { AppError, errorAnswers, requirePermission, type PlatformResources, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { FeaturedProduct, Product, productDocId, StoreProduct, storeProductDocId } from './models';
import type { SearchIndexRegistry } from './search/registry';
import type { ProductDetailView, ProductListing, SearchIndex } from './search/search-index';
import { announceCatalogueChange, announceFeaturedChange } from './search/changes';
import { forgetTenantCache } from './tenant-cache';
import { requireLocation, storeLocationChoices } from './store-location';

type Admin = FeaturedProductAdmin;
/** A featured product: its SKU, place, and the location ids it shows at (empty: every store). */
interface Featured { sku: string; sequence: number; stores: number[] }

// At most FEATURED_PRODUCTS_LIMIT a store: the owner's screen reads the small collection directly.
const featuredOf = async (ctx: RequestContext) =>
  ((await FeaturedProduct.find(scoped(ctx)).sort({ sequence: 1, sku: 1 }).lean()) as unknown as Featured[]).map((f) => ({ sku: f.sku, sequence: f.sequence, stores: f.stores ?? [] }));

/** The store's location ids, the selected one first (a product not sold there is looked up where it is). */
async function locationsFrom(ctx: RequestContext, here: number): Promise<number[]> {
  return [here, ...(await storeLocationIds(ctx)).filter((id) => id !== here)];
}

/**
 * One featured product as the owner sees it: priced at the selected location, else named from where it is sold, else
 * named from where it is hidden, else only its SKU; with the stores it is featured at.
 */
function adminItem(index: SearchIndex, locations: number[], { sku, stores }: Pick<Featured, 'sku' | 'stores'>): Admin {
  const [here, ...elsewhere] = locations;
  const sold = index.product({ sku }, here);
  if (sold) return viewOf(sold, 'shown', stores);
  for (const locationId of elsewhere) {
    const there = index.product({ sku }, locationId);
    if (there) return { ...viewOf(there, 'not_sold_here', stores), price: null, promo_price: null, num_inventory: 0 };
  }
  const hidden = index.listing(sku)?.offers;
  const offer = hidden?.find((o) => o.locationId === here) ?? hidden?.[0];
  if (offer) return { ...viewOf(offer.item, 'hidden', stores), price: null, promo_price: null, num_inventory: 0 };
  return { sku, title: null, slug: null, image_url: null, price: null, promo_price: null, num_inventory: 0, showing: 'unavailable', stores };
}
const viewOf = (p: Pick<ProductDetailView, 'sku' | 'title' | 'slug' | 'image_url' | 'price' | 'promo_price' | 'num_inventory'>, showing: Admin['showing'], stores: number[]): Admin => ({
  sku: p.sku, title: p.title, slug: p.slug, image_url: p.image_url, price: p.price, promo_price: p.promo_price, num_inventory: p.num_inventory, showing, stores,
});

export class FeaturedProducts {
  constructor(private readonly registry: SearchIndexRegistry, private readonly resources: PlatformResources) {}

  /** GET admin/favourite-products: every featured SKU in the store's order, as the owner manages them. */
  async list(ctx: RequestContext): Promise<Admin[]> {
    const [featured, index, locations] = await this.context(ctx);
    return featured.map((f) => adminItem(index, locations, f));
  }

  /** GET admin/favourite-products/stores: the store's locations a product can be featured at, in the store's order. */
  stores(ctx: RequestContext): Promise<FeaturedStoreChoice[]> {
    return storeLocationChoices(ctx);
  }

  /**
   * POST admin/favourite-products/search: products sold at the selected location matching the words, marked when
   * featured; a product hidden there is found by its exact SKU only, first and marked hidden.
   */
  async search(ctx: RequestContext, query: { search: string; limit: number }): Promise<FeaturedProductHit[]> {
    const [locationId, index, featured] = await Promise.all([requireLocation(ctx), this.registry.get(ctx.tenantId), featuredOf(ctx)]);
    const skus = new Set(featured.map((f) => f.sku));
    const words = query.search.trim();
    const hits = index.search({
      keyword: words, locationId, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: false, promoOnly: false,
      attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: query.limit,
    });
    const hiddenHere = index.product({ sku: words }, locationId) ? undefined : index.listing(words)?.offers.find((o) => o.locationId === locationId)?.item;
    return [...(hiddenHere ? [{ p: hiddenHere, hidden: true }] : []), ...hits.items.map((p) => ({ p, hidden: false }))].slice(0, query.limit).map(({ p, hidden }) => ({
      sku: p.sku, title: p.title, image_url: p.image_url, price: p.price, promo_price: p.promo_price, num_inventory: p.num_inventory, featured: skus.has(p.sku), hidden,
    }));
  }

  /**
   * POST admin/favourite-products/add: the product goes last in the list, featured at the chosen stores (none: every
   * store). A product hidden from the storefront at those stores is featured only with `unhide`, which shows it again
   * there (docs/API-DECISIONS.md 'Featured Products'): its hide everywhere is lifted, and its hide at each chosen store.
   */
  async add(ctx: RequestContext, input: { upc: string; stores?: number[]; unhide?: boolean }): Promise<{ message: string; data: Admin[] }> {
    const sku = input.upc;
    const [featured, index, locations] = await this.context(ctx);
    const listing = index.listing(sku);
    if (!listing?.offers.length) throw new AppError('not_found', FEATURED_PRODUCT_NOT_FOUND);
    const stores = this.checkStores(index, locations, sku, input.stores ?? []);
    const at = stores.length ? stores : locations;
    const shown = at.some((locationId) => index.product({ sku }, locationId) !== null);
    if (!shown && !input.unhide) throw new AppError('unprocessable', FEATURED_HIDDEN, { unhide: [FEATURED_HIDDEN] });
    if (featured.some((f) => f.sku === sku)) throw new AppError('conflict', FEATURED_ALREADY);
    if (featured.length >= FEATURED_PRODUCTS_LIMIT) throw new AppError('unprocessable', FEATURED_FULL, { upc: [FEATURED_FULL] });
    const sequence = featured.reduce((highest, f) => Math.max(highest, f.sequence), -1) + 1;
    try {
      await FeaturedProduct.create({ tenantId: ctx.tenantId, sku, sequence, stores });
    } catch (err) {
      // Two adds of one product at once: the unique key (tenant, sku) keeps one.
      if ((err as { code?: number }).code === 11000) throw new AppError('conflict', FEATURED_ALREADY);
      throw err;
    }
    const shownAgain = input.unhide ? await this.unhide(ctx, listing, at) : false;
    return { message: shownAgain ? FEATURED_ADDED_SHOWN : FEATURED_ADDED, data: await this.changed(ctx, index, locations, [...featured, { sku, sequence, stores }]) };
  }

  /**
   * Shows a hidden product on the storefront again at the given locations: the product's own hide and its offers'
   * hides there are lifted (by `_id`), and the change goes the catalogue's way (queued, then every API process's
   * search index). Whether anything was hidden.
   */
  private async unhide(ctx: RequestContext, listing: ProductListing, at: number[]): Promise<boolean> {
    const offers = listing.offers.filter((o) => o.hidden && at.includes(o.locationId));
    if (!listing.hidden && !offers.length) return false;
    if (listing.hidden) await Product.updateOne(scoped(ctx, { _id: productDocId(ctx.tenantId, listing.productId) }), { $set: { hidden: false } });
    for (const offer of offers) await StoreProduct.updateOne(scoped(ctx, { _id: storeProductDocId(ctx.tenantId, offer.storeProductId) }), { $set: { hidden: false } });
    await announceCatalogueChange(this.resources, ctx.tenantId, [listing.productId]);
    return true;
  }

  /**
   * POST admin/favourite-products/update {upc, stores}: the stores a featured product shows at, changed in place (its
   * place in the list kept; none: every store). 404 when this store does not feature it (another store's entry too),
   * 422 for a location not the store's or stores none of which sells it. Featuring never hides or shows a product: one
   * hidden at the new stores stays hidden there (the card says so).
   */
  async update(ctx: RequestContext, input: { upc: string; stores: number[] }): Promise<Admin[]> {
    const sku = input.upc;
    const [featured, index, locations] = await this.context(ctx);
    if (!featured.some((f) => f.sku === sku)) throw new AppError('not_found', FEATURED_NOT_FEATURED);
    const stores = this.checkStores(index, locations, sku, input.stores);
    await FeaturedProduct.updateOne(scoped(ctx, { sku }), { $set: { stores } });
    return this.changed(ctx, index, locations, featured.map((f) => (f.sku === sku ? { ...f, stores } : f)));
  }

  /** The chosen stores (each once), or 422: a location not the store's, or stores none of which sells the product. */
  private checkStores(index: SearchIndex, locations: number[], sku: string, chosen: number[]): number[] {
    const stores = [...new Set(chosen)];
    if (stores.some((id) => !locations.includes(id))) throw new AppError('unprocessable', FEATURED_STORE_UNKNOWN, { stores: [FEATURED_STORE_UNKNOWN] });
    const at = stores.length ? stores : locations;
    if (!index.listing(sku)?.offers.some((o) => at.includes(o.locationId))) throw new AppError('unprocessable', FEATURED_NOT_SOLD_AT_STORES, { stores: [FEATURED_NOT_SOLD_AT_STORES] });
    return stores;
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
    const stores = new Map(featured.map((f) => [f.sku, f.stores]));
    return this.changed(ctx, index, locations, skus.map((sku, sequence) => ({ sku, sequence, stores: stores.get(sku) ?? [] })));
  }

  private async context(ctx: RequestContext): Promise<[Featured[], SearchIndex, number[]]> {
    const [featured, index, here] = await Promise.all([featuredOf(ctx), this.registry.get(ctx.tenantId), requireLocation(ctx)]);
    return [featured, index, await locationsFrom(ctx, here)];
  }

  /** After a write: the shoppers' copy is dropped here at once and in every other API process, and the new list answered. */
  private async changed(ctx: RequestContext, index: SearchIndex, locations: number[], featured: Featured[]): Promise<Admin[]> {
    forgetTenantCache(ctx, 'featured-products');
    await announceFeaturedChange(this.resources, ctx.tenantId);
    return featured.map((f) => adminItem(index, locations, f));
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

  app.get('/admin/favourite-products/stores', {
    preHandler,
    schema: {
      tags, security, summary: "Admin: the store's locations a product can be featured at (id, name), in the store's order",
      response: { 200: Type.Object({ data: Type.Array(FeaturedStoreChoice) }) },
    },
  }, async (request) => ({ data: await featured.stores(request.ctx) }));

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
      summary: 'Admin: feature a product (upc: its SKU), last in the order, at the chosen stores (stores: location ids; none: every store); unhide: '
        + `also show a hidden product on the storefront again. 404 when the catalogue has no such product, 409 when featured already, 422 for a store not the store's, `
        + `a product not sold at the chosen stores, a hidden product without unhide, or past ${FEATURED_PRODUCTS_LIMIT}`,
      body: Type.Object({
        upc: Upc,
        stores: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, uniqueItems: true })),
        unhide: Type.Optional(Type.Boolean()),
      }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404, 409, 422) },
    },
  }, async (request) => ({ status: 'ok', ...(await featured.add(request.ctx, request.body)) }));

  app.post('/admin/favourite-products/update', {
    preHandler,
    schema: {
      tags, security,
      summary: 'Admin: change the stores a featured product shows at (upc: its SKU; stores: location ids, empty: every store), its place kept. '
        + "404 when the store does not feature it, 422 for a location not the store's or stores none of which sells it",
      body: Type.Object({
        upc: Upc,
        stores: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, uniqueItems: true }),
      }, { additionalProperties: false }),
      response: { 200: Changed, ...errorAnswers(404, 422) },
    },
  }, async (request) => ({ status: 'ok', message: FEATURED_UPDATED, data: await featured.update(request.ctx, request.body) }));

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
