import { displayPrice } from './money';
import { couponFulfilmentDiscount, type CouponRule } from './coupons';

/** Cart delivery modes (spec 1 §4): 0 pickup, 1 local delivery, 2 shipping. */
export const FULFILMENT_MODES = { pickup: 0, delivery: 1, shipping: 2 } as const;
export type FulfilmentMode = (typeof FULFILMENT_MODES)[keyof typeof FULFILMENT_MODES];

export interface ModeSwitches { pickup: boolean; delivery: boolean; shipping: boolean }

/** The modes a cart offers: the cart's checkout types when it has them, else the business flags. */
export function enabledModes(cartTypes: ModeSwitches | null | undefined, business: { pickup_enabled: boolean; delivery_enabled: boolean; shipping_enabled: boolean }): FulfilmentMode[] {
  const switches = cartTypes ?? { pickup: business.pickup_enabled, delivery: business.delivery_enabled, shipping: business.shipping_enabled };
  return ([['pickup', 0], ['delivery', 1], ['shipping', 2]] as const).filter(([name]) => switches[name]).map(([, mode]) => mode);
}

/**
 * The last choice when it is still offered, else pickup (spec 1 §4 "Cart page modes"); where pickup is not offered
 * either (a shipping-only store, or a cart whose lines rule delivery out at a store without pickup), the first mode offered.
 */
export function restoreMode(remembered: number | null | undefined, enabled: FulfilmentMode[]): FulfilmentMode {
  if (enabled.includes(remembered as FulfilmentMode)) return remembered as FulfilmentMode;
  return enabled.includes(FULFILMENT_MODES.pickup) || enabled.length === 0 ? FULFILMENT_MODES.pickup : enabled[0];
}

/** A zip the store delivers to: fee, and a lower fee (often 0) from a minimum subtotal. All in cents. */
export interface DeliveryZone { code: string; feeCents: number; minThresholdCents: number | null; thresholdFeeCents: number | null }
/** feeCents is what the zone charges this subtotal; regularCents its fee before the minimum-subtotal rule. */
export type DeliveryFee = { ok: true; feeCents: number; regularCents: number } | { ok: false; error: 'no-zipcode' | 'invalid-zipcode' };

/** Local delivery fee by zip: missing → no-zipcode; malformed or not served → invalid-zipcode. */
export function deliveryFee(zip: string | null | undefined, subtotalCents: number, zones: DeliveryZone[]): DeliveryFee {
  const code = (zip ?? '').trim();
  if (!code) return { ok: false, error: 'no-zipcode' };
  const five = /^(\d{5})(-\d{4})?$/.exec(code)?.[1];
  const zone = five ? zones.find((z) => z.code === five) : undefined;
  if (!zone) return { ok: false, error: 'invalid-zipcode' };
  const reached = zone.minThresholdCents !== null && zone.thresholdFeeCents !== null && subtotalCents >= zone.minThresholdCents;
  return { ok: true, feeCents: reached ? zone.thresholdFeeCents! : zone.feeCents, regularCents: zone.feeCents };
}

/** The delivery or shipping line of the totals, in cents: the fee, what comes off it (couponCents of that by a code), and what the shopper pays. */
export interface FulfilmentLine { feeCents: number; discountCents: number; couponCents: number; chargeCents: number }

/**
 * Spec 1 §3 discount_delivery / discount_shipping: off the regular fee come the zone's lower fee from its minimum
 * subtotal (delivery locations' thresholdFee), then the rest with a free-delivery or free-shipping code that applies.
 */
export function fulfilmentLine(fee: { regularCents: number; chargedCents: number }, coupon: Pick<CouponRule, 'kind'> | null, mode: number): FulfilmentLine {
  const charged = Math.max(0, fee.chargedCents);
  const feeCents = Math.max(fee.regularCents, charged);
  const couponOff = couponFulfilmentDiscount(coupon, mode, charged);
  return { feeCents, discountCents: feeCents - charged + couponOff, couponCents: couponOff, chargeCents: charged - couponOff };
}

/** The delivery charge line: 'Add address to calculate' without a usable zip, 'FREE' at 0, else the fee. */
export function deliveryChargeLabel(fee: DeliveryFee | { ok: true; feeCents: number }, currencyPrefix = '$'): string {
  if (!fee.ok) return 'Add address to calculate';
  return fee.feeCents === 0 ? 'FREE' : displayPrice(fee.feeCents, currencyPrefix);
}

/** The cart's additional_fee_details: each fee message once, its price impact times the quantity of every line that carries it. */
export function cartFeeDetails(lines: { quantity: number; fees: { message: string; priceImpactCents: number }[] }[]): { message: string; cents: number }[] {
  const byMessage = new Map<string, number>();
  for (const line of lines) for (const fee of line.fees) byMessage.set(fee.message, (byMessage.get(fee.message) ?? 0) + fee.priceImpactCents * line.quantity);
  return [...byMessage].map(([message, cents]) => ({ message, cents }));
}

/** Tax in cents on an amount at a rate in basis points (825 = 8.25 %), rounded half up. */
export function taxCents(amountCents: number, rateBasisPoints: number): number {
  return Math.round((Math.max(0, amountCents) * rateBasisPoints) / 10000);
}

export interface TotalsInput {
  subtotalCents: number;
  additionalFeesCents: number;
  discountCents: number;
  specialOrderFeeCents: number;
  taxCents: number;
  mode: FulfilmentMode;
  /** Local delivery fee (mode 1) or shipping charge (mode 2); ignored for pickup. */
  fulfilmentCents: number;
  fulfilmentDiscountCents: number;
  mergeAdditionalFeeWithSubtotal?: boolean;
}

export interface Totals {
  /** What the subtotal line shows (with the additional fees inside when merged). */
  subtotalCents: number;
  /** What the additional fees line shows (0 when merged into the subtotal). */
  additionalFeesCents: number;
  discountCents: number;
  specialOrderFeeCents: number;
  taxCents: number;
  fulfilmentCents: number;
  totalCents: number;
}

/**
 * Spec 1 §4 "Cart totals": subtotal + additional fees - discount + special-order fee + tax + delivery or
 * shipping minus its discount. A discount never takes the goods or the fulfilment charge below zero.
 */
export function cartTotals(input: TotalsInput): Totals {
  const goods = input.subtotalCents + input.additionalFeesCents;
  const discount = Math.min(Math.max(0, input.discountCents), goods);
  const charge = input.mode === FULFILMENT_MODES.pickup ? 0 : Math.max(0, input.fulfilmentCents - Math.max(0, input.fulfilmentDiscountCents));
  const total = goods - discount + input.specialOrderFeeCents + input.taxCents + charge;
  return {
    subtotalCents: input.mergeAdditionalFeeWithSubtotal ? goods : input.subtotalCents,
    additionalFeesCents: input.mergeAdditionalFeeWithSubtotal ? 0 : input.additionalFeesCents,
    discountCents: discount,
    specialOrderFeeCents: input.specialOrderFeeCents,
    taxCents: input.taxCents,
    fulfilmentCents: charge,
    totalCents: Math.max(0, total),
  };
}

/** Tax configuration of a store: a rate per location, rates by destination zip, and extra rows. Rates in basis points. */
export interface TaxSetup {
  locationRateBp: number;
  destinationRates: { zip: string; rateBp: number }[];
  otherRows: { label: string; rateBp: number }[];
}
export interface TaxRow { label: string; cents: number }

/**
 * Sales tax on the taxable amount: the store location's rate for pickup, the destination zip's rate for
 * delivery and shipping when one is configured (else the location's), plus any other tax rows.
 */
export function cartTax(taxableCents: number, mode: FulfilmentMode, zip: string | null | undefined, setup: TaxSetup): { rows: TaxRow[]; cents: number } {
  const five = /^(\d{5})/.exec((zip ?? '').trim())?.[1];
  const destination = mode !== FULFILMENT_MODES.pickup && five ? setup.destinationRates.find((r) => r.zip === five) : undefined;
  const rows: TaxRow[] = [{ label: 'Tax', cents: taxCents(taxableCents, destination?.rateBp ?? setup.locationRateBp) }];
  for (const other of setup.otherRows) rows.push({ label: other.label, cents: taxCents(taxableCents, other.rateBp) });
  return { rows, cents: rows.reduce((sum, r) => sum + r.cents, 0) };
}

/** A percentage as stores type it ('8.25') in basis points (825); anything else is 0. */
export function percentToBasisPoints(percent: string | number): number {
  const value = typeof percent === 'number' ? percent : Number(percent);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : 0;
}
