import { payLaterShortLabel } from './pay-later';
import { itemModeLimit, orderingOffReason, type DisplayProduct, type StoreDisplayFlags } from './product-display';

/**
 * Recurring orders (spec 2 Recurring orders, spec 3 Recurring): a signed-in shopper repeats an order they place at
 * checkout, every week, two weeks, four weeks or month. The checkout's order is the first; each later run is placed
 * on its day at RUN_HOUR_UTC and the shopper is e-mailed the day before. The spec shows no frequency limits:
 * docs/API-DECISIONS.md says what we chose.
 */
export const RECURRING_FREQUENCIES = ['weekly', 'every-2-weeks', 'every-4-weeks', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: 'Every week', 'every-2-weeks': 'Every 2 weeks', 'every-4-weeks': 'Every 4 weeks', monthly: 'Every month',
};

/** Runs are placed at this hour (UTC) of their day: early morning in the US, before the stores open. */
export const RUN_HOUR_UTC = 12;
/** The shopper is told of a run this long before it is placed. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** Active recurring orders a shopper may have at one store. */
export const MAX_RECURRING_PER_SHOPPER = 10;
/** How many coming dates the shopper and the admin are shown. */
export const UPCOMING_DATES_SHOWN = 4;

export const RECURRING_NOT_OFFERED = 'This store does not offer recurring orders.';
export const RECURRING_SIGN_IN = 'Please sign in to repeat an order.';
export const RECURRING_NEEDS_SAVED_CARD = 'To repeat this order by card, choose a saved card or save this card to your account.';
export const RECURRING_TOO_MANY = `You already have ${MAX_RECURRING_PER_SHOPPER} recurring orders at this store. Please cancel one first.`;
export const RECURRING_NOT_FOUND = 'This recurring order was not found.';
export const RECURRING_ALREADY_CANCELLED = 'This recurring order is already cancelled.';
export const RECURRING_NOT_A_RUN_DAY = 'This recurring order is not placed on that day. Please choose one of its coming dates.';
export const RECURRING_RUN_IN_PAST = 'That order has already been placed or its day has passed.';

/** What happened on one run day. */
export type RecurringRunStatus = 'placed' | 'skipped' | 'failed' | 'cancelled';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Partial<Record<RecurringFrequency, number>> = { weekly: 7, 'every-2-weeks': 14, 'every-4-weeks': 28 };

export const isRecurringFrequency = (value: unknown): value is RecurringFrequency => (RECURRING_FREQUENCIES as readonly unknown[]).includes(value);

/** A day (YYYY-MM-DD) as the milliseconds of its start in UTC; NaN when it is not a real day. */
export function dayStartMs(day: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00.000Z`) : NaN;
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? NaN : ms;
}

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The k-th run's day after the anchor (the day of the order that started it; k = 0 is that order). */
export function runDay(frequency: RecurringFrequency, anchorDay: string, k: number): string {
  const anchor = dayStartMs(anchorDay);
  const days = PERIOD_DAYS[frequency];
  if (days) return dayOf(anchor + k * days * DAY_MS);
  // Monthly: the anchor's day of the month, or the month's last day when it is shorter (31 → 30, 28 or 29).
  const a = new Date(anchor);
  const month = a.getUTCMonth() + k;
  const lastDay = new Date(Date.UTC(a.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(a.getUTCFullYear(), month, Math.min(a.getUTCDate(), lastDay)));
}

/** When a run day's order is placed. */
export const runAtMs = (day: string): number => dayStartMs(day) + RUN_HOUR_UTC * 60 * 60 * 1000;

/**
 * The first run (k ≥ 1) whose moment, moved by offsetMs (−REMINDER_BEFORE_MS for its reminder), is after `afterMs`.
 * The scheduler's repeat strategy: it never answers a moment at or before the one it is given.
 */
export function nextRun(frequency: RecurringFrequency, anchorDay: string, afterMs: number, offsetMs = 0): { day: string; atMs: number } {
  const periodMs = (PERIOD_DAYS[frequency] ?? 28) * DAY_MS;
  // Start near the answer (a period count that cannot overshoot), then step.
  let k = Math.max(1, Math.floor((afterMs - runAtMs(anchorDay) - offsetMs) / (frequency === 'monthly' ? 31 * DAY_MS : periodMs)));
  while (runAtMs(runDay(frequency, anchorDay, k)) + offsetMs <= afterMs) k += 1;
  const day = runDay(frequency, anchorDay, k);
  return { day, atMs: runAtMs(day) + offsetMs };
}

/** The coming run days after a moment (now, or a day's start), `count` of them. */
export function upcomingRunDays(frequency: RecurringFrequency, anchorDay: string, afterMs: number, count = UPCOMING_DATES_SHOWN): string[] {
  const days: string[] = [];
  let after = afterMs;
  while (days.length < count) {
    const next = nextRun(frequency, anchorDay, after);
    days.push(next.day);
    after = next.atMs;
  }
  return days;
}

/** Whether a day is one of the runs (k ≥ 1) of a recurring order. */
export function isRunDay(frequency: RecurringFrequency, anchorDay: string, day: string): boolean {
  const ms = dayStartMs(day);
  if (Number.isNaN(ms) || ms <= dayStartMs(anchorDay)) return false;
  return nextRun(frequency, anchorDay, runAtMs(day) - 1).day === day;
}

/**
 * The scheduler's pattern for a recurring order: its frequency and anchor day, read back by the repeat strategy
 * (BullMQ keeps the pattern with the scheduler; cron cannot say "every 2 weeks from a day").
 */
export const recurringPattern = (frequency: RecurringFrequency, anchorDay: string): string => `recurring ${frequency} ${anchorDay}`;

export function parseRecurringPattern(pattern: string): { frequency: RecurringFrequency; anchorDay: string } | null {
  const [word, frequency, anchorDay] = pattern.split(' ');
  return word === 'recurring' && isRecurringFrequency(frequency) && !Number.isNaN(dayStartMs(anchorDay ?? '')) ? { frequency, anchorDay: anchorDay! } : null;
}

/** What the shopper reads about why a run was not placed, when an item is not to be had. */
export const RUN_SKIPPED_ITEMS = (titles: string[]) => `Not placed: ${titles.join(', ')} ${titles.length === 1 ? 'is' : 'are'} not available at the store.`;

/**
 * A shipping run is quoted again when it is placed (the rate of its day, to the address it was first shipped to):
 * why one was not placed. The store stopped shipping (or these items), no rate to the address, or the carrier did
 * not answer.
 */
export const RUN_NOT_SHIPPED = 'Not placed: the store does not ship these items any more.';
export const RUN_NO_SHIPPING_RATE = (address: string) => `Not placed: the store has no shipping rate to ${address} for these items now.`;
export const RUN_SHIPPING_RATE_DOWN = 'Not placed: the shipping carrier could not give a rate when the order was due.';
/** A shipping run whose service is no longer offered goes by the cheapest one quoted, and its order says so. */
export const RUN_OTHER_SERVICE = (before: string, now: string) => `${before} is not offered any more, so it ships with ${now}.`;

/**
 * A run paid by a saved card is charged only where the store offers cards now (GET payment-settings `cards_offered`:
 * a card provider with every setting it needs, cardSetupMissing), as checkout takes a card only then. Otherwise the
 * card is not charged and the run fails like a refused card: recorded with this reason, the shopper e-mailed, the next
 * runs go on and are charged again once the store takes cards. The shopper may switch to paying later meanwhile
 * (payLaterProblem allows every mode while the store takes no cards online); the store does not switch for them
 * (docs/API-DECISIONS.md "Recurring run while the store takes no cards").
 */
type RunFulfilment = Parameters<typeof payLaterShortLabel>[0];
export const RUN_CARDS_NOT_TAKEN = (card: string, orderType: RunFulfilment) =>
  `Not placed: the store is not taking cards online right now, so your ${card} was not charged. Your next orders are charged to it once the store takes cards again; to have them placed meanwhile, choose '${payLaterShortLabel(orderType)}' for this recurring order under Recurring orders.`;
/** The day-before reminder of such a run. */
export const RUN_CARDS_NOT_TAKEN_SOON = (orderType: RunFulfilment) =>
  `The store is not taking cards online right now, so this order will not be placed unless you choose '${payLaterShortLabel(orderType)}' for it under Recurring orders first.`;

/** Beside such a recurring order on /recurring-orders, while the store offers no cards. */
export const RECURRING_CARD_NOT_CHARGED_NOW = (card: string, orderType: RunFulfilment) =>
  `The store is not taking cards online right now, so your ${card} is not charged and these orders are not placed. To have them placed meanwhile, choose Edit and '${payLaterShortLabel(orderType)}'.`;

/** Why a run's payment cannot be taken now, or null (see RUN_CARDS_NOT_TAKEN). */
export function runPaymentProblem(run: { paidByCard: boolean; cardLabel: string; orderType: RunFulfilment }, store: { cardsOffered: boolean }): string | null {
  return run.paidByCard && !store.cardsOffered ? RUN_CARDS_NOT_TAKEN(run.cardLabel, run.orderType) : null;
}

/** A run day as people read it: 'Thu, Dec 3' (with `year`: 'Thu, Dec 3, 2026'). */
export const runDayLabel = (day: string, options: { year?: boolean } = {}): string =>
  new Date(dayStartMs(day)).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', ...(options.year ? { year: 'numeric' } : {}), timeZone: 'UTC' });

// ---- Changing a recurring order (POST update-recurring-order; the spec shows no call: docs/RECURRING-ORDERS.md) ----

export const RECURRING_CHOOSE_FREQUENCY = 'Please choose how often: every week, every 2 weeks, every 4 weeks or every month.';
export const RECURRING_KEEP_ONE_ITEM = 'A recurring order keeps at least one item. To stop it, cancel the recurring order.';
/** A product added to a recurring order that the store does not sell at its location (or has hidden). */
export const RECURRING_NOT_SOLD_HERE = 'That product is not sold at this store.';
/** Its card (card_source): one of the shopper's own saved cards at the store's card provider. */
export const RECURRING_CHOOSE_SAVED_CARD = 'Please choose one of your saved cards.';
/** Both asked at once: paying later (payment_method pay_at_store) and a card. */
export const RECURRING_PAY_AT_STORE_NO_CARD = 'An order paid at the store, on delivery or by phone is not charged to a card. Please choose one or the other.';
/** The store does not choose a customer's card (docs/RECURRING-ORDERS.md "Its card"). */
export const RECURRING_CARD_IS_CUSTOMERS = 'Only the customer can change the card a recurring order is charged to: they choose one of their saved cards under Recurring orders in their account.';
export const RECURRING_ITEM_TWICE = 'Each item may be given once.';
export const RECURRING_PICKUP_NO_ADDRESS = 'This recurring order is picked up at the store, so it has no address to change.';
export const RECURRING_ONLY_SHIPPED_SERVICE = 'Only a shipped recurring order has a shipping service.';
export const RECURRING_SERVICE_NOT_QUOTED = 'That shipping option is not offered to this address now. Please choose another.';
export const RECURRING_NOTHING_CHANGED = 'Nothing was changed.';
export const RECURRING_CHANGED = 'Your recurring order is changed. The next orders are placed with these changes.';
/** The store changed it (admin/recurringorders/update): the shopper is e-mailed what changed. */
export const RECURRING_CHANGED_BY_STORE = 'The recurring order is changed. The next orders are placed with these changes, and the customer is e-mailed what changed.';
/** Changes kept on a recurring order's history (the newest first). */
export const RECURRING_CHANGES_KEPT = 50;

/** A saved card as a recurring order shows it, to the shopper and the store: its brand and last 4 digits, never more ('Visa ending 4242'). */
export const cardEndingLabel = (brand: string, last4: string): string => `${brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card'} ending ${last4}`;

/**
 * Why a product may not become a line of a recurring order, whatever its stock (stock is each run's matter on its
 * day): ordering it online is switched off (the item's or the store's setting), or it does not go out the recurring
 * order's way (delivery or shipping). The quantity's own limits are quantityLimitProblem's. The reason, or null.
 */
export function recurringProductProblem(product: Pick<DisplayProduct, 'extra' | 'settings'>, orderType: 'pickup' | 'delivery' | 'shipping',
  store: Pick<StoreDisplayFlags, 'disableOrdering'> = {}): string | null {
  return orderingOffReason(product, store) ?? (orderType === 'pickup' ? null : itemModeLimit(product, orderType));
}

/** What a recurring order is, as far as a change can touch it. */
export interface RecurringShape {
  frequency: RecurringFrequency;
  address: { address?: string; address2?: string; city?: string; state?: string; zip?: string } | null;
  shippingService: string | null;
  items: { storeProductId: number; title: string; quantity: number }[];
  /** The card each run is charged to (its saved card's source, and as shown: 'Visa ending 4242'); null when paid later. */
  card?: { source: string; label: string } | null;
  /** How it reaches the shopper: names paying later ('Pay at the store', 'Pay on delivery', 'Pay by phone'); pickup when left out. */
  orderType?: 'pickup' | 'delivery' | 'shipping';
}

const addressText = (a: RecurringShape['address']) =>
  a ? [[a.address, a.address2].filter(Boolean).join(' '), a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') : 'none';

/**
 * The lines of a recurring order's history for one change, in words a shopper and the store read:
 * 'Every week → Every 2 weeks', 'Address: 12 Elm St, Salem, OR 97302 → …', 'Hammer: 2 → 3', 'Nails removed', 'Screws added: 2',
 * 'Card: Visa ending 4242 → Mastercard ending 4444', 'Payment: Pay at the store → Visa ending 4242'.
 * None: nothing changed.
 */
export function recurringChangeLines(before: RecurringShape, after: RecurringShape): string[] {
  const lines: string[] = [];
  if (before.frequency !== after.frequency) lines.push(`How often: ${RECURRING_FREQUENCY_LABELS[before.frequency]} → ${RECURRING_FREQUENCY_LABELS[after.frequency]}`);
  if (addressText(before.address) !== addressText(after.address)) lines.push(`Address: ${addressText(before.address)} → ${addressText(after.address)}`);
  if ((before.shippingService ?? '') !== (after.shippingService ?? '')) lines.push(`Shipping: ${before.shippingService ?? 'none'} → ${after.shippingService ?? 'none'}`);
  for (const item of before.items) {
    const now = after.items.find((i) => i.storeProductId === item.storeProductId);
    if (!now) lines.push(`${item.title} removed`);
    else if (now.quantity !== item.quantity) lines.push(`${item.title}: ${item.quantity} → ${now.quantity}`);
  }
  for (const item of after.items) if (!before.items.some((i) => i.storeProductId === item.storeProductId)) lines.push(`${item.title} added: ${item.quantity}`);
  if ((before.card?.source ?? '') !== (after.card?.source ?? '')) {
    // From a card to another is the card; to or from paying at the store is how it is paid.
    if (before.card && after.card) lines.push(`Card: ${before.card.label} → ${after.card.label}`);
    else lines.push(`Payment: ${before.card?.label || payLaterShortLabel(before.orderType ?? 'pickup')} → ${after.card?.label || payLaterShortLabel(after.orderType ?? 'pickup')}`);
  }
  return lines;
}
