import type { Redis } from 'ioredis';
import { resolveLocationId, scoped } from '@platform/db';
import { ADMIN_CANNOT_ADD, checkQuantity, formatCents } from '@platform/domain';
import type { Cart as CartView } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import { Product, StoreProduct, productItemFromDocuments } from '@platform/catalogue';
import { getBusinessDetails } from '@platform/tenant-settings';
import { Cart } from './models';
import { withCartLock } from './cart-lock';

export interface ShopperIdentity { customerSlug: string | null; deviceId: string | null }

/** A signed-in caller is always their own customer; a guest is the device id it presents. */
export function shopperIdentity(ctx: RequestContext, query: { device_id?: string }): ShopperIdentity {
  if (ctx.caller) return { customerSlug: ctx.caller.slug, deviceId: null };
  const deviceId = query.device_id ?? ctx.deviceId;
  if (!deviceId) throw new AppError('invalid', 'A device_id or a signed-in customer is required.', { device_id: ['device_id is required'] });
  return { customerSlug: null, deviceId };
}

const identityFilter = (who: ShopperIdentity) => (who.customerSlug ? { customerSlug: who.customerSlug } : { deviceId: who.deviceId });
const lockKey = (prefix: string, ctx: RequestContext, who: ShopperIdentity) => `${prefix}:cart-lock:${ctx.tenantId}:${who.customerSlug ? `c:${who.customerSlug}` : `d:${who.deviceId}`}`;

type CartLine = { storeProductId: number; quantity: number; special: boolean };
type CartDoc = { _id: unknown; locationId: number; items: CartLine[] };

export interface CartWrite { redis: Redis; prefix: string }

/**
 * Sets one line's quantity (POST add-to-cart): 0 removes it. Every quantity rule of libs/domain is checked
 * against the store product as it is now; the write runs under the cart's lock.
 */
export async function setLineQuantity(ctx: RequestContext, io: CartWrite, who: ShopperIdentity, line: { store_product_id: number; quantity: number }) {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', ADMIN_CANNOT_ADD);
  const locationId = await resolveLocationId(ctx, ctx.storeId);
  const sp = locationId === null ? null : (await StoreProduct.findOne(scoped(ctx, { storeProductId: line.store_product_id, locationId })).lean()) as any;
  const product = sp ? (await Product.findOne(scoped(ctx, { productId: sp.productId })).lean()) as any : null;
  if (!sp || !product || sp.hidden || product.hidden) {
    throw new AppError('not_found', 'This product is not sold at the selected store.', { store_product_id: ['is not sold at the selected store'] });
  }
  const business = await getBusinessDetails(ctx);
  const verdict = checkQuantity({
    product: productItemFromDocuments(product, sp), quantity: line.quantity, businessId: ctx.tenant.businessId, store: { showOosSpecial: business.show_oos_special },
  });
  if (!verdict.ok) throw new AppError('unprocessable', verdict.message!, { quantity: [verdict.message!] });
  await withCartLock(io.redis, lockKey(io.prefix, ctx, who), async () => {
    const cart = (await Cart.findOne(scoped(ctx, identityFilter(who))).lean()) as CartDoc | null;
    if (cart && cart.locationId !== locationId && cart.items.length) {
      throw new AppError('conflict', 'Your cart holds products from another store. Switch back to that store, or empty your cart first.');
    }
    const items = (cart?.items ?? []).filter((i) => i.storeProductId !== line.store_product_id);
    if (line.quantity > 0) items.push({ storeProductId: line.store_product_id, quantity: line.quantity, special: verdict.specialOrder });
    if (cart) await Cart.updateOne(scoped(ctx, { _id: cart._id }), { $set: { items, locationId } });
    else if (items.length) await Cart.create({ tenantId: ctx.tenantId, locationId, ...identityFilter(who), items });
  });
  return cartParcels(ctx, who);
}

/** Removes one line (DELETE remove-cart-item); removing a line that is not there changes nothing. */
export async function removeLine(ctx: RequestContext, io: CartWrite, who: ShopperIdentity, storeProductId: number) {
  await withCartLock(io.redis, lockKey(io.prefix, ctx, who), async () => {
    const cart = (await Cart.findOne(scoped(ctx, identityFilter(who))).lean()) as CartDoc | null;
    if (!cart) return;
    await Cart.updateOne(scoped(ctx, { _id: cart._id }), { $set: { items: cart.items.filter((i) => i.storeProductId !== storeProductId) } });
  });
  return cartParcels(ctx, who);
}

/** Empties the cart (GET empty-cart: the store switch and after checkout). */
export async function emptyCart(ctx: RequestContext, io: CartWrite, who: ShopperIdentity) {
  await withCartLock(io.redis, lockKey(io.prefix, ctx, who), async () => {
    await Cart.updateOne(scoped(ctx, identityFilter(who)), { $set: { items: [] } });
  });
  return cartParcels(ctx, who);
}

/** The cart as the cart page shows it: items in pickup and special parcels, re-priced from the store products. */
export async function cartParcels(ctx: RequestContext, who: ShopperIdentity): Promise<CartView> {
  const business = await getBusinessDetails(ctx);
  const checkout_types = { pickup: business.pickup_enabled, delivery: business.delivery_enabled, shipping: business.shipping_enabled };
  const cart = (await Cart.findOne(scoped(ctx, identityFilter(who))).lean()) as
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
