import type { AnalyticsEvent, PurchaseEvent } from '@platform/domain';
import { getSession } from './session';

declare global {
  interface Window { dataLayer?: unknown[] }
}

/**
 * Hands a storefront e-commerce event (libs/domain ecommerceEvent, purchaseEvent: US dollars) to the page's tag
 * manager through `window.dataLayer`, the queue Google Tag Manager and most pixels read; a store that adds none
 * loses nothing. Staff are not tracked (spec 1 §6).
 */
export function recordEcommerce(event: AnalyticsEvent | null): void {
  if (!event || typeof window === 'undefined' || getSession()?.is_admin) return;
  const layer = (window.dataLayer ??= []);
  // GA4's advice: clear the previous event's ecommerce object so its items do not merge into this one.
  layer.push({ ecommerce: null });
  layer.push(event);
}

/** Order numbers placed in this tab (checkout's submit or the return from the bank): only their Done step records a purchase. */
const PLACED_HERE = 'platform.analytics.placed-orders';
/** Order numbers whose purchase this tab has recorded: Done shown again (a reload) records nothing. */
const PURCHASES_SENT = 'platform.analytics.purchases-sent';
/** The last order numbers kept in each list (a tab places a few orders at most). */
const KEPT = 20;

function idsIn(key: string): string[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
function addId(key: string, id: string): void {
  try {
    sessionStorage.setItem(key, JSON.stringify([...idsIn(key).filter((kept) => kept !== id), id].slice(-KEPT)));
  } catch { /* storage refused (private mode, full): nothing is remembered */ }
}

/** Checkout placed this order in this tab: its Done step may record the purchase. */
export function notePlacedOrder(orderNumber: string): void {
  if (typeof window !== 'undefined') addId(PLACED_HERE, orderNumber);
}

/**
 * Records a placed order's purchase once: only for an order placed in this tab, and not again when Done shows
 * it again (a reload, Back). The same order opened from the confirmation e-mail's link or My Orders records nothing.
 */
export function recordPurchase(event: PurchaseEvent): void {
  if (typeof window === 'undefined') return;
  const order = event.ecommerce.transaction_id;
  if (!idsIn(PLACED_HERE).includes(order) || idsIn(PURCHASES_SENT).includes(order)) return;
  addId(PURCHASES_SENT, order);
  recordEcommerce(event);
}
