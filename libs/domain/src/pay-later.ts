import { cardFormOf, type PublicPaymentSettings } from './card-forms';
import { FULFILMENT_MODES, type FulfilmentMode } from './cart-totals';

/**
 * Paying later, to the store itself (docs/PAYMENTS.md "Paying later"): at the counter for a pickup, to the driver
 * for a local delivery, by phone before a shipped order leaves. One rule for what checkout offers and accepts and for
 * a recurring order's switch (update-recurring-order).
 */
export const PAY_AT_STORE = 'pay_at_store';

type Fulfilment = FulfilmentMode | keyof typeof FULFILMENT_MODES;
const modeOf = (fulfilment: Fulfilment): FulfilmentMode => (typeof fulfilment === 'number' ? fulfilment : FULFILMENT_MODES[fulfilment]);

/** How the store takes its money: whether it takes cards online (its card provider's form is offered at checkout). */
export interface PayLaterStore { takesCardsOnline: boolean }

/** Whether checkout offers cards: the store's provider with a card form the Payment step can show (cardFormOf). */
export const takesCardsOnline = (settings: PublicPaymentSettings | null | undefined): boolean => Boolean(cardFormOf(settings)?.offered);

export const SHIPPED_ORDERS_PAID_BY_CARD = 'This store takes payment for shipped orders by card, not by phone. Please pay by card.';

/**
 * Why an order cannot be paid later, or null. A pickup and a local delivery meet the store's own staff, who take the
 * payment then (a local store commonly takes it on delivery, a recurring run's too). A shipped order meets nobody: it
 * is paid by phone (the store calls before it ships) only where the store takes no cards online; where it does, the
 * shopper pays on the provider's form instead of reading a card number to the store over the phone.
 */
export function payLaterProblem(fulfilment: Fulfilment, store: PayLaterStore): string | null {
  return modeOf(fulfilment) === FULFILMENT_MODES.shipping && store.takesCardsOnline ? SHIPPED_ORDERS_PAID_BY_CARD : null;
}
export const payLaterOffered = (fulfilment: Fulfilment, store: PayLaterStore): boolean => payLaterProblem(fulfilment, store) === null;

/** How paying later reads at checkout and on the order, by how the order reaches the shopper. */
export function payAtStoreLabel(fulfilment: Fulfilment): string {
  const mode = modeOf(fulfilment);
  if (mode === FULFILMENT_MODES.delivery) return 'Pay when your order is delivered';
  if (mode === FULFILMENT_MODES.shipping) return 'Pay by phone: the store calls you to take payment before it ships';
  return 'Pay at the store when you pick up';
}

/** The same, short, as a recurring order's payment and its history show it ('Payment: Visa ending 4242 → Pay on delivery'). */
export function payLaterShortLabel(fulfilment: Fulfilment): string {
  const mode = modeOf(fulfilment);
  return mode === FULFILMENT_MODES.delivery ? 'Pay on delivery' : mode === FULFILMENT_MODES.shipping ? 'Pay by phone' : 'Pay at the store';
}
