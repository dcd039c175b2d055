import { scoped } from '@platform/db';
import { Product, SearchRow, StoreProduct } from '../models';
import type { LocationOffer, SearchDocument } from './search-index';

type Catalogue = { documents: SearchDocument[]; offers: LocationOffer[] };

/** Reads products and store products (the source of truth) for some or all products of a tenant. */
async function readSource(tenantId: string, productIds?: number[]): Promise<Catalogue> {
  const filter = scoped({ tenantId }, productIds ? { productId: { $in: productIds } } : {});
  const [products, storeProducts] = await Promise.all([Product.find(filter).lean(), StoreProduct.find(filter).lean()]);
  return {
    documents: (products as any[]).map((p) => ({
      productId: p.productId, sku: p.sku, slug: p.slug, title: p.title, originalTitle: p.originalTitle ?? p.title, brandId: p.brandId ?? null,
      brandName: p.brandName ?? '', modelNumber: p.modelNumber ?? '', departmentPath: p.departmentPath ?? [], imageUrl: p.imageUrl ?? null,
      vendorId: p.vendorId ?? null, hidden: Boolean(p.hidden), extra: p.extra ?? {}, settings: p.settings ?? {}, description: p.description ?? '',
    })),
    offers: (storeProducts as any[]).map((sp) => ({
      productId: sp.productId, locationId: sp.locationId, storeProductId: sp.storeProductId, priceCents: sp.priceCents,
      promoPriceCents: sp.promoPriceCents ?? null, inventory: sp.inventory ?? 0, vendorAllowsSpecialOrder: Boolean(sp.vendorAllowsSpecialOrder),
      hidden: Boolean(sp.hidden), listedAt: sp.listedAt ? new Date(sp.listedAt).getTime() : 0,
    })),
  };
}

function rowsOf(tenantId: string, { documents, offers }: Catalogue) {
  const byProduct = new Map<number, LocationOffer[]>();
  for (const offer of offers) byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
  return documents.map((doc) => ({ tenantId, productId: doc.productId, doc, offers: byProduct.get(doc.productId) ?? [] }));
}

/**
 * Re-derives search rows from the source: for the given products (after a change), or for the whole tenant.
 * Products that no longer exist lose their row.
 */
export async function rebuildSearchRows(tenantId: string, productIds?: number[]): Promise<Catalogue> {
  const source = await readSource(tenantId, productIds);
  const rows = rowsOf(tenantId, source);
  if (!productIds) {
    await SearchRow.deleteMany(scoped({ tenantId }));
    for (let i = 0; i < rows.length; i += 1000) await SearchRow.insertMany(rows.slice(i, i + 1000), { ordered: false });
    return source;
  }
  const found = new Set(rows.map((r) => r.productId));
  const gone = productIds.filter((id) => !found.has(id));
  if (gone.length) await SearchRow.deleteMany(scoped({ tenantId }, { productId: { $in: gone } }));
  // One at a time: FerretDB v1 does not make concurrent writes to one document atomic.
  for (const row of rows) await SearchRow.replaceOne(scoped({ tenantId }, { productId: row.productId }), row, { upsert: true });
  return source;
}

/** What an index build reads: the search rows, derived first if the tenant has none yet. */
export async function loadCatalogue(tenantId: string, productIds?: number[]): Promise<Catalogue> {
  const rows = (await SearchRow.find(scoped({ tenantId }, productIds ? { productId: { $in: productIds } } : {}), { doc: 1, offers: 1 }).lean()) as unknown as { doc: SearchDocument; offers: LocationOffer[] }[];
  if (rows.length === 0 && !productIds) return rebuildSearchRows(tenantId);
  return { documents: rows.map((r) => r.doc), offers: rows.flatMap((r) => r.offers) };
}
