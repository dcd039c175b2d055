import { scoped } from '@platform/db';
import { Product, StoreProduct } from '../models';
import { MiniSearchIndex } from './minisearch-index';
import type { LocationOffer, SearchDocument, SearchIndex } from './search-index';

/** Reads a tenant's whole catalogue (all products, all locations) for an index build. */
export async function loadCatalogue(tenantId: string, productIds?: number[]): Promise<{ documents: SearchDocument[]; offers: LocationOffer[] }> {
  const filter = scoped({ tenantId }, productIds ? { productId: { $in: productIds } } : {});
  const [products, storeProducts] = await Promise.all([
    Product.find(filter, { productId: 1, sku: 1, slug: 1, title: 1, description: 1, originalTitle: 1, brandId: 1, brandName: 1, modelNumber: 1, departmentPath: 1, imageUrl: 1, vendorId: 1, hidden: 1, extra: 1, settings: 1 }).lean(),
    StoreProduct.find(filter, { productId: 1, locationId: 1, storeProductId: 1, priceCents: 1, promoPriceCents: 1, inventory: 1, vendorAllowsSpecialOrder: 1, hidden: 1, listedAt: 1 }).lean(),
  ]);
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

export interface RegistryOptions {
  /** Total heap the loaded indexes may hold; least recently used tenants are dropped beyond it. */
  budgetBytes: number;
  load?: typeof loadCatalogue;
}

/**
 * One search index per tenant, built on first use and kept while it is used. Concurrent requests for a
 * tenant whose index is building wait for the same build.
 */
export class SearchIndexRegistry {
  private loaded = new Map<string, SearchIndex>(); // Map order = least recently used first
  private building = new Map<string, Promise<SearchIndex>>();
  private readonly load: typeof loadCatalogue;

  constructor(private readonly options: RegistryOptions) {
    this.load = options.load ?? loadCatalogue;
  }

  async get(tenantId: string): Promise<SearchIndex> {
    const index = this.loaded.get(tenantId);
    if (index) {
      this.loaded.delete(tenantId);
      this.loaded.set(tenantId, index);
      return index;
    }
    let pending = this.building.get(tenantId);
    if (!pending) {
      pending = this.build(tenantId).finally(() => this.building.delete(tenantId));
      this.building.set(tenantId, pending);
    }
    return pending;
  }

  /** Re-reads the given products (or the whole tenant) into a loaded index; unloaded tenants load fresh later. */
  async refresh(tenantId: string, productIds?: number[]): Promise<void> {
    const index = this.loaded.get(tenantId);
    if (!index) return;
    if (!productIds) { this.loaded.delete(tenantId); return; }
    const { documents, offers } = await this.load(tenantId, productIds);
    const found = new Set(documents.map((d) => d.productId));
    index.remove(productIds.filter((id) => !found.has(id)));
    index.upsert(documents, offers);
  }

  get loadedTenants(): string[] { return [...this.loaded.keys()]; }
  get loadedBytes(): number { let sum = 0; for (const index of this.loaded.values()) sum += index.approxBytes; return sum; }

  private async build(tenantId: string): Promise<SearchIndex> {
    const { documents, offers } = await this.load(tenantId);
    const index = new MiniSearchIndex(tenantId);
    index.upsert(documents, offers);
    this.loaded.set(tenantId, index);
    this.evict(tenantId);
    return index;
  }

  private evict(keep: string): void {
    for (const tenantId of this.loaded.keys()) {
      if (this.loadedBytes <= this.options.budgetBytes) return;
      if (tenantId !== keep) this.loaded.delete(tenantId);
    }
  }
}
