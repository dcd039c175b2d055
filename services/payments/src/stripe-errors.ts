import { AppError } from '@platform/server-kit';
import type { Authorization } from './provider';

/**
 * The parts of a Stripe error (the SDK's StripeError, or a PaymentIntent's last_payment_error) that say what
 * went wrong. `type` is the SDK's class name ('StripeCardError'), `rawType` the API's ('card_error'); a
 * last_payment_error has only the API's type, in `type`.
 */
export interface StripeErrorLike { type?: string; rawType?: string; code?: string | null; decline_code?: string | null }

export const CARD_DECLINED = 'Your card was declined.';
export const SERVICE_UNREACHABLE = 'We could not reach the payment service. Please try again in a moment.';
export const PAYMENTS_NOT_AVAILABLE = 'Card payments are not available at this store right now. Please choose another way to pay.';
export const NOT_PROCESSED = 'This payment could not be processed. Please try again or use another card.';

/** Card problems the shopper can fix. Declines for fraud, lost or stolen cards stay 'Your card was declined.' on purpose. */
const CARD_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is incorrect.',
  invalid_expiry_month: "Your card's expiration date is incorrect.",
  invalid_expiry_year: "Your card's expiration date is incorrect.",
  incorrect_zip: "Your card's zip code is incorrect.",
  processing_error: 'An error occurred while processing your card. Please try again.',
  authentication_required: 'Your bank asks you to confirm this payment. Please try again and follow its steps.',
  card_not_supported: 'Your card does not support this kind of purchase. Please use another card.',
  currency_not_supported: 'Your card does not support this currency. Please use another card.',
};

const apiType = (error: StripeErrorLike) => error.rawType ?? error.type;

export function isCardError(error: StripeErrorLike): boolean {
  return apiType(error) === 'card_error' || error.type === 'StripeCardError';
}

/** A readable message for the shopper from a Stripe error; never Stripe's own text, ids or payload. */
export function shopperMessage(error: StripeErrorLike): string {
  if (isCardError(error)) {
    return (error.decline_code && CARD_MESSAGES[error.decline_code]) || (error.code && CARD_MESSAGES[error.code]) || CARD_DECLINED;
  }
  switch (error.type) {
    case 'StripeConnectionError': case 'StripeAPIError': case 'StripeRateLimitError': case 'RateLimitError':
      return SERVICE_UNREACHABLE;
    case 'StripeAuthenticationError': case 'StripePermissionError':
      return PAYMENTS_NOT_AVAILABLE;
  }
  switch (apiType(error)) {
    case 'api_error': case 'rate_limit_error': return SERVICE_UNREACHABLE;
    case 'authentication_error': case 'permission_error': return PAYMENTS_NOT_AVAILABLE;
    default: return NOT_PROCESSED;
  }
}

/** A Stripe error from the SDK, as opposed to a bug of ours (those are thrown on unchanged). */
export function isStripeError(error: unknown): error is Error & StripeErrorLike {
  return error instanceof Error && typeof (error as StripeErrorLike).type === 'string' && /^Stripe|^RateLimitError$/.test((error as StripeErrorLike).type!);
}

/**
 * A Stripe failure as the AppError the caller shows: 'unavailable' when Stripe could not be reached or
 * refused our key (the store's setup, worth a retry later), else 'unprocessable'. The Stripe code and
 * request id stay on the error for the logs; the message is ours.
 */
export class PaymentProviderError extends AppError {
  constructor(message: string, type: 'unavailable' | 'unprocessable', readonly providerCode?: string, readonly requestId?: string) {
    super(type, message);
    this.name = 'PaymentProviderError';
  }
}

export function toAppError(error: unknown): unknown {
  if (!isStripeError(error)) return error;
  const message = shopperMessage(error);
  const type = message === SERVICE_UNREACHABLE || message === PAYMENTS_NOT_AVAILABLE ? 'unavailable' : 'unprocessable';
  return new PaymentProviderError(message, type, error.decline_code ?? error.code ?? undefined, (error as { requestId?: string }).requestId);
}

/** The parts of a PaymentIntent that say how an authorization went. */
export interface IntentOutcome {
  id: string;
  status: string;
  amount_capturable: number;
  amount_received: number;
  next_action?: { redirect_to_url?: { url?: string | null } | null } | null;
  last_payment_error?: StripeErrorLike | null;
}

/**
 * A confirmed, manually captured PaymentIntent read as an authorization: only 'requires_capture' (or an
 * already 'succeeded' one) holds money; 'requires_action' waits for the shopper's bank; anything else
 * (requires_payment_method after a failed attempt, canceled) is declined, never authorized.
 */
export function authorizationFromIntent(intent: IntentOutcome): Authorization {
  switch (intent.status) {
    case 'requires_capture':
      return { reference: intent.id, status: 'authorized', authorizedCents: intent.amount_capturable };
    case 'succeeded': // captured at once (not how we ask), still money held for the order
      return { reference: intent.id, status: 'authorized', authorizedCents: intent.amount_received };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      return { reference: intent.id, status: 'requires_action', authorizedCents: 0, ...(url ? { nextActionUrl: url } : {}) };
    }
    default:
      return {
        reference: intent.id, status: 'declined', authorizedCents: 0,
        declineMessage: intent.last_payment_error ? shopperMessage(intent.last_payment_error) : NOT_PROCESSED,
      };
  }
}
