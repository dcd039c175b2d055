import { randomUUID } from 'node:crypto';
import { AppError } from '@platform/server-kit';
import type { Client, Types } from '@adyen/api-library';
import {
  assertCents, type Authorization, type AuthorizeOptions, type CallbackHeaders, type CallOptions, type PaymentEvent,
  type PaymentProvider, type SavedCard,
} from '../provider';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import { NOT_PROCESSED } from '../stripe-errors';
import { adyenAmount, createAdyenClient, type AdyenCredentials } from './adyen-client';
import { adyenCardChecks, BRANDS } from './adyen-checks';
import { adyenCall, authorizationFromResult, refusalMessage, type AdyenPaymentOutcome } from './adyen-errors';

import { adyenSdk, type AdyenSdk } from './adyen-sdk';

type CheckoutAPI = InstanceType<AdyenSdk['CheckoutAPI']>;

export const CAPTURE_AMOUNT_UNKNOWN = 'The amount to capture is not known here. Please enter the amount to capture.';

type CheckoutPaymentMethod = Types.checkout.PaymentRequest['paymentMethod'];

/** What a shopper's token is: a new card from Adyen's Drop-in (its encrypted fields), or a stored card's id. */
export type AdyenPaymentMethod =
  | { kind: 'card'; paymentMethod: Record<string, string>; billingAddress?: Record<string, string> }
  | { kind: 'stored'; storedPaymentMethodId: string };

/** The Drop-in's billing address fields (Adyen's Address object): sent so the card's bank can check it (AVS). */
const ADDRESS_FIELDS = ['street', 'houseNumberOrName', 'postalCode', 'city', 'stateOrProvince', 'country'] as const;

/** A run of 12 to 19 digits (spaces and dashes allowed between) that passes the Luhn check: a card number. */
export function looksLikeCardNumber(value: string): boolean {
  for (const run of value.match(/\d[\d -]{10,}\d/g) ?? []) {
    const digits = run.replace(/[ -]/g, '');
    if (digits.length < 12 || digits.length > 19) continue;
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    if (sum % 10 === 0) return true;
  }
  return false;
}

/** A stored payment method id as Adyen makes them (current ones are 16 letters and digits; older ones 16 digits). */
const STORED_ID = /^[A-Za-z0-9]{8,64}$/;
const ENCRYPTED_FIELDS = ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode'] as const;
/** Fields of the Drop-in's `paymentMethod` passed on; anything else (a raw `number`, `cvc`, expiry) is not accepted. */
const PASSED_ON = new Set<string>([...ENCRYPTED_FIELDS, 'type', 'holderName', 'brand', 'checkoutAttemptId']);
const RAW_CARD_FIELDS = ['number', 'cvc', 'expiryMonth', 'expiryYear', 'encryptedCard'];

/**
 * Reads the shopper's token: the Drop-in's `state.data.paymentMethod` as a JSON string
 * (`{"type":"scheme","encryptedCardNumber":"adyenjs_…",…}`, or `{"type":"scheme","storedPaymentMethodId":"…"}` for a
 * stored card), the Drop-in's whole `state.data` (`{"paymentMethod":{…},"billingAddress":{…}}`: the address is sent
 * for the bank's check), or a stored card's id alone (the `source` of listCards). Encrypted fields are Adyen's client-side
 * encryption (`adyenjs_…`); Adyen's documented unencrypted test form (`test_4111…`) is accepted only for a test
 * account. Raw card fields and anything that looks like a card number are refused before Adyen is asked.
 */
export function parseAdyenToken(token: string, environment: 'test' | 'live'): AdyenPaymentMethod {
  const refuse = () => new AppError('unprocessable', CARD_NOT_SAVED);
  const trimmed = token.trim();
  if (!trimmed.startsWith('{')) {
    if (!STORED_ID.test(trimmed) || looksLikeCardNumber(trimmed)) throw refuse();
    return { kind: 'stored', storedPaymentMethodId: trimmed };
  }
  let parsed: unknown;
  try { parsed = JSON.parse(trimmed); } catch { throw refuse(); }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw refuse();
  // The Drop-in's whole state.data ({paymentMethod, billingAddress}) or its paymentMethod alone.
  const state = parsed as Record<string, unknown>;
  const whole = state.paymentMethod !== undefined;
  if (whole && (!state.paymentMethod || typeof state.paymentMethod !== 'object' || Array.isArray(state.paymentMethod))) throw refuse();
  const method = (whole ? state.paymentMethod : parsed) as Record<string, unknown>;
  const billingAddress = whole && state.billingAddress !== undefined ? addressOf(state.billingAddress, refuse) : undefined;
  if (method.type !== undefined && method.type !== 'scheme') throw refuse();
  const stored = method.storedPaymentMethodId ?? method.recurringDetailReference;
  if (stored !== undefined) {
    if (typeof stored !== 'string' || !STORED_ID.test(stored) || looksLikeCardNumber(stored)) throw refuse();
    return { kind: 'stored', storedPaymentMethodId: stored };
  }
  if (RAW_CARD_FIELDS.some((f) => method[f] !== undefined)) throw refuse();
  const prefixes = environment === 'test' ? ['adyenjs_', 'test_'] : ['adyenjs_'];
  const out: Record<string, string> = { type: 'scheme' };
  for (const [name, value] of Object.entries(method)) {
    if (!PASSED_ON.has(name) || value === undefined || value === null) continue;
    if (typeof value !== 'string') throw refuse();
    if ((ENCRYPTED_FIELDS as readonly string[]).includes(name)) {
      if (!prefixes.some((p) => value.startsWith(p))) throw refuse();
      // Adyen's test form carries the test card in the clear: never a card number on a live account (above).
      if (value.startsWith('adyenjs_') && looksLikeCardNumber(value)) throw refuse();
    } else if (looksLikeCardNumber(value)) {
      throw refuse();
    }
    out[name] = value;
  }
  if (!out.encryptedCardNumber || !out.encryptedExpiryMonth || !out.encryptedExpiryYear) throw refuse();
  return { kind: 'card', paymentMethod: out, ...(billingAddress ? { billingAddress } : {}) };
}

/** A billing address from the Drop-in: its text fields only (up to 3,000 characters each, as Adyen's street), never a card number. */
function addressOf(value: unknown, refuse: () => AppError): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw refuse();
  const out: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || v.length > 3000 || looksLikeCardNumber(v)) throw refuse();
    out[field] = v;
  }
  return out;
}


function savedCardOf(method: Types.checkout.StoredPaymentMethodResource, customerRef: string): SavedCard {
  if (!method.id || !method.lastFour) throw new AppError('unprocessable', CARD_NOT_SAVED);
  const brand = method.brand ?? method.type ?? 'card';
  return {
    source: method.id, brand: BRANDS[brand] ?? method.name ?? brand, last4: method.lastFour,
    exp_month: Number(method.expiryMonth), exp_year: Number(method.expiryYear), customerRef,
  };
}

/**
 * A modification's own `reference`: our order id when the caller gives it (Adyen's outcome webhook carries a
 * modification's reference as its merchantReference, or the payment's, which is the order id too), else the
 * idempotency key.
 */
function modificationReference(options: CallOptions): { reference?: string } {
  const reference = options.orderId || options.idempotencyKey;
  return reference ? { reference } : {};
}

/** A pspReference (16 letters and digits); anything else given to paymentStatus is the shopper's redirectResult. */
const PSP_REFERENCE = /^[A-Za-z0-9]{16}$/;
const KEPT_PAYMENTS = 10_000;

/** A payment as last seen, with its currency (modifications are asked in the payment's currency). */
type Kept = Authorization & { currency?: string };

function publicOf(kept: Kept): Authorization {
  const { currency: _currency, ...authorization } = kept;
  return authorization;
}

/**
 * Adyen through its official SDK (@adyen/api-library 32.1.0, Checkout API v72).
 *
 * - authorize: `POST /payments` with `additionalData.manualCapture: 'true'` (a hold: nothing is captured until
 *   capture), `reference` = our order id (metadata.order_id, else the idempotency key), the shopper's `paymentMethod`
 *   from Drop-in or a stored card (`shopperReference`, `shopperInteraction: ContAuth`, `recurringProcessingModel:
 *   CardOnFile`), `returnUrl` for the bank's page. Without a returnUrl there is nowhere to bring the shopper back,
 *   so 3-D Secure is not attempted (`authenticationData.attemptAuthentication: 'never'`); a bank that insists
 *   refuses, which is a decline with the bank's-confirmation message.
 * - Idempotency: Adyen's `Idempotency-Key` header (the SDK's request option; Adyen keeps a key at least 7 days and
 *   answers a repeat with the first answer), on /payments and on every modification.
 * - capture, void (cancel), refund: the Modifications API, which only answers `received` (Adyen settles them
 *   later and tells through the CAPTURE / CANCELLATION / REFUND webhooks): received is taken as done for the amount
 *   asked, and a later failure (success false, CAPTURE_FAILED, REFUND_FAILED, REFUNDED_REVERSED) is undone on the
 *   order by the webhook route. Each modification's `reference` is our order id when the caller gives it, so the
 *   outcome webhook names the order in its merchantReference.
 * - paymentStatus: Adyen has no GET of a payment. Given the shopper's `redirectResult` (the return URL's query
 *   parameter), it asks `POST /payments/details`; given a pspReference, it answers the last state this process saw
 *   (the authorization, a details answer, a capture or cancel, a verified webhook), and `requires_action` without a
 *   page when it saw none: the AUTHORISATION webhook settles such a payment.
 * - Saved cards: Checkout `/storedPaymentMethods` (create, list, delete) under a `shopperReference` of ours.
 * - Webhooks: Adyen's standard notification JSON, each item's HMAC (`additionalData.hmacSignature`) checked with the
 *   SDK's hmacValidator and the store's HMAC key.
 */
export class AdyenProvider implements PaymentProvider {
  readonly name = 'adyen' as const;
  private readonly client: Client;
  private readonly checkout: CheckoutAPI;
  /** The last state seen of each payment, by pspReference (Adyen cannot be asked for it). */
  private readonly known = new Map<string, Kept>();

  constructor(private readonly credentials: AdyenCredentials, apiBase = process.env.ADYEN_API_BASE) {
    this.client = createAdyenClient(credentials, apiBase);
    this.checkout = new (adyenSdk().CheckoutAPI)(this.client);
  }

  private remember(authorization: Authorization, currency?: string): Authorization {
    if (!authorization.reference) return authorization;
    const before = this.known.get(authorization.reference);
    if (!before && this.known.size >= KEPT_PAYMENTS) this.known.delete(this.known.keys().next().value as string);
    // A later state (a webhook, a capture) keeps what the authorization told of the card.
    this.known.set(authorization.reference, { ...(before?.card ? { card: before.card } : {}), ...authorization, currency: currency ?? before?.currency });
    return authorization;
  }

  async authorize(amountCents: number, currency: string, paymentMethodToken: string, options: AuthorizeOptions): Promise<Authorization> {
    assertCents(amountCents);
    const amount = adyenAmount(amountCents, currency);
    const method = parseAdyenToken(paymentMethodToken, this.credentials.environment);
    // A stored card is only found with its shopper.
    if (method.kind === 'stored' && !options.customer) throw new AppError('unprocessable', CARD_NOT_FOUND);
    const request: Types.checkout.PaymentRequest = {
      merchantAccount: this.credentials.merchantAccount,
      amount,
      reference: options.metadata?.order_id ?? options.idempotencyKey,
      paymentMethod: (method.kind === 'stored'
        ? { type: 'scheme', storedPaymentMethodId: method.storedPaymentMethodId }
        : method.paymentMethod) as unknown as CheckoutPaymentMethod,
      // Required by the API; empty when the caller has no page to come back to (3-D Secure is then not attempted).
      returnUrl: options.returnUrl ?? '',
      channel: 'Web' as Types.checkout.PaymentRequest.ChannelEnum,
      // The billing address the shopper gave, for the bank's address check (Adyen answers additionalData.avsResult).
      ...(method.kind === 'card' && method.billingAddress ? { billingAddress: method.billingAddress as unknown as Types.checkout.BillingAddress } : {}),
      // A hold only, whatever the merchant account's default capture delay.
      additionalData: { manualCapture: 'true' },
      ...(options.returnUrl ? {} : { authenticationData: { attemptAuthentication: 'never' as Types.checkout.AuthenticationData.AttemptAuthenticationEnum } }),
      ...(options.customer ? { shopperReference: options.customer } : {}),
      ...(method.kind === 'stored' ? {
        shopperInteraction: 'ContAuth' as Types.checkout.PaymentRequest.ShopperInteractionEnum,
        recurringProcessingModel: 'CardOnFile' as Types.checkout.PaymentRequest.RecurringProcessingModelEnum,
      } : {}),
      ...(options.metadata ? { metadata: options.metadata } : {}),
    };
    const result = await adyenCall(() => this.checkout.PaymentsApi.payments(request, { idempotencyKey: options.idempotencyKey }));
    return this.remember(authorizationFromResult(result as AdyenPaymentOutcome, amountCents, Boolean(options.returnUrl)), amount.currency);
  }

  async paymentStatus(reference: string): Promise<Authorization> {
    if (PSP_REFERENCE.test(reference)) {
      const kept = this.known.get(reference);
      return kept ? publicOf(kept) : { reference, status: 'requires_action', authorizedCents: 0 };
    }
    const redirectResult = reference.startsWith('redirectResult=') ? decodeURIComponent(reference.slice('redirectResult='.length)) : reference;
    const result = await adyenCall(() => this.checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } }));
    const outcome = result as AdyenPaymentOutcome;
    const before = outcome.pspReference ? this.known.get(outcome.pspReference) : undefined;
    return this.remember(authorizationFromResult(outcome, outcome.amount?.value ?? before?.authorizedCents ?? 0, false), outcome.amount?.currency);
  }

  async capture(reference: string, amountCents?: number, options: CallOptions = {}): Promise<number> {
    if (amountCents !== undefined) assertCents(amountCents);
    const held = this.known.get(reference);
    // Adyen captures only an amount it is given: "all of it" is the hold this process saw.
    const cents = amountCents ?? (held?.status === 'authorized' ? held.authorizedCents : undefined);
    if (!cents) throw new AppError('unprocessable', CAPTURE_AMOUNT_UNKNOWN);
    const answer = await adyenCall(() => this.checkout.ModificationsApi.captureAuthorisedPayment(reference, {
      merchantAccount: this.credentials.merchantAccount,
      amount: adyenAmount(cents, held?.currency ?? 'USD'),
      ...modificationReference(options),
    }, { idempotencyKey: options.idempotencyKey }));
    if (answer.status !== 'received') throw new AppError('unprocessable', NOT_PROCESSED);
    // Asynchronous at Adyen: received is taken as the amount asked (a CAPTURE_FAILED webhook would say otherwise).
    return answer.amount?.value ?? cents;
  }

  async void(reference: string, options: CallOptions = {}): Promise<void> {
    const answer = await adyenCall(() => this.checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference(reference, {
      merchantAccount: this.credentials.merchantAccount,
      ...modificationReference(options),
    }, { idempotencyKey: options.idempotencyKey }));
    if (answer.status !== 'received') throw new AppError('unprocessable', NOT_PROCESSED);
    this.remember({ reference, status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED });
  }

  /**
   * Adyen has no lookup of a payment by our reference, but cancels one by it: `POST /cancels` with the payment's
   * merchant reference (authorize's, the order id) as `paymentReference`, Adyen's documented way to cancel a payment
   * whose pspReference never reached us. Answered `received`; Adyen cancels it if it exists (its outcome comes as a
   * TECHNICAL_CANCEL webhook, which the webhook route reads: a failed one is logged, the hold then lapses at the bank).
   */
  async voidByOrder(orderId: string, idempotencyKey: string, options: CallOptions = {}): Promise<void> {
    const answer = await adyenCall(() => this.checkout.ModificationsApi.cancelAuthorisedPayment({
      merchantAccount: this.credentials.merchantAccount, paymentReference: orderId || idempotencyKey,
      ...modificationReference({ ...options, orderId: orderId || undefined }),
    }, { idempotencyKey: options.idempotencyKey }));
    if (answer.status !== 'received') throw new AppError('unprocessable', NOT_PROCESSED);
  }

  async refund(reference: string, amountCents: number, options: CallOptions = {}): Promise<number> {
    assertCents(amountCents);
    const currency = this.known.get(reference)?.currency;
    const answer = await adyenCall(() => this.checkout.ModificationsApi.refundCapturedPayment(reference, {
      merchantAccount: this.credentials.merchantAccount,
      amount: adyenAmount(amountCents, currency ?? 'USD'),
      ...modificationReference(options),
    }, { idempotencyKey: options.idempotencyKey }));
    if (answer.status !== 'received') throw new AppError('unprocessable', NOT_PROCESSED);
    return answer.amount?.value ?? amountCents;
  }

  async saveCard(customerRef: string | null, token: string): Promise<SavedCard> {
    const method = parseAdyenToken(token, this.credentials.environment);
    // A stored card is already saved; only a new card from the payment form is stored.
    if (method.kind !== 'card') throw new AppError('unprocessable', CARD_NOT_SAVED);
    // Adyen has no customer object: the shopper is a reference of ours, made here for a first card.
    const shopperReference = customerRef ?? `shopper_${randomUUID()}`;
    const stored = await adyenCall(() => this.checkout.RecurringApi.storedPaymentMethods({
      merchantAccount: this.credentials.merchantAccount,
      shopperReference,
      paymentMethod: method.paymentMethod,
      recurringProcessingModel: 'CardOnFile' as Types.checkout.StoredPaymentMethodRequest.RecurringProcessingModelEnum,
    }));
    return savedCardOf(stored, shopperReference);
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    const answer = await adyenCall(() => this.checkout.RecurringApi.getTokensForStoredPaymentDetails(customerRef, this.credentials.merchantAccount));
    return (answer.storedPaymentMethods ?? [])
      .filter((m) => (m.type ?? 'scheme') === 'scheme' && m.id && m.lastFour)
      .map((m) => savedCardOf(m, customerRef));
  }

  async deleteCard(customerRef: string, source: string): Promise<void> {
    // Only one of this shopper's own cards is deleted; another shopper's is not found.
    const cards = await this.listCards(customerRef);
    if (!cards.some((c) => c.source === source)) throw new AppError('not_found', CARD_NOT_FOUND);
    await adyenCall(() => this.checkout.RecurringApi.deleteTokenForStoredPaymentDetails(source, customerRef, this.credentials.merchantAccount));
  }

  async verifyCallback(rawBody: string | Buffer, _headers: CallbackHeaders, secret: string): Promise<PaymentEvent> {
    // Adyen signs each notification item (not the HTTP body): HMAC-SHA256 with the hex HMAC key over
    // pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success.
    const refused = () => new AppError('invalid', CALLBACK_NOT_VERIFIED);
    if (!secret || !/^[0-9a-fA-F]+$/.test(secret)) throw refused();
    let items: Types.notification.NotificationRequestItem[];
    try {
      const body = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')) as Types.notification.Notification;
      items = (body.notificationItems ?? []).map((i) => i.NotificationRequestItem);
    } catch {
      throw refused();
    }
    if (items.length === 0) throw refused();
    const validator = new (adyenSdk().hmacValidator)();
    for (const item of items) {
      let valid = false;
      try { valid = Boolean(item?.amount) && validator.validateHMAC(item, secret); } catch { valid = false; }
      if (!valid) throw refused();
    }
    // Adyen sends one item per notification (the array is its format's); the first is the event.
    const item = items[0];
    const success = String(item.success) === 'true';
    // A modification's own pspReference is new: the payment is its originalReference.
    const reference = item.originalReference || item.pspReference || null;
    if (reference && item.eventCode === 'AUTHORISATION') {
      // The notification's additionalData tells of the card as the payment's answer does (as the account selects).
      const card = success ? adyenCardChecks({ additionalData: item.additionalData as Record<string, string> | undefined }) : undefined;
      this.remember(success
        ? { reference, status: 'authorized', authorizedCents: item.amount.value ?? 0, ...(card ? { card } : {}) }
        : { reference, status: 'declined', authorizedCents: 0, declineMessage: refusalMessage(undefined, item.reason) }, item.amount.currency);
    }
    return {
      // Adyen's notifications have no id of their own: one event is the payment, the event code and its outcome.
      id: `${item.pspReference}:${item.eventCode}:${success}`,
      type: success ? item.eventCode : `${item.eventCode}:failed`,
      reference,
      ...(item.merchantReference ? { orderId: item.merchantReference } : {}),
      // A capture's or refund's amount (minor units), for its outcome.
      ...(Number.isSafeInteger(item.amount.value) ? { amountCents: item.amount.value } : {}),
    };
  }
}
