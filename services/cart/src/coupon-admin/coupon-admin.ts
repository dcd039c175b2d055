import type { Redis } from 'ioredis';
import type { AdminCoupon, AdminCouponInput } from '@platform/contracts';
import { scoped } from '@platform/db';
import {
  COUPON_CODE_TAKEN, COUPON_NOT_FOUND, couponFromInput, couponLabel, couponSlug, formatCents, isCouponCurrent, normalizeCouponCode, type CouponInput,
} from '@platform/domain';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { getStoreSettings } from '@platform/tenant-settings';
import { announceCouponChange, Coupon, type StoredCoupon } from '../coupons';

export interface CouponAdminIo { redis: Redis; prefix: string }

const discountOf = (c: Pick<StoredCoupon, 'kind' | 'amountCents' | 'percentBp'>) =>
  (c.kind === 'flat' ? formatCents(c.amountCents) : c.kind === 'percent' ? String(Number((c.percentBp / 100).toFixed(2))) : '0');
const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

function adminView(c: StoredCoupon, currencyPrefix: string, now: Date): AdminCoupon {
  const w = c.widget;
  return {
    id: String(c._id), code: c.code, kind: c.kind, discount: discountOf(c), discount_label: couponLabel(c, currencyPrefix), min_subtotal: formatCents(c.minSubtotalCents ?? 0),
    starts_at: iso(c.startsAt), ends_at: iso(c.expiresAt), active: c.active !== false, current: isCouponCurrent({ ...c, active: c.active !== false }, now),
    slug: c.slug || null, name: c.name ?? '', description: c.description ?? '', disclaimer: c.disclaimer ?? '', once_per_customer: Boolean(c.oncePerCustomer),
    in_slider: Boolean(w?.active && c.slug), style: w?.style ?? 1, coupon_title: w?.couponTitle ?? '', button_title: w?.buttonTitle ?? '',
    background_color: w?.backgroundColor ?? '', bottom_text: w?.bottomText ?? '',
  };
}

/** The form as the stored coupon fills it (an update changes only what it sends). */
function inputOf(c: StoredCoupon): CouponInput {
  const v = adminView(c, '$', new Date());
  return {
    code: v.code, kind: v.kind, discount: v.kind === 'flat' || v.kind === 'percent' ? v.discount : '', min_subtotal: v.min_subtotal, starts_at: v.starts_at, ends_at: v.ends_at,
    name: v.name, description: v.description, disclaimer: v.disclaimer, once_per_customer: v.once_per_customer, active: v.active, in_slider: v.in_slider, style: v.style,
    coupon_title: v.coupon_title, button_title: v.button_title, background_color: v.background_color, bottom_text: v.bottom_text,
  };
}
const NEW_COUPON: Omit<CouponInput, 'code' | 'kind'> = {
  discount: '', min_subtotal: '', starts_at: null, ends_at: null, name: '', description: '', disclaimer: '', once_per_customer: false, active: true,
  in_slider: false, style: 1, coupon_title: '', button_title: '', background_color: '', bottom_text: '',
};
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A coupons table is small (tens a store; docs/DATA-ACCESS.md): the admin reads it whole, fresh from the database. */
const storeCoupons = async (ctx: RequestContext) => (await Coupon.find(scoped(ctx)).lean()) as unknown as StoredCoupon[];
const prefixOf = async (ctx: RequestContext) => (await getStoreSettings(ctx)).products.currencyPrefix;

/** GET coupons-admin: every coupon of the store, in force ones first, then by code. */
export async function listCouponsForAdmin(ctx: RequestContext): Promise<AdminCoupon[]> {
  const [coupons, prefix] = await Promise.all([storeCoupons(ctx), prefixOf(ctx)]);
  const now = new Date();
  return coupons.map((c) => adminView(c, prefix, now)).sort((a, b) => Number(b.current) - Number(a.current) || Number(b.active) - Number(a.active) || a.code.localeCompare(b.code));
}

async function ownCoupon(ctx: RequestContext, id: string): Promise<StoredCoupon> {
  const found = (await Coupon.findOne(scoped(ctx, { _id: id })).lean()) as unknown as StoredCoupon | null;
  if (!found) throw new AppError('not_found', COUPON_NOT_FOUND);
  return found;
}

/** Checks the form (422 by field, nothing saved), then writes it: add (no current) or update. */
async function saveCoupon(ctx: RequestContext, io: CouponAdminIo, current: StoredCoupon | null, typed: CouponInput) {
  const checked = couponFromInput(typed);
  // A refused form always names a problem, so this throws.
  const v = checked.ok ? checked.value : (rejectFieldProblems(checked.problems) as never);
  const others = (await storeCoupons(ctx)).filter((c) => String(c._id) !== String(current?._id));
  if (others.some((c) => normalizeCouponCode(c.code) === v.code)) rejectFieldProblems({ code: COUPON_CODE_TAKEN });
  // A card in the slider is an advertised promotion, which needs a page (slug); a slug once given stays, so links keep working.
  let slug = current?.slug || null;
  if (!slug && v.inSlider) {
    const taken = new Set(others.map((c) => c.slug).filter(Boolean));
    const base = couponSlug(v.code);
    slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  }
  const old = current?.widget ?? null;
  const sequence = old?.sequence ?? Math.max(0, ...others.map((c) => (c.widget?.sequence ?? 0) + 1));
  const widget = v.inSlider || old ? {
    active: v.inSlider, style: v.style, couponTitle: v.couponTitle, buttonTitle: v.buttonTitle, backgroundColor: v.backgroundColor, bottomText: v.bottomText,
    backgroundImage: old?.backgroundImage ?? null, sequence,
  } : null;
  const fields = {
    code: v.code, kind: v.kind, amountCents: v.amountCents, percentBp: v.percentBp, minSubtotalCents: v.minSubtotalCents, startsAt: v.startsAt, expiresAt: v.expiresAt,
    name: v.name, description: v.description, disclaimer: v.disclaimer, oncePerCustomer: v.oncePerCustomer, active: v.active, slug, widget,
  };
  let id: unknown;
  try {
    if (current) {
      await Coupon.updateOne(scoped(ctx, { _id: current._id }), { $set: fields });
      id = current._id;
    } else {
      id = (await Coupon.create({ tenantId: ctx.tenantId, ...fields }))._id;
    }
  } catch (error) {
    // Two admins adding one code at once: the unique index refuses the second.
    if ((error as { code?: number }).code === 11000) rejectFieldProblems({ code: COUPON_CODE_TAKEN });
    throw error;
  }
  await announceCouponChange(io.redis, io.prefix, ctx.tenantId);
  const saved = await ownCoupon(ctx, String(id));
  return adminView(saved, await prefixOf(ctx), new Date());
}

/** POST add-coupon. */
export async function addCoupon(ctx: RequestContext, io: CouponAdminIo, body: AdminCouponInput) {
  const data = await saveCoupon(ctx, io, null, { ...NEW_COUPON, ...defined(body) } as CouponInput);
  return { status: 'success', message: `Coupon ${data.code} added.`, data };
}

/** POST update-coupon {id, ...}: what is left out stays as it is. */
export async function updateCoupon(ctx: RequestContext, io: CouponAdminIo, id: string, body: Partial<AdminCouponInput>) {
  const current = await ownCoupon(ctx, id);
  const data = await saveCoupon(ctx, io, current, { ...inputOf(current), ...defined(body) } as CouponInput);
  return { status: 'success', message: `Coupon ${data.code} saved.`, data };
}

/** POST deactivate-coupon {id}: off the slider, the promotion pages and the cart at once; kept for the record and to turn on again. */
export async function deactivateCoupon(ctx: RequestContext, io: CouponAdminIo, id: string) {
  const current = await ownCoupon(ctx, id);
  await Coupon.updateOne(scoped(ctx, { _id: current._id }), { $set: { active: false } });
  await announceCouponChange(io.redis, io.prefix, ctx.tenantId);
  const data = adminView({ ...current, active: false }, await prefixOf(ctx), new Date());
  return { status: 'success', message: `Coupon ${data.code} removed: shoppers can no longer use it.`, data };
}
