import { scoped } from '@platform/db';
import { formatCents } from '@platform/domain';
import type { Cart as CartView } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { Product, StoreProduct, productItemFromDocuments } from '@platform/catalogue';
import { getBusinessDetails } from '@platform/tenant-settings';
import { Cart } from './models';

export interface ShopperIdentity { customerSlug: string | null; deviceId: string | null }

/** A signed-in caller is always their own customer; a guest is the device id it presents. */
export function shopperIdentity(ctx: RequestContext, query: { device_id?: string }): ShopperIdentity {
  if (ctx.caller) return { customerSlug: ctx.caller.slug, deviceId: null };
  const deviceId = query.device_id ?? ctx.deviceId;
  if (!deviceId) throw new AppError('invalid', 'A device_id or a signed-in customer is required.', { device_id: ['device_id is required'] });
  return { customerSlug: null, deviceId };
}

/** The cart as the cart page shows it: items in pickup and special parcels, re-priced from the store products. */
export async function cartParcels(ctx: RequestContext, who: ShopperIdentity): Promise<CartView> {
  const business = await getBusinessDetails(ctx);
  const checkout_types = { pickup: business.pickup_enabled, delivery: business.delivery_enabled, shipping: business.shipping_enabled };
  const cart = (await Cart.findOne(scoped(ctx, who.customerSlug ? { customerSlug: who.customerSlug } : { deviceId: who.deviceId })).lean()) as
    { _id: unknown; items: { storeProductId: number; quantity: number; special: boolean }[] } | null;
  if (!cart || cart.items.length === 0) {
    return { order_id: null, item_count: 0, parcels: [], checkout_types, subtotal: formatCents(0) };
  }
  const storeProducts = (await StoreProduct.find(scoped(ctx, { storeProductId: { $in: cart.items.map((i) => i.storeProductId) } })).lean()) as any[];
  const products = (await Product.find(scoped(ctx, { productId: { $in: storeProducts.map((sp) => sp.productId) } })).lean()) as any[];
  const productById = new Map(products.map((p) => [p.productId, p]));
  const spById = new Map(storeProducts.map((sp) => [sp.storeProductId, sp]));
  const parcels = { pickup: [] as CartView['parcels'][number]['items'], special: [] as CartView['parcels'][number]['items'] };
  let subtotalCents = 0;
  for (const line of cart.items) {
    const sp = spById.get(line.storeProductId);
    const product = sp && productById.get(sp.productId);
    if (!sp || !product) continue;
    const item = productItemFromDocuments(product, sp);
    const unitCents = sp.promoPriceCents ?? sp.priceCents;
    subtotalCents += unitCents * line.quantity;
    (line.special ? parcels.special : parcels.pickup).push({
      id: item.id, store_product_id: item.store_product_id, sku: item.sku, quantity: line.quantity, title: item.title,
      brand_name: item.brand_name, price: formatCents(unitCents), image_url: item.image_url, vendor_id: item.vendor_id,
      num_inventory: item.num_inventory, extra: item.extra, location: item.location,
    });
  }
  return {
    order_id: String(cart._id),
    item_count: cart.items.reduce((n, i) => n + i.quantity, 0),
    parcels: (['pickup', 'special'] as const).filter((type) => parcels[type].length).map((type) => ({ type, items: parcels[type] })),
    checkout_types,
    subtotal: formatCents(subtotalCents),
  };
}
