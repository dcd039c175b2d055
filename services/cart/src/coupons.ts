import mongoose, { Schema } from 'mongoose';
import { scoped, tenantOwned } from '@platform/db';
import { normalizeCouponCode, type CouponRule } from '@platform/domain';
import { TtlCache, type RequestContext } from '@platform/server-kit';

/** A store's promo code (admin-managed; the demo seed writes a few). Amounts in cents, percentages in basis points. */
const couponSchema = new Schema({
  code: { type: String, required: true },
  kind: { type: String, enum: ['flat', 'percent'], required: true },
  amountCents: { type: Number, default: 0 },
  percentBp: { type: Number, default: 0 },
  minSubtotalCents: { type: Number, default: 0 },
  startsAt: { type: Date, default: null },
  expiresAt: { type: Date, default: null },
  active: { type: Boolean, default: true },
  /** Shown with a successful redeem (terms, exclusions). */
  disclaimer: { type: String, default: '' },
});
couponSchema.plugin(tenantOwned);
couponSchema.index({ tenantId: 1, code: 1 }, { unique: true });
export const Coupon = mongoose.models.Coupon ?? mongoose.model('Coupon', couponSchema);

export type StoredCoupon = CouponRule & { disclaimer: string };

/** A tenant's coupons change rarely and every cart read with a code applied needs one: kept 30 s per process. */
const cache = new TtlCache(30_000);

export function tenantCoupons(ctx: RequestContext): Promise<Map<string, StoredCoupon>> {
  return cache.get(ctx.tenantId, async () => {
    const docs = (await Coupon.find(scoped(ctx)).lean()) as unknown as StoredCoupon[];
    return new Map(docs.map((d) => [normalizeCouponCode(d.code), { ...d, disclaimer: d.disclaimer ?? '' }]));
  });
}

export async function findCoupon(ctx: RequestContext, code: string): Promise<StoredCoupon | null> {
  return (await tenantCoupons(ctx)).get(normalizeCouponCode(code)) ?? null;
}
