// The cart: lines, promo codes and promotions, shipping quotes, saved carts.
import type { Address, Cart, Promotion, CouponWidget, ShippingQuote } from '@platform/contracts';
import { platformApi } from '../api';
import { unwrap } from './unwrap';

export interface SavedCartSummary { id: string; name: string; location_id: number; created_at: string; item_count: number; unavailable_items: number; subtotal: string }
/** The address kept on the cart (shipping-quote, cart-preferences). */
export type ShippingAddress = Address;
export interface ShippingState { address: ShippingAddress | null; quotes: ShippingQuote[]; selected: ShippingQuote | null; stale: boolean }
/** A carrier the store ships with (GET active-shipping-carriers); `services` are its table rates' (their ids are the quote ids), empty for an EasyPost account. */
export interface ShippingCarrier { id: string; name: string; source: 'table_rate' | 'easypost'; services: { id: string; name: string; delivery_days: string | null }[] }

export const cartApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    cartParcels: build.query<Cart, { device_id: string; order_type?: number; zip?: string }>({ query: (params) => ({ url: 'cart-parcels', params }), transformResponse: unwrap, providesTags: ['Cart'] }),
    /** Sets a line's quantity (0 removes it); the answer is the whole cart. */
    addToCart: build.mutation<Cart, { store_product_id: number; quantity: number; device_id: string }>({
      query: (body) => ({ url: 'add-to-cart', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: ['Cart'],
      // The answer is the whole cart: put it in the cache at once, so nothing shows the cart from before.
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(cartApi.util.upsertQueryData('cartParcels', { device_id: args.device_id }, data));
      },
    }),
    // 'Coupons': read again after an admin's coupon change (coupons-admin.ts).
    promotions: build.query<Promotion[], void>({ query: () => 'promotions', transformResponse: unwrap, providesTags: ['Coupons'] }),
    promotion: build.query<Promotion, string>({ query: (slug) => `promotions/${encodeURIComponent(slug)}`, transformResponse: unwrap, providesTags: ['Coupons'] }),
    couponWidgets: build.query<CouponWidget[], void>({ query: () => 'coupon-widgets', transformResponse: unwrap, providesTags: ['Coupons'] }),
    promoPopup: build.query<Promotion | null, void>({ query: () => 'homepage-promo-pop-up', transformResponse: (r: { data: { coupon_widget_data: Promotion | null } }) => r.data.coupon_widget_data }),
    /** Puts a promotion's code on the cart (empty or not); the answer's message is the success line to show. */
    redeemPromotion: build.mutation<{ status: number; message: string; disclaimer: string; data: Cart }, { slug: string; device_id: string }>({
      query: (body) => ({ url: 'promotions/redeem', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    emptyCart: build.query<Cart, { device_id: string }>({ query: (params) => ({ url: 'empty-cart', params }), transformResponse: unwrap }),
    activeCoupons: build.query<{ active: boolean }, void>({ query: () => 'check-active-coupons', transformResponse: unwrap }),
    redeemCoupon: build.mutation<{ status: number; message: string; disclaimer: string; data: Cart }, { coupon: string; device_id: string }>({
      query: (body) => ({ url: 'redeem-coupon', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    removeCoupon: build.mutation<Cart, { device_id: string }>({
      query: (params) => ({ url: 'remove-coupon', method: 'DELETE', params }),
      transformResponse: unwrap,
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<Cart, { store_product_id: number; identity: string }>({
      query: (params) => ({ url: 'remove-cart-item', method: 'DELETE', params }),
      transformResponse: unwrap,
      invalidatesTags: ['Cart'],
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(cartApi.util.upsertQueryData('cartParcels', { device_id: args.identity }, data));
      },
    }),
    /** The carriers the store ships with, for the checkout's Shipping choice (none when the store does not ship). */
    activeShippingCarriers: build.query<ShippingCarrier[], void>({ query: () => 'active-shipping-carriers', transformResponse: unwrap, providesTags: ['Settings'] }),
    /** The cart's shipping address, current quotes and the chosen one (stale after the cart changed). */
    shippingQuote: build.query<ShippingState, { device_id: string }>({
      query: (params) => ({ url: 'shipping-quote', params }), transformResponse: unwrap, providesTags: ['Cart'],
    }),
    shippingQuotes: build.mutation<{ status: string; message: string | null; quotes: ShippingQuote[]; data: Cart }, { customerAddress: ShippingAddress; device_id: string }>({
      query: (body) => ({ url: 'shipping-quotes', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    selectShippingQuote: build.mutation<Cart, { quote_id: string; device_id: string }>({
      query: (body) => ({ url: 'select-shipping-quote', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: ['Cart'],
    }),
    savedCarts: build.query<SavedCartSummary[], void>({ query: () => 'orders-saved', transformResponse: unwrap, providesTags: ['SavedCarts'] }),
    saveCart: build.mutation<{ status: string; message: string }, { name?: string }>({ query: (body) => ({ url: 'save-cart', method: 'POST', body }), invalidatesTags: ['SavedCarts'] }),
    /** A saved cart becomes the current cart. */
    updateCurrentCart: build.mutation<Cart, { id: string }>({
      query: (body) => ({ url: 'update-current-cart', method: 'POST', body }), transformResponse: unwrap, invalidatesTags: ['Cart'],
    }),
    deleteSavedCart: build.mutation<{ status: string; message: string }, { id: string }>({ query: (params) => ({ url: 'saved-cart', method: 'DELETE', params }), invalidatesTags: ['SavedCarts'] }),
  }),
});
