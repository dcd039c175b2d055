// Promo codes a store advertises and the coupon cards that show them.
import { Type, type Static } from 'typebox';
import { Money } from './common';

/** A promo code the store advertises (spec 1 "Promo pop-up data", "Coupon widget options"); private codes are not listed. */
export const Promotion = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  code: Type.String(),
  description: Type.String(),
  disclaimer: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  /** '15' for 15 %, '10.00' for a flat amount. */
  discount: Type.String(),
  discount_type: Type.Union([Type.Literal('percentage'), Type.Literal('flat')]),
  /** '15% OFF', '$10 OFF'. */
  discount_label: Type.String(),
  min_subtotal: Money,
  starts_at: Type.Union([Type.String(), Type.Null()]),
  ends_at: Type.Union([Type.String(), Type.Null()]),
  popup_redirect_url: Type.Union([Type.String(), Type.Null()]),
  hide_popup_text: Type.Boolean(),
  /** Only signed-in customers may use it, once each. */
  once_per_customer: Type.Boolean(),
});
export type Promotion = Static<typeof Promotion>;

/** A coupon in the Coupons & Highlights slider: the promotion plus how its card looks. */
export const CouponWidget = Type.Object({
  ...Promotion.properties,
  style: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  coupon_title: Type.String(),
  button_title: Type.String(),
  background_color: Type.String(),
  background_image: Type.Union([Type.String(), Type.Null()]),
  bottom_text: Type.String(),
});
export type CouponWidget = Static<typeof CouponWidget>;
