// Order reconciliation (spec 3 /admin/orders/reconciliation): what each order comes to next to what was paid, and
// which differences a store must look at. Pure rules: the orders service reads the orders, the screen shows them.
import { displayPrice, type Cents } from './money';
import { cancelledLineCents } from './checkout';
import { CHARGED_TO_ACCOUNT } from './ar-accounts';

/** One order as reconciliation reads it (a list row or the order itself). */
export interface ReconciledOrderInput {
  status: string;
  totalCents: Cents;
  /** 'card', 'ar_account' (charged to an account), or 'pay_at_store' (any other way is paid at the store). */
  paymentMethod: string;
  paymentStatus: string;
  capturedCents: Cents;
  refundedCents: Cents;
  /** What the units cancelled line by line came to (cancelledLinesCents). */
  cancelledLinesCents: Cents;
}

/** The figures of one order, or summed over many (a day at a store, a range). */
export interface ReconciliationFigures {
  orders: number;
  cancelledOrders: number;
  /** Of the orders, those taken by phone or at the counter (offline orders), paid at the store. */
  offlineOrders: number;
  /** The orders' totals as placed. */
  totalCents: Cents;
  /** What came off them: a cancelled order's whole total, else its cancelled units' share. */
  cancelledCents: Cents;
  /** What the store sold: totals less cancelled. */
  salesCents: Cents;
  capturedCents: Cents;
  refundedCents: Cents;
  /** Paid at the store, order not yet completed: still to collect. */
  dueAtStoreCents: Cents;
  /** Paid at the store, order completed (handed over, so collected). */
  paidAtStoreCents: Cents;
  /** Charged to a customer's AR (charge) account: the account owes it. */
  onAccountCents: Cents;
  /** Card money kept (captured less refunded) less the card orders' sales: 0 when they agree. */
  differenceCents: Cents;
  /** Orders with a problem. */
  flagged: number;
}

export type ReconciliationProblemCode = 'card_not_captured' | 'refund_exceeds_capture' | 'kept_after_cancel' | 'card_amount_differs';
export interface ReconciliationProblem { code: ReconciliationProblemCode; message: string }

/** The longest range one reconciliation covers (a year, leap day included). */
export const RECONCILIATION_MAX_DAYS = 366;
export const RECONCILIATION_RANGE_TOO_LONG = `Please choose at most ${RECONCILIATION_MAX_DAYS} days.`;
export const NOT_A_TIME_ZONE = 'Please give a time zone such as America/Chicago.';
export const RECONCILIATION_ROW_NOT_FOUND = 'This day and store were not found.';

const PAY_BY_CARD = 'card';
const CARD_NOT_TAKEN: Record<string, string> = {
  authorized: 'is held on the card but was never taken',
  requires_action: "is waiting for the shopper's bank and was never taken",
  declined: 'was declined by the bank',
  voided: 'was released, not taken',
};

export const NO_FIGURES: ReconciliationFigures = {
  orders: 0, cancelledOrders: 0, offlineOrders: 0, totalCents: 0, cancelledCents: 0, salesCents: 0, capturedCents: 0, refundedCents: 0,
  dueAtStoreCents: 0, paidAtStoreCents: 0, onAccountCents: 0, differenceCents: 0, flagged: 0,
};

/** What an order's units cancelled line by line came to, each line as cancelItem refunded it (cancelledLineCents). */
export function cancelledLinesCents(order: { subtotalCents?: number; discountCents?: number; taxCents?: number; items?: { priceCents?: number; cancelledQuantity?: number }[] }): Cents {
  const money = { subtotalCents: order.subtotalCents ?? 0, discountCents: order.discountCents, taxCents: order.taxCents };
  return (order.items ?? []).reduce((sum, line) => sum + (line.cancelledQuantity ? cancelledLineCents(money, line.priceCents ?? 0, line.cancelledQuantity) : 0), 0);
}

/**
 * One order reconciled: its figures and its problems. A card order should keep on the card exactly what it sells
 * (captured less refunded = total less cancelled); a cancelled one nothing. Paid at the store, the money is due
 * until the order is completed, then collected: the platform holds no till record to compare it with. Charged to
 * an AR account, the account owes it (its balance is the AR accounts' matter).
 */
export function reconcileOrder(order: ReconciledOrderInput, currencyPrefix = '$'): { figures: ReconciliationFigures; problems: ReconciliationProblem[] } {
  const money = (cents: Cents) => displayPrice(cents, currencyPrefix);
  const cancelledOrder = order.status === 'cancelled';
  const cancelledCents = cancelledOrder ? order.totalCents : Math.min(order.totalCents, order.cancelledLinesCents);
  const salesCents = order.totalCents - cancelledCents;
  const byCard = order.paymentMethod === PAY_BY_CARD;
  const capturedCents = byCard ? order.capturedCents : 0;
  const refundedCents = byCard ? order.refundedCents : 0;
  const differenceCents = byCard ? capturedCents - refundedCents - salesCents : 0;
  const problems: ReconciliationProblem[] = [];
  if (byCard) {
    if (refundedCents > capturedCents) {
      problems.push({ code: 'refund_exceeds_capture', message: `${money(refundedCents)} was refunded, more than the ${money(capturedCents)} taken.` });
    } else if (!cancelledOrder && capturedCents === 0 && salesCents > 0) {
      problems.push({ code: 'card_not_captured', message: `The card payment of ${money(salesCents)} ${CARD_NOT_TAKEN[order.paymentStatus] ?? 'was never taken'}.` });
    } else if (cancelledOrder && differenceCents > 0) {
      problems.push({ code: 'kept_after_cancel', message: `The order is cancelled, but ${money(differenceCents)} is still taken on the card.` });
    } else if (differenceCents !== 0) {
      problems.push({ code: 'card_amount_differs', message: `The card kept ${money(capturedCents - refundedCents)}, but the order comes to ${money(salesCents)}.` });
    }
  }
  const onAccount = order.paymentMethod === CHARGED_TO_ACCOUNT;
  const atStore = !byCard && !onAccount;
  const open = !cancelledOrder && order.status !== 'completed';
  return {
    figures: {
      orders: 1, cancelledOrders: cancelledOrder ? 1 : 0, offlineOrders: 0, totalCents: order.totalCents, cancelledCents, salesCents, capturedCents, refundedCents,
      dueAtStoreCents: atStore && open ? salesCents : 0, paidAtStoreCents: atStore && order.status === 'completed' ? salesCents : 0,
      onAccountCents: onAccount ? salesCents : 0,
      differenceCents, flagged: problems.length ? 1 : 0,
    },
    problems,
  };
}

/**
 * An offline order (taken by phone or at the counter, spec 3 /admin/offline-orders) reconciled beside the online
 * ones: always paid at the store, due until staff marked it paid, then paid. It has no card and no cancel, so
 * nothing of it is flagged.
 */
export function reconcileOfflineOrder(order: { totalCents: Cents; paid: boolean }): { figures: ReconciliationFigures; problems: ReconciliationProblem[] } {
  const done = reconcileOrder({
    status: order.paid ? 'completed' : 'placed', totalCents: order.totalCents, paymentMethod: 'pay_at_store', paymentStatus: order.paid ? 'paid' : 'due',
    capturedCents: 0, refundedCents: 0, cancelledLinesCents: 0,
  });
  return { figures: { ...done.figures, offlineOrders: 1 }, problems: [] };
}

/** Figures added up (a day's orders, a range's days). */
export function addFigures(a: ReconciliationFigures, b: ReconciliationFigures): ReconciliationFigures {
  return Object.fromEntries(Object.keys(NO_FIGURES).map((k) => [k, a[k as keyof ReconciliationFigures] + b[k as keyof ReconciliationFigures]])) as unknown as ReconciliationFigures;
}

/** A day-and-store row's id: '2026-11-24_1'. */
export const reconciliationRowId = (day: string, locationId: number): string => `${day}_${locationId}`;
/** The day and location of a row id, or null. */
export function parseReconciliationRowId(id: string): { day: string; locationId: number } | null {
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{1,9})$/.exec(id);
  if (!match || !isRealDay(match[1])) return null;
  return { day: match[1], locationId: Number(match[2]) };
}

/** A YYYY-MM-DD that names a real day (not 2026-02-30). */
export function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}

/** The day after (or `n` days after) a YYYY-MM-DD. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** How many days a range covers, both ends included. */
export const daysCovered = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the platform knows a time zone by this IANA name (America/Chicago, UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of an instant in a time zone. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(zoneFormatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, asUtcMs: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) };
}

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export const dayInZone = (ms: number, timeZone: string): string => wallClock(ms, timeZone).day;

/** The instant a day starts in a time zone (its midnight, or its first hour where a clock change skips midnight). */
export function dayStartInZone(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  const offset = (ms: number) => wallClock(ms, timeZone).asUtcMs - Math.floor(ms / 1000) * 1000;
  const guess = midnightUtc - offset(midnightUtc);
  // Once more with the offset at the guess: the zone's offset may differ between UTC midnight and local midnight.
  const start = midnightUtc - offset(guess);
  return dayInZone(start, timeZone) === day ? start : guess;
}
