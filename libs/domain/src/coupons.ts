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
