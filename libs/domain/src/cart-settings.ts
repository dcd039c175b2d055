/**
 * The cart settings of spec 1 §3 "Store settings" (GET settings `cart`), as the owner sets them
 * (POST admin/settings/cart): how the cart and checkout show tax, the additional fees and the delivery zip, and
 * the vendors whose out-of-stock items shoppers may special-order.
 */
export interface CartSettings {
  /** Tax rows are left out of the cart's and checkout's totals (the total still includes them). */
  hideTax: boolean;
  /** Shown under the tax in the cart's and checkout's totals; empty: nothing. */
  taxDisclaimer: string;
  /** The additional fees are shown inside the subtotal instead of on their own line. */
  mergeAdditionalFeeWithSubtotal: boolean;
  /** The cart's delivery zip box is not shown (checkout still asks for the address). */
  hideDeliveryZipcode: boolean;
  /** Vendor numbers whose out-of-stock items may be special-ordered (spec 1 §4 'the vendor allows special orders'). */
  allowSpecialOrderVendors: number[];
}

export const CART_SETTING_KEYS = ['hideTax', 'taxDisclaimer', 'mergeAdditionalFeeWithSubtotal', 'hideDeliveryZipcode', 'allowSpecialOrderVendors'] as const satisfies readonly (keyof CartSettings)[];
export const CART_SETTING_FLAGS = ['hideTax', 'mergeAdditionalFeeWithSubtotal', 'hideDeliveryZipcode'] as const satisfies readonly (keyof CartSettings)[];

export const TAX_DISCLAIMER_MAX = 300;
export const MAX_SPECIAL_ORDER_VENDORS = 100;
export const MAX_VENDOR_NUMBER = 99_999_999;
export const TAX_DISCLAIMER_TOO_LONG = `Keep the tax note to ${TAX_DISCLAIMER_MAX} characters or fewer.`;
export const NOT_ON_OR_OFF = 'Choose on or off.';
export const BAD_VENDOR_NUMBER = `Enter vendor numbers as whole numbers from 1 to ${MAX_VENDOR_NUMBER}, separated by commas.`;
export const TOO_MANY_VENDORS = `List at most ${MAX_SPECIAL_ORDER_VENDORS} vendors.`;

/** Field problems of any of the cart settings (a save may send some of them), keyed as the API names them. */
export function cartSettingsProblems(input: Partial<Record<keyof CartSettings, unknown>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of CART_SETTING_FLAGS) if (key in input && typeof input[key] !== 'boolean') problems[key] = NOT_ON_OR_OFF;
  if ('taxDisclaimer' in input) {
    const note = input.taxDisclaimer;
    if (typeof note !== 'string' || note.trim().length > TAX_DISCLAIMER_MAX) problems.taxDisclaimer = TAX_DISCLAIMER_TOO_LONG;
  }
  if ('allowSpecialOrderVendors' in input) {
    const vendors = input.allowSpecialOrderVendors;
    if (!Array.isArray(vendors) || vendors.some((v) => !Number.isInteger(v) || v < 1 || v > MAX_VENDOR_NUMBER)) problems.allowSpecialOrderVendors = BAD_VENDOR_NUMBER;
    else if (new Set(vendors).size > MAX_SPECIAL_ORDER_VENDORS) problems.allowSpecialOrderVendors = TOO_MANY_VENDORS;
  }
  return problems;
}

/** The settings as stored: the note trimmed, each vendor once, in order. */
export function normalizeCartSettings<T extends Partial<CartSettings>>(input: T): T {
  const out = { ...input };
  if (typeof out.taxDisclaimer === 'string') out.taxDisclaimer = out.taxDisclaimer.trim();
  if (Array.isArray(out.allowSpecialOrderVendors)) out.allowSpecialOrderVendors = [...new Set(out.allowSpecialOrderVendors)].sort((a, b) => a - b);
  return out;
}

/** The vendor box's text ('2020, 15') as numbers; a word that is no whole number stays NaN so the rule names it. */
export function parseVendorNumbers(text: string): number[] {
  return text.split(/[\s,;]+/).filter(Boolean).map((word) => (/^\d+$/.test(word) ? Number(word) : Number.NaN));
}
