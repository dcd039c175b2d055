import { scoped, Tenant } from '@platform/db';
import type { Authorization, PaymentProvider } from '@platform/payments';
import { AppError, backgroundContext, resolvedTenant, type RequestContext } from '@platform/server-kit';
import { authorizationKey, payByCard, savedCardProvider, type CardPayment } from './card-payment';
import { pendingUntilSaved } from './pending-until-saved';
import { captureSavedOrder, type SavedAsPaid } from './saved-capture';
import { Order } from './models';
import { keepOrderChange } from './order-index';
import { orderLock } from './order-lock';
import { withRedisLock } from '@platform/cart';
import type { StockIo } from './checkout';

/**
 * Card holds not yet backed by a saved order: ZSET JSON [checkout's hold id, provider name, reference] -> when noted.
 * Noted without the reference before the provider is asked, completed with it once the provider answers.
 */
const cardHolds = pendingUntilSaved('card-holds');

export type CardHold = { authorization: Authorization; release(): Promise<void>; keep(): Promise<void> };

/**
 * Holds the order's total on the card (payByCard), noted in Redis before the provider is asked and completed with
 * the provider's reference after: a checkout that stops anywhere before saving its order (even before it heard the
 * provider's answer) leaves a note that voidAbandonedCardHolds acts on. release() voids the hold when the order then
 * fails (a void that fails stays noted for the recovery); keep() once the order is saved and its hold captured (an
 * order saved as paid whose checkout stopped before the capture is captured by the recovery). A refusal by the provider
 * (a decline) forgets the note; any other failure (no answer, an outage) leaves it, as the provider may hold the card.
 * A hold whose note cannot be completed is voided at once.
 */
export async function holdCard(ctx: RequestContext, io: StockIo, provider: PaymentProvider, payment: CardPayment): Promise<CardHold> {
  const note = await cardHolds.note(io, ctx.tenantId, [payment.orderId, provider.name]);
  let saved: { customerRef: string; source: string } | null = null;
  let authorization: Authorization;
  try {
    authorization = await payByCard(ctx, provider, { ...payment, onSaved: (card) => { saved = card; payment.onSaved?.(card); } });
  } catch (error) {
    if (error instanceof AppError && error.type === 'unprocessable') await note.keep().catch(() => undefined);
    throw error;
  }
  await note.complete([authorization.reference]).catch(async (error: unknown) => {
    // Voided here; if even that fails, the note without its reference stays for the recovery's lookup.
    if (await provider.void(authorization.reference).then(() => true, () => false)) await note.keep().catch(() => undefined);
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
 * (the store's saved settings keep its credentials after a switch to another); one whose order exists is forgotten,
 * once an order still saved as paid has its hold captured (captureSavedOrder: the checkout stopped between the save
 * and the capture; a capture that fails writes 'authorized' back for the store) (pendingUntilSaved's sweep: each taken once, a void that fails noted again for the next run). A hold at a
 * provider whose credentials the store no longer keeps stays noted (the owner may enter them again) until it has
 * lapsed at the bank, then is given up with one error log. Answers how many holds were voided.
 */
export async function voidAbandonedCardHolds(io: StockIo, tenantId: string, olderThanMs: number): Promise<number> {
  let found: RequestContext | null = null;
  const storeContext = async () => {
    if (!found) {
      const tenant = await Tenant.findOne({ _id: tenantId }).lean();
      if (!tenant) throw new Error('the store was not found');
      found = backgroundContext(resolvedTenant(tenant as never));
    }
    return found;
  };
  const voided = await cardHolds.sweep(io, tenantId, olderThanMs, async ([hold, providerName, noted], notedAt) => {
    const ctx = await storeContext();
    const lapsed = Date.now() - notedAt >= CARD_AUTHORIZATION_LAPSES_MS;
    const giveUp = (why: string) => {
      console.error(`[orders] the card hold ${noted || '(its reference never heard)'} at ${providerName} of abandoned checkout ${hold} was never voided (${why}); after ${CARD_AUTHORIZATION_LAPSES_MS / 86_400_000} days it has lapsed at the shopper's bank: no longer retried`);
      return false;
    };
    const provider = await savedCardProvider(ctx, providerName);
    if (!provider) {
      if (lapsed) return giveUp(`the store no longer keeps its ${providerName} credentials`);
      throw new Error(`the store no longer keeps its ${providerName} credentials: kept until they are entered again or the hold lapses at the bank`);
    }
    if (!noted && !provider.findAuthorization && provider.voidByOrder) {
      // Cancelled by the order's reference where the provider looks nothing up but cancels by it (Adyen): whatever is held.
      return provider.voidByOrder(hold, authorizationKey(hold), { idempotencyKey: `abandoned-void-${hold}` }).then(() => true, (error: unknown) => {
        if (!lapsed) throw error;
        return giveUp(String(error));
      });
    }
    const reference = noted || await heldFor(provider, hold).catch((error: unknown) => {
      if (!lapsed) throw error;
      giveUp(String(error));
      return null;
    });
    if (!reference) return false;
    return provider.void(reference, { idempotencyKey: `abandoned-void-${reference}` }).then(() => true, async (error: unknown) => {
      // Released already (the failed checkout's own void went through, its note stayed): nothing is held any more.
      const now = await provider.paymentStatus(reference).catch(() => null);
      if (now && now.status !== 'authorized' && now.status !== 'requires_action') return false;
      if (lapsed) return giveUp(String(error));
      throw error;
    });
  }, (fields) => captureStopped(io, storeContext, fields[0]));
  if (voided) console.warn(`[worker] voided ${voided} card hold(s) of abandoned checkouts`);
  return voided;
}

/**
 * The order of a hold's note exists: when it still says paid, its checkout stopped between the save and the capture
 * (or before forgetting the note): captured now with the checkout's key and amount, so one the checkout did capture
 * answers the same. Already captured at the provider, or no longer 'paid' (the store acted on it): only forgotten.
 */
async function captureStopped(io: StockIo, storeContext: () => Promise<RequestContext>, orderId: string): Promise<void> {
  const ctx = await storeContext();
  // Under the order's lock, as the store's own actions: a refund or cancel the staff make meanwhile is not written over.
  await withRedisLock(io.resources.redis, orderLock(ctx, io, orderId), () => captureStoppedLocked(io, ctx, orderId), STOPPED_CAPTURE_LOCK);
}

/** A busy order (the staff acting on it) keeps the hold's note for the next run. */
const STOPPED_CAPTURE_LOCK = { waitMs: 5000, busyMessage: 'the order was being changed: its capture waits for the next run' };

async function captureStoppedLocked(io: StockIo, ctx: RequestContext, orderId: string): Promise<void> {
  const order = await Order.findOne(scoped(ctx, { _id: orderId })).lean() as (SavedAsPaid & { payment?: { provider?: string } | null }) | null;
  const payment = order?.payment;
  if (!order || payment?.status !== 'paid' || !payment.reference || !payment.provider) return;
  const provider = await savedCardProvider(ctx, payment.provider);
  if (!provider) throw new Error(`the store no longer keeps its ${payment.provider} credentials: the capture waits until they are entered again`);
  const now = await provider.paymentStatus(payment.reference).catch(() => null);
  if (now?.capturedCents) return;
  const before = payment.status;
  await captureSavedOrder(ctx, provider, order);
  if (order.payment?.status !== before || order.payment.capturedCents !== payment.capturedCents) {
    // The order's lists and its kept copy follow the write.
    const store = { redis: io.resources.redis, prefix: io.resources.queuePrefix };
    const changed = { ...order, payment: order.payment };
    await keepOrderChange(store, ctx.tenantId, changed);
  }
}

/**
 * The hold a checkout that stopped before hearing the provider's answer may have left, looked up at the provider by
 * the order's id (the note is at least the recovery's 5 minutes old: a request that reached the provider is answered
 * by then). Nothing found, or nothing held (declined, released): the note is forgotten at once, not kept until the
 * bank's lapse, since the usual cause is a checkout that stopped before its request left, and asking again every run
 * for 7 days would change nothing. A provider without a lookup (docs/PAYMENTS.md) cannot be asked: forgotten, logged.
 */
async function heldFor(provider: PaymentProvider, orderId: string): Promise<string | null> {
  if (!provider.findAuthorization) {
    console.error(`[orders] checkout ${orderId} stopped before ${provider.name} answered its card payment, and ${provider.name} cannot be asked by order: any hold lapses at the shopper's bank`);
    return null;
  }
  const payment = await provider.findAuthorization(orderId, authorizationKey(orderId));
  return payment && (payment.status === 'authorized' || payment.status === 'requires_action') ? payment.reference : null;
}
