import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import { Product, StoreProduct } from '../models';
import type { LocationOffer, SearchDocument } from './search-index';
import { toSearchDocument } from '../product-item';

export type Catalogue = { documents: SearchDocument[]; offers: LocationOffer[] };

/**
 * Search rows: one JSON row per product (display fields + every location's offer) in a Redis hash per
 * tenant. Derived from Product + StoreProduct; index builds read the hash (one HGETALL) instead of
 * 1 + locations documents per product from the database, which FerretDB serves at ~150 µs each.
 */
export interface SearchRowStore { redis: Redis; prefix: string }
const key = (store: SearchRowStore, tenantId: string) => `${store.prefix}:search-rows:${tenantId}`;

/** Reads products and store products (the source of truth) for some or all products of a tenant. */
async function readSource(tenantId: string, productIds?: number[]): Promise<Catalogue> {
  const filter = scoped({ tenantId }, productIds ? { productId: { $in: productIds } } : {});
  const [products, storeProducts] = await Promise.all([Product.find(filter).lean(), StoreProduct.find(filter).lean()]);
  return {
    documents: (products as any[]).map(toSearchDocument),
    offers: (storeProducts as any[]).map((sp) => ({
      productId: sp.productId, locationId: sp.locationId, storeProductId: sp.storeProductId, priceCents: sp.priceCents,
      promoPriceCents: sp.promoPriceCents ?? null, inventory: sp.inventory ?? 0, vendorAllowsSpecialOrder: Boolean(sp.vendorAllowsSpecialOrder),
      hidden: Boolean(sp.hidden), listedAt: sp.listedAt ? new Date(sp.listedAt).getTime() : 0,
    })),
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
  const source = await readSource(tenantId, productIds);
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
  if (raw.length === 0 && !productIds) return rebuildSearchRows(store, tenantId);
  const documents: SearchDocument[] = [];
  const offers: LocationOffer[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const row = JSON.parse(raw[i]) as { doc: SearchDocument; offers: LocationOffer[] };
    documents.push(row.doc);
    offers.push(...row.offers);
    if (i % 5000 === 4999) await new Promise((resolve) => setImmediate(resolve)); // let other requests run
  }
  return { documents, offers };
}
