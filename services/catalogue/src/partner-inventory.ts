import { PARTNER_NOT_FOUND, PARTNER_PRODUCT_NOT_FOUND } from '@platform/domain';
import { listedPartners, listLocations } from '@platform/tenant-settings';
import { AppError, type RequestContext } from '@platform/server-kit';
import type { SearchIndexRegistry } from './search/registry';

/** One location's stock of the product (where the location sells it and shows it). */
export interface LocationStock {
  location_id: number; name: string; address: string; city: string; state: string; zip: string; phone: string;
  num_inventory: number; in_stock: boolean;
}
/** One business's stock of the product, at each of its locations that sells it. */
export interface BusinessStock { business_id: number; name: string; partner: boolean; title: string; locations: LocationStock[] }
export interface PartnerInventory { sku: string; businesses: BusinessStock[] }

/** A business's stock of the sku from its in-memory catalogue (counts as checkout keeps them), or null where no location shows it. */
async function businessStock(ctx: RequestContext, registry: SearchIndexRegistry, sku: string, partner: boolean): Promise<BusinessStock | null> {
  const [index, locations] = await Promise.all([registry.get(ctx.tenantId), listLocations(ctx)]);
  let title = '';
  const shown: LocationStock[] = [];
  for (const location of locations) {
    const product = index.product({ sku }, location.id); // null: unknown, hidden or not sold there
    if (!product) continue;
    if (!title) title = product.title;
    shown.push({
      location_id: location.id, name: location.name, address: location.address, city: location.city, state: location.state, zip: location.zip,
      phone: location.phone, num_inventory: product.num_inventory, in_stock: product.num_inventory > 0,
    });
  }
  return shown.length ? { business_id: ctx.tenant.businessId, name: ctx.tenant.name, partner, title, locations: shown } : null;
}

/**
 * The business a `partner` query names (get-department-hierarchy-with-alias): this store, or a partner shown (both list
 * each other, partnershipShown, as partner inventory); any other is 404 'Store not found.', the same answer for an
 * unknown business and one that did not agree, so nothing is learnt about it.
 */
export async function storeOrShownPartner(ctx: RequestContext, partner: string): Promise<RequestContext> {
  const wanted = partner.trim();
  if (wanted === String(ctx.tenant.businessId)) return ctx;
  const shown = /^\d{1,12}$/.test(wanted) ? (await listedPartners(ctx)).find((p) => String(p.businessId) === wanted)?.shown : null;
  if (!shown) throw new AppError('not_found', PARTNER_NOT_FOUND);
  return shown;
}

/**
 * GET partner-business-product-inventory/{sku}: the product's stock at each location of this business, then at each
 * partner business's locations where the two list each other (partnershipShown), from the in-memory catalogues (no
 * database scan). `partner` (a business id) narrows it to that business: this one or a partner shown; any other is
 * 404 'Store not found.', like get-department-hierarchy-with-alias. 404 'Product not found' when no business shows the
 * sku. docs/PARTNER-INVENTORY.md.
 */
export async function partnerProductInventory(ctx: RequestContext, registry: SearchIndexRegistry, sku: string, partner?: string): Promise<PartnerInventory> {
  // The partners this store may show: on the platform, active, and listing this store back.
  const partners = (await listedPartners(ctx)).map((p) => p.shown).filter((c): c is RequestContext => c !== null);
  const wanted = partner?.trim() ? partner.trim() : null;
  let asked: { ctx: RequestContext; partner: boolean }[] = [{ ctx, partner: false }, ...partners.map((c) => ({ ctx: c, partner: true }))];
  if (wanted !== null) {
    asked = asked.filter((a) => String(a.ctx.tenant.businessId) === wanted);
    if (!asked.length) throw new AppError('not_found', PARTNER_NOT_FOUND);
  }
  const businesses = (await Promise.all(asked.map((a) => businessStock(a.ctx, registry, sku, a.partner)))).filter((b): b is BusinessStock => b !== null);
  if (!businesses.length) throw new AppError('not_found', PARTNER_PRODUCT_NOT_FOUND);
  return { sku, businesses };
}
