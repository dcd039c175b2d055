import { displayPrice } from './money';

export const PROMO_CODE_MIN_LENGTH = 3;
export const COUPON_KINDS = ['flat', 'percent', 'free_delivery', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const PROMO_CODE_TOO_SHORT = 'Promo code should be greater than 3 characters';
/** The title of the success dialog that shows the store's message when a promo code is redeemed (spec 1 §8). */
export const PROMO_APPLIED_TITLE = 'Promo Code Applied';

/**
 * A store's promo code, amounts in integer cents and percentages in basis points. Kinds: an amount or a share off
 * the goods, or the delivery or shipping charge taken off (free_delivery, free_shipping).
 */
export interface CouponRule {
  code: string;
  kind: CouponKind;
  amountCents: number;
  percentBp: number;
  minSubtotalCents: number;
  startsAt: Date | null;
  expiresAt: Date | null;
  active: boolean;
  /** A customer may use it for one order only (so guests must sign in first). */
  oncePerCustomer?: boolean;
}

/** Who is redeeming, for codes limited to one use per customer. */
export interface CouponShopper { signedIn: boolean; usedBefore: boolean }

export type CouponVerdict = { ok: true; discountCents: number } | { ok: false; message: string };

/** The code as typed, trimmed and upper-case; codes match without case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/** Is the code long enough to ask the server about? The same rule guards the route. */
export function promoCodeProblem(code: string): string | null {
  return normalizeCouponCode(code).length < PROMO_CODE_MIN_LENGTH ? PROMO_CODE_TOO_SHORT : null;
}

/** Once-per-customer codes: a guest must sign in, and a customer may use it once. */
export function couponShopperProblem(coupon: Pick<CouponRule, 'oncePerCustomer'>, shopper?: CouponShopper): string | null {
  if (!coupon.oncePerCustomer || !shopper) return null;
  if (!shopper.signedIn) return 'Please sign in to use this promo code.';
  return shopper.usedBefore ? 'You have already used this promo code.' : null;
}

/**
 * What a coupon takes off a subtotal now: never more than the subtotal, never negative. Refusals carry the
 * message the shopper sees.
 */
export function couponDiscount(coupon: CouponRule | null, subtotalCents: number, now: Date, currencyPrefix = '$', shopper?: CouponShopper): CouponVerdict {
  if (!coupon || !coupon.active) return { ok: false, message: 'This promo code is not valid.' };
  const shopperProblem = couponShopperProblem(coupon, shopper);
  if (shopperProblem) return { ok: false, message: shopperProblem };
  if (coupon.startsAt && now < coupon.startsAt) return { ok: false, message: 'This promo code is not active yet.' };
  if (coupon.expiresAt && now > coupon.expiresAt) return { ok: false, message: 'This promo code has expired.' };
  if (subtotalCents < coupon.minSubtotalCents) {
    return { ok: false, message: `Spend ${displayPrice(coupon.minSubtotalCents, currencyPrefix)} or more to use this promo code.` };
  }
  if (coupon.kind === 'free_delivery' || coupon.kind === 'free_shipping') return { ok: true, discountCents: 0 };
  const raw = coupon.kind === 'flat' ? coupon.amountCents : Math.round((subtotalCents * coupon.percentBp) / 10000);
  return { ok: true, discountCents: Math.min(Math.max(0, raw), Math.max(0, subtotalCents)) };
}

/** What a valid coupon takes off the delivery (mode 1) or shipping (mode 2) charge: all of it for its free kind, else nothing. */
export function couponFulfilmentDiscount(coupon: Pick<CouponRule, 'kind'> | null, mode: number, chargeCents: number): number {
  const frees = (coupon?.kind === 'free_delivery' && mode === 1) || (coupon?.kind === 'free_shipping' && mode === 2);
  return frees ? Math.max(0, chargeCents) : 0;
}

/** Why a valid free-delivery or free-shipping code takes nothing off now (another mode is chosen); null otherwise. */
export function couponModeNote(coupon: Pick<CouponRule, 'kind'> | null, mode: number): string | null {
  if (coupon?.kind === 'free_delivery' && mode !== 1) return 'This promo code gives free delivery: choose Delivery to use it.';
  if (coupon?.kind === 'free_shipping' && mode !== 2) return 'This promo code gives free shipping: choose Shipping to use it.';
  return null;
}


/** The admin coupon form as typed (POST add-coupon, update-coupon): money in dollars, the percentage in percent, dates ISO. */
export interface CouponInput {
  code: string;
  kind: CouponKind;
  /** '10.00' off for flat, '15' (percent) for percent; not read for the free kinds. */
  discount: string;
  /** '' or '50.00'. */
  min_subtotal: string;
  starts_at: string | null;
  ends_at: string | null;
  name: string;
  description: string;
  disclaimer: string;
  once_per_customer: boolean;
  active: boolean;
  /** A card in the home page's Coupons & Highlights slider. */
  in_slider: boolean;
  style: 1 | 2 | 3;
  coupon_title: string;
  button_title: string;
  background_color: string;
  bottom_text: string;
}

/** What is stored: integer cents and basis points. */
export interface CouponFields {
  code: string; kind: CouponKind; amountCents: number; percentBp: number; minSubtotalCents: number; startsAt: Date | null; expiresAt: Date | null;
  name: string; description: string; disclaimer: string; oncePerCustomer: boolean; active: boolean;
  inSlider: boolean; style: 1 | 2 | 3; couponTitle: string; buttonTitle: string; backgroundColor: string; bottomText: string;
}

export const COUPON_CODE_PROBLEM = 'Enter a code of 3 to 30 letters, digits, dashes or underscores.';
export const COUPON_AMOUNT_PROBLEM = 'Enter the amount off in dollars and cents, e.g. 10.00.';
export const COUPON_PERCENT_PROBLEM = 'Enter the percentage off, from 1 to 100.';
export const COUPON_MIN_PROBLEM = 'Enter the smallest order in dollars and cents, e.g. 50.00, or leave it empty.';
export const COUPON_DATE_PROBLEM = 'Enter a date, or leave it empty.';
export const COUPON_DATES_ORDER = 'The end date must be after the start date.';
export const COUPON_COLOR_PROBLEM = 'Enter a colour as #RRGGBB, or leave it empty for the default green.';
export const COUPON_CODE_TAKEN = 'Another coupon already has this code.';
export const COUPON_NOT_FOUND = 'Coupon not found.';
export const REMOVE_COUPON_QUESTION = 'Do you want to remove this coupon?';
const COUPON_MAX_CENTS = 10_000_000;

const cents = (typed: string, allowZero: boolean): number | null => {
  const match = /^\$?(\d{1,6})(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return (allowZero || value > 0) && value <= COUPON_MAX_CENTS ? value : null;
};
const basisPoints = (typed: string): number | null => {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/.exec(typed.trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value >= 100 && value <= 10_000 ? value : null;
};
/** An ISO date or date-time; undefined when it is not one. */
const dateOf = (typed: string | null): Date | null | undefined => {
  if (typed === null || typed.trim() === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(typed.trim())) return undefined;
  const at = new Date(typed.trim());
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/** The form checked (the screen and the server use this one rule); problems by field, in the form's order. */
export function couponFromInput(input: CouponInput): { ok: true; value: CouponFields } | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const code = normalizeCouponCode(input.code);
  if (!/^[A-Z0-9][A-Z0-9_-]{2,29}$/.test(code)) problems.code = COUPON_CODE_PROBLEM;
  if (!COUPON_KINDS.includes(input.kind)) problems.kind = 'Choose what the coupon takes off.';
  const amountCents = input.kind === 'flat' ? cents(input.discount, false) : 0;
  const percentBp = input.kind === 'percent' ? basisPoints(input.discount) : 0;
  if (amountCents === null) problems.discount = COUPON_AMOUNT_PROBLEM;
  if (percentBp === null) problems.discount = COUPON_PERCENT_PROBLEM;
  const minSubtotalCents = input.min_subtotal.trim() === '' ? 0 : cents(input.min_subtotal, true);
  if (minSubtotalCents === null) problems.min_subtotal = COUPON_MIN_PROBLEM;
  const startsAt = dateOf(input.starts_at);
  const expiresAt = dateOf(input.ends_at);
  if (startsAt === undefined) problems.starts_at = COUPON_DATE_PROBLEM;
  if (expiresAt === undefined) problems.ends_at = COUPON_DATE_PROBLEM;
  else if (expiresAt && startsAt && expiresAt <= startsAt) problems.ends_at = COUPON_DATES_ORDER;
  const backgroundColor = input.background_color.trim();
  if (backgroundColor && !/^#[0-9a-fA-F]{6}$/.test(backgroundColor)) problems.background_color = COUPON_COLOR_PROBLEM;
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    value: {
      code, kind: input.kind, amountCents: amountCents!, percentBp: percentBp!, minSubtotalCents: minSubtotalCents!, startsAt: startsAt!, expiresAt: expiresAt!,
      name: input.name.trim(), description: input.description.trim(), disclaimer: input.disclaimer.trim(), oncePerCustomer: input.once_per_customer, active: input.active,
      inSlider: input.in_slider, style: input.style, couponTitle: input.coupon_title.trim(), buttonTitle: input.button_title.trim(), backgroundColor, bottomText: input.bottom_text.trim(),
    },
  };
}

/** A slug for a coupon's promotion page, from its code: 'SPRING_15' → 'spring-15'. */
export const couponSlug = (code: string) => normalizeCouponCode(code).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'coupon';
