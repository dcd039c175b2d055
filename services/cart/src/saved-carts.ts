import { randomUUID } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { findByIds, inBackground, keyedId, resolveLocationId, scoped, tenantOwned } from '@platform/db';
import { activePromoCents, formatCents, toCents } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { withCartLock, withRedisLock } from './cart-lock';
import { cartLockKey, cartParcels, type CartIo } from './service';
import type { AccountClosedJob } from '@platform/queue';
import type { CartStore, ShopperIdentity } from './cart-store';

/** A customer keeps at most this many saved carts. */
export const MAX_SAVED_CARTS = 50;

/** The _id of a saved cart: the tenant, the customer and the saved cart's own id (docs/DATA-ACCESS.md rule 2). */
export const savedCartId = (tenantId: string, customerSlug: string, id: string) => keyedId(tenantId, 'saved-cart', customerSlug, id);
/** The _id of a customer's list of saved carts. */
export const savedCartListId = (tenantId: string, customerSlug: string) => keyedId(tenantId, 'saved-carts', customerSlug);

/**
 * A copy of a customer's cart kept under a name (POST save-cart), to bring back later as the current cart
 * (POST update-current-cart). Saved carts grow with customers: each is read and written by its keyed _id only,
 * and the customer's list is one document by _id (SavedCartList), so no request reads the collection by a field.
 */
const savedCartSchema = new Schema({
  _id: { type: String },
  savedCartId: { type: String, required: true },
  customerSlug: { type: String, required: true },
  name: { type: String, required: true },
  locationId: { type: Number, required: true },
  items: { type: [{ storeProductId: Number, quantity: Number, special: Boolean, addedPriceCents: Number, _id: false }], default: [] },
  createdAt: { type: Date, required: true },
});
savedCartSchema.plugin(tenantOwned, { growing: true });
savedCartSchema.pre('validate', function keyed() {
  this._id = savedCartId(this.get('tenantId') as string, this.get('customerSlug') as string, this.get('savedCartId') as string);
});
// MongoDB: the account-closed clean-up (background) deletes a customer's saved carts by customerSlug.
savedCartSchema.index({ tenantId: 1, customerSlug: 1 });
export const SavedCart = mongoose.models.SavedCart ?? mongoose.model('SavedCart', savedCartSchema);

/**
 * A customer's saved cart ids, newest first, under `savedCartListId`: the list page and the limit read this one
 * document by _id. Changed only under the customer's saved-carts lock in Redis (FerretDB v1 does not apply
 * concurrent updates atomically), the saved cart written before its id is listed and its id unlisted before it
 * is deleted: an interruption leaves at most an unlisted saved cart, which the account-closed clean-up removes.
 */
const savedCartListSchema = new Schema({
  _id: { type: String },
  ids: { type: [String], default: [] },
});
savedCartListSchema.plugin(tenantOwned, { growing: true });
export const SavedCartList = mongoose.models.SavedCartList ?? mongoose.model('SavedCartList', savedCartListSchema);

const listLockKey = (io: { prefix: string }, tenantId: string, customerSlug: string) => `${io.prefix}:saved-carts-lock:${tenantId}:${customerSlug}`;

async function listedIds(ctx: { tenantId: string }, customerSlug: string): Promise<string[]> {
  const list = await SavedCartList.findOne(scoped(ctx, { _id: savedCartListId(ctx.tenantId, customerSlug) })).lean() as { ids?: string[] } | null;
  return list?.ids ?? [];
}

async function writeList(ctx: { tenantId: string }, customerSlug: string, ids: string[]): Promise<void> {
  await SavedCartList.updateOne(scoped(ctx, { _id: savedCartListId(ctx.tenantId, customerSlug) }), { $set: { ids } }, { upsert: true });
}

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
  const createdAt = new Date();
  const id = randomUUID().slice(0, 8);
  const doc = {
    _id: savedCartId(ctx.tenantId, customerSlug, id), ...scoped(ctx), savedCartId: id, customerSlug, locationId: cart.locationId, createdAt,
    name: name?.trim() || `Cart saved ${createdAt.toISOString().slice(0, 10)}`,
    items: cart.items.map(({ storeProductId, quantity, special, addedPriceCents }) => ({ storeProductId, quantity, special, addedPriceCents: addedPriceCents ?? null })),
  };
  await withRedisLock(io.redis, listLockKey(io, ctx.tenantId, customerSlug), async () => {
    const ids = await listedIds(ctx, customerSlug);
    if (ids.length >= MAX_SAVED_CARTS) throw new AppError('unprocessable', `You can keep up to ${MAX_SAVED_CARTS} saved carts. Please delete one first.`);
    await SavedCart.create(doc);
    await writeList(ctx, customerSlug, [id, ...ids.filter((i) => i !== id)]);
  }, { waitMs: 3000, busyMessage: 'Your saved carts are busy with another change. Please try again.' });
  return { id: doc.savedCartId, name: doc.name, location_id: doc.locationId, created_at: createdAt.toISOString(), item_count: doc.items.reduce((n, i) => n + i.quantity, 0) };
}

/** GET orders-saved: the customer's saved carts, newest first, priced as the store sells the products now. */
export async function listSavedCarts(ctx: RequestContext, io: CartIo, who: ShopperIdentity) {
  const customerSlug = who.customerSlug!;
  const ids = await listedIds(ctx, customerSlug);
  const [docs, index] = await Promise.all([
    findByIds<SavedCartDoc>(SavedCart, ctx, ids.map((id) => savedCartId(ctx.tenantId, customerSlug, id))),
    io.catalogue.get(ctx.tenantId),
  ]);
  docs.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
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
  const doc = await SavedCart.findOne(scoped(ctx, { _id: savedCartId(ctx.tenantId, customerSlug, id) })).lean() as unknown as SavedCartDoc | null;
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
export async function deleteSavedCart(ctx: RequestContext, io: Pick<CartIo, 'redis' | 'prefix'>, who: ShopperIdentity, id: string): Promise<void> {
  const customerSlug = who.customerSlug!;
  await findSavedCart(ctx, customerSlug, id);
  await withRedisLock(io.redis, listLockKey(io, ctx.tenantId, customerSlug), async () => {
    const ids = await listedIds(ctx, customerSlug);
    if (ids.includes(id)) await writeList(ctx, customerSlug, ids.filter((i) => i !== id));
    await SavedCart.deleteOne(scoped(ctx, { _id: savedCartId(ctx.tenantId, customerSlug, id) }));
  }, { waitMs: 3000, busyMessage: 'Your saved carts are busy with another change. Please try again.' });
}

/**
 * A closed account (accounts-closed queue): its saved carts (listed or not), their list and its open cart go.
 * Coupon uses stay, as they belong to placed orders. A job: the deleteMany by customerSlug is background work.
 */
export function forgetClosedAccount(carts: CartStore) {
  return async (job: { data: AccountClosedJob }): Promise<void> => {
    const { tenantId, customerSlug } = job.data;
    await inBackground('job accounts-closed: forget saved carts', async () => {
      await SavedCart.deleteMany(scoped({ tenantId }, { customerSlug }));
      await SavedCartList.deleteOne(scoped({ tenantId }, { _id: savedCartListId(tenantId, customerSlug) }));
    });
    await carts.remove(tenantId, { customerSlug, deviceId: null });
  };
}
