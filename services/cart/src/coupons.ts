import mongoose, { Schema } from 'mongoose';
import { keyedId, scoped, tenantOwned } from '@platform/db';
import { COUPON_KINDS, normalizeCouponCode, type CouponRule } from '@platform/domain';
import { TtlCache, type RequestContext } from '@platform/server-kit';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { OrderPlacedJob } from '@platform/queue';

/** A store's promo code (admin-managed; the demo seed writes a few). Amounts in cents, percentages in basis points. */
const couponSchema = new Schema({
  code: { type: String, required: true },
  /** flat (amountCents off), percent (percentBp off), free_delivery or free_shipping (that charge off). */
  kind: { type: String, enum: COUPON_KINDS, required: true },
  amountCents: { type: Number, default: 0 },
  percentBp: { type: Number, default: 0 },
  minSubtotalCents: { type: Number, default: 0 },
  startsAt: { type: Date, default: null },
  expiresAt: { type: Date, default: null },
  active: { type: Boolean, default: true },
  /** Shown with a successful redeem (terms, exclusions). */
  disclaimer: { type: String, default: '' },
  /** One order per customer with this code (guests must sign in to use it). */
  oncePerCustomer: { type: Boolean, default: false },
  /** Advertised codes (promotions) have a slug and a name; the others are given out privately. */
  slug: { type: String, default: null },
  name: { type: String, default: '' },
  description: { type: String, default: '' },
  image: { type: String, default: null },
  /** Offered in the promo pop-up (the newest such promotion is). */
  popup: { type: Boolean, default: false },
  popupRedirectUrl: { type: String, default: null },
  hidePopupText: { type: Boolean, default: false },
  /** Its card in the Coupons & Highlights slider, when set and active. */
  widget: {
    type: new Schema({
      active: { type: Boolean, default: true },
      style: { type: Number, enum: [1, 2, 3], default: 1 },
      couponTitle: { type: String, default: '' },
      buttonTitle: { type: String, default: '' },
      backgroundColor: { type: String, default: '' },
      backgroundImage: { type: String, default: null },
      bottomText: { type: String, default: '' },
      sequence: { type: Number, default: 0 },
    }, { _id: false }),
    default: null,
  },
}, { timestamps: true });
couponSchema.plugin(tenantOwned);
couponSchema.index({ tenantId: 1, code: 1 }, { unique: true });
couponSchema.index({ tenantId: 1, slug: 1 });
export const Coupon = mongoose.models.Coupon ?? mongoose.model('Coupon', couponSchema);

export interface CouponWidgetOptions { active: boolean; style: 1 | 2 | 3; couponTitle: string; buttonTitle: string; backgroundColor: string; backgroundImage: string | null; bottomText: string; sequence: number }
export type StoredCoupon = CouponRule & {
  _id: unknown; disclaimer: string; slug?: string | null; name?: string; description?: string; image?: string | null; popup?: boolean;
  popupRedirectUrl?: string | null; hidePopupText?: boolean; widget?: CouponWidgetOptions | null; createdAt?: Date;
};

/** A tenant's coupons change rarely and every cart read with a code applied needs one: kept 30 s per process. */
const cache = new TtlCache(30_000);

/** Drops this process's copy of the tenant's coupons (the next read loads them). */
export function forgetTenantCoupons(tenantId: string): void {
  cache.delete(tenantId);
}

export const couponChangesChannel = (prefix: string) => `${prefix}:coupon-changes`;

/** After an admin coupon write: this process and every other API process (GATEWAY_PROCESSES) drop the tenant's copy at once. */
export async function announceCouponChange(redis: Redis, prefix: string, tenantId: string): Promise<void> {
  forgetTenantCoupons(tenantId);
  await redis.publish(couponChangesChannel(prefix), tenantId);
}

/** In each API process (the cart plugin): follows announceCouponChange. Answers the function that stops it. */
export async function followCouponChanges(redis: Redis, prefix: string): Promise<() => Promise<void>> {
  const subscriber = redis.duplicate();
  const channel = couponChangesChannel(prefix);
  subscriber.on('message', (from: string, tenantId: string) => { if (from === channel) forgetTenantCoupons(tenantId); });
  await subscriber.subscribe(channel);
  return async () => { await subscriber.quit(); };
}

export function tenantCoupons(ctx: RequestContext): Promise<Map<string, StoredCoupon>> {
  return cache.get(ctx.tenantId, async () => {
    const docs = (await Coupon.find(scoped(ctx)).lean()) as unknown as StoredCoupon[];
    return new Map(docs.map((d) => [normalizeCouponCode(d.code), { ...d, disclaimer: d.disclaimer ?? '' }]));
  });
}

export async function findCoupon(ctx: RequestContext, code: string): Promise<StoredCoupon | null> {
  return (await tenantCoupons(ctx)).get(normalizeCouponCode(code)) ?? null;
}

/** The _id of a customer's use of a code: the tenant, the code (normalised) and the customer (docs/DATA-ACCESS.md rule 2). */
export const couponUseId = (tenantId: string, code: string, customerSlug: string) => keyedId(tenantId, 'coupon-use', normalizeCouponCode(code), customerSlug);

/**
 * A customer's order that used a code; one per customer and code, stored under `couponUseId` so it is looked up
 * by _id and a repeat is a duplicate _id (a no-op). Grows with orders.
 */
const couponUseSchema = new Schema({
  _id: { type: String },
  code: { type: String, required: true },
  customerSlug: { type: String, required: true },
  orderNumber: { type: String, required: true },
  usedAt: { type: Date, required: true },
});
couponUseSchema.plugin(tenantOwned, { growing: true });
couponUseSchema.pre('validate', function keyed() {
  this._id = couponUseId(this.get('tenantId') as string, this.get('code') as string, this.get('customerSlug') as string);
});
export const CouponUse = mongoose.models.CouponUse ?? mongoose.model('CouponUse', couponUseSchema);

/** Worker handler for orders-placed jobs: a customer's order with a promo code uses it up. */
export async function recordCouponUse(job: Job<OrderPlacedJob>): Promise<void> {
  const { tenantId, coupon, customerSlug, orderNumber, placedAt } = job.data;
  if (!coupon || !customerSlug) return;
  try {
    await CouponUse.create({ _id: couponUseId(tenantId, coupon, customerSlug), tenantId, code: normalizeCouponCode(coupon), customerSlug, orderNumber, usedAt: new Date(placedAt) });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error; // already recorded (a retried job)
  }
}

/** Whether the customer has placed an order with this code: one lookup by _id. */
export async function hasUsedCoupon(ctx: RequestContext, code: string, customerSlug: string): Promise<boolean> {
  return Boolean(await CouponUse.exists(scoped(ctx, { _id: couponUseId(ctx.tenantId, code, customerSlug) })));
}
