import { AppError } from '@platform/server-kit';

/** The adapters that exist: pay at store and every card provider of the spec (PayPal stays out). */
export type PaymentProviderName = 'fiserv' | 'stripe' | 'pay_at_store' | 'plugnpay' | 'adyen' | 'authorize_net';

export type AuthorizationStatus = 'authorized' | 'requires_action' | 'declined';

export interface AuthorizeOptions {
  /** The provider's customer (a saved card is charged through it). */
  customer?: string;
  /** Repeats with the same key (a double click, a retry) authorize once. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
  /** Where the shopper's bank sends them back after confirming (3-D Secure); without it no redirect URL is made. */
  returnUrl?: string;
  /** The shopper is not there (a recurring order's run): a saved card charged as agreed when it was saved. */
  offSession?: boolean;
}

export interface Authorization {
  /** The provider's payment reference (Stripe: the PaymentIntent id). */
  reference: string;
  status: AuthorizationStatus;
  /** Held on the card and capturable; 0 unless authorized. */
  authorizedCents: number;
  /**
   * Of an authorized payment, what the provider has already taken (a sale made on its own page, or captured): giving
   * it back is a refund, not a void. Left out where nothing is taken.
   */
  capturedCents?: number;
  /** requires_action: where the shopper confirms the payment with their bank. */
  nextActionUrl?: string;
  /** declined: a message for the shopper, never the provider's raw answer. */
  declineMessage?: string;
  /** What the provider told of the card and its checks (docs/FRAUD-CHECKS.md); left out where it tells nothing. */
  card?: CardChecks;
}

/** A check the card's bank made: passed, failed, not possible (the bank does not check it), or not made (nothing sent). */
export type CheckResult = 'pass' | 'fail' | 'unavailable' | 'unchecked';

/** The card a payment was made with, as fraud checks read it: never the number, only what the provider derives from it. */
export interface CardChecks {
  /** The provider's fingerprint of the card number (the same card gives the same one in one provider account), or null. */
  fingerprint: string | null;
  brand: string | null;
  last4: string | null;
  cvc: CheckResult;
  addressLine1: CheckResult;
  postalCode: CheckResult;
  /** The provider's risk assessment (Stripe Radar: normal, elevated, highest), or null where it gives none. */
  riskLevel: string | null;
  /** The billing postal code and country the shopper gave with the card, where the provider returns them. */
  billingPostalCode: string | null;
  billingCountry: string | null;
}

/** A card kept in the provider's vault: its reference and what may be shown. */
export interface SavedCard {
  source: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The provider's customer the card belongs to. */
  customerRef: string;
}

/** A provider's callback (webhook), verified and reduced to what the platform acts on. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The payment it is about (Stripe: the PaymentIntent id), or null for events about other things. */
  reference: string | null;
  /** The order the payment was made for (the metadata checkout sends), when the event carries it. */
  orderId?: string;
  /**
   * What the provider signed that ties the event to the payment request we made, where the payment's reference is
   * first learnt from the event itself (Fiserv Connect: `txndatetime|chargetotal` of the signed form).
   */
  binding?: string;
  /** The cents the event is about (Adyen: a capture's or refund's amount, for its outcome webhook), when it says. */
  amountCents?: number;
}

export interface CallOptions {
  idempotencyKey?: string;
  /** The order the payment is for: Adyen names it (the modification's reference) in the capture's, cancel's or refund's outcome webhook. */
  orderId?: string;
}

export type CallbackHeaders = Record<string, string | string[] | undefined>;

/**
 * One way of taking a payment. Money is integer cents of the currency; card data reaches us only as the
 * provider's tokens (PCI SAQ A). Failures the shopper can act on throw AppError with a message for them.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Holds the amount on the card (captured later). A declined card is a result, not an error. */
  authorize(amountCents: number, currency: string, paymentMethodToken: string, options: AuthorizeOptions): Promise<Authorization>;
  /** Where a payment stands now, asked of the provider (after the shopper's bank page, or a callback). */
  paymentStatus(reference: string): Promise<Authorization>;
  /**
   * The payment authorize made for one of our orders, looked up at the provider by the merchant's reference it
   * carries (our order id, authorize's `metadata.order_id`, or what the adapter derived from the idempotency key): for
   * a checkout that stopped before it heard the reference. Null when the provider has none. Left out by a provider
   * that cannot look a payment up by the merchant's reference (docs/PAYMENTS.md).
   */
  findAuthorization?(orderId: string, idempotencyKey: string): Promise<Authorization | null>;
  /**
   * Where the provider looks nothing up but cancels by the merchant's reference (Adyen's technical cancel): releases
   * whatever authorize held for the order, if anything. Asynchronous at the provider: accepted, not known done.
   */
  voidByOrder?(orderId: string, idempotencyKey: string, options?: CallOptions): Promise<void>;
  /** Takes the held money (all of it without an amount); answers the cents captured. */
  capture(reference: string, amountCents?: number, options?: CallOptions): Promise<number>;
  /** Releases a hold that was not captured. */
  void(reference: string, options?: CallOptions): Promise<void>;
  /** Gives back part or all of a captured payment; answers the cents refunded. Use refundPayment, which guards the total. */
  refund(reference: string, amountCents: number, options?: CallOptions): Promise<number>;
  /** Keeps a card token in the customer's vault, making the customer first when there is none. */
  saveCard(customerRef: string | null, token: string): Promise<SavedCard>;
  listCards(customerRef: string): Promise<SavedCard[]>;
  /** Removes one of the customer's cards; another customer's card is not found. */
  deleteCard(customerRef: string, source: string): Promise<void>;
  /** Checks a callback's signature over its raw body and reads it; throws AppError('invalid') when it does not verify. */
  verifyCallback(rawBody: string | Buffer, headers: CallbackHeaders, secret: string): Promise<PaymentEvent>;
}

export const WHOLE_CENTS = 'An amount must be a whole number of cents above zero.';

/** Refuses fractions, zero, negatives and unsafe integers before any provider call. */
export function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new AppError('invalid', WHOLE_CENTS);
}
