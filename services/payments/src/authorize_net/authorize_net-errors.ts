import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Authorization } from '../provider';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';
import { anetCardChecks } from './authorize_net-checks';

/**
 * The pure half of the Authorize.Net adapter: money in the API's decimal strings, what its result and reason
 * codes mean for the shopper, the invoice number that carries our order id, and the webhook signature.
 * Wording follows stripe-errors.ts: the shopper never sees Authorize.Net's own text, ids or payloads.
 */

export const ANET_DUPLICATE = 'A payment like this one was just made. Please check your orders before trying again.';
export const ANET_PROCESSING = 'An error occurred while processing your card. Please try again.';
/** A card token Accept.js made that Authorize.Net no longer takes (used already, or older than 15 minutes). */
export const ANET_TOKEN_EXPIRED = 'Your card details have expired. Please enter your card again.';

// ---- money: integer cents in and out; the API's amounts are decimal strings (sent) and JSON numbers (answered)

/** 2599 → '25.99': the one place cents become the API's amount (two-decimal currencies: the platform sells in USD). */
export function toAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** '25.99', 25.99 or 25.9 → 2599: the one place the API's amounts become cents (rounded to the cent, never floored). */
export function toCents(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

// ---- the API's answers

export interface AnetMessage { code: string; text: string }
export interface AnetMessages { resultCode: 'Ok' | 'Error'; message: AnetMessage[] }

/** The part of createTransactionResponse.transactionResponse the adapter reads. */
export interface AnetTransactionResponse {
  responseCode?: string;
  transId?: string;
  refTransID?: string;
  authCode?: string;
  accountNumber?: string;
  accountType?: string;
  /** The bank's address (AVS) and security code (CVV) answers: authorize_net-checks.ts. */
  avsResultCode?: string;
  cvvResultCode?: string;
  messages?: { code: string; description: string }[];
  errors?: { errorCode: string; errorText: string }[];
}

/** Where a transaction stands (getTransactionDetailsResponse.transaction), the part the adapter reads. */
export interface AnetTransactionDetails {
  transId: string;
  transactionType?: string;
  transactionStatus: string;
  responseCode?: number | string;
  responseReasonCode?: number | string;
  authAmount?: number | string;
  settleAmount?: number | string;
  order?: { invoiceNumber?: string };
  payment?: { creditCard?: { cardNumber?: string; expirationDate?: string; cardType?: string } };
  AVSResponse?: string;
  cardCodeResponse?: string;
}

/** The API's top-level message codes (messages.message[0].code) that are our setup's fault, not the shopper's. */
const CREDENTIAL_CODES = new Set([
  'E00007', // User authentication failed due to invalid authentication values.
  'E00008', // User authentication failed. The account or API user is inactive.
  'E00009', // The payment gateway account is in Test Mode.
  'E00011', // Access denied. You do not have permissions to call the Transaction Details API.
  'E00054', // The mobile device is not registered with this merchant account.
  'E00059', // The authentication type is not allowed for this method call.
  'E00123', // The provided access token has expired.
  'E00124', // The provided access token is invalid.
]);
/** Top-level codes that say Authorize.Net itself failed: worth a retry later. */
const OUTAGE_CODES = new Set(['E00001', 'E00104']); // An error occurred during processing. / Server in maintenance.

/**
 * A failed API answer (resultCode 'Error') that is not a transaction's decline, as the error the caller shows:
 * our credentials refused → 'unavailable' PAYMENTS_NOT_AVAILABLE; Authorize.Net failing → 'unavailable'
 * SERVICE_UNREACHABLE; anything else (a schema error, a record not found, a token it no longer takes) →
 * 'unprocessable' NOT_PROCESSED. The code stays on the error for the logs.
 */
export function apiError(code: string | undefined): PaymentProviderError {
  if (code && CREDENTIAL_CODES.has(code)) return new PaymentProviderError(PAYMENTS_NOT_AVAILABLE, 'unavailable', code);
  if (code && OUTAGE_CODES.has(code)) return new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', code);
  if (code === 'E00114' || code === 'E00117') return new PaymentProviderError(ANET_TOKEN_EXPIRED, 'unprocessable', code);
  return new PaymentProviderError(NOT_PROCESSED, 'unprocessable', code);
}

/** Reason codes (transactionResponse.errors[].errorCode) that mean our merchant account refused us, not the card. */
const MERCHANT_REASONS = new Set(['13', '103', '123', '261']);

/**
 * Response reason codes the shopper can act on (the API's Response Code reference). Declines for fraud, lost or
 * stolen cards (2, 3, 4 'pick up card', 250, 251) stay 'Your card was declined.' on purpose.
 */
const REASON_MESSAGES: Record<string, string> = {
  6: 'Your card number is incorrect.',
  37: 'Your card number is incorrect.',
  315: 'Your card number is incorrect.',
  7: "Your card's expiration date is incorrect.",
  316: "Your card's expiration date is incorrect.",
  8: 'Your card has expired.',
  317: 'Your card has expired.',
  11: ANET_DUPLICATE,
  17: 'This store does not take this kind of card. Please use another card.',
  28: 'This store does not take this kind of card. Please use another card.',
  27: "Your card's billing address is incorrect.",
  127: "Your card's billing address is incorrect.",
  44: "Your card's security code is incorrect.",
  45: "Your card's security code is incorrect.",
  65: "Your card's security code is incorrect.",
  78: "Your card's security code is incorrect.",
  39: 'Your card does not support this currency. Please use another card.',
  // Processing errors at the processor or the gateway ('An error occurred during processing. Please try again.').
  19: ANET_PROCESSING, 20: ANET_PROCESSING, 21: ANET_PROCESSING, 22: ANET_PROCESSING, 23: ANET_PROCESSING,
  25: ANET_PROCESSING, 26: ANET_PROCESSING, 35: ANET_PROCESSING, 57: ANET_PROCESSING, 58: ANET_PROCESSING,
  59: ANET_PROCESSING, 60: ANET_PROCESSING, 61: ANET_PROCESSING, 62: ANET_PROCESSING, 63: ANET_PROCESSING,
  120: ANET_PROCESSING, 121: ANET_PROCESSING, 122: ANET_PROCESSING,
};

/** The reason code of a transaction answer: the first error's, else the first message's. */
export function reasonCodeOf(response: AnetTransactionResponse | undefined): string | undefined {
  return response?.errors?.[0]?.errorCode ?? response?.messages?.[0]?.code;
}

export function isMerchantRefusal(reasonCode: string | number | undefined): boolean {
  return reasonCode !== undefined && MERCHANT_REASONS.has(String(reasonCode));
}

/**
 * The shopper's message for a transaction that was not approved, from its response code (2 declined, 3 error)
 * and reason code; never Authorize.Net's own text.
 */
export function declineMessage(responseCode: string | number | undefined, reasonCode: string | number | undefined): string {
  const known = reasonCode === undefined ? undefined : REASON_MESSAGES[String(reasonCode)];
  if (known) return known;
  return String(responseCode) === '2' ? CARD_DECLINED : NOT_PROCESSED;
}

/**
 * Where a transaction stands (getTransactionDetails) read as an authorization. Money is held only while it is
 * authorized and not captured, or once it was captured (not how we ask at first, still money held for the
 * order). A transaction held for review by the merchant's fraud filters counts as declined, as the adapter
 * declines it at once (see authorize). Authorize.Net has no 3-D Secure redirect in this API: never requires_action.
 */
export function authorizationFromDetails(details: AnetTransactionDetails): Authorization {
  const reference = details.transId;
  const card = anetCardChecks({ avsResultCode: details.AVSResponse, cvvResultCode: details.cardCodeResponse, accountNumber: details.payment?.creditCard?.cardNumber, accountType: details.payment?.creditCard?.cardType });
  switch (details.transactionStatus) {
    case 'authorizedPendingCapture':
      return { reference, status: 'authorized', authorizedCents: toCents(details.authAmount), card };
    case 'capturedPendingSettlement': case 'settledSuccessfully':
      return { reference, status: 'authorized', authorizedCents: toCents(details.settleAmount ?? details.authAmount), card };
    case 'declined':
      return { reference, status: 'declined', authorizedCents: 0, declineMessage: declineMessage(details.responseCode ?? 2, details.responseReasonCode) };
    default: // voided, expired, FDSPendingReview, FDSAuthorizedPendingReview, failedReview, generalError, couldNotVoid, ...
      return { reference, status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED };
  }
}

/** 'XXXX1111' → '1111'. */
export function last4Of(masked: string | undefined): string {
  return (masked ?? '').replace(/[^0-9]/g, '').slice(-4);
}

// ---- invoice numbers (order.invoiceNumber: at most 20 characters) carrying our order id

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const COMPACT = /^O[0-9A-Z]{19}$/;
const PLAIN = /^[A-Za-z0-9_-]{1,20}$/;
const DIGEST = /^K[0-9A-F]{19}$/;

/** 20 characters derived from an idempotency key (refId and invoice numbers are at most 20 long). */
export function keyDigest(prefix: string, key: string): string {
  return prefix + createHash('sha256').update(key).digest('hex').slice(0, 19).toUpperCase();
}

/**
 * The invoice number of a payment: the order id (Authorize.Net shows it to the merchant and puts it in the
 * webhooks, and it is one of the fields its duplicate check compares). A MongoDB ObjectId (24 hex characters,
 * too long) is written in base 36 behind an 'O' (20 characters, read back by orderIdOf); an id of up to 20 plain
 * characters as it is; without an order id, 'K' and 19 characters derived from the idempotency key.
 */
export function invoiceNumberFor(orderId: string | undefined, idempotencyKey: string): string {
  if (orderId && OBJECT_ID.test(orderId)) return `O${BigInt(`0x${orderId}`).toString(36).toUpperCase().padStart(19, '0')}`;
  if (orderId && PLAIN.test(orderId) && !COMPACT.test(orderId) && !DIGEST.test(orderId)) return orderId;
  return keyDigest('K', idempotencyKey);
}

/** The order id an invoice number carries (as invoiceNumberFor wrote it), or undefined. */
export function orderIdOf(invoiceNumber: string | undefined | null): string | undefined {
  if (!invoiceNumber) return undefined;
  if (COMPACT.test(invoiceNumber)) {
    let value = 0n;
    for (const ch of invoiceNumber.slice(1).toLowerCase()) value = value * 36n + BigInt(parseInt(ch, 36));
    const hex = value.toString(16);
    return hex.length <= 24 ? hex.padStart(24, '0') : undefined;
  }
  if (DIGEST.test(invoiceNumber) || !PLAIN.test(invoiceNumber)) return undefined;
  return invoiceNumber;
}

// ---- webhooks

/** X-ANET-Signature's value for a body: 'sha512=' and the HMAC-SHA512 of the raw body under the Signature Key, hex upper-case. */
export function webhookSignature(rawBody: string | Buffer, signatureKey: string): string {
  return `sha512=${createHmac('sha512', signatureKey).update(rawBody).digest('hex').toUpperCase()}`;
}

/** Compares a received X-ANET-Signature with the body's, in constant time; the hex's case does not matter. */
export function signatureMatches(rawBody: string | Buffer, signatureKey: string, received: string | undefined): boolean {
  if (!received || !signatureKey) return false;
  const match = /^sha512=([0-9a-fA-F]{128})$/.exec(received.trim());
  if (!match) return false;
  const expected = Buffer.from(webhookSignature(rawBody, signatureKey).slice(7), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}
