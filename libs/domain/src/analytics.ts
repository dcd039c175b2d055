import { formatCents, type Cents } from './money';

/**
 * Spec 1 §4 and spec 2 §7: 'Tracked events use US dollars'. Every storefront e-commerce event names USD,
 * whatever prefix the store shows prices with (currencyPrefix is display only; the stores are American).
 */
export const ANALYTICS_CURRENCY = 'USD';

export type EcommerceEventName = 'view_item' | 'add_to_cart' | 'remove_from_cart';

/** One product line of an event, in the e-commerce event shape tag managers read (GA4's items). */
export interface AnalyticsItem { item_id: string; item_name: string; item_brand: string; price: number; quantity: number }

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: { currency: typeof ANALYTICS_CURRENCY; value: number; items: AnalyticsItem[] };
}

/** A product line as the storefront knows it: unit price in integer cents. */
export interface AnalyticsLine { sku: string; title: string; brand: string | null; unitCents: Cents; quantity: number }

/** Dollars as a number with exactly the cents' value (12.9 for 1290), from integer cents without float sums. */
const dollars = (cents: Cents): number => Number(formatCents(cents));

/**
 * The event the storefront records for a product view or a cart change: US dollars, the value being the sum of
 * the lines (unit price × quantity, summed in cents). Lines with no quantity are left out.
 */
export function ecommerceEvent(event: EcommerceEventName, lines: AnalyticsLine[]): EcommerceEvent {
  const counted = lines.filter((l) => l.quantity > 0);
  const valueCents = counted.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  return {
    event,
    ecommerce: {
      currency: ANALYTICS_CURRENCY,
      value: dollars(valueCents),
      items: counted.map((l) => ({ item_id: l.sku, item_name: l.title, item_brand: l.brand ?? '', price: dollars(l.unitCents), quantity: l.quantity })),
    },
  };
}

/** The event for a cart line going from `before` to `after` units: add_to_cart for the units added, remove_from_cart for those taken out; null when unchanged. */
export function cartChangeEvent(line: Omit<AnalyticsLine, 'quantity'>, before: number, after: number): EcommerceEvent | null {
  if (after === before) return null;
  return ecommerceEvent(after > before ? 'add_to_cart' : 'remove_from_cart', [{ ...line, quantity: Math.abs(after - before) }]);
}
