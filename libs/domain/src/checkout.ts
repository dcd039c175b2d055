import { FULFILMENT_MODES, type FulfilmentMode } from './cart-totals';
import { INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone } from './identity';

/** Spec 2 "Checkout (/cart)": four steps. */
export const CHECKOUT_STEPS = ['Cart', 'Information', 'Payment', 'Done'] as const;
export type CheckoutStep = 1 | 2 | 3 | 4;

/**
 * Whether a click on a step of the checkout bar goes there: back to any earlier step, or to Cart and
 * Information at any time; Payment is never jumped to forward (Information must be sent first) and Done is
 * never clickable.
 */
export function canGoToStep(target: CheckoutStep, current: CheckoutStep): boolean {
  if (target === 4) return false;
  return target < current || target === 1 || target === 2;
}

/** The checkout bar shows on /cart while the cart total is above 0. */
export const showsCheckoutBar = (pathname: string, totalCents: number) => pathname === '/cart' && totalCents > 0;

/** Spec 2 §2 and §9: past the Cart step the checkout bar's scroll threshold is this much lower. */
export const CHECKOUT_BAR_OFFSET_PX = 51;

/**
 * Whether the checkout bar is fixed to the top of the window: once the page has scrolled past where the bar
 * sits (`barTop`, in page pixels), and 51 px sooner when the step is above 1 (spec 2 "Checkout (/cart)").
 */
export function checkoutBarFixed(scrollY: number, barTop: number, step: CheckoutStep): boolean {
  return scrollY > barTop - (step > 1 ? CHECKOUT_BAR_OFFSET_PX : 0);
}

/** Who the order is for (the Contact Information form). */
export interface ContactInput { first_name: string; last_name: string; email: string; telephone: string }
export type ContactProblems = Partial<Record<keyof ContactInput, string>>;

/** The contact details an order needs: both names, an e-mail to confirm to and a phone the store can call. */
export function contactProblems(input: ContactInput): ContactProblems {
  const problems: ContactProblems = {};
  if (!input.first_name.trim()) problems.first_name = 'Please enter your first name.';
  if (!input.last_name.trim()) problems.last_name = 'Please enter your last name.';
  if (!isValidEmail(input.email)) problems.email = INVALID_EMAIL;
  if (!normalizePhone(input.telephone)) problems.telephone = INVALID_PHONE;
  return problems;
}

/** Where a local delivery goes. */
export interface DeliveryAddressInput { address: string; address2?: string; city: string; state: string; zip: string }

/** A street address on one line, as e-mails and screens show it: '12 Oak St, Apt 2, Salem, OR 97302' (empty parts left out). */
export function addressLine(a: { address: string; address2?: string | null; city: string; state: string; zip: string }): string {
  return [a.address, a.address2, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
export type DeliveryAddressProblems = Partial<Record<'address' | 'city' | 'state' | 'zip', string>>;

/** A local delivery needs a street address the driver can find; the zip decides the fee (cart-totals deliveryFee). */
export function deliveryAddressProblems(input: DeliveryAddressInput): DeliveryAddressProblems {
  const problems: DeliveryAddressProblems = {};
  if (!input.address.trim()) problems.address = 'Please enter your street address.';
  if (!input.city.trim()) problems.city = 'Please enter your city.';
  if (!input.state.trim()) problems.state = 'Please enter your state.';
  if (!/^\d{5}(-\d{4})?$/.test(input.zip.trim())) problems.zip = 'Please enter a valid zip code.';
  return problems;
}

/** The order type names orders keep, by fulfilment mode. */
export const ORDER_TYPE_NAMES: Record<FulfilmentMode, 'pickup' | 'delivery' | 'shipping'> = { 0: 'pickup', 1: 'delivery', 2: 'shipping' };

/** Paying the store itself, later (PAY_AT_STORE, payAtStoreLabel, payLaterProblem): pay-later.ts. */

/** Checkout's order numbers count up per store from 1001: the next after the highest checkout has given. */
export function nextOrderNumber(highest: number | null | undefined): number {
  return Number.isInteger(highest) && highest! >= 1001 ? highest! + 1 : 1001;
}

/** Spec 2 §9 defaults: what a pickup and a local delivery shopper are told to expect. */
export const DEFAULT_PICKUP_DISCLAIMER = 'Please allow time for our team to pull your order. You will be notified when it is ready.';
export const DEFAULT_DELIVERY_DISCLAIMER = 'Someone on our team will reach out to set up a delivery time.';

/** Where business details keep the store's own words for them (spec 1 §3: delivery_settings.delivery_disclaimer, pickup_disclaimer). */
export interface DisclaimerSettings { pickup_disclaimer?: string | null; delivery_settings?: { delivery_disclaimer?: string | null } | null }

/** What a pickup (mode 0) or delivery (mode 1) shopper is told to expect: the store's words, else the default; null for shipping. */
export function fulfilmentDisclaimer(business: DisclaimerSettings | null | undefined, mode: number): string | null {
  const own = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  if (mode === FULFILMENT_MODES.pickup) return own(business?.pickup_disclaimer) ?? DEFAULT_PICKUP_DISCLAIMER;
  if (mode === FULFILMENT_MODES.delivery) return own(business?.delivery_settings?.delivery_disclaimer) ?? DEFAULT_DELIVERY_DISCLAIMER;
  return null;
}

export const OUTSIDE_DELIVERY_AREA = 'The store does not deliver to this zip code. Please choose pickup or shipping.';
export const ORDER_PLACED = 'Thank you! Your order has been placed.';
export const CART_EMPTY_AT_CHECKOUT = 'Your cart is empty. Add products before checking out.';

/**
 * A card payment the shopper's bank must confirm (3-D Secure): the order waits in this status, its stock held,
 * out of every list, until the provider says the payment is held (it is then placed) or not (it is cancelled).
 */
export const AWAITING_PAYMENT = 'awaiting_payment';
export const CONFIRM_WITH_BANK = 'Please confirm the payment with your bank.';
/** submit's 202 when the shopper pays on the card provider's own page (Fiserv Connect). */
export const PAY_ON_CARD_PAGE = "Please enter your card on the payment page.";
export const BANK_DID_NOT_CONFIRM = 'Your bank did not confirm the payment, so the order was not placed. Your cart is kept: please try again or use another card.';
export const BANK_STILL_CONFIRMING = 'Your bank has not confirmed the payment yet. Please finish on its page, then try again.';
/** The card provider approved after the order had been given up (30 minutes without an answer): the money went back at once. */
export const LATE_PAYMENT_RELEASED = 'Your payment arrived after we had stopped waiting for it, so the order was cancelled and nothing stays charged to your card. Your cart is kept: please place the order again.';

/** What the store does with an order, in order: take it, mark it ready (prepared), complete it; or cancel it. */
export type OrderAction = 'take' | 'prepare' | 'complete' | 'cancel';
export const ORDER_STATUS_LABELS: Record<string, string> = {
  awaiting_payment: "Awaiting the bank's confirmation", placed: 'New', taken: 'Taken', preparing: 'Being prepared', prepared: 'Ready', completed: 'Completed', cancelled: 'Cancelled',
};
/** The same statuses in the shopper's words (My Orders). */
export const CUSTOMER_ORDER_STATUS_LABELS: Record<string, string> = {
  placed: 'Placed', taken: 'Received by the store', preparing: 'Being prepared', prepared: 'Ready', completed: 'Completed', cancelled: 'Cancelled',
};
/** One step of an order as its shopper reads it (order detail): what happened, when, and why where they should know. */
export interface OrderTimelineStep { status: string; label: string; at: string; note: string }

/**
 * The shopper's timeline of an order: placed, then each change of status the store made (not the staff's own
 * records, such as an e-mail sent), with the cancel reason or the delivery time where the store gave one.
 */
export function orderTimeline(placedAt: Date | string, history: readonly { status: string; at: Date | string; note?: string | null }[] = []): OrderTimelineStep[] {
  const steps: OrderTimelineStep[] = [{ status: 'placed', label: CUSTOMER_ORDER_STATUS_LABELS.placed, at: new Date(placedAt).toISOString(), note: '' }];
  for (const entry of history) {
    if (entry.status === steps[steps.length - 1].status) continue;
    const note = entry.status === 'cancelled' || entry.status === 'prepared' ? (entry.note ?? '').trim() : '';
    steps.push({ status: entry.status, label: CUSTOMER_ORDER_STATUS_LABELS[entry.status] ?? entry.status, at: new Date(entry.at).toISOString(), note });
  }
  return steps;
}

const NEXT_STATUS: Record<OrderAction, { from: string[]; to: string }> = {
  take: { from: ['placed'], to: 'taken' },
  prepare: { from: ['placed', 'taken', 'preparing'], to: 'prepared' },
  complete: { from: ['prepared'], to: 'completed' },
  cancel: { from: ['placed', 'taken', 'preparing', 'prepared'], to: 'cancelled' },
};

/** The status an action moves an order to, or why it cannot (an order is never moved back, nor out of completed or cancelled). */
export function orderTransition(status: string, action: OrderAction): { ok: true; status: string } | { ok: false; message: string } {
  const rule = NEXT_STATUS[action];
  if (rule.from.includes(status)) return { ok: true, status: rule.to };
  const label = (ORDER_STATUS_LABELS[status] ?? status).toLowerCase();
  if (action === 'complete' && status !== 'completed' && status !== 'cancelled') return { ok: false, message: 'Mark the order ready before completing it.' };
  return { ok: false, message: `This order is ${label} already.` };
}

/**
 * Where preparing an order stands (admin prepareStep/{step}): picking the lines, all picked, packed. Any step of a
 * new, taken or being-prepared order records it and moves the order to being prepared (a taken order starts
 * with its first step); steps may be recorded again or out of order (a repack). A ready, completed or cancelled
 * order takes no step (409); a word that is no step is refused (422).
 */
export const PREPARE_STEPS = ['picking', 'picked', 'packed'] as const;
export type PrepareStep = (typeof PREPARE_STEPS)[number];
export const PREPARE_STEP_LABELS: Record<PrepareStep, string> = { picking: 'Picking', picked: 'Picked', packed: 'Packed' };
export const isPrepareStep = (step: string): step is PrepareStep => (PREPARE_STEPS as readonly string[]).includes(step);
export const UNKNOWN_PREPARE_STEP = 'Choose a step: picking, picked or packed.';
export function prepareStepTransition(status: string, step: string): { ok: true; status: string } | { ok: false; unknownStep: boolean; message: string } {
  if (!isPrepareStep(step)) return { ok: false, unknownStep: true, message: UNKNOWN_PREPARE_STEP };
  if (['placed', 'taken', 'preparing'].includes(status)) return { ok: true, status: 'preparing' };
  return { ok: false, unknownStep: false, message: `This order is ${(ORDER_STATUS_LABELS[status] ?? status).toLowerCase()} already: preparing steps are over.` };
}

/**
 * The day an order is expected (admin updateDeliveryDate): for delivery and shipping orders and for orders with
 * special-order lines still on them, while the order is outstanding; a real day (YYYY-MM-DD), not before
 * `today`. Answers the 409 (status) or 422 (the order or the day) problem, or null.
 */
export function deliveryDateProblem(
  order: { status: string; orderType: string; items: readonly { special?: boolean | null; quantity: number; cancelledQuantity?: number | null }[] },
  date: string, today: string,
): { status: 409 | 422; message: string } | null {
  if (!orderTransition(order.status, 'cancel').ok) return { status: 409, message: `This order is ${(ORDER_STATUS_LABELS[order.status] ?? order.status).toLowerCase()} already: its delivery date cannot change.` };
  const special = order.items.some((l) => l.special && l.quantity - (l.cancelledQuantity ?? 0) > 0);
  if (order.orderType === 'pickup' && !special) return { status: 422, message: 'A pickup order with no special-order items has no delivery date.' };
  if (!isCalendarDay(date)) return { status: 422, message: 'Please give a date as YYYY-MM-DD.' };
  if (date < today) return { status: 422, message: 'The delivery date cannot be in the past.' };
  return null;
}
/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
/** How an expected day reads: 'Thursday, December 3, 2026' (the day as written, no time zone shift). */
export const deliveryDateLabel = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** markPrepared's subAccountId that is not one of the store's staff accounts (spec 3 §4 'mark prepared ... and sub-account'). */
export const PREPARED_BY_NOT_STAFF = "Choose one of the store's staff accounts.";
/** What marking an order ready keeps on its history: the delivery minutes given and the staff member who prepared it. */
export const preparedNote = (input: { deliveryMinutes?: number; preparedBy?: string | null }): string =>
  [input.deliveryMinutes ? `Delivery in about ${input.deliveryMinutes} minutes` : '', input.preparedBy ? `Prepared by ${input.preparedBy}` : ''].filter(Boolean).join('. ');

/** The actions the store can take on an order now, in the order the screen offers them. */
export const orderActions = (status: string): OrderAction[] =>
  (['take', 'prepare', 'complete', 'cancel'] as OrderAction[]).filter((action) => orderTransition(status, action).ok);

/** The store's order lists (spec 3 /admin/orders/list/{type}): by status, or all of them. */
export const ORDER_LISTS = ['outstanding', 'completed', 'cancelled', 'all'] as const;
export type OrderListName = (typeof ORDER_LISTS)[number];
/** The list an order's status puts it in (besides All). */
export const orderListOf = (status: string): Exclude<OrderListName, 'all'> =>
  (status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'outstanding');
/**
 * Where the back office opens an order: one still to be done on Prepare Order, a completed or cancelled one on its
 * Order Details (spec 3 §2; both are the same screen).
 */
export const adminOrderPath = (order: { id: string; status: string }): string =>
  (orderListOf(order.status) === 'outstanding' ? `/admin/prepare-order?id=${encodeURIComponent(order.id)}` : `/admin/order-details/${encodeURIComponent(order.id)}`);

/**
 * The words an order is found by in the admin's search: its number, the e-mail, the phone's 10 digits and each
 * word of the customer's name, lower-case. A search is the same words; an order matches when it has them all.
 */
export function orderSearchTerms(order: { orderNumber: string; customerName?: string; email?: string | null; telephone?: string | null }): string[] {
  const phone = order.telephone ? normalizePhone(order.telephone) : null;
  return [...new Set([
    order.orderNumber.toLowerCase(), ...(order.email ? [order.email.trim().toLowerCase()] : []), ...(phone ? [phone] : []), ...nameWords(order.customerName ?? ''),
  ])];
}

/** What a search box's text is looked up by: a phone (however written) as its digits, else its words. */
export function orderSearchQuery(text: string): string[] {
  const phone = normalizePhone(text);
  if (phone && /^[\d\s()+.-]+$/.test(text.trim())) return [phone];
  return [...new Set(text.trim().toLowerCase().split(/\s+/).filter(Boolean).map((w) => w.replace(/^[#"',]+|[",]+$/g, '')).filter(Boolean))];
}

const nameWords = (name: string) => name.toLowerCase().split(/[\s,]+/).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, '')).filter((w) => w.length >= 2);

/** How a saved card reads (My Account, the Payment step): 'Visa ending in 4242, expires 08/30'. */
export function savedCardLabel(card: { brand: string; last4: string; exp_month: number; exp_year: number }): string {
  return `${card.brand} ending in ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
}

/** An order line's own id: the order's id and the line's place in it ('{orderId}.{index}', admin cancelItem/{itemId}). */
export const orderItemId = (orderId: string, index: number): string => `${orderId}.${index}`;
export function parseOrderItemId(itemId: string): { orderId: string; index: number } | null {
  const found = /^([0-9a-f]{24})\.(\d{1,3})$/.exec(itemId);
  return found ? { orderId: found[1], index: Number(found[2]) } : null;
}

/**
 * What cancelling `quantity` of a line gives back, in cents: the goods, less their share of the order's discount,
 * plus their share of its tax (shares by the goods' part of the subtotal). Fees and the delivery charge stay.
 */
export function cancelledLineCents(order: { subtotalCents: number; discountCents?: number; taxCents?: number }, priceCents: number, quantity: number): number {
  const goods = priceCents * quantity;
  if (!order.subtotalCents) return goods;
  const share = (cents: number | undefined) => Math.round(((cents ?? 0) * goods) / order.subtotalCents);
  return Math.max(0, goods - share(order.discountCents) + share(order.taxCents));
}

/**
 * The units of an order line still counted off the store's shelf: none for a special-order line, else those not
 * cancelled and not given back to stock when the order went to a supplier to drop-ship (`stockReturnedQuantity`).
 * What a cancel or a move gives back or takes, so a unit is never given back twice.
 */
export function shelfUnitsHeld(line: { quantity: number; cancelledQuantity?: number | null; stockReturnedQuantity?: number | null; special?: boolean | null }): number {
  if (line.special) return 0;
  return Math.max(0, line.quantity - (line.cancelledQuantity ?? 0) - (line.stockReturnedQuantity ?? 0));
}

/** Why `quantity` of a line cannot be cancelled (it has `left` not yet cancelled), or null. */
export function itemCancelProblem(left: number, quantity: number): string | null {
  if (left <= 0) return 'Every unit of this line is cancelled already.';
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= left ? null : left === 1 ? 'Only 1 can be cancelled.' : `Cancel between 1 and ${left}.`;
}

/** Why `quantity` of a stocked line cannot be moved to a special order (it has `left` on it), or null. */
export function itemSpecialProblem(left: number, quantity: number): string | null {
  if (left <= 0) return 'Nothing is left on this line to special-order.';
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= left ? null : left === 1 ? 'Only 1 can be special-ordered.' : `Special-order between 1 and ${left}.`;
}

/** The language the Payment step's card form speaks when the shopper's browser names none. */
export const DEFAULT_CHECKOUT_LOCALE = 'en-US';
export const INVALID_LOCALE = 'Please give a language such as en-US.';

/**
 * The shopper's locale as card forms take it: a language with an optional region ('en', 'en-US'; 'en_us' and
 * 'EN-us' are read as 'en-US'); nothing given is en-US; anything else (scripts, extensions, junk) is null.
 */
export function checkoutLocale(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().replace(/_/g, '-');
  if (!text) return DEFAULT_CHECKOUT_LOCALE;
  if (!/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/.test(text)) return null;
  try {
    return Intl.getCanonicalLocales(text)[0] ?? null;
  } catch {
    return null;
  }
}
