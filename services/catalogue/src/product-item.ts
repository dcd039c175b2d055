import { formatCents } from '@platform/domain';
import type { ProductItem } from '@platform/contracts';
import type { LocationOffer, SearchDocument } from './search/search-index';

/** Catalogue fields as stored (mongoose lean document) → the search document every read shares. */
export function toSearchDocument(p: Record<string, any>): SearchDocument {
  return {
    productId: p.productId, sku: p.sku, slug: p.slug, title: p.title, originalTitle: p.originalTitle ?? p.title, brandId: p.brandId ?? null,
    brandName: p.brandName ?? '', modelNumber: p.modelNumber ?? '', departmentPath: p.departmentPath ?? [], imageUrl: p.imageUrl ?? null,
    vendorId: p.vendorId ?? null, hidden: Boolean(p.hidden), extra: p.extra ?? {}, settings: p.settings ?? {}, description: p.description ?? '',
    attributes: productAttributes(p),
    promoMessage: p.promoMessage ?? null,
    competitors: (p.competitors ?? []).map((c: any) => ({ name: c.name, priceCents: c.priceCents, logo: c.logo ?? null })),
    additionalFeeDetails: (p.additionalFeeDetails ?? []).map((f: any) => ({ message: f.message, priceImpactCents: f.priceImpactCents })),
    addonProductIds: p.addonProductIds ?? [],
    videos: (p.videos ?? []).map((v: any) => ({ title: v.title, url: v.url })),
  };
}

/** Facet attributes, plus the promotion label (extra.promoLabel) so promolabel filters like any attribute. */
function productAttributes(p: Record<string, any>): Record<string, string> {
  const attributes = Object.fromEntries(Object.entries(p.attributes ?? {}).filter(([, v]) => typeof v === 'string' && v).map(([k, v]) => [k.toLowerCase(), v as string]));
  if (typeof p.extra?.promoLabel === 'string' && p.extra.promoLabel) attributes.promolabel = p.extra.promoLabel;
  return attributes;
}

export type ItemOffer = Pick<LocationOffer, 'storeProductId' | 'locationId' | 'priceCents' | 'promoPriceCents' | 'inventory' | 'vendorAllowsSpecialOrder'>;

/** A product at one location as every API answer shows it (list, detail, suggestions, cart reads). */
export function toProductItem(doc: SearchDocument, offer: ItemOffer): ProductItem {
  const fees = doc.additionalFeeDetails;
  return {
    id: doc.productId,
    store_product_id: offer.storeProductId,
    slug: doc.slug,
    sku: doc.sku,
    title: doc.title,
    original_title: doc.originalTitle,
    brand_name: doc.brandName,
    model_number: doc.modelNumber,
    price: formatCents(offer.priceCents),
    promo_price: offer.promoPriceCents === null ? null : formatCents(offer.promoPriceCents),
    image_url: doc.imageUrl,
    num_inventory: offer.inventory,
    inventory: offer.inventory,
    vendor_id: doc.vendorId,
    vendor_allows_special_order: offer.vendorAllowsSpecialOrder,
    location: offer.locationId,
    hidden: false,
    extra: doc.extra,
    settings: doc.settings,
    promo_message: doc.promoMessage,
    competitors: doc.competitors.map((c) => ({ name: c.name, price: formatCents(c.priceCents), logo: c.logo })),
    additional_fee: fees.length ? formatCents(fees.reduce((sum, f) => sum + f.priceImpactCents, 0)) : null,
    additional_fee_details: fees.map((f) => ({ message: f.message, price_impact: formatCents(f.priceImpactCents) })),
  };
}
