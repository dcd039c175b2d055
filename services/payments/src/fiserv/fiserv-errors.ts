import { AppError } from '@platform/server-kit';
import type { Authorization } from '../provider';
import { fiservCardChecks, type FiservCardFacts } from './fiserv-checks';
import {
  CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE, shopperMessage,
} from '../stripe-errors';

/**
 * Fiserv (IPG / Gateway REST API) answers and failures, read the way stripe-errors.ts reads Stripe's: a decline
 * is a result with our message for the shopper, never Fiserv's text, ids or payload.
 */

/** The parts of a Fiserv TransactionResponse (or TransactionErrorResponse) that say how a transaction went. */
export interface FiservTransaction extends FiservCardFacts {
  ipgTransactionId?: string;
  orderId?: string;
  transactionType?: string;
  /** Deprecated by Fiserv in favour of transactionResult, still answered: APPROVED, WAITING, DECLINED, ... */
  transactionStatus?: string;
  transactionResult?: string;
  /** AUTHORIZED, CAPTURED, VOIDED, DECLINED, WAITING, ... */
  transactionState?: string;
  approvedAmount?: { total?: number | string; currency?: string };
  transactionAmount?: { total?: number | string; currency?: string };
  redirectURL?: string;
  authenticationResponse?: { type?: string; version?: string; params?: { acsURL?: string; cReq?: string; termURL?: string } };
  processor?: { responseCode?: string; responseMessage?: string } & FiservCardFacts['processor'];
  error?: FiservErrorBody;
}

export interface FiservErrorBody { code?: string; message?: string; declineReasonCode?: string }

/** What the API answered: the HTTP status and the JSON body (ErrorResponse or TransactionErrorResponse). */
export interface FiservFailure { status: number; body?: { responseType?: string; error?: FiservErrorBody } & FiservTransaction; apiTraceId?: string }

/**
 * Fiserv's processor response codes (ISO 8583 style, `processor.responseCode`) and the gateway's own codes
 * (the number in `approvalCode` 'N:-5101:...') as the card problems the shopper can fix, named as Stripe names
 * them so that one set of sentences (stripe-errors' CARD_MESSAGES) speaks for every provider. Everything else
 * (fraud, lost or stolen, do not honour) stays 'Your card was declined.' on purpose.
 */
const DECLINE_REASONS: Record<string, string> = {
  '51': 'insufficient_funds',
  '54': 'expired_card',
  '33': 'expired_card',
  '14': 'incorrect_number',
  N7: 'incorrect_cvc',
  '82': 'incorrect_cvc',
  '12000': 'incorrect_cvc', // 'Card security code is mandatory'
  '5101': 'authentication_required', // 3-D Secure authentication failed
  '5103': 'authentication_required', // cardholder did not return from the bank's page
  '5002': 'card_not_supported', // the store takes no cards of this brand
  '50653': 'currency_not_supported',
};

/** The shopper's message for a Fiserv decline. */
export function fiservDeclineMessage(tx: Pick<FiservTransaction, 'processor' | 'error'> & { approvalCode?: string }): string {
  const gatewayCode = /^N:-?([A-Za-z0-9]+):/.exec(tx.approvalCode ?? '')?.[1];
  for (const code of [tx.processor?.responseCode, tx.error?.code, gatewayCode]) {
    const reason = code ? DECLINE_REASONS[code] : undefined;
    if (reason) return shopperMessage({ rawType: 'card_error', decline_code: reason });
  }
  return CARD_DECLINED;
}

/** 'DECLINED' in either of the two status fields Fiserv answers (transactionStatus is deprecated, transactionResult its successor). */
export function isDeclined(tx: FiservTransaction): boolean {
  return tx.transactionResult === 'DECLINED' || tx.transactionStatus === 'DECLINED' || tx.transactionResult === 'FRAUD';
}

const MONEY = /^\d+(\.\d{1,2})?$/;

/** Integer cents as the decimal string Fiserv's `transactionAmount.total` takes ('20.00'); the one place amounts are converted. */
export function toFiservAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new AppError('invalid', 'An amount must be a whole number of cents.');
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/** Fiserv's total (a JSON number or a decimal string) back to integer cents, without floating point rounding. */
export function fromFiservAmount(total: number | string | undefined): number {
  if (total === undefined || total === null) return 0;
  const text = typeof total === 'number' ? total.toFixed(2) : total.trim();
  if (!MONEY.test(text)) throw new AppError('unprocessable', NOT_PROCESSED);
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A preauthorization read as an authorization: APPROVED and still AUTHORIZED (or already CAPTURED, then capturedCents) holds money;
 * WAITING with a 3-D Secure redirect waits for the shopper's bank; anything else is declined.
 * `nextActionUrl` is the bank's page: Fiserv's `redirectURL` when it gives one, else the ACS URL of the
 * 3-D Secure parameters (with the CReq as a query parameter; see fiserv-fake.ts on what is unconfirmed there).
 */
export function authorizationFromTransaction(tx: FiservTransaction, reference = tx.ipgTransactionId ?? ''): Authorization {
  const approved = tx.transactionResult === 'APPROVED' || tx.transactionStatus === 'APPROVED';
  if (approved && tx.transactionState !== 'VOIDED' && tx.transactionState !== 'DECLINED') {
    const cents = fromFiservAmount((tx.approvedAmount ?? tx.transactionAmount)?.total);
    // CAPTURED: a Connect sale, or a preauth taken since: giving it back is a ReturnTransaction.
    return { reference, status: 'authorized', authorizedCents: cents, ...(tx.transactionState === 'CAPTURED' ? { capturedCents: cents } : {}), ...cardOf(tx) };
  }
  const waiting = tx.transactionResult === 'WAITING' || tx.transactionStatus === 'WAITING';
  if (waiting && !isDeclined(tx)) {
    const url = nextActionUrlOf(tx);
    return { reference, status: 'requires_action', authorizedCents: 0, ...(url ? { nextActionUrl: url } : {}) };
  }
  return { reference, status: 'declined', authorizedCents: 0, declineMessage: isDeclined(tx) ? fiservDeclineMessage(tx) : NOT_PROCESSED };
}

/** The card's checks as an Authorization field, left out where the answer tells nothing of the card. */
function cardOf(tx: FiservTransaction): Pick<Authorization, 'card'> {
  const card = fiservCardChecks(tx);
  return card ? { card } : {};
}

export function nextActionUrlOf(tx: FiservTransaction): string | undefined {
  if (tx.redirectURL) return tx.redirectURL;
  const params = tx.authenticationResponse?.params;
  if (!params?.acsURL) return undefined;
  const url = new URL(params.acsURL);
  if (params.cReq) url.searchParams.set('creq', params.cReq);
  return url.toString();
}

/**
 * A Fiserv failure as the AppError the caller shows: unreachable or 5xx → 'unavailable' (SERVICE_UNREACHABLE);
 * our credentials refused (401, 403) → 'unavailable' (PAYMENTS_NOT_AVAILABLE); anything else → 'unprocessable'
 * (NOT_PROCESSED). Fiserv's error code and trace id stay on the error for the logs; the message is ours.
 */
export function fiservFailure(failure: FiservFailure | 'unreachable'): PaymentProviderError {
  if (failure === 'unreachable') return new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', 'unreachable');
  const code = failure.body?.error?.code ?? failure.body?.processor?.responseCode ?? String(failure.status);
  const trace = failure.apiTraceId;
  if (failure.status >= 500) return new PaymentProviderError(SERVICE_UNREACHABLE, 'unavailable', code, trace);
  if (failure.status === 401 || failure.status === 403) return new PaymentProviderError(PAYMENTS_NOT_AVAILABLE, 'unavailable', code, trace);
  return new PaymentProviderError(NOT_PROCESSED, 'unprocessable', code, trace);
}
