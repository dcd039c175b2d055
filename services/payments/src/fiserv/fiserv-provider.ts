import { createHash, randomUUID } from 'node:crypto';
import { looksLikeCardNumber } from '@platform/domain';
import { AppError } from '@platform/server-kit';
import {
  assertCents, type Authorization, type AuthorizeOptions, type CallbackHeaders, type CallOptions, type PaymentEvent,
  type PaymentProvider, type SavedCard,
} from '../provider';
import { CALLBACK_NOT_VERIFIED, CARD_NOT_FOUND, CARD_NOT_SAVED } from '../stripe-provider';
import { shopperMessage } from '../stripe-errors';
import {
  authorizationFromTransaction, fiservFailure, fromFiservAmount, isDeclined, toFiservAmount, type FiservFailure, type FiservTransaction,
} from './fiserv-errors';
import { fiservMessageSignature, fiservNotificationHash, fiservResponseHash, sameSignature } from './fiserv-signature';

/**
 * Fiserv's Gateway REST API (IPG, "payments-gateway" v2) over plain HTTP: no official Node SDK is installed.
 * The sandbox and live bases below are the ones Fiserv's developer pages show for the EMEA region; another
 * region (NA: cert/prod.api.firstdata.com/gateway/v2 in the older reference) is set through FISERV_API_BASE or
 * the constructor. The tests point it at the local fake (fiserv-fake.ts).
 */
export const FISERV_SANDBOX_BASE = 'https://prod.emea.api.fiservapps.com/sandbox/ipp/payments-gateway/v2';
export const FISERV_LIVE_BASE = 'https://prod.emea.api.fiservapps.com/ipp/payments-gateway/v2';

export interface FiservCredentials {
  /** The REST API key (`Api-Key` header). */
  apiKey: string;
  /** The REST API secret: the HMAC key of `Message-Signature`. */
  apiSecret: string;
  /** The Connect store id (storename): notifications for another store are refused. */
  storeId?: string;
  /** The Connect shared secret: the HMAC key of hashExtended and of Connect's notification_hash / response_hash. */
  sharedSecret?: string;
  isLive?: boolean;
  /** Overrides FISERV_API_BASE and Fiserv's own endpoint. */
  apiBase?: string;
  /** The currency of the zero-amount verification made when a card is saved (default USD). */
  verificationCurrency?: string;
  /** Per request (default 20 s). */
  timeoutMs?: number;
}

/**
 * A Fiserv payment token from its hosted tokenization (Payment.js / Connect): letters, digits and . _ -, never
 * something that could be a card number (12 to 19 digits passing the Luhn check, spaces or dashes allowed).
 * Fiserv's own example tokens ('1235325235236', '1751905117310026') are digit strings that fail Luhn.
 */
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isFiservToken(value: string): boolean {
  return TOKEN.test(value) && !looksLikeCardNumber(value);
}

/**
 * Fiserv keeps no customers and cannot list tokens. A customer is therefore a name we make (`fvc-<uuid>`), and a
 * saved card is a DataVault token whose client-supplied value names its customer: `<customerRef>.<slot>`, slots
 * 1 to MAX_SAVED_CARDS. Listing asks Fiserv for each slot; nothing is kept on our side.
 */
export const MAX_SAVED_CARDS = 10;
const CUSTOMER = /^fvc-[A-Za-z0-9-]{1,40}$/;
const SAVED = /^(fvc-[A-Za-z0-9-]{1,40})\.(\d{1,2})$/;

const BRANDS: Record<string, string> = {
  VISA: 'Visa', MASTERCARD: 'Mastercard', AMEX: 'American Express', DISCOVER: 'Discover', DINERSCLUB: 'Diners Club',
  JCB: 'JCB', CUP: 'UnionPay', MAESTRO: 'Maestro', CABAL: 'Cabal', RUPAY: 'RuPay', BCMC: 'Bancontact',
};

interface TokenDetails extends FiservTransaction {
  requestStatus?: string;
  brand?: string;
  paymentToken?: { value?: string; last4?: string; brand?: string };
  paymentCard?: { last4?: string; brand?: string; expiryDate?: { month?: string; year?: string } };
}

function savedCardOf(details: TokenDetails, source: string, customerRef: string): SavedCard {
  const brand = details.paymentToken?.brand ?? details.brand ?? details.paymentCard?.brand ?? '';
  const last4 = details.paymentToken?.last4 ?? details.paymentCard?.last4 ?? '';
  const month = Number(details.paymentCard?.expiryDate?.month);
  const year = Number(details.paymentCard?.expiryDate?.year);
  if (!last4 || !Number.isInteger(month) || !Number.isInteger(year)) throw new AppError('unprocessable', CARD_NOT_SAVED);
  return { source, brand: BRANDS[brand.toUpperCase()] ?? brand, last4, exp_month: month, exp_year: year < 100 ? 2000 + year : year, customerRef };
}

function header(headers: CallbackHeaders, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

interface Answer<T> { status: number; body: T; apiTraceId?: string }

/** Fiserv's OrderResponse (`GET /orders/{order-id}`): the order's transactions. */
interface FiservOrder { orderId?: string; transactions?: FiservTransaction[] }

const PLAIN_ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The Fiserv order id (`order.orderId`, at most 100 characters) of one authorize attempt: our order id, then 20 hex
 * characters of the idempotency key's SHA-256 ('K' without a plain order id). Fiserv lists 5003 'The order already
 * exists' among its refusals (whether the REST API answers it for a reused id is unconfirmed), so a retried payment of
 * one order (another key) never reuses one; the recovery derives it again to find the hold (findAuthorization). Our id
 * first: Fiserv's reports show the first 12 characters.
 */
export function fiservOrderId(orderId: string | undefined, idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20);
  return `${orderId && PLAIN_ORDER_ID.test(orderId) ? orderId : 'K'}-${digest}`;
}

/**
 * Fiserv through its Gateway REST API: an authorization is a PaymentTokenPreAuthTransaction (a hold), captured by
 * a PostAuthTransaction, released by a VoidTransaction and refunded by a ReturnTransaction, all secondary
 * transactions on `/payments/{ipgTransactionId}` (the reference). 3-D Secure: the preauth asks for
 * authentication (Secure3DAuthenticationRequest with the return URL as termURL); WAITING with the bank's page is
 * `requires_action`.
 *
 * Idempotency: Fiserv's `Client-Request-Id` header is the request's unique id, which Fiserv checks for repeats
 * within a window (five minutes by default, per its message signature page). We send the caller's idempotency
 * key as it, so a retried authorize, capture, void or refund reaches Fiserv as the same request; what Fiserv
 * answers a repeat (the first answer again, or a refusal) is not stated in the stored documentation: the fake
 * answers the first answer again.
 */
export class FiservProvider implements PaymentProvider {
  readonly name = 'fiserv' as const;
  private readonly apiBase: string;

  constructor(private readonly credentials: FiservCredentials) {
    const base = credentials.apiBase ?? process.env.FISERV_API_BASE ?? (credentials.isLive ? FISERV_LIVE_BASE : FISERV_SANDBOX_BASE);
    this.apiBase = base.replace(/\/+$/, '');
  }

  /** One signed call. Fiserv unreachable → SERVICE_UNREACHABLE; any HTTP answer is returned for the caller to read. */
  private async send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, clientRequestId: string = randomUUID()): Promise<Answer<T>> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    const { apiKey, apiSecret } = this.credentials;
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Client-Request-Id': clientRequestId,
          'Api-Key': apiKey,
          Timestamp: timestamp,
          'Message-Signature': fiservMessageSignature(apiKey, apiSecret, clientRequestId, timestamp, payload),
        },
        ...(payload ? { body: payload } : {}),
        signal: AbortSignal.timeout(this.credentials.timeoutMs ?? 20_000),
      });
    } catch {
      throw fiservFailure('unreachable');
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = {};
    try { parsed = text ? JSON.parse(text) : {}; } catch { parsed = {}; }
    const apiTraceId = (parsed as { apiTraceId?: string }).apiTraceId;
    return { status: response.status, body: parsed as T, ...(apiTraceId ? { apiTraceId } : {}) };
  }

  /** A call whose only good answer is 200; anything else becomes our AppError. */
  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, clientRequestId?: string): Promise<T> {
    const answer = await this.send<T>(method, path, body, clientRequestId);
    if (answer.status !== 200) throw fiservFailure(answer as FiservFailure);
    return answer.body;
  }

  private transaction(reference: string): Promise<FiservTransaction> {
    if (!/^[A-Za-z0-9-]{1,40}$/.test(reference)) throw new AppError('unprocessable', shopperMessage({}));
    return this.call<FiservTransaction>('GET', `/payments/${encodeURIComponent(reference)}`);
  }

  async authorize(amountCents: number, currency: string, paymentMethodToken: string, options: AuthorizeOptions): Promise<Authorization> {
    assertCents(amountCents);
    if (!isFiservToken(paymentMethodToken)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    // A saved card is charged only for its own customer (Fiserv has no customers: the token's name says whose it is).
    const owner = SAVED.exec(paymentMethodToken)?.[1];
    if (owner && owner !== options.customer) throw new AppError('unprocessable', CARD_NOT_FOUND);
    const answer = await this.send<FiservTransaction>('POST', '/payments', {
      requestType: 'PaymentTokenPreAuthTransaction',
      transactionAmount: { total: toFiservAmount(amountCents), currency: currency.toUpperCase() },
      paymentMethod: { paymentToken: { value: paymentMethodToken } },
      order: { orderId: fiservOrderId(options.metadata?.order_id, options.idempotencyKey) },
      // 3-D Secure when the card's bank asks for it; its answer comes back to the return URL (Fiserv makes its own termURL without one).
      authenticationRequest: { authenticationType: 'Secure3DAuthenticationRequest', ...(options.returnUrl ? { termURL: options.returnUrl } : {}) },
    }, options.idempotencyKey);
    const tx = answer.body;
    // A decline is a result: HTTP 422 (the processor declined) or 409 (the gateway's rules), with the transaction.
    if (answer.status === 200 || ((answer.status === 422 || answer.status === 409) && isDeclined(tx))) {
      const auth = authorizationFromTransaction(tx);
      // The bank wants the shopper, but there is nowhere to send them back: nothing is held, the shopper is told why.
      if (auth.status === 'requires_action' && !options.returnUrl) {
        return { reference: auth.reference, status: 'declined', authorizedCents: 0, declineMessage: shopperMessage({ rawType: 'card_error', code: 'authentication_required' }) };
      }
      if (auth.status === 'requires_action' && !auth.nextActionUrl) return { ...auth, status: 'declined', declineMessage: shopperMessage({}) };
      return auth;
    }
    throw fiservFailure(answer as FiservFailure);
  }

  async paymentStatus(reference: string): Promise<Authorization> {
    return authorizationFromTransaction(await this.transaction(reference), reference);
  }

  /**
   * The hold authorize made for an order, by the Fiserv order id it sent (fiservOrderId): Fiserv's order inquiry
   * (`GET /orders/{order-id}`) lists the order's transactions; its PREAUTH is read as paymentStatus reads it. 404 is none.
   */
  async findAuthorization(orderId: string, idempotencyKey: string): Promise<Authorization | null> {
    const answer = await this.send<FiservOrder>('GET', `/orders/${encodeURIComponent(fiservOrderId(orderId, idempotencyKey))}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw fiservFailure(answer as FiservFailure);
    const preauth = (answer.body.transactions ?? []).find((tx) => tx.transactionType === 'PREAUTH' && tx.ipgTransactionId);
    return preauth ? this.paymentStatus(preauth.ipgTransactionId!) : null;
  }

  /** Fiserv's PostAuth needs the amount and currency: all of the hold unless an amount is given. */
  async capture(reference: string, amountCents?: number, options: CallOptions = {}): Promise<number> {
    if (amountCents !== undefined) assertCents(amountCents);
    const held = await this.transaction(reference);
    const total = amountCents ?? fromFiservAmount((held.approvedAmount ?? held.transactionAmount)?.total);
    const currency = (held.approvedAmount ?? held.transactionAmount)?.currency;
    assertCents(total);
    const tx = await this.call<FiservTransaction>('POST', `/payments/${encodeURIComponent(reference)}`, {
      requestType: 'PostAuthTransaction', transactionAmount: { total: toFiservAmount(total), currency },
    }, options.idempotencyKey);
    return fromFiservAmount((tx.approvedAmount ?? tx.transactionAmount)?.total) || total;
  }

  async void(reference: string, options: CallOptions = {}): Promise<void> {
    await this.call<FiservTransaction>('POST', `/payments/${encodeURIComponent(reference)}`, { requestType: 'VoidTransaction' }, options.idempotencyKey);
  }

  async refund(reference: string, amountCents: number, options: CallOptions = {}): Promise<number> {
    assertCents(amountCents);
    const original = await this.transaction(reference);
    const currency = (original.approvedAmount ?? original.transactionAmount)?.currency;
    const tx = await this.call<FiservTransaction>('POST', `/payments/${encodeURIComponent(reference)}`, {
      requestType: 'ReturnTransaction', transactionAmount: { total: toFiservAmount(amountCents), currency },
    }, options.idempotencyKey);
    return fromFiservAmount((tx.approvedAmount ?? tx.transactionAmount)?.total) || amountCents;
  }

  private async tokenDetails(value: string): Promise<TokenDetails | null> {
    const answer = await this.send<TokenDetails>('GET', `/payment-tokens/${encodeURIComponent(value)}`);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw fiservFailure(answer as FiservFailure);
    return answer.body;
  }

  /**
   * Saves the shopper's token as the customer's own DataVault token `<customerRef>.<slot>`: a zero-amount
   * verification (PaymentTokenPreAuthTransaction of 0.00, Fiserv's documented account verification) makes an
   * order, and a ReferencedOrderPaymentTokenizationRequest keeps that order's card under our name.
   */
  async saveCard(customerRef: string | null, token: string): Promise<SavedCard> {
    if (!isFiservToken(token)) throw new AppError('unprocessable', CARD_NOT_SAVED);
    if (customerRef !== null && !CUSTOMER.test(customerRef)) throw new AppError('not_found', CARD_NOT_FOUND);
    const customer = customerRef ?? `fvc-${randomUUID()}`;
    const owner = SAVED.exec(token)?.[1];
    if (owner === customer) {
      const details = await this.tokenDetails(token);
      if (!details) throw new AppError('unprocessable', CARD_NOT_SAVED);
      return savedCardOf(details, token, customer);
    }
    if (owner) throw new AppError('unprocessable', CARD_NOT_SAVED); // another shopper's saved card
    const taken = new Set((await this.listCards(customer)).map((c) => c.source));
    let slot = 1;
    while (slot <= MAX_SAVED_CARDS && taken.has(`${customer}.${slot}`)) slot++;
    if (slot > MAX_SAVED_CARDS) throw new AppError('unprocessable', CARD_NOT_SAVED);

    const check = await this.send<FiservTransaction>('POST', '/payments', {
      requestType: 'PaymentTokenPreAuthTransaction',
      transactionAmount: { total: toFiservAmount(0), currency: (this.credentials.verificationCurrency ?? 'USD').toUpperCase() },
      paymentMethod: { paymentToken: { value: token } },
    });
    if (check.status !== 200 && !isDeclined(check.body)) throw fiservFailure(check as FiservFailure);
    if (check.status !== 200 || !check.body.orderId || authorizationFromTransaction(check.body).status !== 'authorized') {
      throw new AppError('unprocessable', CARD_NOT_SAVED);
    }
    const value = `${customer}.${slot}`;
    const saved = await this.call<TokenDetails>('POST', '/payment-tokens', {
      requestType: 'ReferencedOrderPaymentTokenizationRequest',
      referencedOrderId: check.body.orderId,
      createToken: { value, reusable: true, declineDuplicates: false },
    });
    return savedCardOf(saved, value, customer);
  }

  async listCards(customerRef: string): Promise<SavedCard[]> {
    if (!CUSTOMER.test(customerRef)) return [];
    const slots = Array.from({ length: MAX_SAVED_CARDS }, (_, i) => `${customerRef}.${MAX_SAVED_CARDS - i}`);
    const found = await Promise.all(slots.map(async (value) => {
      const details = await this.tokenDetails(value);
      return details ? savedCardOf(details, value, customerRef) : null;
    }));
    return found.filter((card): card is SavedCard => card !== null);
  }

  async deleteCard(customerRef: string, source: string): Promise<void> {
    // Only the customer's own names are asked for: another customer's card is not found without a call.
    if (SAVED.exec(source)?.[1] !== customerRef) throw new AppError('not_found', CARD_NOT_FOUND);
    const answer = await this.send<TokenDetails>('DELETE', `/payment-tokens/${encodeURIComponent(source)}`);
    if (answer.status === 404) throw new AppError('not_found', CARD_NOT_FOUND);
    if (answer.status !== 200) throw fiservFailure(answer as FiservFailure);
  }

  /**
   * Connect's notification (the form fields Fiserv posts to transactionNotificationURL, urlencoded) verified by
   * its `notification_hash`; the shopper's return to the success / failure URL by its `response_hash`. `secret`
   * is the Connect shared secret. Fiserv's REST API documents no webhook signature, so only Connect's are read.
   */
  async verifyCallback(rawBody: string | Buffer, headers: CallbackHeaders, secret: string): Promise<PaymentEvent> {
    const refused = () => new AppError('invalid', CALLBACK_NOT_VERIFIED);
    const type = header(headers, 'content-type') ?? 'application/x-www-form-urlencoded';
    if (!secret || !/x-www-form-urlencoded/i.test(type)) throw refused();
    const fields = Object.fromEntries(new URLSearchParams(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody));
    if (fields.hash_algorithm && fields.hash_algorithm !== 'HMACSHA256') throw refused();
    const verified = fields.notification_hash
      ? sameSignature(fiservNotificationHash(fields, secret), fields.notification_hash)
      : sameSignature(fiservResponseHash(fields, secret), fields.response_hash);
    if (!verified || !fields.txndatetime || !fields.approval_code) throw refused();
    if (this.credentials.storeId && fields.storename !== this.credentials.storeId) throw refused();
    const status = (fields.status ?? 'UNKNOWN').toUpperCase();
    const reference = fields.ipgTransactionId || null;
    return {
      id: `${reference ?? fields.oid ?? ''}:${status}:${fields.txndatetime}`,
      type: `connect.${status.toLowerCase()}`,
      reference,
      ...(fields.oid ? { orderId: fields.oid } : {}),
      // Signed (unlike oid and ipgTransactionId): the form's time and total tie the answer to the order it was made for.
      binding: `${fields.txndatetime}|${fields.chargetotal ?? ''}`,
    };
  }
}
