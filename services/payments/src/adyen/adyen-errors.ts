import type { Authorization } from '../provider';
import { adyenCardChecks, type AdyenCardFacts } from './adyen-checks';
import { CARD_DECLINED, NOT_PROCESSED, PAYMENTS_NOT_AVAILABLE, PaymentProviderError, SERVICE_UNREACHABLE } from '../stripe-errors';

/**
 * How Adyen says what went wrong. A refused card is a 200 answer of `/payments` with `resultCode` Refused, Error or
 * Cancelled and a `refusalReasonCode` (Adyen's documented list, "Refusal reasons"); a request Adyen does not accept
 * is an HTTP error whose body is `{status, errorCode, message, errorType, pspReference}` (the SDK's
 * HttpClientException carries it as `apiError`); Adyen not reached is the SDK's ApiException (no HTTP answer).
 */
export interface AdyenErrorLike {
  name?: string;
  statusCode?: number;
  errorCode?: string;
  message?: string;
  apiError?: { status?: number; errorCode?: string; errorType?: string; pspReference?: string } | null;
}

export const AUTHENTICATION_NEEDED = 'Your bank asks you to confirm this payment. Please try again and follow its steps.';

/**
 * Refusal reasons the shopper can act on, by Adyen's `refusalReasonCode`, in the wording of stripe-errors.ts.
 * Blocked, stolen, fraud and referral refusals stay 'Your card was declined.' on purpose.
 */
const REFUSAL_MESSAGES: Record<string, string> = {
  '4': 'An error occurred while processing your card. Please try again.', // Acquirer Error
  '6': 'Your card has expired.', // Expired Card
  '8': 'Your card number is incorrect.', // Invalid Card Number
  '9': 'An error occurred while processing your card. Please try again.', // Issuer Unavailable
  '10': 'Your card does not support this kind of purchase. Please use another card.', // Not supported
  '11': AUTHENTICATION_NEEDED, // 3D Not Authenticated
  '12': 'Your card has insufficient funds.', // Not enough balance
  '24': "Your card's security code is incorrect.", // CVC Declined
  '25': 'Your card does not support this kind of purchase. Please use another card.', // Restricted Card
  '32': "Your card's zip code is incorrect.", // AVS Declined
  '38': AUTHENTICATION_NEEDED, // Authentication required
  '42': AUTHENTICATION_NEEDED, // 3DS Authentication Error
};

/** The same, by Adyen's `refusalReason` text, when no code came with it. */
const REFUSAL_REASONS: Record<string, string> = {
  'acquirer error': '4', 'expired card': '6', 'invalid card number': '8', 'issuer unavailable': '9', 'not supported': '10',
  '3d not authenticated': '11', 'not enough balance': '12', 'cvc declined': '24', 'restricted card': '25', 'avs declined': '32',
  'authentication required': '38', '3ds authentication error': '42',
};

/** A message for the shopper from Adyen's refusal; never Adyen's own text, ids or payload. */
export function refusalMessage(refusalReasonCode?: string | null, refusalReason?: string | null): string {
  const code = refusalReasonCode ?? (refusalReason ? REFUSAL_REASONS[refusalReason.trim().toLowerCase()] : undefined);
  return (code && REFUSAL_MESSAGES[code]) || CARD_DECLINED;
}

/** An error the SDK throws for Adyen's answer or its absence, as opposed to a bug of ours (thrown on unchanged). */
export function isAdyenError(error: unknown): error is AdyenErrorLike {
  const name = (error as AdyenErrorLike | null)?.name;
  return name === 'HttpClientException' || name === 'ApiException'
    // The SDK's own words when Adyen's answer broke off half way.
    || (error instanceof Error && error.message === 'The connection was terminated while the message was still being sent');
}

/**
 * The shopper's message for an Adyen failure: Adyen not reached, answering 5xx or too many requests → the service
 * is unreachable; our API key or merchant account refused (401, 403: errorCode 000 Unauthorized, 010 Not allowed,
 * 901 Invalid Merchant Account) → card payments are not available here; anything else (422 validation, 404) → not
 * processed.
 */
export function adyenErrorMessage(error: AdyenErrorLike): string {
  if (error.name === 'ApiException') {
    // The SDK's ApiException: 401 only when no API key was given at all; else the request never got an answer.
    return error.statusCode === 401 ? PAYMENTS_NOT_AVAILABLE : SERVICE_UNREACHABLE;
  }
  const status = error.apiError?.status ?? error.statusCode;
  if (status === undefined || status >= 500 || status === 429) return SERVICE_UNREACHABLE;
  if (status === 401 || status === 403) return PAYMENTS_NOT_AVAILABLE;
  return NOT_PROCESSED;
}

/** An Adyen failure as the AppError the caller shows; Adyen's error code and pspReference stay on it for the logs. */
export function toAdyenAppError(error: unknown): unknown {
  if (!isAdyenError(error)) return error;
  const message = adyenErrorMessage(error);
  const type = message === SERVICE_UNREACHABLE || message === PAYMENTS_NOT_AVAILABLE ? 'unavailable' : 'unprocessable';
  return new PaymentProviderError(message, type, error.apiError?.errorCode ?? error.errorCode, error.apiError?.pspReference);
}

/** Runs an SDK call, turning Adyen's failures into AppErrors with the shopper's wording. */
export async function adyenCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAdyenAppError(error);
  }
}

/** The parts of a `/payments` or `/payments/details` answer that say how an authorization went (and what of the card). */
export interface AdyenPaymentOutcome extends AdyenCardFacts {
  pspReference?: string;
  resultCode?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  amount?: { value?: number; currency?: string } | null;
  action?: { type?: string; url?: string } | null;
}

/**
 * An Adyen payment result read as an authorization (we ask for manual capture, so Authorised is a hold):
 * Authorised holds money; RedirectShopper / IdentifyShopper / ChallengeShopper wait for the shopper's bank, and are
 * `requires_action` only with the bank's page (`action.url`) and somewhere to come back to (a returnUrl), else
 * declined with the bank's-confirmation message; Received / Pending / PresentToShopper are not settled yet
 * (`requires_action` without a page); Refused, Error, Cancelled and anything else are declined with the refusal's
 * message for the shopper.
 */
export function authorizationFromResult(result: AdyenPaymentOutcome, requestedCents: number, canRedirect: boolean): Authorization {
  const reference = result.pspReference ?? '';
  switch (result.resultCode) {
    case 'Authorised': {
      const card = adyenCardChecks(result);
      return { reference, status: 'authorized', authorizedCents: result.amount?.value ?? requestedCents, ...(card ? { card } : {}) };
    }
    case 'RedirectShopper': case 'IdentifyShopper': case 'ChallengeShopper': {
      const url = result.action?.url;
      if (url && canRedirect) return { reference, status: 'requires_action', authorizedCents: 0, nextActionUrl: url };
      return { reference, status: 'declined', authorizedCents: 0, declineMessage: AUTHENTICATION_NEEDED };
    }
    case 'Received': case 'Pending': case 'PresentToShopper':
      return { reference, status: 'requires_action', authorizedCents: 0 };
    case 'Refused': case 'Error': case 'Cancelled':
      return { reference, status: 'declined', authorizedCents: 0, declineMessage: refusalMessage(result.refusalReasonCode, result.refusalReason) };
    default:
      return { reference, status: 'declined', authorizedCents: 0, declineMessage: NOT_PROCESSED };
  }
}
