import { CARD_PAYMENTS_NOT_AVAILABLE, paymentProviderFor, PaymentProviderNotConfiguredError, refundPayment, type Authorization, type PaymentProvider } from '@platform/payments';
import { AppError, type RequestContext } from '@platform/server-kit';
import { storedPaymentSettings } from '@platform/tenant-settings';
import { cardCustomerRef, saveCardWith, type SavedCard } from '@platform/identity';

/** payment_method of an order paid by card (the card reaches us only as the provider's token, payment_token). */
export const PAY_BY_CARD = 'card';
export const ENTER_CARD = 'Please enter your card.';
export const CARD_NEEDS_BANK = 'This card needs a confirmation from its bank, which this store cannot ask for yet. Please use another card or pay at the store.';

/** The store's card provider; a store that takes no cards refuses a card payment before anything is taken. */
export async function cardProvider(ctx: RequestContext): Promise<PaymentProvider> {
  const provider = paymentProviderFor(await storedPaymentSettings(ctx));
  if (provider.name === 'pay_at_store') throw new AppError('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE, { payment_method: [CARD_PAYMENTS_NOT_AVAILABLE] });
  return provider;
}

/**
 * The adapter of a provider the store took cards through, built from its saved settings whichever provider it uses
 * now (switching provider keeps the other sections): a hold made before the switch is released where it was made.
 * Null when the store no longer keeps that provider's credentials.
 */
export async function savedCardProvider(ctx: RequestContext, name: string): Promise<PaymentProvider | null> {
  try {
    const provider = paymentProviderFor({ ...(await storedPaymentSettings(ctx)), payment_provider: name });
    return provider.name === name ? provider : null;
  } catch (error) {
    if (error instanceof PaymentProviderNotConfiguredError) return null;
    throw error;
  }
}

/** authorize's idempotency key for an order: a repeat reaches the provider as one request, and a lookup finds it. */
export const authorizationKey = (orderId: string) => `order-${orderId}`;

/**
 * Holds the order's total on the card, once per order (the order's id is the idempotency key). A decline stops
 * the order with the provider's message for the shopper. A card that needs its bank's confirmation (3-D Secure)
 * answers the bank's page when a return address was given; without one its hold is released and the order stopped.
 */
export async function authorizeCard(provider: PaymentProvider, ctx: RequestContext, totalCents: number, token: string, orderId: string,
  options: { customerRef?: string; returnUrl?: string; offSession?: boolean } = {}): Promise<Authorization> {
  const authorization = await provider.authorize(totalCents, 'usd', token, {
    idempotencyKey: authorizationKey(orderId), metadata: { order_id: orderId, tenant_id: ctx.tenantId },
    ...(options.customerRef ? { customer: options.customerRef } : {}), ...(options.returnUrl ? { returnUrl: options.returnUrl } : {}),
    ...(options.offSession ? { offSession: true } : {}),
  }).catch((error: unknown) => {
    // A card the provider will not take (another customer's saved card, a token it does not know) is the card field's problem.
    if (error instanceof AppError && error.type === 'unprocessable' && !error.errors) throw new AppError('unprocessable', error.message, { payment_token: [error.message] });
    throw error;
  });
  if (authorization.status === 'authorized') return authorization;
  // The bank's page, where the shopper confirms (3-D Secure); the order waits for the answer.
  if (authorization.status === 'requires_action' && authorization.nextActionUrl) return authorization;
  if (authorization.status === 'requires_action') await provider.void(authorization.reference).catch(() => undefined);
  const message = authorization.status === 'declined' ? authorization.declineMessage ?? 'Your card was declined.' : CARD_NEEDS_BANK;
  throw new AppError('unprocessable', message, { payment_token: [message] });
}

export const SIGN_IN_TO_SAVE_CARD = 'Please sign in to save your card.';
export const CARDS_NOT_SAVED_HERE = 'This store does not save cards. Please pay without saving the card.';

/** What a card payment is for: whose, which card, how much, which order; a recurring run's is off-session (the shopper away). */
export interface CardPayment {
  customerSlug: string | null; token: string; saveCard: boolean; totalCents: number; orderId: string;
  returnUrl?: string; offSession?: boolean;
  /** Told the card saved with the payment (a recurring order charges it again). */
  onSaved?: (card: SavedCard & { customerRef: string }) => void;
}

/**
 * Pays an order by card: a signed-in shopper's card is charged as theirs at the provider (so a saved card works,
 * and only their own), and with `saveCard` it is first saved to their account; if the payment then fails, the
 * card saved for it is removed again. Answers the authorization (see authorizeCard).
 */
export async function payByCard(ctx: RequestContext, provider: PaymentProvider, payment: CardPayment): Promise<Authorization> {
  const { customerSlug, token, saveCard, totalCents, orderId, returnUrl, offSession, onSaved } = payment;
  if (saveCard && !customerSlug) throw new AppError('unprocessable', SIGN_IN_TO_SAVE_CARD, { save_card: [SIGN_IN_TO_SAVE_CARD] });
  if (saveCard && ((await storedPaymentSettings(ctx))[provider.name] as { disable_save_card?: unknown } | undefined)?.disable_save_card === true) {
    throw new AppError('unprocessable', CARDS_NOT_SAVED_HERE, { save_card: [CARDS_NOT_SAVED_HERE] });
  }
  if (!customerSlug) return authorizeCard(provider, ctx, totalCents, token, orderId, { returnUrl });
  if (!saveCard) return authorizeCard(provider, ctx, totalCents, token, orderId, { customerRef: (await cardCustomerRef(ctx, provider.name, customerSlug)) ?? undefined, returnUrl, offSession });
  const saved = await saveCardWith(ctx, provider, customerSlug, token);
  try {
    const authorization = await authorizeCard(provider, ctx, totalCents, saved.source, orderId, { customerRef: saved.customerRef, returnUrl });
    onSaved?.(saved);
    return authorization;
  } catch (error) {
    await provider.deleteCard(saved.customerRef, saved.source).catch(() => undefined);
    throw error;
  }
}

/** An order's card payment as stored on the order. */
export type StoredPayment = { method?: string; status?: string; reference?: string; capturedCents?: number; refundedCents?: number; failures?: { kind?: string }[] };

/**
 * A refund's idempotency key: one per payment and cents refunded before it, so a retried refund pays once. A refund
 * the provider failed later (payment-outcomes.ts) gave its cents back, so the next one gets a key of its own: the
 * provider would answer the failed one's key with that first answer and refund nothing.
 */
export function refundKey(payment: StoredPayment & { reference: string }, refundedBefore: number): string {
  const failed = payment.failures?.filter((f) => f.kind === 'refund').length ?? 0;
  return `refund-${payment.reference}-${refundedBefore}${failed ? `-retry${failed}` : ''}`;
}
export type PaymentGivenBack = { status: 'voided' | 'refunded'; refundedCents?: number };

/**
 * A cancelled order paid by card gives the money back through the store's provider: a hold is released, a
 * captured payment refunded (what is left of it, never more than was captured). Answers the payment's new
 * state, or null when there is nothing to give back. Idempotent per payment, so a retried cancel pays once.
 */
export async function giveCardPaymentBack(ctx: RequestContext, payment: StoredPayment | null | undefined, orderId?: string): Promise<PaymentGivenBack | null> {
  if (payment?.method !== PAY_BY_CARD || !payment.reference) return null;
  const provider = await cardProvider(ctx);
  if (payment.status === 'authorized') {
    await provider.void(payment.reference, { idempotencyKey: `void-${payment.reference}`, orderId });
    return { status: 'voided' };
  }
  const captured = payment.capturedCents ?? 0;
  const refunded = payment.refundedCents ?? 0;
  if (payment.status !== 'paid' || captured - refunded <= 0) return null;
  const back = await refundPayment(provider, { reference: payment.reference, capturedCents: captured, refundedCents: refunded }, captured - refunded,
    { idempotencyKey: refundKey({ ...payment, reference: payment.reference }, refunded), orderId });
  return { status: 'refunded', refundedCents: refunded + back };
}
