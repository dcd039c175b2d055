import { AppError } from '@platform/server-kit';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';

/**
 * Plug'n Pay's answer to a pnpremote.cgi request: a URL-encoded string of name/value pairs
 * (`FinalStatus=success&auth-code=…&orderID=…`), read into a plain object. Only the fields the adapter
 * reads are named here; the rest (MErrMsg, aux-msg, avs-code, …) stay for the logs and are never shown.
 */
export type PnpAnswer = Record<string, string>;

/** Reads an answer body. Plug'n Pay URL-encodes every value; `+` is a space as in any form. */
export function parseAnswer(body: string): PnpAnswer {
  const answer: PnpAnswer = {};
  for (const [name, value] of new URLSearchParams(body.trim())) answer[name] = value;
  return answer;
}

/** The documented FinalStatus values: success (or pending, processor dependent), badcard, problem, fraud. */
export function finalStatus(answer: PnpAnswer): string {
  return (answer.FinalStatus ?? answer.MStatus ?? answer.Mstatus ?? '').toLowerCase();
}

export function succeeded(answer: PnpAnswer): boolean {
  const status = finalStatus(answer);
  return status === 'success' || status === 'pending';
}

/** A card the bank or the gateway's fraud screen refused: an answer for the shopper, not a failure of ours. */
export function isDecline(answer: PnpAnswer): boolean {
  const status = finalStatus(answer);
  return status === 'badcard' || status === 'fraud';
}

/**
 * Gateway response codes (resp-code, the `Pxx` list of Plug'n Pay's remote client specification) that mean
 * our account is refused: the store's setup, not the shopper's card. P91 missing/incorrect password, P92
 * account not configured for remote administration, P93 IP not registered to the username, P94 mode not
 * permitted for the account, P98 missing publisher name.
 */
const CREDENTIAL_CODES = new Set(['P91', 'P92', 'P93', 'P94', 'P98']);
/** P97: the processor is not responding. Worth a retry later, like an outage. */
const OUTAGE_CODES = new Set(['P97']);

/**
 * Card problems the shopper can fix, by gateway code (P55-P57, P64) and by the processor's response code for
 * a badcard (resp-code carries the issuer's two-character ISO 8583 code then: 51 insufficient funds, 54
 * expired card, N7 / 82 CVV mismatch, 14 invalid card number). Declines for fraud screens (P50, FinalStatus
 * fraud), lost or stolen cards stay 'Your card was declined.' on purpose, as for Stripe.
 */
const CARD_MESSAGES: Record<string, string> = {
  '51': 'Your card has insufficient funds.',
  '54': 'Your card has expired.',
  P57: 'Your card has expired.',
  N7: "Your card's security code is incorrect.",
  '82': "Your card's security code is incorrect.",
  P02: "Your card's security code is incorrect.",
  P56: "Your card's security code is incorrect.",
  P64: "Your card's security code is incorrect.",
  '14': 'Your card number is incorrect.',
  P55: 'Your card number is incorrect.',
  P01: "Your card's zip code is incorrect.",
  P61: "Your card's zip code is incorrect.",
};

function respCode(answer: PnpAnswer): string {
  return (answer['resp-code'] ?? answer.resp_code ?? '').trim().toUpperCase();
}

/** A readable message for the shopper from a Plug'n Pay answer; never Plug'n Pay's own text (MErrMsg), ids or payload. */
export function shopperMessage(answer: PnpAnswer): string {
  const code = respCode(answer);
  if (CREDENTIAL_CODES.has(code)) return PAYMENTS_NOT_AVAILABLE;
  if (OUTAGE_CODES.has(code)) return SERVICE_UNREACHABLE;
  const status = finalStatus(answer);
  if (status === 'fraud') return CARD_DECLINED;
  if (status === 'badcard') return CARD_MESSAGES[code] ?? CARD_DECLINED;
  return NOT_PROCESSED;
}

/**
 * A refused request as the AppError the caller shows: 'unavailable' when our credentials were refused or the
 * processor did not answer (the store's setup, or worth a retry later), else 'unprocessable'. The gateway's
 * resp-code stays on the error for the logs; the message is ours.
 */
export function toAppError(answer: PnpAnswer): PaymentProviderError {
  const message = shopperMessage(answer);
  const type = message === SERVICE_UNREACHABLE || message === PAYMENTS_NOT_AVAILABLE ? 'unavailable' : 'unprocessable';
  return new PaymentProviderError(message, type, respCode(answer) || finalStatus(answer) || undefined, answer.orderID || undefined);
}

/** Plug'n Pay not reachable (connection refused, timeout) or answering an HTTP error status. */
export function unreachable(detail?: string): PaymentProviderError {
  return new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', detail);
}

/** An answer the adapter cannot read as Plug'n Pay's (no FinalStatus at all): not processed, never shown raw. */
export function unreadable(): AppError {
  return new PaymentProviderError(NOT_PROCESSED, 'unprocessable', 'unreadable_answer');
}

/**
 * Money in one place: integer cents ⇄ Plug'n Pay's `card-amount`, a decimal string in the currency's major
 * unit without a currency symbol ("25.99"). The platform sells in two-decimal currencies only.
 */
export function toPnpAmount(amountCents: number): string {
  const whole = Math.floor(amountCents / 100);
  const cents = amountCents % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** "25.99", "25.9", "25" or "1,025.99" → cents; anything else → NaN (never a guess). */
export function fromPnpAmount(amount: string | undefined): number {
  const text = (amount ?? '').replace(/,/g, '').trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
