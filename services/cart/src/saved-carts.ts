import { randomUUID } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { resolveLocationId, scoped, tenantOwned } from '@platform/db';
import { activePromoCents, formatCents, toCents } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { withCartLock } from './cart-lock';
import { cartLockKey, cartParcels, type CartIo } from './service';
import type { AccountClosedJob } from '@platform/queue';
import type { CartStore, ShopperIdentity } from './cart-store';

/** A customer keeps at most this many saved carts. */
export const MAX_SAVED_CARTS = 50;

/**
 * A copy of a customer's cart kept under a name (POST save-cart), to bring back later as the current cart
 * (POST update-current-cart). Saved carts are few and read rarely, so they live in the database.
 */
const savedCartSchema = new Schema({
  savedCartId: { type: String, required: true },
  customerSlug: { type: String, required: true },
  name: { type: String, required: true },
  locationId: { type: Number, required: true },
  items: { type: [{ storeProductId: Number, quantity: Number, special: Boolean, addedPriceCents: Number, _id: false }], default: [] },
  createdAt: { type: Date, required: true },
});
savedCartSchema.plugin(tenantOwned);
savedCartSchema.index({ tenantId: 1, customerSlug: 1, savedCartId: 1 }, { unique: true });
export const SavedCart = mongoose.models.SavedCart ?? mongoose.model('SavedCart', savedCartSchema);

interface SavedCartDoc { savedCartId: string; name: string; locationId: number; items: { storeProductId: number; quantity: number; special: boolean; addedPriceCents?: number | null }[]; createdAt: Date }

/** Saved carts belong to customers: a guest is asked to sign in (whatever device id it sends). */
export function signedInCustomer(ctx: RequestContext, action: string): ShopperIdentity {
  if (!ctx.caller) throw new AppError('unauthorized', `Please sign in to ${action}.`);
  return { customerSlug: ctx.caller.slug, deviceId: null };
}

/** POST save-cart: the current cart's lines kept under a name (default: the date), the cart itself unchanged. */
export async function saveCart(ctx: RequestContext, io: CartIo, who: ShopperIdentity, name: string | undefined) {
  const customerSlug = who.customerSlug!;
  const cart = await io.carts.get(ctx.tenantId, who);
  if (!cart || cart.items.length === 0) throw new AppError('unprocessable', 'Your cart is empty. Add products before saving it.');
  if (await SavedCart.countDocuments(scoped(ctx, { customerSlug })) >= MAX_SAVED_CARTS) {
    throw new AppError('unprocessable', `You can keep up to ${MAX_SAVED_CARTS} saved carts. Please delete one first.`);
  }
  const createdAt = new Date();
  const doc = {
    ...scoped(ctx), savedCartId: randomUUID().slice(0, 8), customerSlug, locationId: cart.locationId, createdAt,
    name: name?.trim() || `Cart saved ${createdAt.toISOString().slice(0, 10)}`,
    items: cart.items.map(({ storeProductId, quantity, special, addedPriceCents }) => ({ storeProductId, quantity, special, addedPriceCents: addedPriceCents ?? null })),
  };
  await SavedCart.create(doc);
  return { id: doc.savedCartId, name: doc.name, location_id: doc.locationId, created_at: createdAt.toISOString(), item_count: doc.items.reduce((n, i) => n + i.quantity, 0) };
}

/** GET orders-saved: the customer's saved carts, newest first, priced as the store sells the products now. */
export async function listSavedCarts(ctx: RequestContext, io: CartIo, who: ShopperIdentity) {
  const customerSlug = who.customerSlug!;
  const [docs, index] = await Promise.all([
    SavedCart.find(scoped(ctx, { customerSlug })).sort({ createdAt: -1 }).lean() as Promise<unknown> as Promise<SavedCartDoc[]>,
    io.catalogue.get(ctx.tenantId),
  ]);
  return docs.map((doc) => {
    let subtotal = 0;
    let available = 0;
    for (const line of doc.items) {
      const item = index.storeProduct(line.storeProductId);
      if (!item) continue;
      available += 1;
      subtotal += (activePromoCents(item) ?? toCents(item.price)) * line.quantity;
    }
    return {
      id: doc.savedCartId, name: doc.name, location_id: doc.locationId, created_at: new Date(doc.createdAt).toISOString(),
      item_count: doc.items.reduce((n, i) => n + i.quantity, 0), unavailable_items: doc.items.length - available, subtotal: formatCents(subtotal),
    };
  });
}

async function findSavedCart(ctx: RequestContext, customerSlug: string, id: string): Promise<SavedCartDoc> {
  const doc = await SavedCart.findOne(scoped(ctx, { customerSlug, savedCartId: id })).lean() as unknown as SavedCartDoc | null;
  if (!doc) throw new AppError('not_found', 'This saved cart was not found.');
  return doc;
}

/**
 * POST update-current-cart: a saved cart becomes the current cart (its lines replace the current ones; the
 * saved copy stays). It must be for the selected store; lines the store no longer sells drop out at read.
 */
export async function restoreSavedCart(ctx: RequestContext, io: CartIo, who: ShopperIdentity, id: string) {
  const customerSlug = who.customerSlug!;
  const doc = await findSavedCart(ctx, customerSlug, id);
  const selected = await resolveLocationId(ctx, ctx.storeId);
  if (selected !== doc.locationId) throw new AppError('conflict', 'This saved cart is for another store. Switch to that store to use it.');
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    return io.carts.put(ctx.tenantId, who, {
      ...(cart ?? {}), id: cart?.id, locationId: doc.locationId, shipping: null,
      // The price when it was added travels along, so a price changed since shows as a notice on the line.
      items: doc.items.map(({ storeProductId, quantity, special, addedPriceCents }) => ({ storeProductId, quantity, special, addedPriceCents: addedPriceCents ?? null })),
    });
  });
  return cartParcels(ctx, io, who, {}, saved);
}

/** DELETE saved-cart: the customer no longer needs it. */
export async function deleteSavedCart(ctx: RequestContext, who: ShopperIdentity, id: string): Promise<void> {
  const customerSlug = who.customerSlug!;
  await findSavedCart(ctx, customerSlug, id);
  await SavedCart.deleteOne(scoped(ctx, { customerSlug, savedCartId: id }));
}

/**
 * A closed account (accounts-closed queue): its saved carts and its open cart go. Coupon uses stay, as they
 * belong to placed orders.
 */
export function forgetClosedAccount(carts: CartStore) {
  return async (job: { data: AccountClosedJob }): Promise<void> => {
    const { tenantId, customerSlug } = job.data;
    await SavedCart.deleteMany({ tenantId, customerSlug });
    await carts.remove(tenantId, { customerSlug, deviceId: null });
  };
}
