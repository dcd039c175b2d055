// The store's coupons for its admins (spec 3 §Coupons: coupons-admin, add-coupon, update-coupon, deactivate-coupon).
// Each change reads the coupon slider and promotions again ('Coupons'), so the storefront shows it at once.
import type { AdminCoupon, AdminCouponInput } from '@platform/contracts';
import { platformApi } from '../api';
import { unwrap } from './unwrap';

export type CouponSaved = { status: string; message: string; data: AdminCoupon };

export const couponsAdminApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    couponsAdmin: build.query<AdminCoupon[], void>({ query: () => 'coupons-admin', transformResponse: unwrap, providesTags: ['Coupons'] }),
    addCoupon: build.mutation<CouponSaved, AdminCouponInput>({ query: (body) => ({ url: 'add-coupon', method: 'POST', body }), invalidatesTags: (answer) => (answer ? ['Coupons'] : []) }),
    updateCoupon: build.mutation<CouponSaved, Partial<AdminCouponInput> & { id: string }>({
      query: (body) => ({ url: 'update-coupon', method: 'POST', body }), invalidatesTags: (answer) => (answer ? ['Coupons'] : []),
    }),
    deactivateCoupon: build.mutation<CouponSaved, string>({
      query: (id) => ({ url: 'deactivate-coupon', method: 'POST', body: { id } }), invalidatesTags: (answer) => (answer ? ['Coupons'] : []),
    }),
  }),
});
