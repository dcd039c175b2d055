import { createHash } from 'node:crypto';
import type { Job } from 'bullmq';
import { mongoose, scoped, Tenant } from '@platform/db';
import {
  activePromoCents, addressLine, dayOf, displayPrice, FULFILMENT_MODES, PAY_AT_STORE, REMINDER_BEFORE_MS, RECURRING_FREQUENCY_LABELS, RUN_NO_SHIPPING_RATE, RUN_NOT_SHIPPED,
  RUN_CARDS_NOT_TAKEN_SOON, RUN_OTHER_SERVICE, RUN_SHIPPING_RATE_DOWN, RUN_SKIPPED_ITEMS, runAtMs, runPaymentProblem, shippingChargeCents, storeAddress, toCents, upcomingRunDays,
  type FulfilmentMode,
} from '@platform/domain';
import type { RecurringOrderJob } from '@platform/queue';
import { CartStore, cartParcels, shippingOptions, type CartAddress, type ShopperIdentity, type StoredCart } from '@platform/cart';
import type { SearchIndexRegistry } from '@platform/catalogue';
import { getPaymentSettings, getStoreSettings } from '@platform/tenant-settings';
import { AppError, backgroundContext, resolvedTenant, type PlatformResources, type RequestContext } from '@platform/server-kit';
import { Order } from '../models';
import { cardProvider, PAY_BY_CARD } from '../card-payment';
import { placeCart, type CheckoutIo } from '../checkout';
import { RecurringOrder, recordRun, recurringLock, unscheduleRuns, type RecurringDoc } from './recurring-orders';

/** What a run comes to (the job's return value, for the logs and the tests). */
export type RunOutcome = { status: 'placed' | 'skipped' | 'failed' | 'cancelled' | 'already'; orderNumber?: string; reason?: string };

/** One order id per run day of a recurring order: a retried run finds the order it already placed, and its card is charged once. */
export const runOrderId = (recurringOrderId: string, day: string) =>
  new mongoose.Types.ObjectId(createHash('sha256').update(`recurring:${recurringOrderId}:${day}`).digest('hex').slice(0, 24));

/** The job's moment as its scheduler set it (a job promoted early keeps it); a reminder is for the run a day later. */
function runDayOf(job: Job<RecurringOrderJob>): string {
  const scheduled = job.opts.prevMillis ?? Number(String(job.id).split(':').pop());
  return dayOf(scheduled + (job.name === 'remind' ? REMINDER_BEFORE_MS : 0));
}

export interface RecurringRunIo { resources: Pick<PlatformResources, 'redis' | 'queuePrefix' | 'queues'>; catalogue: SearchIndexRegistry; publicUrl: string }

/** The worker's handler of the recurring-orders queue: a run places its order, a reminder e-mails the shopper. */
export function recurringOrderJobs(io: RecurringRunIo) {
  return async (job: Job<RecurringOrderJob>): Promise<RunOutcome | { status: 'reminded' | 'not-reminded' }> => {
    const day = runDayOf(job);
    // A run the queue will try again may wait for a carrier that did not answer; its last try skips instead.
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return job.name === 'remind' ? remindOfRun(io, job.data, day) : placeRun(io, job.data, day, { lastAttempt });
  };
}

/** The store's context for work outside a request, and its address (for the links in e-mails). */
async function contextOf(io: RecurringRunIo, tenantId: string): Promise<{ ctx: RequestContext; origin: string } | null> {
  const tenant = await Tenant.findOne({ _id: tenantId }).lean() as { _id: unknown; slug: string; domains?: string[] } | null;
  if (!tenant) return null;
  return { ctx: backgroundContext(resolvedTenant(tenant as never)), origin: storeAddress(tenant, io.publicUrl) };
}

const recurringIoOf = (io: RecurringRunIo) => ({ redis: io.resources.redis, prefix: io.resources.queuePrefix, queues: io.resources.queues });

/**
 * Places one run day's order of a recurring order through checkout's own steps (price and stock as they are now,
 * the saved card charged off-session or paid at the store), once: a day with an outcome is not placed again, and
 * a retry finds the order a crash left. An item the store no longer has skips the run; a refused card, or a card at a
 * store offering no cards now, fails it; either way the shopper is e-mailed why and the next runs go on.
 */
export async function placeRun(io: RecurringRunIo, data: RecurringOrderJob, day: string, options: { lastAttempt?: boolean } = {}): Promise<RunOutcome> {
  const found = await contextOf(io, data.tenantId);
  if (!found) return { status: 'cancelled', reason: 'The store is gone.' };
  const { ctx: base, origin } = found;
  const rio = recurringIoOf(io);
  return recurringLock(rio, data.tenantId, data.recurringOrderId, async () => {
    const doc = mongoose.isValidObjectId(data.recurringOrderId)
      ? (await RecurringOrder.findOne(scoped(base, { _id: data.recurringOrderId })).lean()) as unknown as RecurringDoc | null : null;
    if (!doc || doc.status !== 'active') {
      await unscheduleRuns(rio, data.tenantId, data.recurringOrderId);
      return { status: 'cancelled', reason: 'The recurring order is cancelled.' };
    }
    const earlier = doc.runs.find((r) => r.day === day);
    if (earlier) return { status: earlier.status === 'placed' ? 'already' : earlier.status, orderNumber: earlier.orderNumber ?? undefined, reason: earlier.reason ?? undefined };
    const orderId = runOrderId(String(doc._id), day);
    const placed = await Order.findOne(scoped(base, { _id: String(orderId) }), { orderNumber: 1 }).lean() as { orderNumber: string } | null;
    if (placed) {
      await recordRun(base, rio, doc, { day, status: 'placed', orderNumber: placed.orderNumber });
      return { status: 'already', orderNumber: placed.orderNumber };
    }
    const ctx: RequestContext = { ...base, storeId: doc.locationId };
    const outcome = await placeRunOrder(ctx, io, doc, day, orderId, origin, options.lastAttempt ?? true);
    await recordRun(ctx, rio, doc, { day, ...outcome });
    if (outcome.status !== 'placed') await tellNotPlaced(ctx, io, doc, day, outcome.reason ?? '', origin);
    return outcome;
  });
}

/** Whose a run's order is: the recurring order's shopper (their own cart is never touched). */
export const runShopper = (doc: Pick<RecurringDoc, 'customerSlug'>): ShopperIdentity => ({ customerSlug: doc.customerSlug, deviceId: null });

/** The cart a run places (not kept anywhere): the recurring order's lines, store, fulfilment and address as they are now. */
export function runCart(doc: Pick<RecurringDoc, '_id' | 'locationId' | 'orderType' | 'address' | 'items'>): StoredCart {
  const a = doc.address;
  return {
    id: `recurring-${String(doc._id)}`, locationId: doc.locationId, updatedAt: new Date().toISOString(), coupon: null, shipping: null,
    orderType: FULFILMENT_MODES[doc.orderType] ?? FULFILMENT_MODES.pickup,
    address: a ? { address: a.address ?? '', address2: a.address2 ?? '', city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '', country: a.country ?? 'US' } : null,
    items: doc.items.map((i) => ({ storeProductId: i.storeProductId, quantity: i.quantity, special: i.special })),
  };
}

async function placeRunOrder(ctx: RequestContext, io: RecurringRunIo, doc: RecurringDoc, day: string, orderId: mongoose.Types.ObjectId, origin: string, lastAttempt: boolean): Promise<RunOutcome & { status: 'placed' | 'skipped' | 'failed' }> {
  // What the store no longer sells at that location is named, and the run skipped (a part-order is not what was asked).
  const index = await io.catalogue.get(ctx.tenantId);
  const gone = doc.items.filter((i) => !index.storeProduct(i.storeProductId));
  if (gone.length) return { status: 'skipped', reason: RUN_SKIPPED_ITEMS(gone.map((i) => i.title)) };
  // The saved card only where the store offers cards now, as checkout takes one; before anything is quoted or taken.
  const unpaid = await runPaymentProblemOf(ctx, doc);
  if (unpaid) return { status: 'failed', reason: unpaid };
  const who = runShopper(doc);
  const cart = runCart(doc);
  const mode = cart.orderType as FulfilmentMode;
  const byCard = doc.payment?.method === PAY_BY_CARD;
  const checkoutIo: CheckoutIo = {
    resources: io.resources as PlatformResources,
    cart: { redis: io.resources.redis, prefix: io.resources.queuePrefix, catalogue: io.catalogue, carts: new CartStore(io.resources.redis, io.resources.queuePrefix) },
  };
  const notes = [doc.note, `Recurring order (${RECURRING_FREQUENCY_LABELS[doc.frequency].toLowerCase()}) for ${day}.`];
  try {
    if (mode === FULFILMENT_MODES.shipping) {
      const shipping = await quoteRunShipping(ctx, checkoutIo, who, doc, cart, lastAttempt);
      if ('reason' in shipping) return { status: 'skipped', reason: shipping.reason };
      cart.shipping = shipping.cart;
      if (shipping.note) notes.push(shipping.note);
    }
    const provider = byCard ? await cardProvider(ctx) : null;
    const outcome = await placeCart(ctx, checkoutIo, who, {
      order_type: mode, first_name: doc.contact.firstName, last_name: doc.contact.lastName, email: doc.contact.email, telephone: doc.contact.telephone,
      payment_method: byCard ? PAY_BY_CARD : PAY_AT_STORE, payment_token: byCard ? doc.payment.source ?? '' : undefined,
      note: notes.filter(Boolean).join(' '),
    }, cart, origin, { provider, run: { recurringOrderId: String(doc._id), orderId } });
    if (!outcome.order) return { status: 'failed', reason: 'The card needs its bank to confirm the payment, which cannot be asked while you are away.' };
    return { status: 'placed', orderNumber: outcome.order.order_number };
  } catch (error) {
    // A shopper's matter (stock, the card, the delivery area) is said to them; anything else is retried by the queue.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { status: error.status === 409 ? 'skipped' : 'failed', reason: `Not placed: ${error.message}` };
  }
}

/** Why a run's payment cannot be taken now (a card while the store offers none: libs/domain runPaymentProblem), or null. */
async function runPaymentProblemOf(ctx: RequestContext, doc: RecurringDoc): Promise<string | null> {
  if (doc.payment?.method !== PAY_BY_CARD) return null;
  const cardsOffered = (await getPaymentSettings(ctx)).cards_offered;
  return runPaymentProblem({ paidByCard: true, cardLabel: doc.payment.label || 'saved card', orderType: doc.orderType }, { cardsOffered });
}

/**
 * A shipping run's parcel quoted again, as it is now, to the address its first order went to, through the cart's own
 * shipping-rate path (shippingOptions): the service the shopper chose when it is still offered, else the cheapest one
 * quoted (the order's note says so). Answers the cart's shipping for checkout, or why the run is skipped: the store no
 * longer ships these items, it has no rate to the address, or (on the queue's last attempt; earlier ones are retried)
 * the carrier did not answer.
 */
async function quoteRunShipping(ctx: RequestContext, io: CheckoutIo, who: ShopperIdentity, doc: RecurringDoc, cart: StoredCart, lastAttempt: boolean):
  Promise<{ cart: NonNullable<StoredCart['shipping']>; note: string | null } | { reason: string }> {
  const priced = await cartParcels(ctx, io.cart, who, { order_type: FULFILMENT_MODES.shipping }, cart);
  if (!priced.checkout_types.shipping) return { reason: RUN_NOT_SHIPPED };
  const to: CartAddress | null | undefined = cart.address;
  if (!to) return { reason: RUN_NO_SHIPPING_RATE('your address') };
  let quoted: Awaited<ReturnType<typeof shippingOptions>>;
  try {
    quoted = await shippingOptions(ctx, priced, to, (error) => console.warn(`[orders] no shipping rate for recurring order ${String(doc._id)}: ${String(error)}`));
  } catch (error) {
    if (!lastAttempt || !(error instanceof AppError) || error.type !== 'unavailable') throw error;
    return { reason: RUN_SHIPPING_RATE_DOWN };
  }
  const same = quoted.quotes.find((q) => `${q.carrier} ${q.service}` === doc.shippingService);
  const cheapest = [...quoted.quotes].sort((a, b) => shippingChargeCents(a) - shippingChargeCents(b))[0];
  const chosen = same ?? cheapest;
  if (!chosen) return { reason: RUN_NO_SHIPPING_RATE(addressLine({ address: to.address, city: to.city, state: to.state, zip: to.zip })) };
  const note = same || !doc.shippingService ? null : RUN_OTHER_SERVICE(doc.shippingService, `${chosen.carrier} ${chosen.service}`);
  return { cart: { ...quoted, selectedId: chosen.id }, note };
}

/** The shopper hears that a run was not placed, why, and when the next one is. */
async function tellNotPlaced(ctx: RequestContext, io: RecurringRunIo, doc: RecurringDoc, day: string, reason: string, origin: string) {
  const [next] = upcomingRunDays(doc.frequency, doc.anchorDay, Math.max(Date.now(), runAtMs(day)), 1);
  await io.resources.queues.notifications.add('recurring-not-placed', {
    tenantId: ctx.tenantId, channel: 'email', to: doc.contact.email, kind: 'recurring-not-placed',
    subject: `Your recurring order for ${day} at ${ctx.tenant.name} was not placed`,
    text: [`Hi ${doc.contact.firstName},`, '', `We could not place your recurring order for ${day}.`, reason, '',
      `Your next order is planned for ${next}.`, `See or cancel your recurring orders: ${origin}/recurring-orders`].join('\n'),
  });
}

/** The day before a run: the shopper is told what will be ordered, roughly for how much, and how to skip or cancel. */
export async function remindOfRun(io: RecurringRunIo, data: RecurringOrderJob, day: string): Promise<{ status: 'reminded' | 'not-reminded' }> {
  const found = await contextOf(io, data.tenantId);
  if (!found || !mongoose.isValidObjectId(data.recurringOrderId)) return { status: 'not-reminded' };
  const doc = (await RecurringOrder.findOne(scoped(found.ctx, { _id: data.recurringOrderId })).lean()) as unknown as RecurringDoc | null;
  if (!doc || doc.status !== 'active' || doc.runs.some((r) => r.day === day)) return { status: 'not-reminded' };
  const index = await io.catalogue.get(data.tenantId);
  const prefix = (await getStoreSettings(found.ctx)).products.currencyPrefix;
  const priced = doc.items.map((i) => ({ i, item: index.storeProduct(i.storeProductId) }));
  const subtotal = priced.reduce((sum, { i, item }) => sum + (item ? (activePromoCents(item) ?? toCents(item.price)) * i.quantity : 0), 0);
  const { origin } = found;
  const how = doc.orderType === 'delivery' ? `Delivery to ${doc.address?.address ?? ''}, ${doc.address?.city ?? ''}`
    : doc.orderType === 'shipping' ? `Shipping to ${doc.address?.address ?? ''}, ${doc.address?.city ?? ''}${doc.shippingService ? ` with ${doc.shippingService}` : ''}, at the rate quoted when it is placed`
      : 'Pickup at the store';
  await io.resources.queues.notifications.add('recurring-reminder', {
    tenantId: data.tenantId, channel: 'email', to: doc.contact.email, kind: 'recurring-reminder',
    subject: `Your recurring order at ${found.ctx.tenant.name} is placed tomorrow (${day})`,
    text: [`Hi ${doc.contact.firstName},`, '', `Tomorrow, ${day}, we place your recurring order (${RECURRING_FREQUENCY_LABELS[doc.frequency].toLowerCase()}):`, '',
      ...priced.map(({ i, item }) => `${i.quantity} × ${i.title} (${i.sku})${item ? '' : ': no longer sold, so this run will be skipped'}`), '',
      `Items before tax and fees: about ${displayPrice(subtotal, prefix)} at today's prices.`, `${how}. Payment: ${doc.payment?.label ?? ''}.`,
      ...(await runPaymentProblemOf(found.ctx, doc) ? [RUN_CARDS_NOT_TAKEN_SOON(doc.orderType)] : []), '',
      `To skip this one or cancel: ${origin}/recurring-orders`].join('\n'),
  });
  return { status: 'reminded' };
}
