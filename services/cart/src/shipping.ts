import { countryCode, parcelWeightLb, shippingAddressProblem, toCents, type ShippingQuote } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails, getShippingCarrierAccount } from '@platform/tenant-settings';
import { withCartLock } from './cart-lock';
import { carrierFor, quoteView, shippingBasis } from './carriers';
import { cartLockKey, cartParcels, type CartIo } from './service';
import type { CartAddress, CartShipping, ShopperIdentity } from './cart-store';

export interface AddressInput { address?: string; address2?: string; city?: string; state?: string; zip?: string; country?: string }

/** No shipping option to the address (shipping-quotes; a recurring order's change of address). */
export const NO_SHIPPING_OPTIONS = "We can't ship this order to that address. Please choose pickup or contact the store.";
const CARRIER_DOWN = 'Shipping quotes are not available right now. Please try again in a moment.';

/**
 * POST shipping-quotes: prices the cart's parcel to the address with the store's carrier (its connected
 * account, else its table rates), adds the handling fee, and keeps the quotes and the address on the cart.
 * A previous choice stays chosen when the same carrier and service is quoted again.
 */
export async function requestShippingQuotes(ctx: RequestContext, io: CartIo, who: ShopperIdentity, input: AddressInput, onCarrierError: (err: unknown) => void = () => {}) {
  const problem = shippingAddressProblem(input);
  if (problem) throw new AppError('unprocessable', problem, { customerAddress: [problem] });
  const current = await cartParcels(ctx, io, who);
  if (!current.checkout_types.shipping) throw new AppError('unprocessable', 'This store does not ship orders. Please choose pickup.');
  if (current.item_count === 0) throw new AppError('unprocessable', 'Add products to your cart to get shipping quotes.');
  const to: CartAddress = {
    address: input.address!.trim(), address2: (input.address2 ?? '').trim(), city: input.city!.trim(), state: input.state!.trim(),
    zip: input.zip!.trim(), country: countryCode(input.country),
  };
  const { basis, quotes } = await shippingOptions(ctx, current, to, onCarrierError);
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    if (!cart) return null;
    const kept = cart.shipping?.selectedId && quotes.some((q) => q.id === cart.shipping!.selectedId) ? cart.shipping.selectedId : null;
    return io.carts.put(ctx.tenantId, who, { ...cart, address: to, orderType: 2, shipping: { basis, quotes, selectedId: kept } });
  });
  return {
    status: quotes.length ? 'success' : 'no-quotes',
    message: quotes.length ? null : NO_SHIPPING_OPTIONS,
    quotes: quotes.map(quoteView),
    data: await cartParcels(ctx, io, who, { order_type: 2 }, saved),
  };
}

/** What a cart is priced as now (cartParcels), as much as its shipping quotes need. */
type PricedCart = Pick<Awaited<ReturnType<typeof cartParcels>>, 'parcels' | 'subtotal'>;

/**
 * The store's shipping options for a priced cart's parcel to an address: its carrier's quotes (its connected
 * account, else its table rates) with the handling fee, cheapest first as the carrier answers them, and the basis
 * they hold for (shippingBasis: the zip, weight and subtotal). The one shipping-rate path: shipping-quotes keeps them
 * on the shopper's cart, a recurring order's run quotes its parcel again when it is placed. No quotes: none to that
 * address. The carrier failing: onCarrierError, then 503 'not available right now'.
 */
export async function shippingOptions(ctx: RequestContext, current: PricedCart, to: CartAddress, onCarrierError: (err: unknown) => void = () => {}): Promise<Omit<CartShipping, 'selectedId'>> {
  const [business, account] = await Promise.all([getBusinessDetails(ctx), getShippingCarrierAccount(ctx)]);
  const items = current.parcels.flatMap((p) => p.items);
  const from = business.about_us.locations.find((l) => l.id === items[0]?.location) ?? business.about_us.locations[0];
  const weightLb = parcelWeightLb(items);
  const subtotalCents = toCents(current.subtotal);
  try {
    const handlingFeeCents = toCents(business.shipping_settings.handling_fee);
    const quotes: ShippingQuote[] = (await carrierFor(account, business).quotes({ from, to, weightLb, subtotalCents })).map((q) => ({ ...q, handlingFeeCents }));
    return { basis: shippingBasis(to.zip, weightLb, subtotalCents), quotes };
  } catch (err) {
    onCarrierError(err);
    throw new AppError('unavailable', CARRIER_DOWN);
  }
}

/** POST select-shipping-quote: the shopper's choice among the cart's current quotes. */
export async function selectShippingQuote(ctx: RequestContext, io: CartIo, who: ShopperIdentity, quoteId: string) {
  const current = await cartParcels(ctx, io, who, { order_type: 2 });
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    const weightLb = parcelWeightLb(current.parcels.flatMap((p) => p.items));
    const fresh = cart?.shipping && cart.shipping.basis === shippingBasis(cart.address?.zip, weightLb, toCents(current.subtotal));
    if (!cart || !fresh || !cart.shipping!.quotes.some((q) => q.id === quoteId)) {
      throw new AppError('unprocessable', 'That shipping option is no longer offered. Please get shipping quotes again.', { quote_id: ['is not a current quote'] });
    }
    return io.carts.put(ctx.tenantId, who, { ...cart, orderType: 2, shipping: { ...cart.shipping!, selectedId: quoteId } });
  });
  return cartParcels(ctx, io, who, { order_type: 2 }, saved);
}

/** GET shipping-quote (the spec's unnamed "shipping quote fetch"): the cart's quotes and the chosen one, while current. */
export async function currentShippingQuotes(ctx: RequestContext, io: CartIo, who: ShopperIdentity) {
  const current = await cartParcels(ctx, io, who, { order_type: 2 });
  const cart = await io.carts.get(ctx.tenantId, who);
  const weightLb = parcelWeightLb(current.parcels.flatMap((p) => p.items));
  const fresh = Boolean(cart?.shipping && cart.shipping.basis === shippingBasis(cart.address?.zip, weightLb, toCents(current.subtotal)));
  return {
    address: cart?.address ?? null,
    quotes: fresh ? cart!.shipping!.quotes.map(quoteView) : [],
    selected: current.totals.shipping_quote,
    stale: Boolean(cart?.shipping) && !fresh,
  };
}
