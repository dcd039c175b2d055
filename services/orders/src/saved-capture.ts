import { scoped } from '@platform/db';
import type { PaymentProvider } from '@platform/payments';
import type { RequestContext } from '@platform/server-kit';
import { Order } from './models';

/** A card order saved as paid before its hold is captured: what the capture needs of it. */
export type SavedAsPaid = { _id: unknown; payment?: { status?: string; reference?: string; authorizedCents?: number; capturedCents?: number } | null };

/**
 * Captures the hold of a card order saved as paid (captured cents = held, docs/PAYMENTS.md "Order flow"): one order
 * write in all when the capture takes what was held. A capture that fails writes 'authorized' back (nothing
 * captured: the store takes it); one that takes another amount writes the true cents. The checkout and the card-hold
 * recovery both capture with the same key and amount, so a repeat answers the first capture. Answers whether the
 * order is paid; `order.payment` is left as it is now (set before the write, which may throw).
 */
export async function captureSavedOrder(ctx: RequestContext, provider: PaymentProvider, order: SavedAsPaid): Promise<boolean> {
  const id = String(order._id);
  const payment = order.payment!;
  let change: { status?: 'authorized'; capturedCents: number } | null = null;
  try {
    const cents = await provider.capture(payment.reference!, payment.authorizedCents, { idempotencyKey: `capture-${id}`, orderId: id });
    if (cents !== payment.capturedCents) change = { capturedCents: cents };
  } catch (err) {
    console.error(`[orders] the card payment of order ${id} was not captured: ${String(err)}`);
    change = { status: 'authorized', capturedCents: 0 };
  }
  if (change) {
    // The order was just saved or read by the caller: it is the tenant's own, no ownership read before the write.
    // order.payment tells the truth even when this write fails (the caller then keeps the hold's note for the recovery).
    order.payment = { ...payment, ...change };
    const set = Object.fromEntries(Object.entries(change).map(([k, v]) => [`payment.${k}`, v]));
    await Order.updateOne(scoped(ctx, { _id: id }), { $set: set }).setOptions({ ownedDoc: order });
  }
  return order.payment?.status === 'paid';
}
