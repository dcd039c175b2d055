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

const CouponKind = Type.Union([Type.Literal('flat'), Type.Literal('percent'), Type.Literal('free_delivery'), Type.Literal('free_shipping')]);
const CouponStyle = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** A store's coupon as its admins see it (GET coupons-admin): active or not, advertised or private. */
export const AdminCoupon = Type.Object({
  id: Type.String(),
  code: Type.String(),
  kind: CouponKind,
  /** '10.00' off (flat), '15' percent (percent), '0' for the free kinds. */
  discount: Type.String(),
  discount_label: Type.String(),
  min_subtotal: Money,
  starts_at: Type.Union([Type.String(), Type.Null()]),
  ends_at: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(),
  /** Active, started and not ended: shoppers can use it now. */
  current: Type.Boolean(),
  /** Its promotion page (/promotions/single/{slug}); null for a code given out privately. */
  slug: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  description: Type.String(),
  disclaimer: Type.String(),
  once_per_customer: Type.Boolean(),
  in_slider: Type.Boolean(),
  style: CouponStyle,
  coupon_title: Type.String(),
  button_title: Type.String(),
  background_color: Type.String(),
  bottom_text: Type.String(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;

/** The admin coupon form (POST add-coupon; update-coupon adds the id). Left out: kept as stored (update) or the default (add). */
export const AdminCouponInput = Type.Object({
  code: Type.String({ maxLength: 30 }),
  kind: CouponKind,
  discount: Type.Optional(Type.String({ maxLength: 12 })),
  min_subtotal: Type.Optional(Type.String({ maxLength: 12 })),
  starts_at: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  ends_at: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  disclaimer: Type.Optional(Type.String({ maxLength: 500 })),
  once_per_customer: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  in_slider: Type.Optional(Type.Boolean()),
  style: Type.Optional(CouponStyle),
  coupon_title: Type.Optional(Type.String({ maxLength: 100 })),
  button_title: Type.Optional(Type.String({ maxLength: 40 })),
  background_color: Type.Optional(Type.String({ maxLength: 7 })),
  bottom_text: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });
export type AdminCouponInput = Static<typeof AdminCouponInput>;
