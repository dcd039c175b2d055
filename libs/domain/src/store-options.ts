/**
 * The selling options a store owner sets in the setup wizard (Fulfillment Options, Special Order Items,
 * Tax Rate): the business-details fields the cart, the product page and the totals already read.
 */
export interface StoreOptions {
  pickup_enabled: boolean;
  delivery_enabled: boolean;
  shipping_enabled: boolean;
  /** Zips the store delivers to; the lower fee from a minimum subtotal is kept as it was (no field here). */
  delivery_locations: { code: string; fee: string; minThreshold: string | null; thresholdFee: string | null }[];
  show_oos_special: boolean;
  /** Guests confirm their mobile number with a texted 4-digit code before they order (spec 2 Phone verification input). */
  verify_phone_at_checkout: boolean;
  /** Signed-in shoppers may repeat an order they place (spec 3 admin/fulfillment/saveRecurringOrderOptIn). */
  recurring_orders_enabled: boolean;
  special_order_fee: string;
  special_order_sla: string;
  tax_rates: { location_id: number; rate: string }[];
  /** What pickup and delivery shoppers are told to expect (cart, checkout, confirmation); blank: the default words. */
  pickup_disclaimer: string;
  delivery_settings: { delivery_disclaimer: string };
}
export const STORE_OPTION_KEYS = [
  'pickup_enabled', 'delivery_enabled', 'shipping_enabled', 'delivery_locations', 'verify_phone_at_checkout', 'recurring_orders_enabled', 'show_oos_special', 'special_order_fee', 'special_order_sla', 'tax_rates',
  'pickup_disclaimer', 'delivery_settings',
] as const satisfies readonly (keyof StoreOptions)[];

/** The selling options out of anything that carries them (the business details). */
export function pickStoreOptions(source: StoreOptions): StoreOptions {
  return Object.fromEntries(STORE_OPTION_KEYS.map((key) => [key, source[key]])) as unknown as StoreOptions;
}

export const NO_FULFILMENT_MODE = 'Choose at least one way for shoppers to get their order.';
export const DELIVERY_NEEDS_ZIPS = 'Add at least one zip code you deliver to, or turn local delivery off.';
export const INVALID_ZIP = 'Enter a 5-digit zip code.';
export const ZIP_LISTED_TWICE = 'This zip code is already in the list.';
export const INVALID_AMOUNT = 'Enter an amount in dollars and cents, e.g. 5.00.';
export const INVALID_SLA = 'Say how long special orders usually take, e.g. 3-8 days (at most 40 characters).';
export const INVALID_TAX_RATE = 'Enter a rate from 0 to 20 percent, e.g. 8.25.';
export const DISCLAIMER_MAX_LENGTH = 500;
export const DISCLAIMER_TOO_LONG = `Keep it to ${DISCLAIMER_MAX_LENGTH} characters or fewer.`;

const ZIP = /^\d{5}$/;
const AMOUNT = /^\d{1,5}(\.\d{1,2})?$/;
const RATE = /^\d{1,2}(\.\d{1,3})?$/;

/** An amount as typed ('5', '5.5', '$5.50') in the stored form '5.50'; null when it is not one. */
export function normalizeAmount(typed: string): string | null {
  const text = typed.trim().replace(/^\$/, '');
  if (!AMOUNT.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return `${Number(whole)}.${fraction.padEnd(2, '0')}`;
}

/**
 * Field problems keyed as the API names them (pickup_enabled, delivery_locations.0.code, tax_rates.1.rate):
 * at least one way to get an order; delivery only with zips to deliver to; fees as money; a lead time to
 * show; tax rates from 0 to 20 percent.
 */
export function storeOptionsProblems(options: StoreOptions): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!options.pickup_enabled && !options.delivery_enabled && !options.shipping_enabled) problems.pickup_enabled = NO_FULFILMENT_MODE;
  if (options.delivery_enabled && !options.delivery_locations.length) problems.delivery_locations = DELIVERY_NEEDS_ZIPS;
  const seen = new Set<string>();
  options.delivery_locations.forEach((zone, index) => {
    const code = zone.code.trim();
    if (!ZIP.test(code)) problems[`delivery_locations.${index}.code`] = INVALID_ZIP;
    else if (seen.has(code)) problems[`delivery_locations.${index}.code`] = ZIP_LISTED_TWICE;
    seen.add(code);
    for (const key of ['fee', 'minThreshold', 'thresholdFee'] as const) {
      const amount = zone[key];
      if ((key === 'fee' || amount !== null) && normalizeAmount(amount ?? '') === null) problems[`delivery_locations.${index}.${key}`] = INVALID_AMOUNT;
    }
  });
  if (normalizeAmount(options.special_order_fee) === null) problems.special_order_fee = INVALID_AMOUNT;
  const sla = options.special_order_sla.trim();
  if (!sla || sla.length > 40) problems.special_order_sla = INVALID_SLA;
  options.tax_rates.forEach((r, index) => {
    const rate = r.rate.trim();
    if (!RATE.test(rate) || Number(rate) > 20) problems[`tax_rates.${index}.rate`] = INVALID_TAX_RATE;
  });
  if (options.pickup_disclaimer.trim().length > DISCLAIMER_MAX_LENGTH) problems.pickup_disclaimer = DISCLAIMER_TOO_LONG;
  if (options.delivery_settings.delivery_disclaimer.trim().length > DISCLAIMER_MAX_LENGTH) problems['delivery_settings.delivery_disclaimer'] = DISCLAIMER_TOO_LONG;
  return problems;
}

/** The options as stored: zips and texts trimmed, amounts as '5.00', rates without stray spaces. */
export function normalizeStoreOptions(options: StoreOptions): StoreOptions {
  return {
    ...options,
    delivery_locations: options.delivery_locations.map((z) => ({
      code: z.code.trim(), fee: normalizeAmount(z.fee) ?? z.fee,
      minThreshold: z.minThreshold === null ? null : normalizeAmount(z.minThreshold), thresholdFee: z.thresholdFee === null ? null : normalizeAmount(z.thresholdFee),
    })),
    special_order_fee: normalizeAmount(options.special_order_fee) ?? options.special_order_fee,
    special_order_sla: options.special_order_sla.trim(),
    tax_rates: options.tax_rates.map((r) => ({ location_id: r.location_id, rate: String(Number(r.rate.trim())) })),
    pickup_disclaimer: options.pickup_disclaimer.trim(),
    delivery_settings: { ...options.delivery_settings, delivery_disclaimer: options.delivery_settings.delivery_disclaimer.trim() },
  };
}
