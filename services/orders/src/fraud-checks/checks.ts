import { findByIds, scoped } from '@platform/db';
import { CHECK_LABELS, FRAUD_CHECKS_CLEAR, FRAUD_CHECKS_REVIEW, FRAUD_VERIFIED, FRAUD_VERIFIED_ALREADY, fraudSignals, fraudVerifiedNote, type FraudFacts } from '@platform/domain';
import { withRedisLock } from '@platform/cart';
import type { CardChecks } from '@platform/payments';
import type { RequestContext } from '@platform/server-kit';
import { largeFirstOrderSetting } from '@platform/tenant-settings';
import { Order } from '../models';
import { findOrder, LOCK, type StoredOrder } from '../admin-orders';
import { orderLock } from '../order-lock';
import { redisStore, type CheckoutIo } from '../checkout';
import { keepOrderDoc, orderKeys, orderRows, type OrderListRow } from '../order-index';
import { cardOrderIds } from './card-index';

/** The other orders of one card shown (newest first): enough to see a pattern, a bounded read. */
const SAME_CARD_SHOWN = 50;

type Review = { at: Date; by: string | null; note: string; signals: string[] };
type CheckedOrder = StoredOrder & { payment?: { method?: string; provider?: string; card?: Partial<CardChecks> | null } | null; fraudReview?: Review | null };

/** The other orders of the same card as list rows, from the Redis rows (the database by _id only for rows Redis lacks). */
async function sameCardOrders(ctx: RequestContext, io: CheckoutIo, order: CheckedOrder): Promise<OrderListRow[]> {
  const fingerprint = order.payment?.card?.fingerprint;
  if (!fingerprint) return [];
  const store = redisStore(io);
  const ids = (await cardOrderIds(store, ctx.tenantId, fingerprint, SAME_CARD_SHOWN + 1)).filter((id) => id !== String(order._id)).slice(0, SAME_CARD_SHOWN);
  const rows = await orderRows(store, ctx.tenantId, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  const read = missing.length ? await findByIds<{ _id: unknown; orderNumber: string; status: string; customerName?: string; contact?: { email?: string }; placedAt: Date; totalCents: number }>(
    Order, ctx, missing, { orderNumber: 1, status: 1, customerName: 1, 'contact.email': 1, placedAt: 1, totalCents: 1 }) : [];
  const more = read.map((o) => ({ id: String(o._id), order_number: o.orderNumber, status: o.status, customer_name: o.customerName ?? '', email: o.contact?.email ?? '', placed_at: new Date(o.placedAt).toISOString(), total_cents: o.totalCents }) as OrderListRow);
  return [...rows, ...more].sort((a, b) => b.placed_at.localeCompare(a.placed_at));
}

/** How many orders this customer placed before this one: their account's orders, or those under their e-mail (the search index). */
async function earlierOrders(ctx: RequestContext, io: CheckoutIo, order: CheckedOrder): Promise<number> {
  const store = redisStore(io);
  const before = `(${new Date(order.placedAt).getTime()}`;
  const email = order.contact?.email?.trim().toLowerCase();
  const [byAccount, byEmail] = await Promise.all([
    order.customerSlug ? io.resources.redis.zcount(orderKeys.customer(store, ctx.tenantId, order.customerSlug), '-inf', before) : 0,
    email ? io.resources.redis.zcount(orderKeys.find(store, ctx.tenantId, email), '-inf', before) : 0,
  ]);
  return Math.max(byAccount, byEmail);
}

const reviewView = (r: Review | null | undefined) => (r ? { at: new Date(r.at).toISOString(), by: r.by, note: r.note ?? '', signals: r.signals ?? [] } : null);

/** The order's fraud checks as check-fingerprint answers them. */
async function checksOf(ctx: RequestContext, io: CheckoutIo, order: CheckedOrder) {
  const card = order.payment?.method === 'card' ? order.payment.card ?? null : null;
  const [same, earlier, largeFirstOrderCents] = await Promise.all([sameCardOrders(ctx, io, order), earlierOrders(ctx, io, order), largeFirstOrderSetting(ctx)]);
  const facts: FraudFacts = {
    card: card ? {
      cvc: card.cvc ?? 'unchecked', addressLine1: card.addressLine1 ?? 'unchecked', postalCode: card.postalCode ?? 'unchecked',
      riskLevel: card.riskLevel ?? null, billingPostalCode: card.billingPostalCode ?? null, billingCountry: card.billingCountry ?? null,
    } : null,
    orderType: order.orderType ?? 'pickup', address: order.address ?? null, totalCents: order.totalCents ?? 0,
    email: order.contact?.email ?? '', name: order.customerName ?? '',
    sameCard: same.map((r) => ({ email: r.email, name: r.customer_name })), earlierOrders: earlier, largeFirstOrderCents,
  };
  const { level, signals } = fraudSignals(facts);
  const verified = reviewView(order.fraudReview);
  return {
    order_id: String(order._id), order_number: order.orderNumber, level, signals, verified,
    needs_confirmation: level === 'review' && !verified,
    card: card ? {
      brand: card.brand ?? null, last4: card.last4 ?? null, provider: order.payment?.provider ?? null, fingerprint_known: Boolean(card.fingerprint),
      cvc_check: CHECK_LABELS[facts.card!.cvc], address_check: CHECK_LABELS[facts.card!.addressLine1], postal_code_check: CHECK_LABELS[facts.card!.postalCode],
      risk_level: card.riskLevel ?? null,
    } : null,
    same_card: same.map((r) => ({ id: r.id, order_number: r.order_number, customer_name: r.customer_name, email: r.email, status: r.status, placed_at: r.placed_at })),
    earlier_orders: earlier,
  };
}

/** POST admin/check-fingerprint {order_id}: the order's fraud signals and whether staff verified them. */
export async function checkOrder(ctx: RequestContext, io: CheckoutIo, orderId: string) {
  const data = await checksOf(ctx, io, (await findOrder(ctx, orderId)) as CheckedOrder);
  return { status: 'success', message: data.level === 'review' ? FRAUD_CHECKS_REVIEW : FRAUD_CHECKS_CLEAR, data };
}

/**
 * POST admin/verify-fraud-detection {order_id, note?}: staff looked at the signals and accept them. Kept on the order
 * (fraudReview) and in its history with who and when; a second call changes nothing and says so.
 */
export async function verifyOrder(ctx: RequestContext, io: CheckoutIo, orderId: string, note: string) {
  const done = await withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), async () => {
    const order = (await findOrder(ctx, orderId)) as CheckedOrder;
    if (order.fraudReview) return { order, changed: false };
    const { signals } = await checksOf(ctx, io, order);
    const at = new Date();
    const review: Review = { at, by: ctx.caller?.slug ?? null, note, signals: signals.map((s) => s.code) };
    const entry = { status: order.status, at, by: ctx.caller?.slug ?? null, note: fraudVerifiedNote(signals, note) };
    await Order.updateOne(scoped(ctx, { _id: orderId }), { $set: { fraudReview: review }, $push: { history: entry } });
    const changed = { ...order, fraudReview: review, history: [...(order.history ?? []), entry] };
    await keepOrderDoc(redisStore(io), ctx.tenantId, changed);
    return { order: changed, changed: true };
  }, LOCK);
  return { status: 'success', message: done.changed ? FRAUD_VERIFIED : FRAUD_VERIFIED_ALREADY, data: await checksOf(ctx, io, done.order) };
}
