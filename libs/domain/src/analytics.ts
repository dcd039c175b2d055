import { formatCents, toCents, type Cents } from './money';

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

/**
 * GA4's `purchase`, for the checkout's Done step: transaction_id is the order number; value is what the goods
 * came to (after discounts, with the additional and special-order fees) without tax and the delivery or shipping
 * charge, which go in tax and shipping, so value + tax + shipping is the order's total. US dollars.
 */
export interface PurchaseEvent {
  event: 'purchase';
  ecommerce: { transaction_id: string; currency: typeof ANALYTICS_CURRENCY; value: number; tax: number; shipping: number; items: AnalyticsItem[] };
}

/** Any event the storefront hands to the page's tag manager. */
export type AnalyticsEvent = EcommerceEvent | PurchaseEvent;

/** The placed order as the purchase event reads it (the API's PlacedOrder: amounts as 2-decimal strings, unit prices). */
export interface PurchasedOrder {
  order_number: string;
  total: string;
  tax: string;
  /** Local delivery fee or shipping charge. */
  fulfilment_charge: string;
  items: { sku: string; title: string; price: string; quantity: number; cancelled_quantity: number }[];
}

/** The purchase event of a placed order; lines the store cancelled whole are left out, partly cancelled ones count what is left. */
export function purchaseEvent(order: PurchasedOrder): PurchaseEvent {
  const taxCents = toCents(order.tax);
  const shippingCents = toCents(order.fulfilment_charge);
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: order.order_number,
      currency: ANALYTICS_CURRENCY,
      value: dollars(Math.max(0, toCents(order.total) - taxCents - shippingCents)),
      tax: dollars(taxCents),
      shipping: dollars(shippingCents),
      items: order.items
        .map((item) => ({ item_id: item.sku, item_name: item.title, item_brand: '', price: dollars(toCents(item.price)), quantity: item.quantity - item.cancelled_quantity }))
        .filter((item) => item.quantity > 0),
    },
  };
}
