import { Tenant } from '@platform/db';
import type { Authorization, PaymentProvider } from '@platform/payments';
import { backgroundContext, resolvedTenant, type RequestContext } from '@platform/server-kit';
import { payByCard, savedCardProvider, type CardPayment } from './card-payment';
import { pendingUntilSaved } from './pending-until-saved';
import type { StockIo } from './checkout';

/** Card holds not yet backed by a saved order: ZSET JSON [checkout's hold id, provider name, reference] -> when authorized. */
const cardHolds = pendingUntilSaved('card-holds');

export type CardHold = { authorization: Authorization; release(): Promise<void>; keep(): Promise<void> };

/**
 * Holds the order's total on the card (payByCard) and notes the hold in Redis before the order is saved: a checkout
 * that stops before saving its order (with or without stock held) leaves a hold at the shopper's bank that only the
 * note lets voidAbandonedCardHolds release. release() voids it when the order then fails (a void that fails stays
 * noted for the recovery); keep() once the order is saved. A hold that cannot be noted is voided at once.
 */
export async function holdCard(ctx: RequestContext, io: StockIo, provider: PaymentProvider, payment: CardPayment): Promise<CardHold> {
  let saved: { customerRef: string; source: string } | null = null;
  const authorization = await payByCard(ctx, provider, { ...payment, onSaved: (card) => { saved = card; payment.onSaved?.(card); } });
  const note = await cardHolds.note(io, ctx.tenantId, [payment.orderId, provider.name, authorization.reference]).catch(async (error: unknown) => {
    await provider.void(authorization.reference).catch(() => undefined);
    throw error;
  });
  return {
    authorization,
    release: async () => {
      await note.release(() => provider.void(authorization.reference).then(() => undefined)).catch((error: unknown) => {
        console.error(`[orders] the card hold of checkout ${payment.orderId} waits for the reconcile job: ${String(error)}`);
      });
      // A card saved with this payment goes with the order that failed, as with a refused card (payByCard): a retry saves it once.
      const card = saved as { customerRef: string; source: string } | null;
      if (card) await provider.deleteCard(card.customerRef, card.source).catch((error: unknown) => console.error(`[orders] the card saved with checkout ${payment.orderId} was not removed: ${String(error)}`));
    },
    keep: note.keep,
  };
}

/**
 * How long a card authorization holds the shopper's money at their bank if nobody captures or voids it: 7 days for
 * an online payment (Visa's and Mastercard's rule for card-not-present authorizations, and when Stripe cancels an
 * uncaptured PaymentIntent). A hold older than this has lapsed: there is nothing left to void.
 */
export const CARD_AUTHORIZATION_LAPSES_MS = 7 * 24 * 3600_000;

/**
 * Card holds older than `olderThanMs` whose order was never saved are voided through the provider that made them
 * (the store's saved settings keep its credentials after a switch to another); one whose order exists is only
 * forgotten (pendingUntilSaved's sweep: each taken once, a void that fails noted again for the next run). A hold at a
 * provider whose credentials the store no longer keeps stays noted (the owner may enter them again) until it has
 * lapsed at the bank, then is given up with one error log. Answers how many holds were voided.
 */
export async function voidAbandonedCardHolds(io: StockIo, tenantId: string, olderThanMs: number): Promise<number> {
  let ctx: RequestContext | null = null;
  const voided = await cardHolds.sweep(io, tenantId, olderThanMs, async ([hold, providerName, reference], notedAt) => {
    if (!reference) return false;
    if (!ctx) {
      const tenant = await Tenant.findOne({ _id: tenantId }).lean();
      if (!tenant) throw new Error('the store was not found');
      ctx = backgroundContext(resolvedTenant(tenant as never));
    }
    const lapsed = Date.now() - notedAt >= CARD_AUTHORIZATION_LAPSES_MS;
    const giveUp = (why: string) => {
      console.error(`[orders] the card hold ${reference} at ${providerName} of abandoned checkout ${hold} was never voided (${why}); after ${CARD_AUTHORIZATION_LAPSES_MS / 86_400_000} days it has lapsed at the shopper's bank: no longer retried`);
      return false;
    };
    const provider = await savedCardProvider(ctx, providerName);
    if (!provider) {
      if (lapsed) return giveUp(`the store no longer keeps its ${providerName} credentials`);
      throw new Error(`the store no longer keeps its ${providerName} credentials: kept until they are entered again or the hold lapses at the bank`);
    }
    return provider.void(reference, { idempotencyKey: `abandoned-void-${reference}` }).then(() => true, async (error: unknown) => {
      // Released already (the failed checkout's own void went through, its note stayed): nothing is held any more.
      const now = await provider.paymentStatus(reference).catch(() => null);
      if (now && now.status !== 'authorized' && now.status !== 'requires_action') return false;
      if (lapsed) return giveUp(String(error));
      throw error;
    });
  });
  if (voided) console.warn(`[worker] voided ${voided} card hold(s) of abandoned checkouts`);
  return voided;
}
