import { createHash } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { inBackground, keyedId, Location, scoped, tenantOwned } from '@platform/db';
import {
  PING_GUEST_DETAILS_NEEDED, PING_NO_DEVICE, PING_NOT_FOR_STAFF, pingContact, pingContactProblems, pingSavedMessage, type PingContact, type PingContactInput,
} from '@platform/domain';
import { closedAccountEmailHash, type AccountClosedJob, type PlatformQueues, runScript } from '@platform/queue';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { Customer, storeRecipients } from '@platform/identity';
import { Product, productDocId } from '../models';
import { requireLocation } from '../store-location';
import type { SearchIndexRegistry } from '../search/registry';
import { stockLeft } from '../stock';
import { stockOf, stockWatch, storeNames, type WatchStore } from '../stock-watch';
import { ensureLoadedWith, type CounterStore } from '../tracking';
import { countsKey } from './counts';
import { NOT_OUT_OF_STOCK, NOT_SOLD_HERE } from '../back-in-stock';

/**
 * In-store ping (issue 29, docs/IN-STORE-PING.md): a shopper asks the chosen store to check for an item shown out of
 * stock there. One ping per store product and shopper (the signed-in account, else the browser's device id): a
 * document under a keyed `_id`, read and written by `_id` only. Redis keeps
 *   - the open pings of each store product (stock-watch.ts, kind 'in-store-ping'), so a stock change finds who to tell;
 *   - `in-store-ping:<tenant>:counts`                 HASH product id -> pings (search suggestions' ping_count);
 *   - `in-store-ping:<tenant>:day:<location>:<day>`   ZSET product id -> pings made that UTC day at that store (stats).
 * A ping's first save tells the store (queued e-mails to its new-order recipients); stock back at that store sends
 * the shopper one restock notice (queued) and closes the ping. A cancelled ping no longer counts.
 */
export const inStorePingWatch = stockWatch('in-store-ping');
export const IN_STORE_PING_JOB = 'in-store-ping-restock';
const COUNTS_KIND = 'in-store-pings';
const DAY_TTL_S = 400 * 24 * 3600;

type PingStatus = 'open' | 'cancelled' | 'notified';
const pingSchema = new Schema({
  _id: { type: String, required: true },
  storeProductId: { type: Number, required: true },
  productId: { type: Number, required: true },
  locationId: { type: Number, required: true },
  /** `c:<customer id>` for a signed-in shopper, `d:<device id>` for a guest. */
  who: { type: String, required: true },
  customerSlug: { type: String, default: null },
  name: { type: String, required: true },
  email: { type: String, default: null },
  phone: { type: String, default: null },
  /** The product page on the store's site when pinging (storeLinkOrigin + /p/<slug>). */
  link: { type: String, required: true },
  status: { type: String, enum: ['open', 'cancelled', 'notified'], required: true },
  pingedAt: { type: Date, required: true },
  endedAt: { type: Date, default: null },
});
pingSchema.plugin(tenantOwned, { growing: true });
export const InStorePing = mongoose.models.InStorePing ?? mongoose.model('InStorePing', pingSchema, 'instorepings');
type PingDoc = { _id: string; storeProductId: number; productId: number; locationId: number; who: string; name: string; email: string | null; phone: string | null; link: string; status: PingStatus; pingedAt: Date };

export const inStorePingDocId = (tenantId: string, storeProductId: number, who: string) => keyedId(tenantId, 'in-store-ping', storeProductId, who);

type Resources = WatchStore & { queues: Pick<PlatformQueues, 'notifications'> };
const counters = (r: WatchStore): CounterStore => ({ redis: r.redis, prefix: r.queuePrefix });
const dayKey = (r: WatchStore, tenantId: string, locationId: number, day: string) => `${r.queuePrefix}:in-store-ping:${tenantId}:day:${locationId}:${day}`;
const loadedMarker = (r: WatchStore, tenantId: string) => `${r.queuePrefix}:counters-loaded:${COUNTS_KIND}:${tenantId}`;
/** A UTC day, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Fills Redis from the database (first use, a lost Redis), as background work: counts and days from every ping that
 * was not cancelled, the open ones listed for the stock change. Set, not added, so a partly kept Redis is put right.
 */
async function loadPings(store: CounterStore, tenantId: string): Promise<void> {
  const r = { redis: store.redis, queuePrefix: store.prefix };
  const pings = (await InStorePing.find(scoped({ tenantId }, { status: { $ne: 'cancelled' } }), { storeProductId: 1, productId: 1, locationId: 1, status: 1, pingedAt: 1 }).lean()) as unknown as PingDoc[];
  const counts = new Map<number, number>();
  const days = new Map<string, Map<number, number>>();
  for (const ping of pings) {
    counts.set(ping.productId, (counts.get(ping.productId) ?? 0) + 1);
    const key = dayKey(r, tenantId, ping.locationId, utcDay(new Date(ping.pingedAt)));
    const day = days.get(key) ?? new Map<number, number>();
    day.set(ping.productId, (day.get(ping.productId) ?? 0) + 1);
    days.set(key, day);
    if (ping.status === 'open') await inStorePingWatch.list(r, tenantId, ping);
  }
  const multi = store.redis.multi();
  for (const [productId, count] of counts) multi.hset(countsKey(r, tenantId), String(productId), count);
  for (const [key, day] of days) for (const [productId, count] of day) multi.zadd(key, count, String(productId)).expire(key, DAY_TTL_S);
  await multi.exec();
}

/** Makes sure Redis holds the store's pings (the stock reconcile job runs it for each store after a Redis loss). */
export const ensureInStorePings = (r: WatchStore, tenantId: string) => ensureLoadedWith(counters(r), tenantId, COUNTS_KIND, loadPings);

// KEYS: loaded marker, the store product's open pings, the product's store products, the watched products, counts, the day.
// ARGV: ping id, store product id, product id. 'missing' when Redis lost the pings, 'already' for a ping it holds.
const PING = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then return 'already' end
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('SADD', KEYS[4], ARGV[3])
redis.call('HINCRBY', KEYS[5], ARGV[3], 1)
redis.call('ZINCRBY', KEYS[6], 1, ARGV[3])
redis.call('EXPIRE', KEYS[6], ${DAY_TTL_S})
return 'ok'`;

// KEYS: loaded marker, the store product's open pings, counts, the ping's day. ARGV: ping id, product id.
const CANCEL = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if redis.call('SREM', KEYS[2], ARGV[1]) == 0 then return 'none' end
if tonumber(redis.call('HINCRBY', KEYS[3], ARGV[2], -1)) <= 0 then redis.call('HDEL', KEYS[3], ARGV[2]) end
if redis.call('EXISTS', KEYS[4]) == 1 and tonumber(redis.call('ZINCRBY', KEYS[4], -1, ARGV[2])) <= 0 then redis.call('ZREM', KEYS[4], ARGV[2]) end
return 'ok'`;

/** Runs a script that needs the store's pings in Redis, loading them first when a lost Redis forgot them. */
async function withPings(r: WatchStore, tenantId: string, run: () => Promise<unknown>): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const reply = String(await run());
    if (reply !== 'missing') return reply;
    await ensureInStorePings(r, tenantId);
  }
  throw new Error(`the in-store pings of ${tenantId} could not be loaded`);
}

/** Who is pinging: the signed-in shopper, else this browser (its device id). Staff are refused. */
function pinger(ctx: RequestContext): { who: string; customerId: string | null } {
  if (ctx.caller?.isAdmin) throw new AppError('forbidden', PING_NOT_FOR_STAFF);
  if (ctx.caller) return { who: `c:${ctx.caller.customerId}`, customerId: ctx.caller.customerId };
  if (!ctx.deviceId) throw new AppError('unprocessable', PING_NO_DEVICE, { device_id: [PING_NO_DEVICE] });
  return { who: `d:${ctx.deviceId}`, customerId: null };
}

type Item = { storeProductId: number; productId: number; locationId: number; title: string; slug: string };

/** The product as sold at the shopper's chosen store (the search index, in memory); 404 when not sold there or another store's. */
async function itemAtStore(ctx: RequestContext, registry: SearchIndexRegistry, productId: number): Promise<Item> {
  const [locationId, index] = await Promise.all([requireLocation(ctx), registry.get(ctx.tenantId)]);
  const product = index.product({ productId }, locationId);
  if (!product) throw new AppError('not_found', NOT_SOLD_HERE);
  return { storeProductId: product.store_product_id, productId, locationId, title: product.title, slug: product.slug };
}

const readPing = async (ctx: RequestContext, id: string) => (await InStorePing.findOne(scoped(ctx, { _id: id })).lean()) as PingDoc | null;

export interface PingState { pinged: boolean; pinged_at: string | null }
const stateOf = (ping: PingDoc | null): PingState => ping?.status === 'open' ? { pinged: true, pinged_at: new Date(ping.pingedAt).toISOString() } : { pinged: false, pinged_at: null };

/** get-in-store-ping-status: whether this shopper (account, else this browser) has an open ping of the product at the chosen store. */
export async function pingStatus(ctx: RequestContext, registry: SearchIndexRegistry, productId: number): Promise<PingState> {
  const item = await itemAtStore(ctx, registry, productId);
  // Staff never ping; a browser without a device id has none.
  if (ctx.caller?.isAdmin || (!ctx.caller && !ctx.deviceId)) return stateOf(null);
  const { who } = pinger(ctx);
  return stateOf(await readPing(ctx, inStorePingDocId(ctx.tenantId, item.storeProductId, who)));
}

/**
 * Saves a ping (save-in-store-ping for a signed-in shopper, in-store-ping-non-customer-info with a guest's details).
 * Pinging again while the ping is open changes nothing and tells the store nothing. Refused: staff (403), a product
 * not sold at this store (404), an item in stock there (409), a guest without a name and a phone or e-mail (422).
 */
export async function savePing(
  ctx: RequestContext, resources: Resources, registry: SearchIndexRegistry, input: { product_id: number } & PingContactInput, origin: string, guestForm: boolean,
): Promise<PingState & { message: string; already: boolean }> {
  const { who, customerId } = pinger(ctx);
  const contact = customerId ? await accountContact(ctx, customerId) : guestContact(input, guestForm);
  const item = await itemAtStore(ctx, registry, input.product_id);
  if (await stockOf(resources, ctx.tenantId, item.storeProductId) > 0) throw new AppError('conflict', NOT_OUT_OF_STOCK);
  const _id = inStorePingDocId(ctx.tenantId, item.storeProductId, who);
  const storeName = (await storeNames(ctx.tenantId)()).locations.get(item.locationId) ?? '';
  const message = pingSavedMessage(storeName);
  const existing = await readPing(ctx, _id);
  if (existing?.status === 'open') return { ...stateOf(existing), message, already: true };

  const pingedAt = new Date();
  const r = resources;
  const reply = await withPings(r, ctx.tenantId, () => runScript(r.redis, PING, 6,
    loadedMarker(r, ctx.tenantId), inStorePingWatch.keys.storeProduct(r, ctx.tenantId, item.storeProductId), inStorePingWatch.keys.product(r, ctx.tenantId, item.productId),
    inStorePingWatch.keys.products(r, ctx.tenantId), countsKey(r, ctx.tenantId), dayKey(r, ctx.tenantId, item.locationId, utcDay(pingedAt)),
    _id, String(item.storeProductId), String(item.productId)));
  const doc = {
    storeProductId: item.storeProductId, productId: item.productId, locationId: item.locationId, who,
    customerSlug: ctx.caller?.slug ?? null, ...contact, link: `${origin}/p/${encodeURIComponent(item.slug)}`, status: 'open' as const, pingedAt, endedAt: null,
  };
  // The document follows Redis; only the click whose Redis add was first tells the store (two clicks at once, a repeat
  // after a save that stopped half way).
  await InStorePing.updateOne(scoped(ctx, { _id }), { $set: doc }, { upsert: true });
  if (reply === 'ok') await tellTheStore(ctx, resources, item, storeName, doc);
  return { pinged: true, pinged_at: pingedAt.toISOString(), message, already: reply !== 'ok' };
}

async function accountContact(ctx: RequestContext, customerId: string): Promise<PingContact> {
  const customer = await Customer.findOne(scoped(ctx, { _id: customerId }), { firstName: 1, lastName: 1, email: 1, telephone: 1 }).lean() as { firstName?: string; lastName?: string; email?: string; telephone?: string | null } | null;
  const name = [customer?.firstName, customer?.lastName].filter(Boolean).join(' ');
  return { name: name || customer?.email || 'A customer', email: customer?.email ?? null, phone: customer?.telephone ?? null };
}

/** A guest's details: from the guest form (each problem named by field), else refused as a whole. */
function guestContact(input: PingContactInput, guestForm: boolean): PingContact {
  const problems = pingContactProblems(input);
  if (!guestForm && Object.keys(problems).length) throw new AppError('unprocessable', PING_GUEST_DETAILS_NEEDED, Object.fromEntries(Object.entries(problems).map(([f, m]) => [f, [m]])));
  rejectFieldProblems(problems);
  return pingContact(input);
}

/** The store hears of a new ping: an e-mail to its new-order recipients at that location, a reply going to the shopper. */
async function tellTheStore(ctx: RequestContext, resources: Resources, item: Item, storeName: string, ping: PingContact & { link: string }): Promise<void> {
  const { emails } = await storeRecipients(ctx, item.locationId);
  const subject = `Please check the shelf: ${item.title}`;
  const text = [
    `${ping.name} asked ${storeName || 'the store'} to check whether ${item.title} is in the store: it shows as out of stock online.`, '',
    ...(ping.phone ? [`Phone: ${ping.phone}`] : []), ...(ping.email ? [`E-mail: ${ping.email}`] : []),
    `Product: ${ping.link}`, '',
    'If you find it, correct the stock count: the shopper is told once that it is in stock. Pings per item are in the back office (Stats › In-store pings).',
  ].join('\n');
  await Promise.all(emails.map((to) => resources.queues.notifications.add('in-store-ping', {
    tenantId: ctx.tenantId, channel: 'email', to, kind: 'in-store-ping', subject, text, ...(ping.email ? { replyTo: ping.email } : {}),
  })));
}

/** cancel-in-store-ping: closes this shopper's open ping of the product at the chosen store (none open is not an error). */
export async function cancelPing(ctx: RequestContext, resources: WatchStore, registry: SearchIndexRegistry, productId: number): Promise<PingState> {
  const { who } = pinger(ctx);
  const item = await itemAtStore(ctx, registry, productId);
  const _id = inStorePingDocId(ctx.tenantId, item.storeProductId, who);
  const ping = await readPing(ctx, _id);
  if (ping?.status !== 'open') return stateOf(null);
  const r = resources;
  await withPings(r, ctx.tenantId, () => runScript(r.redis, CANCEL, 4,
    loadedMarker(r, ctx.tenantId), inStorePingWatch.keys.storeProduct(r, ctx.tenantId, item.storeProductId), countsKey(r, ctx.tenantId),
    dayKey(r, ctx.tenantId, ping.locationId, utcDay(new Date(ping.pingedAt))), _id, String(item.productId)));
  await InStorePing.updateOne(scoped(ctx, { _id }), { $set: { status: 'cancelled', endedAt: new Date() } });
  return stateOf(null);
}

/**
 * The job (worker, inside inBackground): each open ping of a store product of these products that is in stock again
 * gets one restock notice (e-mail, else a text; a job id per ping and time of pinging, so a retried run sends no
 * second one) and is closed.
 */
export async function sendPingRestockNotices(resources: Resources, tenantId: string, productIds: number[]): Promise<{ sent: number }> {
  let sent = 0;
  const ctx = { tenantId };
  const names = storeNames(tenantId);
  await inStorePingWatch.whenInStock(resources, tenantId, productIds, async ({ productId }, pingIds) => {
    const product = await Product.findOne(scoped(ctx, { _id: productDocId(tenantId, productId) }), { title: 1 }).lean() as { title: string } | null;
    const title = product?.title ?? 'The item you asked about';
    for (const pingId of pingIds) {
      const ping = (await InStorePing.findOne(scoped(ctx, { _id: pingId })).lean()) as PingDoc | null;
      if (ping?.status !== 'open') continue;
      const { tenant, locations } = await names();
      const store = locations.get(ping.locationId) || 'the store';
      const jobId = `in-store-ping-${createHash('sha256').update(`${pingId}|${new Date(ping.pingedAt).getTime()}`).digest('hex').slice(0, 32)}`;
      const to = ping.email ?? ping.phone;
      if (to) {
        await resources.queues.notifications.add('in-store-ping-restock', ping.email ? {
          tenantId, channel: 'email', to, kind: 'in-store-ping-restock', subject: `In stock at ${store}: ${title}`,
          text: [`Hello ${ping.name},`, '', `You asked ${store} to check for ${title}. It is in stock there now.`, '', `See it and order it here: ${ping.link}`, '',
            'This message is sent once. If it sells out again, ask the store again on the product page.', '', tenant].join('\n'),
        } : {
          tenantId, channel: 'sms', to, kind: 'in-store-ping-restock', subject: '', text: `${tenant}: ${title} is in stock at ${store} now. ${ping.link}`,
        }, { jobId });
        sent += 1;
      }
      await InStorePing.updateOne(scoped(ctx, { _id: pingId }), { $set: { status: 'notified', endedAt: new Date() } });
    }
  });
  return { sent };
}

export const MAX_STATS_DAYS = 366;
export const STATS_RANGE_TOO_LONG = `Please choose at most ${MAX_STATS_DAYS} days.`;
export const STATS_BAD_DAY = 'Please give a date as YYYY-MM-DD.';
export const STATS_RANGE_BACKWARDS = 'The start date must not be after the end date.';
export const STORE_NOT_FOUND = 'This store location was not found.';
export const OTHER_LOCATION = 'You can see the figures of your own store location only.';

const daysBetween = (from: string, to: string) => {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`) && days.length <= MAX_STATS_DAYS; at += 86_400_000) days.push(utcDay(new Date(at)));
  return days;
};

/**
 * admin/stats/inStorePingItems: pings per item at one store location over UTC days from_date..to_date (default the last
 * 30 days), most pinged first, with how many are still waiting and the stock now. Read from Redis and the search index.
 */
export async function inStorePingItems(
  ctx: RequestContext, r: WatchStore, registry: SearchIndexRegistry, query: { store_id?: number; from_date?: string; to_date?: string },
) {
  const bound = ctx.caller?.locationId ?? null;
  if (bound !== null && query.store_id !== undefined && query.store_id !== bound) throw new AppError('forbidden', OTHER_LOCATION);
  const storeId = query.store_id ?? bound ?? await requireLocation(ctx);
  if (!(await Location.exists(scoped(ctx, { locationId: storeId })))) throw new AppError('not_found', STORE_NOT_FOUND);
  const isDay = (day: string | undefined) => day === undefined || (!Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && utcDay(new Date(`${day}T00:00:00Z`)) === day);
  // Checked before the default start is worked out from the end: '0000-00-00' is no day to count back from.
  rejectFieldProblems(Object.fromEntries([['from_date', query.from_date], ['to_date', query.to_date]].filter(([, day]) => !isDay(day)).map(([field]) => [field, STATS_BAD_DAY])));
  const to = query.to_date ?? utcDay(new Date());
  const from = query.from_date ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000));
  if (from > to) rejectFieldProblems({ from_date: STATS_RANGE_BACKWARDS });
  const days = daysBetween(from, to);
  if (days.length > MAX_STATS_DAYS) rejectFieldProblems({ from_date: STATS_RANGE_TOO_LONG });

  await ensureInStorePings(r, ctx.tenantId);
  const multi = r.redis.multi();
  for (const day of days) multi.zrange(dayKey(r, ctx.tenantId, storeId, day), '0', '-1', 'WITHSCORES');
  const totals = new Map<number, number>();
  for (const [, pairs] of (await multi.exec()) ?? []) {
    const list = (pairs ?? []) as string[];
    for (let i = 0; i < list.length; i += 2) totals.set(Number(list[i]), (totals.get(Number(list[i])) ?? 0) + Number(list[i + 1]));
  }
  const index = await registry.get(ctx.tenantId);
  const items = [...totals].filter(([, pings]) => pings > 0).map(([productId, pings]) => ({ productId, pings, sold: index.product({ productId }, storeId) }));
  const sold = items.flatMap((i) => i.sold ? [i.sold.store_product_id] : []);
  // Stock and waiting shoppers as Redis holds them now (the index follows stock changes a moment later).
  const [stock, waiting] = await Promise.all([
    stockLeft({ redis: r.redis, prefix: r.queuePrefix }, ctx.tenantId, sold),
    Promise.all(sold.map((id) => r.redis.scard(inStorePingWatch.keys.storeProduct(r, ctx.tenantId, id)))).then((counts) => new Map(sold.map((id, i) => [id, counts[i]]))),
  ]);
  const rows = await Promise.all(items.map(async ({ productId, pings, sold: item }) => {
    const product = item ? null : await Product.findOne(scoped(ctx, { _id: productDocId(ctx.tenantId, productId) }), { sku: 1, title: 1, slug: 1 }).lean() as { sku: string; title: string; slug: string } | null;
    return {
      product_id: productId, store_product_id: item?.store_product_id ?? null, sku: item?.sku ?? product?.sku ?? '', title: item?.title ?? product?.title ?? `Product ${productId}`,
      slug: item?.slug ?? product?.slug ?? null, image_url: item?.image_url ?? null, pings,
      waiting: item ? waiting.get(item.store_product_id) ?? 0 : 0, num_inventory: item ? stock.get(item.store_product_id) ?? 0 : null,
    };
  }));
  rows.sort((a, b) => b.pings - a.pings || a.title.localeCompare(b.title));
  return { store_id: storeId, from_date: from, to_date: to, total_pings: rows.reduce((sum, row) => sum + row.pings, 0), data: rows };
}

/**
 * accounts-closed job: a closed or erased account's pings go (those made signed in, and a guest's with its e-mail), each
 * taken off its store product's list; the counts keep them as numbers. Background work: one read of the store's pings.
 */
export function forgetClosedAccountPings(r: WatchStore) {
  return async (job: { data: AccountClosedJob }): Promise<void> => {
    const { tenantId, customerSlug, customerId, emailHash } = job.data;
    const pings = await inBackground('job accounts-closed: forget in-store pings', () =>
      InStorePing.find(scoped({ tenantId }), { _id: 1, storeProductId: 1, who: 1, customerSlug: 1, email: 1 }).lean()) as unknown as { _id: string; storeProductId: number; who: string; customerSlug: string | null; email: string | null }[];
    const theirs = pings.filter((p) => p.customerSlug === customerSlug || (customerId && p.who === `c:${customerId}`) || (emailHash && p.email && closedAccountEmailHash(p.email) === emailHash));
    for (const ping of theirs) {
      await inStorePingWatch.unlist(r, tenantId, ping.storeProductId, ping._id);
      await InStorePing.deleteOne(scoped({ tenantId }, { _id: ping._id }));
    }
  };
}
