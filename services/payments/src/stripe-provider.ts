import Stripe from 'stripe';
import { AppError } from '@platform/server-kit';
import {
  assertCents, type Authorization, type AuthorizeOptions, type CallbackHeaders, type CallOptions, type CardChecks, type CheckResult,
  type PaymentEvent, type PaymentProvider, type SavedCard,
} from './provider';
import { authorizationFromIntent, isCardError, isStripeError, shopperMessage, toAppError } from './stripe-errors';

export const CARD_NOT_FOUND = 'This card was not found.';
export const CARD_NOT_SAVED = 'This card could not be saved. Please check it and try again.';
export const CALLBACK_NOT_VERIFIED = 'This payment callback could not be verified.';
export const REFUND_FAILED = 'The refund could not be made. Please try again or refund the shopper another way.';

/**
 * The official SDK, pointed at STRIPE_API_BASE when it is set (the Stripe stand-in in front of stripe-mock
 * locally and in tests: the scripts set it); without it, Stripe's own API. Retries of POSTs are safe: the SDK sends them with
 * one idempotency key.
 */
export function createStripeClient(secretKey: string, apiBase = process.env.STRIPE_API_BASE, extra: Stripe.StripeConfig = {}): Stripe {
  const target = apiBase ? new URL(apiBase) : null;
  const protocol = target?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target ? { host: target.hostname, port: Number(target.port) || (protocol === 'http' ? 80 : 443), protocol } : {}),
    ...extra,
  });
}

const BRANDS: Record<string, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club',
  jcb: 'JCB', unionpay: 'UnionPay', cartes_bancaires: 'Cartes Bancaires', eftpos_au: 'eftpos', interac: 'Interac',
};

function savedCardOf(method: Stripe.PaymentMethod, customerRef: string): SavedCard {
  const card = method.card;
  if (!card) throw new AppError('unprocessable', CARD_NOT_SAVED);
  return { source: method.id, brand: BRANDS[card.brand] ?? card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, customerRef };
}

/** A card token from the provider's hosted form: a PaymentMethod (pm_…) or a legacy Token (tok_…); nothing that could be a card number. */
const TOKEN = /^(pm|tok)_[A-Za-z0-9_]+$/;

function header(headers: CallbackHeaders, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The payment an event is about: a PaymentIntent itself, or the PaymentIntent of a charge, refund or dispute. */
function referenceOf(object: unknown): string | null {
  const o = object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (o.object === 'payment_intent') return o.id ?? null;
  const intent = o.payment_intent;
  return typeof intent === 'string' ? intent : intent?.id ?? null;
}

const CHECKS: Record<string, CheckResult> = { pass: 'pass', fail: 'fail', unavailable: 'unavailable', unchecked: 'unchecked' };
const check = (value: string | null | undefined): CheckResult => CHECKS[value ?? ''] ?? 'unchecked';

/**
 * The card of a PaymentIntent's charge (latest_charge, expanded): its fingerprint, the bank's CVC / address / postal
 * code checks, Radar's risk level and the billing postal code. Null when the charge was not expanded (nothing to read).
 */
export function cardChecksOf(intent: { latest_charge?: string | Stripe.Charge | null }): CardChecks | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  if (!card) return null;
  const billing = charge.billing_details?.address;
  return {
    fingerprint: card.fingerprint ?? null, brand: card.brand ? BRANDS[card.brand] ?? card.brand : null, last4: card.last4 ?? null,
    cvc: check(card.checks?.cvc_check), addressLine1: check(card.checks?.address_line1_check), postalCode: check(card.checks?.address_postal_code_check),
    riskLevel: charge.outcome?.risk_level ?? null, billingPostalCode: billing?.postal_code ?? null, billingCountry: billing?.country ?? null,
  };
}

/** An intent's authorization with its card's checks where the charge was read with it. */
function withCard(intent: Stripe.PaymentIntent): Authorization {
  const authorization = authorizationFromIntent(intent);
  const card = authorization.status === 'authorized' ? cardChecksOf(intent) : null;
  return card ? { ...authorization, card } : authorization;
}

/** Runs a Stripe call, turning Stripe's failures into AppErrors with the shopper's wording. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withoutCallSite(work);
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * Starts an SDK request without the stack trace the SDK takes of every request for its errors' call site (a
 * `new Error().stack`, which tsx's source maps make cost ~0.3 ms a call; our errors, toAppError, never show it).
 * The SDK takes it before its first await, so the limit is back before any other code runs.
 */
function withoutCallSite<T>(request: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return request();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Stripe through its official SDK: an authorization is a PaymentIntent confirmed at once with manual
 * capture; saved cards are PaymentMethods attached to a Stripe Customer.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  /** A PaymentMethod is used as it is; a legacy card Token (tok_…) becomes a PaymentMethod first. */
  private async paymentMethodOf(token: string): Promise<string> {
    return token.startsWith('tok_') ? (await this.stripe.paymentMethods.create({ type: 'card', card: { token } })).id : token;
  }

  async authorize(amountCents: number, currency: string, paymentMethodToken: string, options: AuthorizeOptions): Promise<Authorization> {
    assertCents(amountCents);
    if (!TOKEN.test(paymentMethodToken)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    try {
      const paymentMethod = await this.paymentMethodOf(paymentMethodToken);
      const intent = await withoutCallSite(() => this.stripe.paymentIntents.create({
        // Amounts are the currency's minor unit: cents for the two-decimal currencies the platform sells in.
        amount: amountCents,
        currency: currency.toLowerCase(),
        payment_method: paymentMethod,
        allowed_payment_method_types: ['card'],
        capture_method: 'manual',
        confirm: true,
        ...(options.customer ? { customer: options.customer } : {}),
        ...(options.metadata ? { metadata: options.metadata } : {}),
        ...(options.returnUrl ? { return_url: options.returnUrl } : {}),
        // Stripe asks for it when the shopper is away; a card whose bank insists then fails (requires_action) and the run says so.
        ...(options.offSession && options.customer ? { off_session: true } : {}),
        // The charge comes with the answer: its card's fingerprint and checks (fraud checks) at no extra call.
        expand: ['latest_charge'],
      }, { idempotencyKey: options.idempotencyKey }));
      return withCard(intent);
    } catch (error) {
      // A declined card is an answer for the shopper, not a failure of ours.
      if (isStripeError(error) && isCardError(error)) {
        const intentId = (error as { payment_intent?: { id?: string } }).payment_intent?.id ?? '';
        return { reference: intentId, status: 'declined', authorizedCents: 0, declineMessage: shopperMessage(error) };
      }
      throw toAppError(error);
    }
  }

  async paymentStatus(reference: string): Promise<Authorization> {
    return withCard(await call(() => this.stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] })));
  }

  /**
   * Stripe's search by the metadata authorize sets (`metadata['order_id']`); the newest of the order's PaymentIntents
   * (a declined one stays, a retry makes another). Search is eventually consistent: a PaymentIntent is found about a
   * minute after it is made, longer during an incident at Stripe. Only an intent naming the order is taken.
   */
  async findAuthorization(orderId: string): Promise<Authorization | null> {
    if (!/^[A-Za-z0-9_-]+$/.test(orderId)) return null; // nothing of ours, and nothing to quote into the query
    const found = await call(() => this.stripe.paymentIntents.search({ query: `metadata['order_id']:'${orderId}'`, limit: 10 }));
    const intents = found.data.filter((intent) => intent.metadata?.order_id === orderId).sort((a, b) => b.created - a.created);
    const held = intents.find((intent) => intent.status === 'requires_capture' || intent.status === 'requires_action') ?? intents[0];
    return held ? authorizationFromIntent(held) : null;
  }

  async capture(reference: string, amountCents?: number, options: CallOptions = {}): Promise<number> {
    if (amountCents !== undefined) assertCents(amountCents);
    const intent = await call(() => this.stripe.paymentIntents.capture(
      reference, amountCents === undefined ? {} : { amount_to_capture: amountCents }, { idempotencyKey: options.idempotencyKey },
    ));
    // Stripe captures exactly the amount asked for or fails; without one it captures what was held.
    return amountCents ?? intent.amount_received;
  }

  async void(reference: string, options: CallOptions = {}): Promise<void> {
    await call(() => this.stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: options.idempotencyKey }));
  }

  async refund(reference: string, amountCents: number, options: CallOptions = {}): Promise<number> {
    assertCents(amountCents);
    const refund = await call(() => this.stripe.refunds.create({ payment_intent: reference, amount: amountCents }, { idempotencyKey: options.idempotencyKey }));
    if (refund.status === 'failed' || refund.status === 'canceled') throw new AppError('unprocessable', REFUND_FAILED);
    return refund.amount;
  }

  async saveCard(customerRef: string | null, token: string): Promise<SavedCard> {
    if (!TOKEN.test(token)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    return call(async () => {
      const customer = customerRef ?? (await this.stripe.customers.create({})).id;
      return savedCardOf(await this.stripe.paymentMethods.attach(await this.paymentMethodOf(token), { customer }), customer);
    });
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    // A customer keeps a handful of cards: one page of 100 holds them.
    const page = await call(() => this.stripe.customers.listPaymentMethods(customerRef, { type: 'card', limit: 100 }));
    return page.data.filter((m) => m.card).map((m) => savedCardOf(m, customerRef));
  }

  async deleteCard(customerRef: string, source: string): Promise<void> {
    // Detach works on any card of the account: only one of this customer's own cards is detached.
    const cards = await this.listCards(customerRef);
    if (!cards.some((c) => c.source === source)) throw new AppError('not_found', CARD_NOT_FOUND);
    await call(() => this.stripe.paymentMethods.detach(source));
  }

  async verifyCallback(rawBody: string | Buffer, headers: CallbackHeaders, secret: string): Promise<PaymentEvent> {
    const signature = header(headers, 'stripe-signature');
    if (!signature) throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new AppError('invalid', CALLBACK_NOT_VERIFIED);
    }
    const orderId = (event.data.object as { metadata?: Record<string, string> | null }).metadata?.order_id;
    return { id: event.id, type: event.type, reference: referenceOf(event.data.object), ...(orderId ? { orderId } : {}) };
  }
}
