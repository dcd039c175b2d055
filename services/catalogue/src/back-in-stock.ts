import { createHash } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { inBackground, keyedId, scoped, tenantOwned } from '@platform/db';
import { INVALID_EMAIL, isValidEmail, specialOrderAllowed, storeSpecialOrderFlags } from '@platform/domain';
import { closedAccountEmailHash, type AccountClosedJob, type PlatformQueues } from '@platform/queue';
import { AppError, type RequestContext } from '@platform/server-kit';
import { Customer } from '@platform/identity';
import { getBusinessDetails, getStoreSettings } from '@platform/tenant-settings';
import { Product, productDocId, StoreProduct, storeProductDocId } from './models';
import { stockOf, stockWatch, storeNames, type WatchStore } from './stock-watch';

/**
 * Back in stock (issue 29): a shopper asks to be e-mailed once when an out-of-stock item is back at a store.
 * An ask is a document keyed by tenant, store product and e-mail (asking twice is one ask); Redis lists which
 * asks each store product has (stock-watch.ts, kind 'back-in-stock'), so a stock change never queries the collection.
 * The catalogue's stock announcements queue a 'back-in-stock' job on catalogue-changes for asked-for
 * products; the job e-mails each ask of a store product whose stock is above 0 and forgets it.
 */
export const backInStockDocId = (tenantId: string, storeProductId: number, email: string) => keyedId(tenantId, 'back-in-stock', storeProductId, email);

const askSchema = new Schema({
  _id: { type: String, required: true },
  storeProductId: { type: Number, required: true },
  productId: { type: Number, required: true },
  locationId: { type: Number, required: true },
  email: { type: String, required: true },
  customerSlug: { type: String, default: null },
  /** The product page's address on the store's site at the time of asking (storeLinkOrigin + /p/<slug>). */
  link: { type: String, required: true },
  askedAt: { type: Date, default: () => new Date() },
});
askSchema.plugin(tenantOwned, { growing: true });
export const BackInStockAsk = mongoose.models.BackInStockAsk ?? mongoose.model('BackInStockAsk', askSchema, 'backinstockasks');

type Keys = WatchStore;
export const backInStockWatch = stockWatch('back-in-stock');
const asksKey = (r: Keys, tenantId: string, storeProductId: number) => backInStockWatch.keys.storeProduct(r, tenantId, storeProductId);
const builtKey = (r: Keys, tenantId: string) => `${r.queuePrefix}:back-in-stock:${tenantId}:built`;
const listAsk = backInStockWatch.list;

/**
 * The sets rebuilt from the database when Redis does not have them (first start, a lost Redis): run by the stock
 * reconcile job (every 10 minutes, each store), so asks saved before a loss are e-mailed when their item returns.
 */
export async function ensureBackInStockSets(resources: Keys, tenantId: string): Promise<number> {
  if (await resources.redis.exists(builtKey(resources, tenantId))) return 0;
  const asks = await inBackground('back-in-stock sets rebuild', () =>
    BackInStockAsk.find(scoped({ tenantId }), { _id: 1, storeProductId: 1, productId: 1 }).lean()) as unknown as { _id: string; storeProductId: number; productId: number }[];
  for (const ask of asks) await listAsk(resources, tenantId, ask);
  await resources.redis.set(builtKey(resources, tenantId), '1');
  return asks.length;
}

/** The job name on the catalogue-changes queue (its data: the tenant and the products whose stock changed). */
export const BACK_IN_STOCK_JOB = 'back-in-stock';

export const NOT_OUT_OF_STOCK = 'This item is in stock at this store: you can order it now.';
export const SPECIAL_ORDER_INSTEAD = 'This item can be special ordered: add it to your cart and we order it in for you.';
export const NOT_SOLD_HERE = 'Product not found.';

type StoreProductDoc = { storeProductId: number; productId: number; locationId: number; hidden?: boolean; vendorAllowsSpecialOrder?: boolean };

async function askedStoreProduct(ctx: RequestContext, storeProductId: number): Promise<StoreProductDoc> {
  const sp = await StoreProduct.findOne(scoped(ctx, { _id: storeProductDocId(ctx.tenantId, storeProductId) })).lean() as StoreProductDoc | null;
  if (!sp || sp.hidden) throw new AppError('not_found', NOT_SOLD_HERE);
  return sp;
}

/** The e-mail an ask is for: the signed-in shopper's account e-mail, else the guest's (validated, lower-cased). */
async function askerEmail(ctx: RequestContext, given: string | undefined): Promise<{ email: string; customerSlug: string | null }> {
  if (ctx.caller) {
    const customer = await Customer.findOne(scoped(ctx, { _id: ctx.caller.customerId }), { email: 1 }).lean() as { email?: string } | null;
    if (customer?.email) return { email: customer.email.toLowerCase(), customerSlug: ctx.caller.slug };
  }
  const email = (given ?? '').trim().toLowerCase();
  if (!isValidEmail(email)) throw new AppError('unprocessable', INVALID_EMAIL, { email: [INVALID_EMAIL] });
  return { email, customerSlug: null };
}

/**
 * Records an ask (once per store product and e-mail). Refused for an item in stock there (409), one that can be
 * special ordered (409), a store product this store does not have (404) and a guest without a valid e-mail (422).
 */
export async function askBackInStock(
  ctx: RequestContext, resources: Keys & { queues: Pick<PlatformQueues, 'catalogueChanges'> }, input: { store_product_id: number; email?: string }, origin: string,
): Promise<{ email: string; already: boolean }> {
  const { email, customerSlug } = await askerEmail(ctx, input.email);
  const sp = await askedStoreProduct(ctx, input.store_product_id);
  const product = await Product.findOne(scoped(ctx, { _id: productDocId(ctx.tenantId, sp.productId) }), { slug: 1, extra: 1, hidden: 1, vendorId: 1 }).lean() as
    { slug: string; extra?: Record<string, unknown>; hidden?: boolean; vendorId?: number | null } | null;
  if (!product || product.hidden) throw new AppError('not_found', NOT_SOLD_HERE);
  // The product page's rule: what the store special-orders (its vendor list, show_oos_special) is not waited for.
  const [business, settings] = await Promise.all([getBusinessDetails(ctx), getStoreSettings(ctx)]);
  const vendorId = product.vendorId ?? null;
  if (specialOrderAllowed({
    inventory: 0, vendorAllowsSpecialOrder: sp.vendorAllowsSpecialOrder, alwaysAllowSpecialOrder: Boolean(product.extra?.always_allow_special_order),
    vendorId, hasVendor: vendorId !== null, ...storeSpecialOrderFlags(business, settings),
  })) throw new AppError('conflict', SPECIAL_ORDER_INSTEAD);
  if (await stockOf(resources, ctx.tenantId, sp.storeProductId) > 0) throw new AppError('conflict', NOT_OUT_OF_STOCK);
  const _id = backInStockDocId(ctx.tenantId, sp.storeProductId, email);
  let already = false;
  try {
    await BackInStockAsk.create({
      _id, tenantId: ctx.tenantId, storeProductId: sp.storeProductId, productId: sp.productId, locationId: sp.locationId, email, customerSlug,
      link: `${origin}/p/${encodeURIComponent(product.slug)}`,
    });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    already = true; // asked before: still one ask
  }
  await listAsk(resources, ctx.tenantId, { _id, storeProductId: sp.storeProductId, productId: sp.productId });
  // Stock that came back while the ask was being saved: its announcement may have found no ask yet.
  if (await stockOf(resources, ctx.tenantId, sp.storeProductId) > 0) {
    await resources.queues.catalogueChanges.add(BACK_IN_STOCK_JOB, { tenantId: ctx.tenantId, productIds: [sp.productId] });
  }
  return { email, already };
}

/** Withdraws an ask (nothing to withdraw is not an error: the answer is the same). */
export async function withdrawBackInStock(ctx: RequestContext, resources: Keys, input: { store_product_id: number; email?: string }): Promise<void> {
  const { email } = await askerEmail(ctx, input.email);
  const _id = backInStockDocId(ctx.tenantId, input.store_product_id, email);
  await resources.redis.srem(asksKey(resources, ctx.tenantId, input.store_product_id), _id);
  await BackInStockAsk.deleteOne(scoped(ctx, { _id }));
}

type AskDoc = { _id: string; email: string; link: string; askedAt: Date };

/**
 * The job (in the worker, inside inBackground): for each asked-for store product of these products whose stock
 * is above 0, e-mails every ask once through the notifications queue (a job id per ask, so a retried or
 * concurrent run adds no second e-mail) and forgets it. Store products still at 0 keep their asks.
 */
export async function sendBackInStock(
  resources: Keys & { queues: Pick<PlatformQueues, 'notifications'> }, tenantId: string, productIds: number[],
): Promise<{ sent: number }> {
  let sent = 0;
  const ctx = { tenantId };
  const names = storeNames(tenantId);
  await backInStockWatch.whenInStock(resources, tenantId, productIds, async ({ storeProductId, productId }, askIds) => {
    const product = await Product.findOne(scoped(ctx, { _id: productDocId(tenantId, productId) }), { title: 1 }).lean() as { title: string } | null;
    const sp = await StoreProduct.findOne(scoped(ctx, { _id: storeProductDocId(tenantId, storeProductId) }), { locationId: 1 }).lean() as { locationId: number } | null;
    const { tenant, locations } = await names();
    const locationName = sp ? locations.get(sp.locationId) : undefined;
    for (const askId of askIds) {
      const ask = await BackInStockAsk.findOne(scoped(ctx, { _id: askId })).lean() as AskDoc | null;
      if (!ask) continue;
      const title = product?.title ?? 'An item you asked about';
      const store = locationName || 'our store';
      await resources.queues.notifications.add('back-in-stock', {
        tenantId, channel: 'email', to: ask.email, kind: 'back-in-stock',
        subject: `Back in stock: ${title}`,
        text: [
          `Good news: ${title} is back in stock at ${store}.`, '',
          `See it and order it here: ${ask.link}`, '',
          `You asked us to e-mail you when it was back. This e-mail is sent once; if it sells out again, ask again on the product page.`, '',
          tenant,
        ].join('\n'),
      }, { jobId: `back-in-stock-${createHash('sha256').update(`${askId}|${new Date(ask.askedAt).getTime()}`).digest('hex').slice(0, 32)}` });
      sent += 1;
      await BackInStockAsk.deleteOne(scoped(ctx, { _id: askId }));
    }
  });
  return { sent };
}

/**
 * accounts-closed job: a closed or erased account's asks go, both those it made signed in and those made with its
 * e-mail as a guest (the job names the e-mail only by its hash, so the store's asks are read and hashed). Background
 * work: one read of the store's asks, then each deleted by `_id` and taken out of its Redis set.
 */
export function forgetClosedAccountAsks(resources: Keys) {
  return async (job: { data: AccountClosedJob }): Promise<void> => {
    const { tenantId, customerSlug, emailHash } = job.data;
    const asks = await inBackground('job accounts-closed: forget back-in-stock asks', () =>
      BackInStockAsk.find(scoped({ tenantId }), { _id: 1, storeProductId: 1, email: 1, customerSlug: 1 }).lean()) as unknown as { _id: string; storeProductId: number; email: string; customerSlug?: string | null }[];
    for (const ask of asks.filter((a) => a.customerSlug === customerSlug || (emailHash && closedAccountEmailHash(a.email) === emailHash))) {
      await BackInStockAsk.deleteOne(scoped({ tenantId }, { _id: ask._id }));
      await resources.redis.srem(asksKey(resources, tenantId, ask.storeProductId), ask._id);
    }
  };
}
