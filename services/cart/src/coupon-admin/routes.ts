import { Type } from 'typebox';
import { AdminCoupon, AdminCouponInput } from '@platform/contracts';
import { errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import { addCoupon, deactivateCoupon, listCouponsForAdmin, updateCoupon } from './coupon-admin';
import { followCouponChanges } from '../coupons';

const tags = ['cart'];
const security = [{ bearer: [] }];
const CouponId = Type.String({ pattern: '^[0-9a-f]{24}$' });
const Saved = Type.Object({ status: Type.String(), message: Type.String(), data: AdminCoupon });

/**
 * The store's coupons for its admins (spec 3 §Coupons; Settings › Coupons). Coupons fill the home page's Coupons &
 * Highlights slider, so they need what the home page's other sections need: edit_landing_page. Every write reaches
 * the slider, the promotion pages and the cart's code check at once, in every API process.
 */
export const couponAdminRoutes: ServicePlugin = async (app) => {
  const stop = await followCouponChanges(app.resources.redis, app.resources.queuePrefix);
  app.addHook('onClose', stop);
  const io = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  const editLandingPage = requirePermission('edit_landing_page');

  app.get('/coupons-admin', {
    preHandler: editLandingPage,
    schema: { tags, summary: 'Admin: every coupon of the store, active or not, in force ones first', security, response: { 200: Type.Object({ data: Type.Array(AdminCoupon) }) } },
  }, async (request) => ({ data: await listCouponsForAdmin(request.ctx) }));

  app.post('/add-coupon', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: 'Admin: a new coupon (422 names each bad field, or a code already used; nothing is saved then)', security,
      body: AdminCouponInput, response: { 200: Saved, ...errorAnswers(422) },
    },
  }, async (request) => addCoupon(request.ctx, io, request.body));

  app.post('/update-coupon', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: "Admin: changes a coupon (fields left out stay); 404 for a coupon that is not this store's, 422 names each bad field", security,
      body: Type.Object({ id: CouponId, ...Type.Partial(AdminCouponInput).properties }, { additionalProperties: false }),
      response: { 200: Saved, ...errorAnswers(422) },
    },
  }, async (request) => {
    const { id, ...changes } = request.body;
    return updateCoupon(request.ctx, io, id, changes);
  });

  app.post('/deactivate-coupon', {
    preHandler: editLandingPage,
    schema: {
      tags, summary: "Admin: turns a coupon off (the slider, promotion pages and carts drop it at once; update-coupon with active: true turns it on again); 404 for a coupon that is not this store's",
      security, body: Type.Object({ id: CouponId }, { additionalProperties: false }), response: { 200: Saved },
    },
  }, async (request) => deactivateCoupon(request.ctx, io, request.body.id));
};
