import { displayPrice } from './money';
import type { CouponRule } from './coupons';

/** The promo pop-up opens at most once a day (spec 1 §9). */
export const PROMO_POPUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_COUPON_COLOR = '#3BC43B';
export const DEFAULT_COUPON_BUTTON = 'Get Coupon';

type Discount = Pick<CouponRule, 'kind' | 'amountCents' | 'percentBp'>;

/** '15%' for a percentage (12.5% keeps its half), '$10' or '$7.50' for a flat amount ('' for free delivery or shipping). */
export function discountAmountLabel(rule: Discount, currencyPrefix = '$'): string {
  if (rule.kind === 'percent') return `${Number((rule.percentBp / 100).toFixed(2))}%`;
  if (rule.kind !== 'flat') return '';
  return rule.amountCents % 100 === 0 ? `${currencyPrefix}${rule.amountCents / 100}` : displayPrice(rule.amountCents, currencyPrefix);
}

/** What a code gives, as a promotion card and the cart's discount_label say it: '15% OFF', '$10 OFF', 'FREE DELIVERY', 'FREE SHIPPING'. */
export function couponLabel(rule: Discount, currencyPrefix = '$'): string {
  if (rule.kind === 'free_delivery') return 'FREE DELIVERY';
  if (rule.kind === 'free_shipping') return 'FREE SHIPPING';
  return `${discountAmountLabel(rule, currencyPrefix)} OFF`;
}

/** The success line of a promotion redeemed from the pop-up, a promotion page or a coupon widget. */
export function promoAppliedMessage(rule: Discount, currencyPrefix = '$'): string {
  return `Congratulations, Your ${couponLabel(rule, currencyPrefix)} Promo Is Now Applied!`;
}

/** Is the code in force now: switched on, started, not expired. */
export function isCouponCurrent(rule: Pick<CouponRule, 'active' | 'startsAt' | 'expiresAt'>, now: Date): boolean {
  return rule.active && (!rule.startsAt || rule.startsAt <= now) && (!rule.expiresAt || rule.expiresAt >= now);
}

/** What the browser keeps about the pop-up: the last promotion shown and when to ask the server again. */
export interface PromoPopupRecord { slug: string | null; expires: number }

/** Ask the server only when nothing is kept or the day has passed. */
export const promoPopupDue = (record: PromoPopupRecord | null, now: number) => !record || record.expires <= now;

/** Open it only for a promotion other than the one shown last. */
export const opensPromoPopup = (record: PromoPopupRecord | null, slug: string | null | undefined): slug is string => Boolean(slug) && slug !== record?.slug;

export interface CountdownPart { value: string; unit: 'days' | 'hours' | 'minutes' | 'seconds' }

/**
 * A countdown's parts for the time left: zero-padded, days only when there are some. Time already past
 * reads as zero (a countdown stops at its end).
 */
export function countdownParts(msLeft: number): CountdownPart[] {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(total / 86400);
  const parts: CountdownPart[] = days ? [{ value: pad(days), unit: 'days' }] : [];
  parts.push({ value: pad(Math.floor((total % 86400) / 3600)), unit: 'hours' }, { value: pad(Math.floor((total % 3600) / 60)), unit: 'minutes' }, { value: pad(total % 60), unit: 'seconds' });
  return parts;
}
