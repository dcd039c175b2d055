import mongoose, { Schema } from 'mongoose';
import type { Redis } from 'ioredis';
import { inBackground, scoped, Tenant, tenantOwned } from '@platform/db';
import {
  cardEndingLabel, dayOf, PAY_AT_STORE, payLaterShortLabel, dayStartMs, isRunDay, MAX_RECURRING_PER_SHOPPER, RECURRING_ALREADY_CANCELLED, RECURRING_FREQUENCY_LABELS, RECURRING_NEEDS_SAVED_CARD,
  RECURRING_NOT_A_RUN_DAY, RECURRING_NOT_FOUND, RECURRING_NOT_OFFERED, RECURRING_RUN_IN_PAST, RECURRING_SIGN_IN, RECURRING_TOO_MANY,
  recurringPattern, runAtMs, upcomingRunDays, OTHER_LOCATION_REFUSED, staffListLocation, staffSeesLocation, type FulfilmentMode, type RecurringFrequency, type RecurringRunStatus,
} from '@platform/domain';
import type { Paged, RecurringOrder as RecurringOrderView } from '@platform/contracts';
import type { PlatformQueues } from '@platform/queue';
import { withRedisLock } from '@platform/cart';
import { getBusinessDetails, storedPaymentSettings } from '@platform/tenant-settings';
import { cardCustomerRef } from '@platform/identity';
import { paymentProviderFor } from '@platform/payments';
import { AppError, type RequestContext } from '@platform/server-kit';

/** A recurring order: the lines, store, address and payment of the order that started it, and each run's outcome. */
const recurringOrderSchema = new Schema({
  customerSlug: { type: String, required: true },
  status: { type: String, enum: ['active', 'cancelled'], default: 'active' },
  frequency: { type: String, required: true },
  /** The day of the order that started it: runs are counted from it. */
  anchorDay: { type: String, required: true },
  firstOrderNumber: { type: String, required: true },
  orderType: { type: String, enum: ['pickup', 'delivery', 'shipping'], required: true },
  locationId: { type: Number, required: true },
  address: { type: { _id: false, address: String, address2: String, city: String, state: String, zip: String, country: String }, default: null },
  /** shipping: the carrier and service the first order went by ('UPS Ground'); each run is quoted again at placement. */
  shippingService: { type: String, default: null },
  contact: { firstName: String, lastName: String, email: String, telephone: String },
  /** card: a saved card of the shopper's at the store's provider (its source), charged off-session on each run. */
  payment: { method: String, source: String, label: String },
  items: { type: [{ _id: false, productId: Number, storeProductId: Number, sku: String, title: String, quantity: Number, special: Boolean }], default: [] },
  note: { type: String, default: '' },
  /** Each run day with an outcome, newest first (the last RUNS_KEPT). */
  runs: { type: [{ _id: false, day: String, status: String, orderNumber: String, reason: String, at: Date }], default: [] },
  cancelledAt: { type: Date, default: null },
  cancelledBy: { type: String, default: null },
  /** Each change (update-recurring-order, admin/recurringorders/update), newest first (the last RECURRING_CHANGES_KEPT): when, who (their slug, and whether the store), what. */
  changes: { type: [{ _id: false, at: Date, by: String, byStore: Boolean, what: [String] }], default: [] },
}, { timestamps: true });
recurringOrderSchema.plugin(tenantOwned, { growing: true });
recurringOrderSchema.index({ tenantId: 1, customerSlug: 1 });
export const RecurringOrder = mongoose.models.RecurringOrder ?? mongoose.model('RecurringOrder', recurringOrderSchema);

const RUNS_KEPT = 100;

export type RecurringDoc = {
  _id: unknown; customerSlug: string; status: 'active' | 'cancelled'; frequency: RecurringFrequency; anchorDay: string; firstOrderNumber: string;
  orderType: 'pickup' | 'delivery' | 'shipping'; locationId: number; address: { address?: string; address2?: string; city?: string; state?: string; zip?: string; country?: string } | null;
  shippingService?: string | null;
  contact: { firstName: string; lastName: string; email: string; telephone: string };
  payment: { method: string; source?: string | null; label: string };
  items: { productId: number; storeProductId: number; sku: string; title: string; quantity: number; special: boolean }[];
  note: string; runs: { day: string; status: RecurringRunStatus; orderNumber?: string | null; reason?: string | null; at: Date }[];
  cancelledAt: Date | null; createdAt: Date;
  changes?: { at: Date; by: string | null; byStore: boolean; what: string[] }[];
};

/** What checkout asks for when the shopper ticks 'Repeat this order': checked before the order is placed. */
export type RecurringRequest = { frequency: RecurringFrequency; card: { source: string; label: string } | null };

export interface RecurringIo { redis: Redis; prefix: string; queues: Pick<PlatformQueues, 'recurringOrders'> }

// ---- The store's and each shopper's lists, in Redis (docs/DATA-ACCESS.md rule 3) ----

const base = (io: Pick<RecurringIo, 'prefix'>, tenantId: string) => `${io.prefix}:recurring:${tenantId}`;
const keys = {
  built: (io: Pick<RecurringIo, 'prefix'>, t: string) => `${base(io, t)}:built`,
  all: (io: Pick<RecurringIo, 'prefix'>, t: string) => `${base(io, t)}:all`,
  customer: (io: Pick<RecurringIo, 'prefix'>, t: string, slug: string) => `${base(io, t)}:customer:${slug}`,
  /** Each recurring order as the database has it (JSON), so a list reads no database. */
  rows: (io: Pick<RecurringIo, 'prefix'>, t: string) => `${base(io, t)}:rows`,
};

type ListIo = Pick<RecurringIo, 'redis' | 'prefix'>;

/** Lists one recurring order (by when it was made) in the store's list and its shopper's, with its row. */
async function listRecurring(io: ListIo, tenantId: string, doc: RecurringDoc) {
  const score = new Date(doc.createdAt).getTime();
  await io.redis.multi().zadd(keys.all(io, tenantId), score, String(doc._id)).zadd(keys.customer(io, tenantId, doc.customerSlug), score, String(doc._id))
    .hset(keys.rows(io, tenantId), String(doc._id), JSON.stringify(doc)).exec();
}

/** The row of a changed recurring order (written after the database). */
export const keepRow = (io: ListIo, tenantId: string, doc: RecurringDoc) => io.redis.hset(keys.rows(io, tenantId), String(doc._id), JSON.stringify(doc));

/**
 * Builds a store's lists from the database when Redis does not have them (first start, a lost Redis); given the
 * queues, the active ones are scheduled again too (a lost Redis lost their schedulers; scheduling is idempotent).
 */
export async function ensureRecurringLists(io: ListIo & Partial<Pick<RecurringIo, 'queues'>>, tenantId: string): Promise<void> {
  if (await io.redis.exists(keys.built(io, tenantId))) return;
  await inBackground('recurring order lists rebuild', async () => {
    const docs = (await RecurringOrder.find(scoped({ tenantId })).lean()) as unknown as RecurringDoc[];
    for (const doc of docs) {
      await listRecurring(io, tenantId, doc);
      if (io.queues && doc.status === 'active') await scheduleRuns({ queues: io.queues }, tenantId, doc);
    }
  });
  await io.redis.set(keys.built(io, tenantId), '1');
}

/** Every store's lists (and schedulers) that Redis lacks, in the background at start. */
export async function buildRecurringLists(io: RecurringIo): Promise<void> {
  const tenants = (await inBackground('recurring order lists rebuild', () => Tenant.find({}, { _id: 1 }).lean())) as { _id: unknown }[];
  for (const t of tenants) await ensureRecurringLists(io, String(t._id));
}

async function docsByIds(io: ListIo, tenantId: string, ids: string[]): Promise<RecurringDoc[]> {
  if (!ids.length) return [];
  return (await io.redis.hmget(keys.rows(io, tenantId), ...ids)).filter((row): row is string => Boolean(row)).map((row) => JSON.parse(row) as RecurringDoc);
}

/** One recurring order by id; staff bound to a location find only that location's (others answer as not found, as orders do). */
export async function findRecurring(ctx: RequestContext, id: string): Promise<RecurringDoc | null> {
  if (!mongoose.isValidObjectId(id)) return null;
  const doc = (await RecurringOrder.findOne(scoped(ctx, { _id: id })).lean()) as unknown as RecurringDoc | null;
  return doc && staffSeesLocation(ctx.caller?.locationId, doc.locationId) ? doc : null;
}

// ---- Scheduling: one job scheduler for the runs, one for the reminders (the queue's repeat strategy reads the pattern) ----

const schedulerIds = (tenantId: string, id: string) => ({ run: `${tenantId}:${id}:run`, remind: `${tenantId}:${id}:remind` });

export async function scheduleRuns(io: Pick<RecurringIo, 'queues'>, tenantId: string, doc: Pick<RecurringDoc, '_id' | 'frequency' | 'anchorDay'>): Promise<void> {
  const ids = schedulerIds(tenantId, String(doc._id));
  const pattern = recurringPattern(doc.frequency, doc.anchorDay);
  const data = { tenantId, recurringOrderId: String(doc._id) };
  await io.queues.recurringOrders.upsertJobScheduler(ids.run, { pattern }, { name: 'run', data });
  await io.queues.recurringOrders.upsertJobScheduler(ids.remind, { pattern }, { name: 'remind', data });
}

export async function unscheduleRuns(io: Pick<RecurringIo, 'queues'>, tenantId: string, id: string): Promise<void> {
  const ids = schedulerIds(tenantId, id);
  await io.queues.recurringOrders.removeJobScheduler(ids.run);
  await io.queues.recurringOrders.removeJobScheduler(ids.remind);
}

// ---- Checkout: the request checked first, the recurring order made once the order stands ----

/**
 * Checks a checkout's 'Repeat this order' before anything is taken: the store offers it, the shopper is signed in
 * and under the limit, and a card payment is one of the shopper's saved cards (or is saved now), since each run
 * charges it without the shopper. Any way the order reaches the shopper repeats (a shipping run is quoted again).
 */
export async function checkRecurringRequest(ctx: RequestContext, io: Pick<RecurringIo, 'redis' | 'prefix'>, customerSlug: string | null,
  input: { frequency: RecurringFrequency; mode: FulfilmentMode; card: { token: string; saving: boolean } | null }): Promise<RecurringRequest> {
  const field = (message: string, name = 'recurring.frequency') => new AppError('unprocessable', message, { [name]: [message] });
  if (!(await getBusinessDetails(ctx)).recurring_orders_enabled) throw field(RECURRING_NOT_OFFERED);
  if (!customerSlug) throw field(RECURRING_SIGN_IN);
  if ((await activeCount(ctx, io, customerSlug)) >= MAX_RECURRING_PER_SHOPPER) throw field(RECURRING_TOO_MANY);
  if (!input.card) return { frequency: input.frequency, card: null };
  // A card saved at this checkout is known only once saved (checkout passes it on); else it must be saved already.
  if (input.card.saving) return { frequency: input.frequency, card: { source: '', label: '' } };
  const saved = await savedRecurringCard(ctx, customerSlug, input.card.token);
  if (!saved) throw field(RECURRING_NEEDS_SAVED_CARD, 'payment_token');
  return { frequency: input.frequency, card: saved };
}

export { cardEndingLabel as cardLabel };

/**
 * One of the shopper's own saved cards in the vault of the store's card provider (the one each run charges), by its
 * source, as a recurring order keeps it (shown by brand and last 4 only); null when it is not one of theirs there.
 */
export async function savedRecurringCard(ctx: RequestContext, customerSlug: string, source: string): Promise<{ source: string; label: string } | null> {
  const provider = paymentProviderFor(await storedPaymentSettings(ctx));
  if (provider.name === 'pay_at_store') return null;
  const ref = await cardCustomerRef(ctx, provider.name, customerSlug);
  const saved = ref ? (await provider.listCards(ref)).find((c) => c.source === source) : undefined;
  return saved ? { source: saved.source, label: cardEndingLabel(saved.brand, saved.last4) } : null;
}

async function activeCount(ctx: RequestContext, io: Pick<RecurringIo, 'redis' | 'prefix'>, customerSlug: string): Promise<number> {
  await ensureRecurringLists(io, ctx.tenantId);
  const ids = await io.redis.zrange(keys.customer(io, ctx.tenantId, customerSlug), '0', '-1');
  return (await docsByIds(io, ctx.tenantId, ids)).filter((d) => d.status === 'active').length;
}

/** The placed order a recurring order starts from (what completeOrder has at hand). */
export type StartingOrder = {
  orderNumber: string; placedAt: Date; orderType: string; locationId: number; customerSlug?: string | null; note?: string;
  address?: RecurringDoc['address']; shippingService?: string | null; contact?: { firstName?: string; lastName?: string; email?: string; telephone?: string } | null;
  items: { productId: number; storeProductId: number; sku: string; title: string; quantity: number; special: boolean; cancelledQuantity?: number }[];
};

/** Makes the recurring order of a placed order, lists it and schedules its runs; answers its view. */
export async function startRecurringOrder(ctx: RequestContext, io: RecurringIo, order: StartingOrder, request: RecurringRequest): Promise<RecurringOrderView> {
  await ensureRecurringLists(io, ctx.tenantId);
  const created = await RecurringOrder.create({
    ...scoped(ctx), customerSlug: order.customerSlug, frequency: request.frequency, anchorDay: dayOf(new Date(order.placedAt).getTime()),
    firstOrderNumber: order.orderNumber, orderType: order.orderType, locationId: order.locationId, address: order.address ?? null,
    shippingService: order.orderType === 'shipping' ? order.shippingService ?? null : null,
    contact: order.contact, note: order.note ?? '',
    payment: request.card ? { method: 'card', source: request.card.source, label: request.card.label } : { method: PAY_AT_STORE, label: payLaterShortLabel(order.orderType as RecurringDoc['orderType']) },
    items: order.items.map((i) => ({ productId: i.productId, storeProductId: i.storeProductId, sku: i.sku, title: i.title, quantity: i.quantity, special: i.special })),
  });
  const doc = created.toObject() as RecurringDoc;
  await listRecurring(io, ctx.tenantId, doc);
  await scheduleRuns(io, ctx.tenantId, doc);
  return recurringView(ctx, doc, Date.now());
}

// ---- Views and lists ----

export type StoreNames = Map<number, { name: string }>;

export function recurringView(ctx: RequestContext, doc: RecurringDoc, nowMs: number, stores?: StoreNames): RecurringOrderView {
  // A day with an outcome (placed early, skipped) is not coming any more.
  const skipped = new Set(doc.runs.map((r) => r.day));
  const next = doc.status === 'active'
    ? upcomingRunDays(doc.frequency, doc.anchorDay, nowMs, 4 + skipped.size).filter((d) => !skipped.has(d)).slice(0, 4) : [];
  return {
    id: String(doc._id), status: doc.status, frequency: doc.frequency, frequency_label: RECURRING_FREQUENCY_LABELS[doc.frequency],
    order_type: doc.orderType, store: { id: doc.locationId, name: stores?.get(doc.locationId)?.name ?? '' },
    address: doc.address ? { address: doc.address.address ?? '', address2: doc.address.address2 ?? '', city: doc.address.city ?? '', state: doc.address.state ?? '', zip: doc.address.zip ?? '' } : null,
    shipping_service: doc.orderType === 'shipping' ? doc.shippingService ?? null : null,
    customer_name: `${doc.contact?.firstName ?? ''} ${doc.contact?.lastName ?? ''}`.trim(), email: doc.contact?.email ?? '',
    payment_method: doc.payment?.method === 'card' ? 'card' : 'pay_at_store', payment_label: doc.payment?.label ?? '',
    // The card's reference is the shopper's to choose with; the store sees its brand and last 4 only.
    ...(doc.payment?.method === 'card' && doc.payment.source && ctx.caller && !ctx.caller.isAdmin ? { card_source: doc.payment.source } : {}),
    items: doc.items.map((i) => ({ store_product_id: i.storeProductId, sku: i.sku, title: i.title, quantity: i.quantity, special: Boolean(i.special) })),
    first_order_number: doc.firstOrderNumber, started_on: doc.anchorDay, next_dates: next,
    runs: doc.runs.map((r) => ({ date: r.day, status: r.status, order_number: r.orderNumber ?? null, reason: r.reason ?? '' })),
    created_at: new Date(doc.createdAt).toISOString(), cancelled_at: doc.cancelledAt ? new Date(doc.cancelledAt).toISOString() : null,
    // Which staff member made a store's change is the store's to read, not the shopper's.
    changes: (doc.changes ?? []).map((c) => ({
      at: new Date(c.at).toISOString(), by: c.byStore ? 'store' as const : 'customer' as const, what: c.what, ...(c.byStore && c.by && ctx.caller?.isAdmin ? { staff: c.by } : {}),
    })),
  };
}

type RecurringListQuery = { page: number; limit: number; status?: 'active' | 'cancelled' | 'all'; search?: string; locationId?: number };

async function page(ctx: RequestContext, io: Pick<RecurringIo, 'redis' | 'prefix'>, key: string, query: RecurringListQuery, stores?: StoreNames): Promise<Paged<RecurringOrderView>> {
  await ensureRecurringLists(io, ctx.tenantId);
  const ids = await io.redis.zrevrange(key, '0', '-1');
  // A store's recurring orders are tens to hundreds: read by _id, filtered here.
  let docs = await docsByIds(io, ctx.tenantId, ids);
  if (query.status && query.status !== 'all') docs = docs.filter((d) => d.status === query.status);
  if (query.locationId !== undefined) docs = docs.filter((d) => d.locationId === query.locationId);
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length) {
    docs = docs.filter((d) => {
      const text = [d.contact?.firstName, d.contact?.lastName, d.contact?.email, d.contact?.telephone, d.firstOrderNumber, ...d.items.map((i) => `${i.sku} ${i.title}`)].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }
  const now = Date.now();
  const rows = docs.slice((query.page - 1) * query.limit, query.page * query.limit).map((d) => recurringView(ctx, d, now, stores));
  return { data: rows, total: docs.length, current_page: query.page, last_page: Math.max(1, Math.ceil(docs.length / query.limit)) };
}

export const STAFF_HAVE_NO_RECURRING = 'Store admins have no recurring orders. See them in Orders › Recurring.';
const needsCustomer = (ctx: RequestContext): string => {
  if (!ctx.caller) throw new AppError('unauthorized', 'Please sign in to see your recurring orders.');
  if (ctx.caller.isAdmin) throw new AppError('forbidden', STAFF_HAVE_NO_RECURRING);
  return ctx.caller.slug;
};

/** POST get-recurring-orders: the signed-in shopper's recurring orders at this store, newest first. */
export async function shopperRecurringOrders(ctx: RequestContext, io: Pick<RecurringIo, 'redis' | 'prefix'>, query: { page: number; limit: number }, stores: StoreNames) {
  const slug = needsCustomer(ctx);
  return page(ctx, io, keys.customer(io, ctx.tenantId, slug), query, stores);
}

/**
 * POST admin/recurringorders: the store's recurring orders, newest first, by status, store location and a search.
 * Staff bound to a location see its recurring orders only (another location asked for: 403).
 */
export async function storeRecurringOrders(ctx: RequestContext, io: Pick<RecurringIo, 'redis' | 'prefix'>, query: Omit<RecurringListQuery, 'locationId'> & { location_id?: number }, stores: StoreNames) {
  const { location_id: asked, ...rest } = query;
  const scope = staffListLocation(ctx.caller?.locationId, asked);
  if (!scope) throw new AppError('forbidden', OTHER_LOCATION_REFUSED);
  return { ...(await page(ctx, io, keys.all(io, ctx.tenantId), { ...rest, locationId: scope.locationId }, stores)), location_id: scope.locationId ?? null };
}

/** One recurring order with its runs (admin executions), 404 when it is not this store's. */
export async function recurringOrderFor(ctx: RequestContext, id: string, stores: StoreNames): Promise<RecurringOrderView> {
  const doc = await findRecurring(ctx, id);
  if (!doc) throw new AppError('not_found', RECURRING_NOT_FOUND);
  return recurringView(ctx, doc, Date.now(), stores);
}

// ---- Changes: each under the recurring order's lock, so a run and a cancel never cross ----

export const recurringLock = <T>(io: Pick<RecurringIo, 'redis' | 'prefix'>, tenantId: string, id: string, work: () => Promise<T>) =>
  withRedisLock(io.redis, `${base(io, tenantId)}:lock:${id}`, work, { waitMs: 15_000, busyMessage: 'This recurring order is being placed right now. Please try again in a moment.' });

/** Records a run day's outcome (a newer outcome of the same day replaces it). */
export async function recordRun(ctx: RequestContext, io: ListIo, doc: RecurringDoc, run: { day: string; status: RecurringRunStatus; orderNumber?: string | null; reason?: string }): Promise<RecurringDoc['runs']> {
  const runs = [{ day: run.day, status: run.status, orderNumber: run.orderNumber ?? null, reason: run.reason ?? '', at: new Date() },
    ...doc.runs.filter((r) => r.day !== run.day)].sort((a, b) => b.day.localeCompare(a.day)).slice(0, RUNS_KEPT);
  await RecurringOrder.updateOne(scoped(ctx, { _id: String(doc._id) }), { $set: { runs } });
  await keepRow(io, ctx.tenantId, { ...doc, runs });
  return runs;
}

/**
 * Cancels a recurring order (the shopper's own, or any of the store's for an admin): its runs stop; orders already
 * placed stay as they are. Cancelling one already cancelled is refused (409).
 */
export async function cancelRecurringOrder(ctx: RequestContext, io: RecurringIo, id: string, options: { ownerSlug?: string; stores?: StoreNames } = {}): Promise<RecurringOrderView> {
  return recurringLock(io, ctx.tenantId, id, async () => {
    const doc = await findRecurring(ctx, id);
    if (!doc || (options.ownerSlug && doc.customerSlug !== options.ownerSlug)) throw new AppError('not_found', RECURRING_NOT_FOUND);
    if (doc.status === 'cancelled') throw new AppError('conflict', RECURRING_ALREADY_CANCELLED);
    const cancelledAt = new Date();
    await RecurringOrder.updateOne(scoped(ctx, { _id: id }), { $set: { status: 'cancelled', cancelledAt, cancelledBy: ctx.caller?.slug ?? null } });
    const cancelled = { ...doc, status: 'cancelled' as const, cancelledAt };
    await keepRow(io, ctx.tenantId, cancelled);
    await unscheduleRuns(io, ctx.tenantId, id);
    return recurringView(ctx, cancelled, Date.now(), options.stores);
  });
}

/** Skips one coming run day (cancel-execution; the shopper's cancel-recurring-order with a date): the others go on. */
export async function skipRun(ctx: RequestContext, io: RecurringIo, id: string, day: string, options: { ownerSlug?: string; stores?: StoreNames } = {}): Promise<RecurringOrderView> {
  return recurringLock(io, ctx.tenantId, id, async () => {
    const doc = await findRecurring(ctx, id);
    if (!doc || (options.ownerSlug && doc.customerSlug !== options.ownerSlug)) throw new AppError('not_found', RECURRING_NOT_FOUND);
    if (doc.status === 'cancelled') throw new AppError('conflict', RECURRING_ALREADY_CANCELLED);
    if (Number.isNaN(dayStartMs(day)) || !isRunDay(doc.frequency, doc.anchorDay, day)) throw new AppError('unprocessable', RECURRING_NOT_A_RUN_DAY, { date: [RECURRING_NOT_A_RUN_DAY] });
    if (runAtMs(day) <= Date.now() || doc.runs.some((r) => r.day === day && r.status !== 'cancelled')) throw new AppError('conflict', RECURRING_RUN_IN_PAST);
    const runs = await recordRun(ctx, io, doc, { day, status: 'cancelled', reason: ctx.caller?.isAdmin ? 'Skipped by the store.' : 'Skipped by you.' });
    return recurringView(ctx, { ...doc, runs }, Date.now(), options.stores);
  });
}

/** POST cancel-all-recurring-orders: every active recurring order of the signed-in shopper; answers how many. */
export async function cancelAllRecurringOrders(ctx: RequestContext, io: RecurringIo): Promise<number> {
  const slug = needsCustomer(ctx);
  await ensureRecurringLists(io, ctx.tenantId);
  const active = (await docsByIds(io, ctx.tenantId, await io.redis.zrange(keys.customer(io, ctx.tenantId, slug), '0', '-1'))).filter((d) => d.status === 'active');
  let cancelled = 0;
  for (const doc of active) {
    await cancelRecurringOrder(ctx, io, String(doc._id), { ownerSlug: slug }).then(() => { cancelled += 1; }, (error: unknown) => {
      if (!(error instanceof AppError && error.type === 'conflict')) throw error; // cancelled meanwhile
    });
  }
  return cancelled;
}

export { needsCustomer as recurringCustomer };

/**
 * A shopper the store erased (the Customers area's delete): each of their recurring orders is cancelled (no run is
 * placed or charged again) and keeps no personal data: the contact, address and history of changes are replaced, the owner is no one,
 * and their list is gone. Each by `_id` under its lock; the ids come from the shopper's list in Redis.
 */
export async function eraseRecurringOrdersOf(ctx: RequestContext, io: RecurringIo, slug: string, contact: RecurringDoc['contact']): Promise<number> {
  await ensureRecurringLists(io, ctx.tenantId);
  const ids = await io.redis.zrange(keys.customer(io, ctx.tenantId, slug), '0', '-1');
  for (const id of ids) {
    await recurringLock(io, ctx.tenantId, id, async () => {
      const doc = await findRecurring(ctx, id);
      if (!doc) return;
      const cancelling = doc.status === 'active' ? { cancelledAt: new Date(), cancelledBy: ctx.caller?.slug ?? null } : {};
      // Its history of changes names old addresses: it goes too.
      const erased = { ...cancelling, status: 'cancelled' as const, customerSlug: ERASED_OWNER, contact, address: null, note: '', changes: [] };
      await RecurringOrder.updateOne(scoped(ctx, { _id: id }), { $set: erased });
      await keepRow(io, ctx.tenantId, { ...doc, ...erased });
      await unscheduleRuns(io, ctx.tenantId, id);
    });
  }
  await io.redis.del(keys.customer(io, ctx.tenantId, slug));
  return ids.length;
}

/** Whom an erased shopper's recurring orders belong to: no account has this slug (slugs are made from names and a code). */
const ERASED_OWNER = 'erased-customer';

/** Every recurring order of one shopper (any status), from their list in Redis: what their data export shows. */
export async function recurringOrdersOf(io: ListIo, tenantId: string, slug: string): Promise<RecurringDoc[]> {
  await ensureRecurringLists(io, tenantId);
  return docsByIds(io, tenantId, await io.redis.zrange(keys.customer(io, tenantId, slug), '0', '-1'));
}
