import type { Redis } from 'ioredis';
import { findByIds, inBackground, Location, scoped } from '@platform/db';
import { Brand, Department, Product, productDocId, StoreProduct, storeProductDocId } from '../models';
import type { LocationOffer, SearchAliases, SearchDocument } from './search-index';
import { toSearchDocument } from '../product-item';
import { heldCounts } from '../stock';

export type Catalogue = { documents: SearchDocument[]; offers: LocationOffer[] };

/**
 * Search rows: one JSON row per product (display fields + every location's offer) in a Redis hash per
 * tenant. Derived from Product + StoreProduct; index builds read the hash (one HGETALL) instead of
 * 1 + locations documents per product from the database, which FerretDB serves at ~150 µs each.
 */
export interface SearchRowStore { redis: Redis; prefix: string }
const key = (store: SearchRowStore, tenantId: string) => `${store.prefix}:search-rows:${tenantId}`;

type Offer = LocationOffer;
const toOffer = (sp: any): Offer => ({
  productId: sp.productId, locationId: sp.locationId, storeProductId: sp.storeProductId, priceCents: sp.priceCents,
  promoPriceCents: sp.promoPriceCents ?? null, inventory: sp.inventory ?? 0, vendorAllowsSpecialOrder: Boolean(sp.vendorAllowsSpecialOrder),
  hidden: Boolean(sp.hidden), listedAt: sp.listedAt ? new Date(sp.listedAt).getTime() : 0,
});

/** Every product and store product of a tenant: a full rebuild (at first use, or when the rows are missing) scans, as background work. */
function readAll(tenantId: string): Promise<Catalogue> {
  return inBackground('search rows: full rebuild of a tenant', async () => {
    const [products, storeProducts] = await Promise.all([Product.find(scoped({ tenantId })).lean(), StoreProduct.find(scoped({ tenantId })).lean()]);
    return { documents: (products as any[]).map(toSearchDocument), offers: (storeProducts as any[]).map(toOffer) };
  });
}

/**
 * Reads the given products and their store products (the source of truth) by `_id` (docs/DATA-ACCESS.md rule 1).
 * A product's document is found by `productDocId`. Its store products are found by `storeProductDocId`, which
 * needs the storeProductId, not derivable from (location, product): the product's current search row holds
 * the storeProductId of its offer at each location, so those are re-read by `_id` (a deleted one drops out).
 * Only a product whose row does not name an offer at every one of the tenant's locations (a new product, a
 * product newly listed at a location, or one not sold everywhere) has its store products looked up by
 * productId, in one background scan: the rare case pays the scan, a price or stock change does not.
 */
async function readSource(store: SearchRowStore, tenantId: string, productIds: number[]): Promise<Catalogue> {
  const ctx = { tenantId };
  if (!productIds.length) return { documents: [], offers: [] };
  const [products, rows, locations] = await Promise.all([
    findByIds<any>(Product, ctx, productIds.map((id) => productDocId(tenantId, id))),
    store.redis.hmget(key(store, tenantId), ...productIds.map(String)),
    Location.find(scoped(ctx), { locationId: 1 }).lean() as unknown as Promise<{ locationId: number }[]>,
  ]);
  const locationIds = new Set(locations.map((l) => l.locationId));
  const knownIds: number[] = [];
  const unknown: number[] = [];
  productIds.forEach((productId, i) => {
    const offers = rows[i] ? (JSON.parse(rows[i]!) as { offers: Offer[] }).offers : [];
    const covered = new Set(offers.map((o) => o.locationId));
    if ([...locationIds].every((id) => covered.has(id))) knownIds.push(...offers.map((o) => o.storeProductId));
    else unknown.push(productId);
  });
  const [byId, scanned] = await Promise.all([
    findByIds<any>(StoreProduct, ctx, knownIds.map((id) => storeProductDocId(tenantId, id))),
    unknown.length
      ? inBackground('search rows: store products of products without a complete row', async () => (await StoreProduct.find(scoped(ctx, { productId: { $in: unknown } })).lean()) as any[])
      : [],
  ]);
  const found = new Set(products.map((p) => p.productId as number)); // a gone product's offers go with its row
  return {
    documents: products.map(toSearchDocument),
    offers: [...byId, ...scanned].filter((sp) => found.has(sp.productId)).map(toOffer),
  };
}

/** Each product's offers at every location. */
export function groupOffersByProduct(offers: LocationOffer[]): Map<number, LocationOffer[]> {
  const byProduct = new Map<number, LocationOffer[]>();
  for (const offer of offers) {
    const list = byProduct.get(offer.productId);
    if (list) list.push(offer); else byProduct.set(offer.productId, [offer]);
  }
  return byProduct;
}

/** Writes rows for the given catalogue; with `replaceAll` the tenant's hash holds exactly these afterwards. */
export async function writeSearchRows(store: SearchRowStore, tenantId: string, catalogue: Catalogue, replaceAll: boolean): Promise<void> {
  const offersByProduct = groupOffersByProduct(catalogue.offers);
  const hash = key(store, tenantId);
  if (replaceAll) await store.redis.del(hash);
  for (let i = 0; i < catalogue.documents.length; i += 1000) {
    const fields: string[] = [];
    for (const doc of catalogue.documents.slice(i, i + 1000)) fields.push(String(doc.productId), JSON.stringify({ doc, offers: offersByProduct.get(doc.productId) ?? [] }));
    await store.redis.hset(hash, ...fields);
  }
}

/** Re-derives rows from the source for the given products (after a change) or the whole tenant; gone products lose their row. */
export async function rebuildSearchRows(store: SearchRowStore, tenantId: string, productIds?: number[]): Promise<Catalogue> {
  const source = productIds ? await readSource(store, tenantId, productIds) : await readAll(tenantId);
  await writeSearchRows(store, tenantId, source, !productIds);
  if (productIds) {
    const found = new Set(source.documents.map((d) => d.productId));
    const gone = productIds.filter((id) => !found.has(id)).map(String);
    if (gone.length) await store.redis.hdel(key(store, tenantId), ...gone);
  }
  return source;
}

/** All rows of a hash in pages (HSCAN), so no single huge reply blocks the event loop while it is parsed. */
async function scanRows(store: SearchRowStore, hash: string): Promise<string[]> {
  const rows = new Map<string, string>(); // HSCAN may repeat a field; the map keeps one
  let cursor = '0';
  do {
    const [next, flat] = await store.redis.hscan(hash, cursor, 'COUNT', 5000);
    for (let i = 0; i < flat.length; i += 2) rows.set(flat[i], flat[i + 1]);
    cursor = next;
  } while (cursor !== '0');
  return [...rows.values()];
}

/** What an index build reads: the tenant's rows, derived from the database first if there are none. */
export async function loadCatalogue(store: SearchRowStore, tenantId: string, productIds?: number[]): Promise<Catalogue> {
  const hash = key(store, tenantId);
  const raw = productIds
    ? (await store.redis.hmget(hash, ...productIds.map(String))).filter((v): v is string => v !== null)
    : await scanRows(store, hash);
  if (raw.length === 0 && !productIds) return withHeldCounts(store, tenantId, await rebuildSearchRows(store, tenantId));
  const documents: SearchDocument[] = [];
  const offers: LocationOffer[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const row = JSON.parse(raw[i]) as { doc: SearchDocument; offers: LocationOffer[] };
    documents.push(row.doc);
    offers.push(...row.offers);
    if (i % 5000 === 4999) await new Promise((resolve) => setImmediate(resolve)); // let other requests run
  }
  return withHeldCounts(store, tenantId, { documents, offers });
}

/** Stock changes in Redis first (checkout) and reaches rows and the database after, so the count Redis holds wins. */
async function withHeldCounts(store: SearchRowStore, tenantId: string, catalogue: Catalogue): Promise<Catalogue> {
  const { offers } = catalogue;
  const held = offers.length ? await heldCounts(store, tenantId, offers.map((o) => o.storeProductId)) : [];
  held.forEach((count, i) => { if (count !== null) offers[i] = { ...offers[i], inventory: count }; });
  return catalogue;
}

/**
 * A tenant's department and brand aliases, for its index build and after an alias changes. Departments and
 * brands are small collections (hundreds a store), read by tenant (docs/DATA-ACCESS.md).
 */
export async function loadSearchAliases(tenantId: string): Promise<SearchAliases> {
  const ctx = { tenantId };
  const [departments, brands] = await Promise.all([
    Department.find(scoped(ctx), { deptId: 1, aliases: 1 }).lean() as unknown as Promise<{ deptId: number; aliases?: { name: string }[] }[]>,
    Brand.find(scoped(ctx), { brandId: 1, alias: 1, name: 1, originalName: 1 }).lean() as unknown as Promise<{ brandId: number; alias?: string | null; name: string; originalName?: string | null }[]>,
  ]);
  return {
    departments: departments.filter((d) => d.aliases?.length).map((d) => ({ deptId: d.deptId, names: d.aliases!.map((a) => a.name) })),
    // A brand the owner renamed (update-brand) is also found by its new name: its products' own text has the supplier's.
    brands: brands.map((b) => ({ brandId: b.brandId, names: [b.alias?.trim() ?? '', b.originalName && b.originalName !== b.name ? b.name : ''].filter(Boolean) }))
      .filter((b) => b.names.length),
  };
}

/** The ids of a tenant's brands whose products are off the storefront (hide-brand-products); brands are a small collection. */
export async function loadHiddenBrandIds(tenantId: string): Promise<number[]> {
  const brands = (await Brand.find(scoped({ tenantId }, { hideProducts: true }), { brandId: 1 }).lean()) as unknown as { brandId: number }[];
  return brands.map((b) => b.brandId);
}

/** The ids of a tenant's departments whose products are off the storefront (department setting hideProducts); departments are a small collection. */
export async function loadHiddenDepartmentIds(tenantId: string): Promise<number[]> {
  const departments = (await Department.find(scoped({ tenantId }, { hideProducts: true }), { deptId: 1 }).lean()) as unknown as { deptId: number }[];
  return departments.map((d) => d.deptId);
}
