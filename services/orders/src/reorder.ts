import type { ReorderAnswer } from '@platform/contracts';
import { setLineQuantity, type ShopperIdentity } from '@platform/cart';
import { AppError, type RequestContext } from '@platform/server-kit';
import { shopperOrderDoc, type CheckoutIo } from './checkout';

export const STAFF_CANNOT_REORDER = 'Store admins cannot fill a cart. Use View as Customer with a customer account.';

/**
 * POST orders/reorder ('Buy again'): the shopper's own order's lines go back into their cart at the order's store,
 * each on top of what the cart holds, by the cart's own rules (price and stock as they are now). A line the store
 * no longer sells or has, or that the cart refuses, is named with why; the others are added.
 */
export async function reorder(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, orderNumber: string): Promise<ReorderAnswer> {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', STAFF_CANNOT_REORDER);
  const order = await shopperOrderDoc(ctx, io, who, orderNumber);
  const atOrderStore: RequestContext = { ...ctx, storeId: order.locationId };
  let added = 0;
  const notAdded: ReorderAnswer['not_added'] = [];
  // The cart read once; a product on two lines (part of it special-ordered) is added up as it goes.
  const inCart = new Map((await io.cart.carts.get(ctx.tenantId, who))?.items.map((i) => [i.storeProductId, i.quantity]) ?? []);
  for (const line of order.items) {
    const quantity = (inCart.get(line.storeProductId) ?? 0) + line.quantity;
    try {
      await setLineQuantity(atOrderStore, io.cart, who, { store_product_id: line.storeProductId, quantity });
      inCart.set(line.storeProductId, quantity);
      added += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      notAdded.push({ sku: line.sku, title: line.title, reason: error.message });
    }
  }
  const all = order.items.length;
  const message = added === all ? `All ${all === 1 ? 'the item is' : `${all} items are`} in your cart.`
    : added ? `${added} of ${all} items are in your cart.` : 'None of these items could be added to your cart.';
  return { status: added ? 'success' : 'error', message, store_id: order.locationId, added, not_added: notAdded };
}
