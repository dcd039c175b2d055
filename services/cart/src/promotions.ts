import type { CouponWidget, Promotion } from '@platform/contracts';
import { couponLabel, couponShopperProblem, DEFAULT_COUPON_BUTTON, DEFAULT_COUPON_COLOR, formatCents, isCouponCurrent, promoAppliedMessage } from '@platform/domain';
import { resolveLocationId } from '@platform/db';
import { AppError, type RequestContext } from '@platform/server-kit';
import { getStoreSettings } from '@platform/tenant-settings';
import { tenantCoupons, type StoredCoupon } from './coupons';
import { withCartLock } from './cart-lock';
import { cartLockKey, cartParcels, couponShopperOf, type CartIo } from './service';
import type { ShopperIdentity } from './cart-store';

type Advertised = StoredCoupon & { slug: string };
const isAdvertised = (c: StoredCoupon): c is Advertised => typeof c.slug === 'string' && c.slug.length > 0;

function promotionView(c: Advertised, currencyPrefix: string): Promotion {
  return {
    id: String(c._id), slug: c.slug, name: c.name || c.code, code: c.code, description: c.description ?? '', disclaimer: c.disclaimer, image: c.image ?? null,
    discount: c.kind === 'percent' ? String(c.percentBp / 100) : formatCents(c.amountCents), discount_type: c.kind === 'percent' ? 'percentage' : 'flat',
    // A free-delivery or free-shipping code reads as a flat 0.00 with its own label ('FREE DELIVERY').
    discount_label: couponLabel(c, currencyPrefix), min_subtotal: formatCents(c.minSubtotalCents),
    starts_at: c.startsAt ? new Date(c.startsAt).toISOString() : null, ends_at: c.expiresAt ? new Date(c.expiresAt).toISOString() : null,
    popup_redirect_url: c.popupRedirectUrl ?? null, hide_popup_text: Boolean(c.hidePopupText), once_per_customer: Boolean(c.oncePerCustomer),
  };
}

/** The store's advertised promotions in force now, soonest ending first (open-ended last). */
async function currentPromotions(ctx: RequestContext): Promise<Advertised[]> {
  const now = new Date();
  const ends = (c: StoredCoupon) => (c.expiresAt ? new Date(c.expiresAt).getTime() : Number.MAX_SAFE_INTEGER);
  return [...(await tenantCoupons(ctx)).values()].filter(isAdvertised).filter((c) => isCouponCurrent(c, now))
    .sort((a, b) => ends(a) - ends(b) || a.slug.localeCompare(b.slug));
}

const prefixOf = async (ctx: RequestContext) => (await getStoreSettings(ctx)).products.currencyPrefix;

/** GET promotions: the /promotions page. */
export async function listPromotions(ctx: RequestContext): Promise<Promotion[]> {
  const [promotions, prefix] = await Promise.all([currentPromotions(ctx), prefixOf(ctx)]);
  return promotions.map((c) => promotionView(c, prefix));
}

/** GET promotions/{slug}: one promotion in force now, else 404. */
export async function getPromotion(ctx: RequestContext, slug: string): Promise<Promotion> {
  const [promotions, prefix] = await Promise.all([currentPromotions(ctx), prefixOf(ctx)]);
  const found = promotions.find((c) => c.slug === slug);
  if (!found) throw new AppError('not_found', 'This promotion has ended or does not exist.');
  return promotionView(found, prefix);
}

/** GET coupon-widgets: the Coupons & Highlights slider, in the store's order, defaults of spec 1 §3 filled in. */
export async function couponWidgets(ctx: RequestContext): Promise<CouponWidget[]> {
  const [promotions, prefix] = await Promise.all([currentPromotions(ctx), prefixOf(ctx)]);
  return promotions.filter((c) => c.widget?.active).sort((a, b) => a.widget!.sequence - b.widget!.sequence).map((c) => ({
    ...promotionView(c, prefix), style: c.widget!.style, coupon_title: c.widget!.couponTitle || c.name || c.code,
    button_title: c.widget!.buttonTitle || DEFAULT_COUPON_BUTTON, background_color: c.widget!.backgroundColor || DEFAULT_COUPON_COLOR,
    background_image: c.widget!.backgroundImage ?? null, bottom_text: c.widget!.bottomText,
  }));
}

/** GET homepage-promo-pop-up: the newest promotion offered in the pop-up, or null. */
export async function promoPopup(ctx: RequestContext): Promise<Promotion | null> {
  const [promotions, prefix] = await Promise.all([currentPromotions(ctx), prefixOf(ctx)]);
  const newest = promotions.filter((c) => c.popup).sort((a, b) => new Date(b.createdAt ?? 0).getTime() - new Date(a.createdAt ?? 0).getTime())[0];
  return newest ? promotionView(newest, prefix) : null;
}

/**
 * POST promotions/redeem {slug}: puts an advertised promotion's code on the shopper's cart, empty or not (the
 * pop-up's Start Shopping comes after it); the cart applies it once the subtotal reaches its minimum.
 */
export async function redeemPromotion(ctx: RequestContext, io: CartIo, who: ShopperIdentity, slug: string) {
  const refuse = (message: string) => new AppError('unprocessable', message, { slug: [message] });
  const promotion = (await currentPromotions(ctx)).find((c) => c.slug === slug);
  if (!promotion) throw refuse('This promotion has ended or does not exist.');
  const problem = couponShopperProblem(promotion, promotion.oncePerCustomer ? await couponShopperOf(ctx, who, promotion.code) : undefined);
  if (problem) throw refuse(problem);
  const locationId = await resolveLocationId(ctx, ctx.storeId);
  const saved = await withCartLock(io.redis, cartLockKey(io.prefix, ctx, who), async () => {
    const cart = await io.carts.get(ctx.tenantId, who);
    if (!cart && !locationId) throw new AppError('invalid', 'Please select a store first.', { store_id: ['Please select a store first.'] });
    return io.carts.put(ctx.tenantId, who, { ...(cart ?? { items: [], locationId: locationId! }), id: cart?.id, coupon: promotion.code });
  });
  return { message: promoAppliedMessage(promotion, await prefixOf(ctx)), disclaimer: promotion.disclaimer, cart: await cartParcels(ctx, io, who, {}, saved) };
}
