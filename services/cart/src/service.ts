import type { Redis } from 'ioredis';
import { resolveLocationId } from '@platform/db';
import {
  activePromoCents, ADMIN_CANNOT_ADD, countryCode, parcelWeightLb, shippingChargeCents, shippingChargeLabel, cartCheckoutTypes, cartFeeDetails, cartTax, cartTotals, checkQuantity, couponDiscount, couponLabel, couponModeNote, fulfilmentLine, percentToBasisPoints, promoCodeProblem, deliveryChargeLabel, deliveryFee, displayPrice, enabledModes, formatCents, restoreMode, storeSpecialOrderFlags, toCents,
  type CouponShopper, type FulfilmentMode,
} from '@platform/domain';
import type { Cart as CartView, ProductItem } from '@platform/contracts';
import { AppError, type RequestContext } from '@platform/server-kit';
import type { SearchIndexRegistry } from '@platform/catalogue';
import { getBusinessDetails, getStoreSettings } from '@platform/tenant-settings';
import { withCartLock } from './cart-lock';
import { CartStore, type ShopperIdentity, type StoredCart } from './cart-store';
import { findCoupon, hasUsedCoupon } from './coupons';
import { quoteView, shippingBasis } from './carriers';

export type { ShopperIdentity } from './cart-store';

/** A signed-in caller is always their own customer; a guest is the device id it presents. */
export function shopperIdentity(ctx: RequestContext, query: { device_id?: string }): ShopperIdentity {
  if (ctx.caller) return { customerSlug: ctx.caller.slug, deviceId: null };
  const deviceId = query.device_id ?? ctx.deviceId;
  if (!deviceId) throw new AppError('invalid', 'A device_id or a signed-in customer is required.', { device_id: ['device_id is required'] });
  return { customerSlug: null, deviceId };
}

export const cartLockKey = (prefix: string, ctx: RequestContext, who: ShopperIdentity) => `${prefix}:cart-lock:${ctx.tenantId}:${who.customerSlug ? `c:${who.customerSlug}` : `d:${who.deviceId}`}`;


/**
 * What cart reads and writes need: Redis for the cart lock, and the catalogue's in-memory indexes for store
 * products (FerretDB cannot look up 20 store products of a 100k catalogue quickly; the index is kept current
 * through the catalogue-changes queue within about a second).
 */
export interface CartIo { redis: Redis; prefix: string; catalogue: SearchIndexRegistry; carts: CartStore }

/** The price a shopper pays per unit now: the promo price when it is lower. */
const unitCents = (item: ProductItem) => activePromoCents(item) ?? toCents(item.price);

/**
 * Sets one line's quantity (POST add-to-cart): 0 removes it. Every quantity rule of libs/domain is checked
 * against the store product as it is now; the write runs under the cart's lock.
 */
export async function setLineQuantity(ctx: RequestContext, io: CartIo, who: ShopperIdentity, line: { store_product_id: number; quantity: number }) {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', ADMIN_CANNOT_ADD);
  const [locationId, index] = await Promise.all([resolveLocationId(ctx, ctx.storeId), io.catalogue.get(ctx.tenantId)]);
  const product = index.storeProduct(line.store_product_id);
  if (!product || product.location !== locationId) {
    throw new AppError('not_found', 'This product is not sold at the selected store.', { store_product_id: ['is not sold at the selected store'] });
  }
  const [business, settings] = await Promise.all([getBusinessDetails(ctx), getStoreSettings(ctx)]);
  const verdict = checkQuantity({ product, quantity: line.quantity, businessId: ctx.tenant.businessId, store: storeSpecialOrderFlags(business, settings) });
  if (!verdict.ok) throw new AppError('unprocessable', verdict.message!, { quantity: [verdict.message!] });
  await adoptGuestCart(ctx, io, who);
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    if (cart && cart.locationId !== locationId && cart.items.length) {
      throw new AppError('conflict', 'Your cart holds products from another store. Switch back to that store, or empty your cart first.');
    }
    const items = (cart?.items ?? []).filter((i) => i.storeProductId !== line.store_product_id);
    if (line.quantity > 0) items.push({ storeProductId: line.store_product_id, quantity: line.quantity, special: verdict.specialOrder, addedPriceCents: unitCents(product) });
    return cart || items.length ? io.carts.put(ctx.tenantId, who, { ...cart, id: cart?.id, locationId: locationId!, items }) : null;
  });
  return cartParcels(ctx, io, who, {}, saved);
}

/**
 * A guest's cart joins the customer's cart once they sign in (docs/API-DECISIONS.md "Guest cart at sign-in"):
 * on the first cart call that carries both the customer's token and the device id with a non-empty guest cart.
 * Same store: lines are added together, a sum the rules refuse keeps the larger quantity; the customer has no
 * lines: the guest cart is taken as it is; different stores: the customer's cart stays and the guest's is left.
 */
async function adoptGuestCart(ctx: RequestContext, io: CartIo, who: ShopperIdentity): Promise<void> {
  if (!who.customerSlug || !ctx.deviceId || ctx.caller?.isAdmin) return;
  const guestWho = { customerSlug: null, deviceId: ctx.deviceId };
  const guest = await io.carts.get(ctx.tenantId, guestWho);
  if (!guest || guest.items.length === 0) return;
  const [index, business, settings] = await Promise.all([io.catalogue.get(ctx.tenantId), getBusinessDetails(ctx), getStoreSettings(ctx)]);
  await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    // Read again under the lock: two cart calls right after sign-in both saw the guest cart, and only the first may add it.
    const guestNow = await io.carts.get(ctx.tenantId, guestWho);
    if (!guestNow || guestNow.items.length === 0 || guestNow.updatedAt !== guest.updatedAt) return;
    const mine = await io.carts.get(ctx.tenantId, who);
    if (mine && mine.items.length && mine.locationId !== guest.locationId) return;
    const items = [...(mine?.items ?? [])];
    for (const line of guest.items) {
      const existing = items.find((i) => i.storeProductId === line.storeProductId);
      if (!existing) { items.push(line); continue; }
      const product = index.storeProduct(line.storeProductId);
      const sum = existing.quantity + line.quantity;
      const verdict = product && checkQuantity({ product, quantity: sum, businessId: ctx.tenant.businessId, store: storeSpecialOrderFlags(business, settings) });
      existing.quantity = verdict?.ok ? sum : Math.max(existing.quantity, line.quantity);
    }
    await io.carts.put(ctx.tenantId, who, { ...guest, ...mine, id: mine?.id, locationId: mine?.items.length ? mine.locationId : guest.locationId, items, coupon: mine?.coupon ?? guest.coupon });
    await io.carts.remove(ctx.tenantId, guestWho);
  });
}

/** Removes one line (DELETE remove-cart-item); removing a line that is not there changes nothing. */
export async function removeLine(ctx: RequestContext, io: CartIo, who: ShopperIdentity, storeProductId: number) {
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    return cart ? io.carts.put(ctx.tenantId, who, { ...cart, items: cart.items.filter((i) => i.storeProductId !== storeProductId) }) : null;
  });
  return cartParcels(ctx, io, who, {}, saved);
}

/** Empties the cart (GET empty-cart: the store switch and after checkout). */
export async function emptyCart(ctx: RequestContext, io: CartIo, who: ShopperIdentity) {
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    return cart ? io.carts.put(ctx.tenantId, who, { ...cart, items: [] }) : null;
  });
  return cartParcels(ctx, io, who, {}, saved);
}

/**
 * The cart as the cart page shows it: lines re-priced and re-stocked from the store products as they are now,
 * in pickup and special parcels, with a notice on a line whose price changed since it was added or whose
 * quantity the store no longer holds. Lines whose product is gone are left out.
 */
export interface CartReadOptions { order_type?: number; zip?: string }

export async function cartParcels(ctx: RequestContext, io: CartIo, who: ShopperIdentity, options: CartReadOptions = {}, known?: StoredCart | null): Promise<CartView> {
  return (await pricedCart(ctx, io, who, options, known)).view;
}

/**
 * The cart's money as integer cents, beside the view that formats it: what checkout charges and saves, so nothing
 * parses the view's decimal strings back. `units`: each line's unit price, in the order of the view's parcels' items.
 */
export type CartCents = {
  subtotal: number; additionalFees: number; discount: number; specialOrderFee: number; tax: number;
  /** The delivery or shipping charge paid (after what a code takes off it), 0 for pickup. */
  fulfilment: number; total: number; units: number[];
};

/** cartParcels with its money in cents too (in-process callers: checkout). */
export async function pricedCart(ctx: RequestContext, io: CartIo, who: ShopperIdentity, options: CartReadOptions = {}, known?: StoredCart | null): Promise<{ view: CartView; cents: CartCents }> {
  const [business, settings, index] = await Promise.all([getBusinessDetails(ctx), getStoreSettings(ctx), io.catalogue.get(ctx.tenantId)]);
  const settingsPrefix = settings.products.currencyPrefix;
  // A write passes the cart it just saved, so the answer needs no second read.
  if (known === undefined) await adoptGuestCart(ctx, io, who);
  const cart = known !== undefined ? known : await io.carts.get(ctx.tenantId, who);
  const products = (cart?.items ?? []).flatMap((line) => {
    const item = index.storeProduct(line.storeProductId);
    return item ? [{ line, item }] : [];
  });
  // A line that cannot be delivered or shipped takes that mode off the whole cart (spec 1 §3 item settings).
  const checkout_types = cartCheckoutTypes(business, products.map(({ item }) => item));
  // The address and fulfilment type assigned to the cart (assign-address) apply when the call names none.
  const zip = options.zip ?? cart?.address?.zip;
  const mode = restoreMode(options.order_type ?? cart?.orderType, enabledModes(checkout_types, business));
  const locationId = cart?.locationId ?? await resolveLocationId(ctx, ctx.storeId);
  const coupon = cart?.coupon ? await findCoupon(ctx, cart.coupon) : null;
  const couponShopper = coupon?.oncePerCustomer ? await couponShopperOf(ctx, who, coupon.code) : undefined;
  const totalsFor = (subtotalCents: number, additionalFeesCents: number, hasSpecial = false, weightLb = 0, feeDetails: { message: string; cents: number }[] = []) => {
    const specialFeeCents = hasSpecial ? toCents(business.special_order_fee) : 0;
    const discount = cart?.coupon ? couponDiscount(coupon, subtotalCents, new Date(), settingsPrefix, couponShopper) : null;
    const validCoupon = discount?.ok ? coupon : null;
    const zones = business.delivery_locations.map((z) => ({
      code: z.code, feeCents: toCents(z.fee), minThresholdCents: z.minThreshold === null ? null : toCents(z.minThreshold), thresholdFeeCents: z.thresholdFee === null ? null : toCents(z.thresholdFee),
    }));
    const fee = mode === 1 ? deliveryFee(zip, subtotalCents, zones) : null;
    // Shipping: the chosen option while the cart still holds what it was quoted for (carriers.ts shippingBasis).
    const shipTo = cart?.address?.zip ?? null;
    const quoted = mode === 2 && cart?.shipping && cart.shipping.basis === shippingBasis(shipTo, weightLb, subtotalCents) ? cart.shipping : null;
    const shippingQuote = quoted?.quotes.find((q) => q.id === quoted.selectedId) ?? null;
    const discountCents = discount?.ok ? discount.discountCents : 0;
    // The delivery or shipping line: its fee, what comes off it (the zone's lower fee over its minimum, a free-delivery or free-shipping code), what is paid.
    const delivery = fee?.ok ? fulfilmentLine({ regularCents: fee.regularCents, chargedCents: fee.feeCents }, validCoupon, mode) : null;
    const shipping = shippingQuote ? fulfilmentLine({ regularCents: shippingChargeCents(shippingQuote), chargedCents: shippingChargeCents(shippingQuote) }, validCoupon, mode) : null;
    const line = delivery ?? shipping;
    const couponTakesOff = discountCents > 0 || (line?.couponCents ?? 0) > 0;
    const tax = cartTax(subtotalCents + additionalFeesCents - discountCents, mode as FulfilmentMode, zip, {
      locationRateBp: percentToBasisPoints(business.tax_rates.find((r) => r.location_id === locationId)?.rate ?? 0),
      destinationRates: business.destination_tax_rates.map((r) => ({ zip: r.zip, rateBp: percentToBasisPoints(r.rate) })),
      otherRows: business.other_tax_rows.map((r) => ({ label: r.label, rateBp: percentToBasisPoints(r.rate) })),
    });
    const totals = cartTotals({
      subtotalCents, additionalFeesCents, discountCents, specialOrderFeeCents: specialFeeCents, taxCents: tax.cents, mode: mode as FulfilmentMode,
      fulfilmentCents: line?.feeCents ?? 0, fulfilmentDiscountCents: line?.discountCents ?? 0, mergeAdditionalFeeWithSubtotal: settings.cart.mergeAdditionalFeeWithSubtotal,
    });
    const cents = {
      subtotal: totals.subtotalCents, additionalFees: totals.additionalFeesCents, discount: totals.discountCents, specialOrderFee: totals.specialOrderFeeCents,
      tax: tax.cents, fulfilment: line?.chargeCents ?? 0, total: totals.totalCents,
    };
    return { cents, view: {
      order_type: mode,
      subtotal: formatCents(totals.subtotalCents),
      additional_fees: formatCents(totals.additionalFeesCents),
      additional_fee_details: feeDetails.map((f) => ({ message: f.message, price_impact: formatCents(f.cents) })),
      delivery_fee: delivery ? formatCents(delivery.feeCents) : null,
      discount_delivery: formatCents(delivery?.discountCents ?? 0),
      delivery_charge: delivery ? formatCents(delivery.chargeCents) : null,
      delivery_charge_label: fee ? deliveryChargeLabel(delivery ? { ok: true, feeCents: delivery.chargeCents } : fee, settingsPrefix) : null,
      delivery_error: fee && !fee.ok ? fee.error : null,
      coupon: cart?.coupon ?? null,
      coupon_message: discount && !discount.ok ? discount.message : couponModeNote(validCoupon, mode),
      discount: formatCents(totals.discountCents),
      discount_label: validCoupon && couponTakesOff ? couponLabel(validCoupon, settingsPrefix) : null,
      special_order_fee: formatCents(totals.specialOrderFeeCents),
      special_order_fee_label: settings.text.specialOrderFee || 'Special Order',
      special_order_sla: business.special_order_sla || '3-8 days',
      shipping_fee: shipping ? formatCents(shipping.feeCents) : null,
      discount_shipping: formatCents(shipping?.discountCents ?? 0),
      shipping_charge: shipping ? formatCents(shipping.chargeCents) : null,
      shipping_charge_label: mode === 2 ? shippingChargeLabel({ hasAddress: Boolean(shipTo), quote: shippingQuote, chargeCents: shipping?.chargeCents }, settingsPrefix) : null,
      shipping_quote: shippingQuote ? quoteView(shippingQuote) : null,
      tax: formatCents(tax.cents),
      tax_rows: tax.rows.map((r) => ({ label: r.label, amount: formatCents(r.cents) })),
      total: formatCents(totals.totalCents),
    } };
  };
  if (!cart || cart.items.length === 0) {
    const empty = totalsFor(0, 0);
    return { view: { order_id: null, item_count: 0, parcels: [], checkout_types, subtotal: formatCents(0), totals: empty.view }, cents: { ...empty.cents, units: [] } };
  }
  const parcels = { pickup: [] as CartView['parcels'][number]['items'], special: [] as CartView['parcels'][number]['items'] };
  let subtotalCents = 0;
  let feesCents = 0;
  let count = 0;
  const weighed: { quantity: number; extra: Record<string, unknown> }[] = [];
  const units = { pickup: [] as number[], special: [] as number[] };
  for (const { line, item } of products) {
    weighed.push({ quantity: line.quantity, extra: item.extra });
    const unit = unitCents(item);
    subtotalCents += unit * line.quantity;
    feesCents += (item.additional_fee === null ? 0 : toCents(item.additional_fee)) * line.quantity;
    count += line.quantity;
    let notice: string | null = null;
    if (line.addedPriceCents != null && line.addedPriceCents !== unit) {
      notice = `The price changed from ${displayPrice(line.addedPriceCents, settingsPrefix)} to ${displayPrice(unit, settingsPrefix)} since you added it.`;
    } else if (!line.special && line.quantity > item.num_inventory) {
      notice = `Store has only ${Math.max(0, item.num_inventory)} in stock. Please reduce quantity`;
    }
    units[line.special ? 'special' : 'pickup'].push(unit);
    (line.special ? parcels.special : parcels.pickup).push({
      id: item.id, store_product_id: item.store_product_id, sku: item.sku, quantity: line.quantity, title: item.title,
      brand_name: item.brand_name, price: formatCents(unit), image_url: item.image_url, vendor_id: item.vendor_id,
      num_inventory: item.num_inventory, extra: item.extra, location: item.location, settings: item.settings, notice,
    });
  }
  const totals = totalsFor(subtotalCents, feesCents, parcels.special.length > 0, parcelWeightLb(weighed), cartFeeDetails(products.map(({ line, item }) => ({
    quantity: line.quantity, fees: item.additional_fee_details.map((f) => ({ message: f.message, priceImpactCents: toCents(f.price_impact) })),
  }))));
  const types = (['pickup', 'special'] as const).filter((type) => parcels[type].length);
  return {
    view: {
      order_id: cart.id,
      item_count: count,
      parcels: types.map((type) => ({ type, items: parcels[type] })),
      checkout_types,
      subtotal: formatCents(subtotalCents),
      totals: totals.view,
    },
    cents: { ...totals.cents, units: types.flatMap((type) => units[type]) },
  };
}

export type RedeemAnswer = { ok: true; message: string; disclaimer: string; cart: CartView } | { ok: false; message: string };

/** Applies a promo code to the cart (POST redeem-coupon): the code must exist, be current and fit the subtotal now. */
export async function redeemCoupon(ctx: RequestContext, io: CartIo, who: ShopperIdentity, code: string): Promise<RedeemAnswer> {
  const short = promoCodeProblem(code);
  if (short) return { ok: false, message: short };
  const current = await cartParcels(ctx, io, who);
  if (current.item_count === 0) return { ok: false, message: 'Add products to your cart before using a promo code.' };
  const coupon = await findCoupon(ctx, code);
  const shopper = coupon?.oncePerCustomer ? await couponShopperOf(ctx, who, coupon.code) : undefined;
  const verdict = couponDiscount(coupon, toCents(current.subtotal), new Date(), (await getStoreSettings(ctx)).products.currencyPrefix, shopper);
  if (!verdict.ok) return verdict;
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    return cart ? io.carts.put(ctx.tenantId, who, { ...cart, coupon: coupon!.code }) : null;
  });
  return { ok: true, message: `Promo code ${coupon!.code} applied.`, disclaimer: coupon!.disclaimer, cart: await cartParcels(ctx, io, who, {}, saved) };
}

/** For once-per-customer codes: is the shopper signed in, and did an earlier order of theirs use the code? */
export async function couponShopperOf(ctx: RequestContext, who: ShopperIdentity, code: string): Promise<CouponShopper> {
  return { signedIn: Boolean(who.customerSlug), usedBefore: who.customerSlug ? await hasUsedCoupon(ctx, code, who.customerSlug) : false };
}

/** Takes the promo code off the cart. */
export async function removeCoupon(ctx: RequestContext, io: CartIo, who: ShopperIdentity) {
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    return cart ? io.carts.put(ctx.tenantId, who, { ...cart, coupon: null }) : null;
  });
  return cartParcels(ctx, io, who, {}, saved);
}

/** Stores the delivery address and fulfilment type on the cart (POST assign-address); totals use them from then on. */
export async function assignAddress(ctx: RequestContext, io: CartIo, who: ShopperIdentity, input: { address?: string; address2?: string; zip: string; city?: string; state?: string; country?: string; order_type: number }) {
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    const locationId = cart?.locationId ?? (await resolveLocationId(ctx, ctx.storeId))!;
    return io.carts.put(ctx.tenantId, who, {
      ...(cart ?? { items: [] }), id: cart?.id, locationId, orderType: input.order_type,
      address: { address: input.address ?? '', address2: input.address2 ?? '', zip: input.zip, city: input.city ?? '', state: input.state ?? '', country: countryCode(input.country) },
    });
  });
  return cartParcels(ctx, io, who, {}, saved);
}
