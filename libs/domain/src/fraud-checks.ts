// Fraud checks of a card order (admin check-fingerprint, verify-fraud-detection): docs/FRAUD-CHECKS.md.
import { formatCents } from './money';

/** none: nothing asks for a second look; review: the staff should look before the goods leave (a label is bought). */
export type FraudLevel = 'none' | 'review';
export type FraudSignalCode = 'card_shared' | 'cvc_failed' | 'postal_code_failed' | 'address_failed' | 'risk_elevated' | 'billing_not_shipping' | 'large_first_order';
export interface FraudSignal { code: FraudSignalCode; message: string }

/** A first order at or above this (goods, tax and fees) is worth a look: $500.00, unless the store sets its own. */
export const LARGE_FIRST_ORDER_CENTS = 50_000;
/** The store's own threshold (payment settings, `large_first_order_cents`): whole cents, $1.00 to $1,000,000.00. */
export const LARGE_FIRST_ORDER_MIN_CENTS = 100;
export const LARGE_FIRST_ORDER_MAX_CENTS = 100_000_000;
export const LARGE_FIRST_ORDER_INVALID = 'Enter the amount of a large first order from $1.00 to $1,000,000.00.';

/** The problem of a store's large first order threshold (in cents), or null when it may be saved. */
export function largeFirstOrderProblem(cents: unknown): string | null {
  return Number.isSafeInteger(cents) && (cents as number) >= LARGE_FIRST_ORDER_MIN_CENTS && (cents as number) <= LARGE_FIRST_ORDER_MAX_CENTS ? null : LARGE_FIRST_ORDER_INVALID;
}

/** The threshold a store's checks use: its own when it set a valid one, else $500.00. */
export function largeFirstOrderCents(stored: unknown): number {
  return largeFirstOrderProblem(stored) === null ? (stored as number) : LARGE_FIRST_ORDER_CENTS;
}

export const FRAUD_ORDER_ID_NEEDED = 'Please give the order (order_id).';
export const FRAUD_NOTE_TOO_LONG = 'A note may have up to 500 characters.';
export const FRAUD_CHECKS_CLEAR = 'Nothing in this order asks for a second look.';
export const FRAUD_CHECKS_REVIEW = 'This order needs a look before it ships.';
export const FRAUD_VERIFIED = 'Marked as verified: its checks were looked at and accepted.';
export const FRAUD_VERIFIED_ALREADY = 'This order was verified already.';
/** Asked before a label is bought for an order that needs review and is not verified (pickup is never held up). */
export const FRAUD_CONFIRM_LABEL = 'This order needs a look before it ships (see Check this order). Buy the label anyway?';

type Check = 'pass' | 'fail' | 'unavailable' | 'unchecked';
/** What the checks read of an order: its card as the provider told it, the other orders of that card, the customer's earlier orders. */
export interface FraudFacts {
  card: { cvc: Check; addressLine1: Check; postalCode: Check; riskLevel: string | null; billingPostalCode: string | null; billingCountry: string | null } | null;
  orderType: string;
  address: { zip?: string | null; country?: string | null } | null;
  totalCents: number;
  /** This order's customer: e-mail and name as given at checkout. */
  email: string;
  name: string;
  /** Other orders of this store paid with the same card (its fingerprint). */
  sameCard: { email: string; name: string }[];
  /** Orders this customer (account or e-mail) placed before this one. */
  earlierOrders: number;
  /** The store's large first order threshold in cents (LARGE_FIRST_ORDER_CENTS when left out). */
  largeFirstOrderCents?: number;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** A US ZIP's first five digits, else the code without spaces, upper case: '02134-1234' and '02134' are one place. */
const place = (code: string) => (/^\d{5}(-?\d{4})?$/.test(code.trim()) ? code.trim().slice(0, 5) : code.replace(/\s+/g, '').toUpperCase());

/** The other people (by e-mail, else name) who paid with this order's card: each 'Name <e-mail>' once. */
export function otherCardHolders(facts: Pick<FraudFacts, 'email' | 'name' | 'sameCard'>): string[] {
  const others = facts.sameCard.filter((o) => !same(o.email, facts.email) || (!facts.email && !same(o.name, facts.name)));
  return [...new Set(others.map((o) => (o.email ? `${o.name.trim()} <${o.email.trim().toLowerCase()}>` : o.name.trim())))];
}

/**
 * The fraud signals of an order, each with what it means for the staff, and the level: review when any is found.
 * Orders not paid by card have no card signals; a large first order counts for any payment taken before hand-over.
 */
export function fraudSignals(facts: FraudFacts): { level: FraudLevel; signals: FraudSignal[] } {
  const signals: FraudSignal[] = [];
  const card = facts.card;
  const others = otherCardHolders(facts);
  if (others.length) {
    signals.push({ code: 'card_shared', message: `The same card paid ${others.length === 1 ? 'an order' : 'orders'} of this store under another name or e-mail: ${others.slice(0, 5).join(', ')}${others.length > 5 ? ` and ${others.length - 5} more` : ''}.` });
  }
  if (card?.cvc === 'fail') signals.push({ code: 'cvc_failed', message: "The card's security code (CVC) did not match: the bank's check failed." });
  if (card?.postalCode === 'fail') signals.push({ code: 'postal_code_failed', message: "The billing postal code did not match the card's: the bank's check failed." });
  if (card?.addressLine1 === 'fail') signals.push({ code: 'address_failed', message: "The billing street address did not match the card's: the bank's check failed." });
  if (card?.riskLevel && card.riskLevel !== 'normal' && card.riskLevel !== 'not_assessed' && card.riskLevel !== 'unknown') {
    signals.push({ code: 'risk_elevated', message: `The card provider rates this payment's risk ${card.riskLevel}.` });
  }
  const zip = facts.address?.zip?.trim();
  const billing = card?.billingPostalCode?.trim();
  if (facts.orderType !== 'pickup' && zip && billing && place(zip) !== place(billing)) {
    signals.push({ code: 'billing_not_shipping', message: `The card's billing postal code (${billing}) is not the ${facts.orderType === 'delivery' ? 'delivery' : 'shipping'} address's (${zip}).` });
  }
  const large = facts.largeFirstOrderCents ?? LARGE_FIRST_ORDER_CENTS;
  if (facts.earlierOrders === 0 && facts.totalCents >= large) {
    signals.push({ code: 'large_first_order', message: `The customer's first order, and a large one: $${formatCents(facts.totalCents)} (first orders of $${formatCents(large)} or more are checked).` });
  }
  return { level: signals.length ? 'review' : 'none', signals };
}

/** The words for a bank's check result on the panel. */
export const CHECK_LABELS: Record<Check, string> = { pass: 'passed', fail: 'failed', unavailable: 'not available from the bank', unchecked: 'not checked' };

/** The history line of a verification: who accepted which signals, with their note. */
export function fraudVerifiedNote(signals: FraudSignal[], note: string): string {
  const what = signals.length ? `Fraud checks verified (${signals.map((s) => s.code.replace(/_/g, ' ')).join(', ')})` : 'Fraud checks verified (no signals)';
  return note.trim() ? `${what}: ${note.trim()}` : what;
}
