/**
 * AR (charge) accounts (spec 3 settings ar-accounts, Orders ar-account-search / assign-ar-account): a business
 * customer's account at the store with a credit limit. Orders charged to it are owed by the account instead of
 * being paid at the store; the store records the account's payments. Rules shared by the service and the screen.
 */
import { cancelledLineCents } from './checkout';
import { displayPrice } from './money';
import { INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';

export const AR_ACCOUNT_STATUSES = ['active', 'on_hold'] as const;
export type ArAccountStatus = (typeof AR_ACCOUNT_STATUSES)[number];
export const AR_STATUS_LABELS: Record<ArAccountStatus, string> = { active: 'Active', on_hold: 'On hold' };
/** The payment method of an order charged to an account (its amount is owed by the account, not due at the store). */
export const CHARGED_TO_ACCOUNT = 'ar_account';
/** How an order charged to an account reads its payment (the Done step, My Orders, the admin's order, the e-mails). */
export const chargedToAccountLabel = (account: { number: string; name?: string | null }) =>
  (account.name ? `Charged to account ${account.name} (${account.number})` : `Charged to account ${account.number}`);
/** The payment choice at checkout for a shopper on an AR account (where the store offers it). */
export const chargeToAccountLabel = (account: { number: string; name: string }) => `Charge to account ${account.name} (${account.number})`;

/** Checkout, an order over what the account may still charge (nothing changes). */
export const AR_OVER_CREDIT_LIMIT = 'This order would take your account over its credit limit.';
/** Checkout, an account on hold (or gone): the shopper pays another way. */
export const arAccountOnHoldAtCheckout = (account: { number: string; name: string }) =>
  `Your account ${account.name} (${account.number}) is on hold: it takes no new orders. Please choose another way to pay, or call the store.`;
/** Checkout, charge to account chosen by a shopper not on an open account, or at a store that does not offer it. */
export const AR_NOT_OFFERED = 'Charging to an account is not available for you here. Please choose another way to pay.';
/** Checkout, 'Repeat this order' with charge to account: each run is paid at the store or by card. */
export const AR_NOT_RECURRING = 'A repeated order is paid by card or at the store: it cannot be charged to an account.';

export const AR_ACCOUNT_NOT_FOUND = 'This AR account was not found.';
export const AR_NUMBER_NEEDED = 'Enter an account number: letters, digits and dashes, up to 20.';
export const AR_NUMBER_TAKEN = 'Another account already has this number.';
export const AR_NAME_NEEDED = 'Enter the name of the account (the business or person it is for).';
export const AR_LIMIT_NEEDED = 'Enter a credit limit in dollars and cents above 0, e.g. 2500.00.';
export const AR_PAYMENT_NEEDED = 'Enter the amount paid in dollars and cents, e.g. 150.00.';
export const AR_ASSIGN_ONE = 'Choose an order or a customer to assign (one of them).';

/** The most a credit limit or a payment may be: $9,999,999.99. */
export const AR_MAX_CENTS = 999_999_999;
const NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/;

/** An amount as typed ('2500', '2,500.5', '$2,500.50') in cents; null when it is not one, or above AR_MAX_CENTS. */
export function parseAmountCents(typed: string): number | null {
  const text = typed.trim().replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= AR_MAX_CENTS ? cents : null;
}

/** What the account form sends (POST admin/ar-accounts and admin/ar-accounts/{id}). */
export interface ArAccountInput {
  number: string; name: string; contact_name?: string; contact_email?: string; contact_phone?: string; credit_limit: string; status?: ArAccountStatus;
}

/** The account as it is kept, from the form: trimmed, phone as 10 digits, limit in cents; or each field's problem. */
export function arAccountFromInput(input: ArAccountInput):
  { ok: true; value: { number: string; name: string; contact: { name: string; email: string; phone: string }; creditLimitCents: number; status: ArAccountStatus } }
  | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const number = input.number.trim().toUpperCase();
  const name = input.name.trim();
  const email = (input.contact_email ?? '').trim().toLowerCase();
  const phoneTyped = (input.contact_phone ?? '').trim();
  const phone = phoneTyped ? normalizePhone(phoneTyped) : '';
  const limit = parseAmountCents(input.credit_limit);
  if (!NUMBER.test(number)) problems.number = AR_NUMBER_NEEDED;
  if (!name || name.length > 100) problems.name = AR_NAME_NEEDED;
  if ((input.contact_name ?? '').trim().length > 100) problems.contact_name = 'Keep the contact name to 100 characters.';
  if (email && !isValidEmail(email)) problems.contact_email = INVALID_EMAIL;
  if (phone === null) problems.contact_phone = INVALID_PHONE;
  if (limit === null || limit <= 0) problems.credit_limit = AR_LIMIT_NEEDED;
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    value: { number, name, contact: { name: (input.contact_name ?? '').trim(), email, phone: phone ?? '' }, creditLimitCents: limit!, status: input.status ?? 'active' },
  };
}

/** What an account owes: the charged orders' amounts less the payments recorded (negative: the store owes it). */
export function arBalanceCents(account: { charges: readonly { amountCents: number }[]; payments: readonly { amountCents: number }[] }): number {
  return account.charges.reduce((sum, c) => sum + c.amountCents, 0) - account.payments.reduce((sum, p) => sum + p.amountCents, 0);
}

/** What the account may still charge before reaching its limit (never below 0). */
export const arAvailableCents = (creditLimitCents: number, balanceCents: number) => Math.max(0, creditLimitCents - balanceCents);

/**
 * Why the account cannot take a new charge of `amountCents` (an order) or a new customer (amountCents 0), or null:
 * an account on hold takes nothing new; a charge may not take the balance over the credit limit.
 */
export function arChargeProblem(account: { number: string; name: string; status: string; creditLimitCents: number; balanceCents: number }, amountCents: number, currencyPrefix = '$'): string | null {
  if (!arTakesCharges(account)) return `Account ${account.number} (${account.name}) is on hold: it takes no new charges or customers.`;
  const after = account.balanceCents + amountCents;
  if (arOverLimit(account.creditLimitCents, account.balanceCents, amountCents)) {
    return `This order (${displayPrice(amountCents, currencyPrefix)}) would take account ${account.number} to ${displayPrice(after, currencyPrefix)}, over its credit limit of ${displayPrice(account.creditLimitCents, currencyPrefix)}. ${displayPrice(arAvailableCents(account.creditLimitCents, account.balanceCents), currencyPrefix)} is available.`;
  }
  return null;
}

/** Whether an account takes new charges: an account on hold (or in any state but active) takes none. */
export const arTakesCharges = (account: { status: string }) => account.status === 'active';

/** Whether a charge of `amountCents` takes a balance over its credit limit (the one limit rule: checkout, the admin, the Redis script). */
export const arOverLimit = (creditLimitCents: number, balanceCents: number, amountCents: number) => amountCents > 0 && balanceCents + amountCents > creditLimitCents;

/** Why a shopper's order cannot be charged to their account at checkout, in the shopper's words, or null. */
export function checkoutChargeProblem(account: { number: string; name: string; status: string; creditLimitCents: number; balanceCents: number }, amountCents: number): string | null {
  if (!arTakesCharges(account)) return arAccountOnHoldAtCheckout(account);
  return arOverLimit(account.creditLimitCents, account.balanceCents, amountCents) ? AR_OVER_CREDIT_LIMIT : null;
}

type ChargeableOrder = {
  status: string; totalCents: number; subtotalCents?: number; discountCents?: number; taxCents?: number;
  items: readonly { priceCents: number; cancelledQuantity?: number | null }[];
  payment?: { method?: string | null; status?: string | null } | null;
  arAccount?: { number: string; name: string } | null;
};

/** What is still to pay for an order: its total less what its cancelled units gave back; nothing once cancelled. */
export function orderAmountDueCents(order: ChargeableOrder): number {
  if (order.status === 'cancelled') return 0;
  const back = order.items.reduce((sum, l) => sum + (l.cancelledQuantity ? cancelledLineCents({ subtotalCents: order.subtotalCents ?? 0, discountCents: order.discountCents, taxCents: order.taxCents }, l.priceCents, l.cancelledQuantity) : 0), 0);
  return Math.max(0, order.totalCents - back);
}

/**
 * Why an order cannot be charged to an account, with the status to answer, or null: it must stand (placed, not
 * cancelled), be paid at the store (a card payment is the card's), not be charged to an account already, and have
 * something left to pay.
 */
export function orderChargeProblem(order: ChargeableOrder): { status: 409 | 422; message: string } | null {
  if (order.arAccount) return { status: 409, message: `This order is charged to account ${order.arAccount.number} (${order.arAccount.name}) already.` };
  if (order.status === 'cancelled') return { status: 409, message: 'This order is cancelled: there is nothing to charge.' };
  if (order.status === 'awaiting_payment') return { status: 409, message: "This order is waiting for its bank's confirmation: it cannot be charged to an account." };
  if (order.payment?.method === 'card') return { status: 422, message: 'This order is paid by card: there is nothing due at the store to charge.' };
  if (order.payment?.status === 'paid') return { status: 422, message: 'This order is paid already: there is nothing to charge.' };
  if (orderAmountDueCents(order) <= 0) return { status: 422, message: 'Nothing is left to pay on this order.' };
  return null;
}

/** Why a payment of `amountCents` (null: not an amount) cannot be recorded against a balance, or null; more than is owed is refused. */
export function arPaymentProblem(amountCents: number | null, balanceCents: number, currencyPrefix = '$'): string | null {
  if (amountCents === null || amountCents <= 0) return AR_PAYMENT_NEEDED;
  if (balanceCents <= 0) return 'This account owes nothing: there is no payment to record.';
  if (amountCents > balanceCents) return `This is more than the account owes (${displayPrice(balanceCents, currencyPrefix)}).`;
  return null;
}

/** Whether an account answers a search: its number starts with it, or every word of it begins a word of its name. */
export function arAccountMatches(account: { number: string; name: string }, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  if (account.number.toLowerCase().startsWith(text.replace(/^#/, ''))) return true;
  const words = account.name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return text.split(/[^a-z0-9]+/).filter(Boolean).every((t) => words.some((w) => w.startsWith(t)));
}
