import { scoped } from '@platform/db';
import { CARD_PROVIDER_NAMES, displayPrice, type CardProvider } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { withRedisLock } from '@platform/cart';
import { getStoreSettings } from '@platform/tenant-settings';
import type { FailedModification, PaymentEvent, WebhookProvider } from '@platform/payments';
import { Order } from './models';
import { redisStore, type CheckoutIo } from './checkout';
import { findOrder, type StoredOrder } from './admin-orders';
import { keepOrderChange } from './order-index';
import { orderLock } from './order-lock';
import type { StoredPayment } from './card-payment';

type Payment = Omit<StoredPayment, 'failures'> & { authorizedCents?: number; failures?: { event: string; kind: string; cents: number; at: Date }[] };

/** The store's note in the order's history for each failure: what is true now and what to do. */
const NOTES: Record<FailedModification, (provider: string, amount: string) => string> = {
  capture: (p, a) => `${p} did not take the card payment of ${a} after all (the capture failed): this order is not paid. Please take payment again.`,
  cancel: (p) => `${p} did not release the card hold after all (the cancel failed): the amount is still held on the shopper's card. Please release it in ${p}'s Customer Area.`,
  refund: (p, a) => `${p} did not refund ${a} to the card after all (the refund failed or came back): the shopper has not been paid back. Please refund it again.`,
};

/**
 * A capture, void or refund the provider answered `received` (taken as done then) and later failed (its outcome
 * webhook, verified, once per event): the order's payment goes back to what is true and its history says so, for
 * the store to act. A failed capture: captured cents less its amount, 'authorized' again when nothing is left
 * captured. A failed cancel: 'authorized' again (the hold stands). A failed refund: refunded cents less its amount,
 * 'paid' again when not all is refunded (the refund guard then allows it again). Only the order's own payment
 * (the event's reference), and each event once (kept on the payment, besides the route's Redis key). A failed
 * cancel for no order of this store is the card-hold recovery's technical cancel of a checkout never saved: one
 * error line; the hold lapses at the bank. Under the order's lock, as the store's own actions.
 */
export async function recordFailedModification(ctx: RequestContext, io: CheckoutIo, provider: WebhookProvider, kind: FailedModification, event: PaymentEvent & { orderId: string }): Promise<void> {
  const orderId = event.orderId;
  const name = CARD_PROVIDER_NAMES[provider as CardProvider] ?? provider;
  await withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), async () => {
    const order = await findOrder(ctx, orderId).catch((error: unknown) => {
      if (kind === 'cancel' && error instanceof AppError && error.type === 'not_found') return null;
      throw error;
    });
    if (!order) {
      console.error(`[orders] ${name} did not cancel the card hold of checkout ${orderId} (its order was never saved): it lapses at the shopper's bank`);
      return;
    }
    const payment = (order as { payment?: Payment }).payment;
    if (!payment?.reference || payment.reference !== event.reference || payment.failures?.some((f) => f.event === event.id)) return;
    const captured = payment.capturedCents ?? 0;
    const refunded = payment.refundedCents ?? 0;
    let change: Partial<Payment> | null = null;
    let cents = event.amountCents ?? 0;
    if (kind === 'capture' && captured > 0 && (payment.status === 'paid' || payment.status === 'refunded')) {
      cents = Math.min(cents || captured, captured);
      change = { capturedCents: captured - cents, ...(captured - cents === 0 ? { status: 'authorized' } : {}) };
    } else if (kind === 'cancel' && payment.status === 'voided') {
      change = { status: 'authorized' };
    } else if (kind === 'refund' && refunded > 0) {
      cents = Math.min(cents || refunded, refunded);
      change = { refundedCents: refunded - cents, ...(payment.status === 'refunded' && refunded - cents < captured ? { status: 'paid' } : {}) };
    }
    if (!change) return; // nothing of it stands on the order (already undone, or another state)
    const at = new Date();
    const prefix = (await getStoreSettings(ctx)).products.currencyPrefix;
    const entry = { status: order.status, at, by: null, note: NOTES[kind](name, displayPrice(cents, prefix)) };
    const next = { ...payment, ...change, failures: [...(payment.failures ?? []), { event: event.id, kind, cents, at }] };
    await Order.updateOne(scoped(ctx, { _id: orderId }), { $set: { payment: next }, $push: { history: entry } }).setOptions({ ownedDoc: order });
    const changed = { ...order, payment: next, history: [...(order.history ?? []), entry] } as StoredOrder;
    await keepOrderChange(redisStore(io), ctx.tenantId, changed);
  }, { waitMs: 5000, busyMessage: 'Someone else is changing this order. Please try again in a moment.' });
}
