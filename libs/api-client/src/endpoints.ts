import type { AdminOrder, AdminWidget, SubAccount, WizardState, BusinessDetails, Cart, Department, LoginResponse, NavigationItem, OrderSummary, CustomerOrderSummary, Paged, PlacedOrder, ProductItem, ProductPage, ShippingQuote, StoreLocation, StoreSettings, FooterSettings, LegalDocument, CustomPage, Promotion, CouponWidget, HomepageWidget, NavigationGroup, PaintCollection, PaintColor, PaintFamily, PaymentSettings } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { OrderAction, StoreInformation, StoreOptions } from '@platform/domain';
import { platformApi } from './api';
import { preselectStore } from './session';

export type DepartmentNode = Department & { children: DepartmentNode[] };
export type NearbyStore = StoreLocation & { distance: number };
export interface StartupBundle {
  settings: StoreSettings; navigation: NavigationItem[]; navGroups: NavigationGroup[]; business: BusinessDetails; footer: FooterSettings; legal: LegalDocument[]; pages: CustomPage[];
}
export type ProductDetail = ProductItem & { description: string; department_path: number[]; locations_inventory: { location_id: number; num_inventory: number }[] };
export interface ProductListArgs {
  search?: string; dept_id?: number; brand_id?: number; brands?: string; exdept?: string; start_price?: number; end_price?: number;
  page?: number; limit?: number; sort?: string; in_stock_only?: 0 | 1; avail_35?: 0 | 1; promo?: 0 | 1; promolabel?: string;
  /** Attribute filters (color, size, clothing_*, x-prefixed keys) passed as they are. */
  [attribute: string]: string | number | undefined;
}
export interface BrandItem {
  brand_id: number; brand_name: string; original_brand: string; slug: string; image: string | null; alias: string | null; altTextLogo: string; matched_products: number;
}
export interface PaintCategory { dept_id: number; name: string; slug: string }
export interface PaintProducts { categories: PaintCategory[]; category: PaintCategory | null; products: ProductPage }
export interface RentalCategoryNode { id: number; name: string; icon: string | null; children: { id: number; name: string; icon: string | null }[] }
export interface RentalItem {
  id: number; name: string; description: string; image: string | null; category_id: number; sub_category_id: number | null;
  rates: { four_hours: string | null; day: string; week: string | null }; deposit: string | null; featured: boolean;
}
export interface Rentals { categories: RentalCategoryNode[]; products: RentalItem[] }
export interface RentalRequestPayload {
  first_name: string; last_name: string; email: string; phone: string; location_id: number; rental_id: number | null; item: string; start_date: string; end_date: string; message: string;
}
export interface RewardsMember { member_number: string; first_name: string; points: number }
export interface Video { title: string; url: string }
export interface ProductListResult {
  products: ProductPage;
  departments: { dept_id: number; name: string; count: number }[];
  brands: { brand_id: number; brand_name: string; count: number }[];
  price_ranges: { key: string; label: string; count: number }[];
  other_facets: { key: string; label: string; values: { value: string; count: number }[] }[];
  top_departments: { dept_id: number; name: string; slug: string; image_url: string | null; count: number }[];
  removed_instock_only: boolean;
}
export interface SuggestionsResult {
  search_terms: string[];
  products: ProductItem[];
  departments: { dept_id: number; name: string }[];
  brands: { brand_id: number; brand_name: string; image: string | null }[];
}

/**
 * Fills the caches the start-up bundle carries (settings, navigation, business details, footer, legal
 * documents, pages; with the bundle's own when it came with the page) in one synchronous update, after
 * preselecting the first location.
 */
function fillStartupCaches(dispatch: (action: UnknownAction) => unknown, data: StartupBundle, withBundle: boolean): void {
  preselectStore(data.business.about_us.locations.map((l) => l.id), window.location.search);
  dispatch(storefrontApi.util.upsertQueryEntries([
    ...(withBundle ? [{ endpointName: 'startup' as const, arg: undefined, value: data }] : []),
    { endpointName: 'settings', arg: undefined, value: data.settings },
    { endpointName: 'navigation', arg: undefined, value: data.navigation },
    { endpointName: 'navigationGroups', arg: undefined, value: data.navGroups },
    { endpointName: 'businessDetails', arg: undefined, value: data.business },
    { endpointName: 'footer', arg: undefined, value: data.footer },
    { endpointName: 'legalDocuments', arg: undefined, value: data.legal },
    { endpointName: 'customPages', arg: undefined, value: data.pages },
  ]));
}

/**
 * Before the first render: the start-up bundle the gateway wrote into the page (window.__STARTUP__) fills
 * the caches at once, so the first render already has the store's settings. Used once: a later start-up
 * (e.g. after signing out) asks GET startup.
 */
export function fillStartupFromPage(dispatch: (action: UnknownAction) => unknown): void {
  const holder = window as { __STARTUP__?: StartupBundle };
  const data = holder.__STARTUP__;
  delete holder.__STARTUP__;
  if (data) fillStartupCaches(dispatch, data, true);
}

/** Start-up and storefront reads. */
export const storefrontApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The start-up bundle: one request fills the settings, navigation, business details, footer, legal
     * documents and page list caches, so the first paint waits on one round trip.
     */
    startup: build.query<StartupBundle, void>({
      // The other caches are filled before this query counts as done, so nothing below asks again.
      async queryFn(_arg, api, _extra, baseQuery) {
        const result = await baseQuery('startup');
        if (result.error) return { error: result.error };
        const data = (result.data as { data: StartupBundle }).data;
        fillStartupCaches(api.dispatch, data, false);
        return { data };
      },
    }),
    settings: build.query<StoreSettings, void>({ query: () => 'settings', transformResponse: (r: { data: StoreSettings }) => r.data, providesTags: ['Settings'] }),
    businessDetails: build.query<BusinessDetails, void>({ query: () => 'business-details2', transformResponse: (r: { data: BusinessDetails }) => r.data }),
    /** The store's card provider and its public keys (none: payment at the store). */
    paymentSettings: build.query<PaymentSettings, void>({ query: () => 'payment-settings', transformResponse: (r: { data: PaymentSettings }) => r.data }),
    footer: build.query<FooterSettings, void>({ query: () => 'custom-footer', transformResponse: (r: { data: FooterSettings }) => r.data }),
    legalDocuments: build.query<LegalDocument[], void>({ query: () => 'business-terms', transformResponse: (r: { data: LegalDocument[] }) => r.data }),
    customPages: build.query<CustomPage[], void>({ query: () => ({ url: 'custom-pages', params: { skipBody: 1 } }), transformResponse: (r: { data: CustomPage[] }) => r.data }),
    customPage: build.query<CustomPage, number>({ query: (id) => `custom-page/${id}`, transformResponse: (r: { data: CustomPage }) => r.data }),
    /** The locations nearest first, with whole miles from the given point or the selected store. */
    nearbyStores: build.query<NearbyStore[], { lat?: number; lng?: number } | void>({
      query: (params) => ({ url: 'nearby-stores', params: params ?? {} }), transformResponse: (r: { data: NearbyStore[] }) => r.data,
    }),
    navigation: build.query<NavigationItem[], void>({ query: () => 'custom-navigation', transformResponse: (r: { data: NavigationItem[] }) => r.data }),
    navigationGroups: build.query<NavigationGroup[], void>({ query: () => 'custom-nav', transformResponse: (r: { data: NavigationGroup[] }) => r.data }),
    departmentTree: build.query<DepartmentNode[], number | void>({ query: (depth) => `full-departments?depth=${depth ?? 3}`, transformResponse: (r: { data: DepartmentNode[] }) => r.data }),
    products: build.query<ProductListResult, ProductListArgs>({
      query: (args) => ({ url: 'products', params: args }),
      providesTags: ['Products'],
      keepUnusedDataFor: 120, // spec 1 §4: search results are cached 120 s
    }),
    suggestions: build.query<SuggestionsResult, string>({
      query: (search) => ({ url: 'get-suggestions', params: { search } }),
      keepUnusedDataFor: 60, // suggestions are cached 60 s
    }),
    product: build.query<ProductDetail, { param: string; field: 'id' | 'slug' | 'sku' }>({
      query: (args) => ({ url: 'products/product', params: args }),
      transformResponse: (r: { data: ProductDetail }) => r.data,
      providesTags: ['Products'],
    }),
    popularProducts: build.query<(ProductItem & { views: number })[], void>({ query: () => 'popular-products', transformResponse: (r: { data: (ProductItem & { views: number })[] }) => r.data, providesTags: ['Products'] }),
    trackProductView: build.mutation<void, { sku: string; device_id: string }>({ query: (body) => ({ url: 'products/track', method: 'POST', body }) }),
    productAddons: build.query<ProductItem[], number>({ query: (id) => `products/${id}/addons`, transformResponse: (r: { data: ProductItem[] }) => r.data, providesTags: ['Products'] }),
    productVideos: build.query<Video[], number>({ query: (id) => `products/${id}/videos`, transformResponse: (r: { data: Video[] }) => r.data }),
    alsoPurchased: build.query<ProductItem[], number>({ query: (id) => `products/${id}/also-purchased`, transformResponse: (r: { data: ProductItem[] }) => r.data, providesTags: ['Products'] }),
    topSelling: build.query<(ProductItem & { sold: number })[], { days: number; limit: number }>({
      query: ({ days, limit }) => `top-selling/${days}/${limit}`,
      transformResponse: (r: { data: (ProductItem & { sold: number })[] }) => r.data,
      providesTags: ['Products'],
    }),
    similarProducts: build.query<ProductItem[], number>({ query: (id) => `products/${id}/similar`, transformResponse: (r: { data: ProductItem[] }) => r.data, providesTags: ['Products'] }),
    recentProducts: build.query<ProductItem[], string>({
      query: (device_id) => ({ url: 'products/get-recent', method: 'POST', body: { device_id } }),
      transformResponse: (r: { data: ProductItem[] }) => r.data,
      providesTags: ['Products'],
    }),
    trackSearch: build.mutation<void, { search: string; device_id?: string; customer_slug?: string }>({ query: (body) => ({ url: 'track-search', method: 'POST', body }) }),
    trackSearchClick: build.mutation<void, { search: string; id: number; index: number }>({ query: (body) => ({ url: 'search/click', method: 'POST', body }) }),
    brands: build.query<Paged<BrandItem>, { page?: number; limit?: number; sort?: string; search?: string }>({ query: (params) => ({ url: 'brands', params }), providesTags: ['Products'] }),
    brandVideos: build.query<Video[], number>({ query: (id) => `brands/${id}/videos`, transformResponse: (r: { data: Video[] }) => r.data }),
    brand: build.query<BrandItem, string>({ query: (param) => ({ url: 'brands/brand', params: { param } }), transformResponse: (r: { data: BrandItem }) => r.data, providesTags: ['Products'] }),
    homepageWidgets: build.query<HomepageWidget[], 1 | 2>({ query: (area) => (area === 1 ? 'homepage-widgets' : 'homepage-widgets-two'), transformResponse: (r: { data: HomepageWidget[] }) => r.data, providesTags: ['Products'] }),
    widgetProducts: build.query<ProductItem[], { skus?: string[]; dept_id?: number; brand_id?: number; limit?: number }>({
      query: (body) => ({ url: 'widget/getProducts', method: 'POST', body }), transformResponse: (r: { data: ProductItem[] }) => r.data, providesTags: ['Products'],
    }),
    homepageWidget: build.query<HomepageWidget, number>({ query: (id) => `widget/${id}`, transformResponse: (r: { data: HomepageWidget }) => r.data, providesTags: ['Products'] }),
    featuredProducts: build.query<ProductItem[], void>({ query: () => 'favourite-products', transformResponse: (r: { data: ProductItem[] }) => r.data, providesTags: ['Products'] }),
    paintFamilies: build.query<PaintFamily[], void>({ query: () => 'paints/families', transformResponse: (r: { data: PaintFamily[] }) => r.data }),
    paintCollections: build.query<PaintCollection[], void>({ query: () => 'paints/collections', transformResponse: (r: { data: PaintCollection[] }) => r.data }),
    paintColors: build.query<Paged<PaintColor>, { family?: string; collection?: string; search?: string; page?: number; limit?: number }>({ query: (params) => ({ url: 'paints/colors', params }) }),
    paintProducts: build.query<PaintProducts, { category?: string; page?: number }>({
      query: (params) => ({ url: 'paints/products', params }), transformResponse: (r: { data: PaintProducts }) => r.data, providesTags: ['Products'],
    }),
    rentals: build.query<Rentals, { deptId?: number; subDeptId?: number }>({ query: (params) => ({ url: 'rentals', params }), transformResponse: (r: { data: Rentals }) => r.data }),
    submitRentalRequest: build.mutation<{ status: string; message: string }, RentalRequestPayload>({ query: (body) => ({ url: 'rental-form-submit', method: 'POST', body }) }),
    optOut: build.mutation<{ status: string; message: string }, { path: string; token: string }>({ query: ({ path, token }) => ({ url: path.slice(1), method: 'POST', body: { token } }) }),
    rewardsSignup: build.mutation<{ status: string; message: string; data: RewardsMember }, { first_name: string; last_name: string; email: string; phone: string; zip: string }>({
      query: (body) => ({ url: 'truevalue/rewards-signup', method: 'POST', body }),
    }),
    rewardsLookup: build.mutation<{ status: string; data: RewardsMember }, { value: string }>({ query: (body) => ({ url: 'truevalue/rewards-lookup', method: 'POST', body }) }),
    brandFilter: build.query<{ show: boolean }, void>({ query: () => 'brands/get-filter', transformResponse: (r: { data: { show: boolean } }) => r.data }),
  }),
});

export const cartApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    cartParcels: build.query<Cart, { device_id: string; order_type?: number; zip?: string }>({ query: (params) => ({ url: 'cart-parcels', params }), transformResponse: (r: { data: Cart }) => r.data, providesTags: ['Cart'] }),
    /** Sets a line's quantity (0 removes it); the answer is the whole cart. */
    addToCart: build.mutation<Cart, { store_product_id: number; quantity: number; device_id: string }>({
      query: (body) => ({ url: 'add-to-cart', method: 'POST', body }),
      transformResponse: (r: { data: Cart }) => r.data,
      invalidatesTags: ['Cart'],
      // The answer is the whole cart: put it in the cache at once, so nothing shows the cart from before.
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(cartApi.util.upsertQueryData('cartParcels', { device_id: args.device_id }, data));
      },
    }),
    promotions: build.query<Promotion[], void>({ query: () => 'promotions', transformResponse: (r: { data: Promotion[] }) => r.data }),
    promotion: build.query<Promotion, string>({ query: (slug) => `promotions/${encodeURIComponent(slug)}`, transformResponse: (r: { data: Promotion }) => r.data }),
    couponWidgets: build.query<CouponWidget[], void>({ query: () => 'coupon-widgets', transformResponse: (r: { data: CouponWidget[] }) => r.data }),
    promoPopup: build.query<Promotion | null, void>({ query: () => 'homepage-promo-pop-up', transformResponse: (r: { data: { coupon_widget_data: Promotion | null } }) => r.data.coupon_widget_data }),
    /** Puts a promotion's code on the cart (empty or not); the answer's message is the success line to show. */
    redeemPromotion: build.mutation<{ status: number; message: string; disclaimer: string; data: Cart }, { slug: string; device_id: string }>({
      query: (body) => ({ url: 'promotions/redeem', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    emptyCart: build.query<Cart, { device_id: string }>({ query: (params) => ({ url: 'empty-cart', params }), transformResponse: (r: { data: Cart }) => r.data }),
    activeCoupons: build.query<{ active: boolean }, void>({ query: () => 'check-active-coupons', transformResponse: (r: { data: { active: boolean } }) => r.data }),
    redeemCoupon: build.mutation<{ status: number; message: string; disclaimer: string; data: Cart }, { coupon: string; device_id: string }>({
      query: (body) => ({ url: 'redeem-coupon', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    removeCoupon: build.mutation<Cart, { device_id: string }>({
      query: (params) => ({ url: 'remove-coupon', method: 'DELETE', params }),
      transformResponse: (r: { data: Cart }) => r.data,
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<Cart, { store_product_id: number; identity: string }>({
      query: (params) => ({ url: 'remove-cart-item', method: 'DELETE', params }),
      transformResponse: (r: { data: Cart }) => r.data,
      invalidatesTags: ['Cart'],
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(cartApi.util.upsertQueryData('cartParcels', { device_id: args.identity }, data));
      },
    }),
    /** The cart's shipping address, current quotes and the chosen one (stale after the cart changed). */
    shippingQuote: build.query<ShippingState, { device_id: string }>({
      query: (params) => ({ url: 'shipping-quote', params }), transformResponse: (r: { data: ShippingState }) => r.data, providesTags: ['Cart'],
    }),
    shippingQuotes: build.mutation<{ status: string; message: string | null; quotes: ShippingQuote[]; data: Cart }, { customerAddress: ShippingAddress; device_id: string }>({
      query: (body) => ({ url: 'shipping-quotes', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    selectShippingQuote: build.mutation<Cart, { quote_id: string; device_id: string }>({
      query: (body) => ({ url: 'select-shipping-quote', method: 'POST', body }),
      transformResponse: (r: { data: Cart }) => r.data,
      invalidatesTags: ['Cart'],
    }),
    savedCarts: build.query<SavedCartSummary[], void>({ query: () => 'orders-saved', transformResponse: (r: { data: SavedCartSummary[] }) => r.data, providesTags: ['SavedCarts'] }),
    saveCart: build.mutation<{ status: string; message: string }, { name?: string }>({ query: (body) => ({ url: 'save-cart', method: 'POST', body }), invalidatesTags: ['SavedCarts'] }),
    /** A saved cart becomes the current cart. */
    updateCurrentCart: build.mutation<Cart, { id: string }>({
      query: (body) => ({ url: 'update-current-cart', method: 'POST', body }), transformResponse: (r: { data: Cart }) => r.data, invalidatesTags: ['Cart'],
    }),
    deleteSavedCart: build.mutation<{ status: string; message: string }, { id: string }>({ query: (params) => ({ url: 'saved-cart', method: 'DELETE', params }), invalidatesTags: ['SavedCarts'] }),
  }),
});

/** Checkout's Information, Payment and Done steps (spec 2 §7 Orders and checkout). */
export const checkoutApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The address and fulfilment type kept on the cart (its delivery fee and tax follow). */
    assignAddress: build.mutation<Cart, DeliveryAddress & { order_type: number; device_id: string }>({
      query: (body) => ({ url: 'assign-address', method: 'POST', body }), transformResponse: (r: { data: Cart }) => r.data, invalidatesTags: ['Cart'],
    }),
    cartPreferences: build.query<CartPreferences, { device_id: string }>({
      query: (params) => ({ url: 'cart-preferences', params }), transformResponse: (r: { data: CartPreferences }) => r.data, providesTags: ['Cart'],
    }),
    /** attempt: one key per checkout attempt, sent again with a repeat of it (the server answers a repeat with the first order). */
    submitOrder: build.mutation<{ status: boolean; message: string; order: PlacedOrder }, OrderSubmission & { attempt?: string }>({
      query: ({ attempt, ...body }) => ({ url: 'customer/orders/submit', method: 'POST', body, headers: attempt ? { 'idempotency-key': attempt } : undefined }),
      invalidatesTags: ['Cart', 'Orders'],
    }),
    /** The signed-in customer's orders, newest first. */
    myOrders: build.query<Paged<CustomerOrderSummary>, { page: number }>({ query: (params) => ({ url: 'orders', params }), providesTags: ['Orders'] }),
    placedOrder: build.query<PlacedOrder, { order_number: string; device_id: string }>({
      query: (params) => ({ url: 'orders/order', params }), transformResponse: (r: { data: PlacedOrder }) => r.data, providesTags: ['Orders'],
    }),
  }),
});
export interface DeliveryAddress { address: string; address2: string; city: string; state: string; zip: string }
export interface CartPreferences { order_type: number | null; location_id: number | null; address: ShippingAddress | null }
export interface OrderSubmission {
  device_id: string; order_type: number; first_name: string; last_name: string; email: string; telephone: string;
  /** 'pay_at_store', or 'card' with payment_token: the card provider's token (never a card number). */
  payment_method: string; payment_token?: string; note?: string; expected_total?: string;
}

export interface SavedCartSummary { id: string; name: string; location_id: number; created_at: string; item_count: number; unavailable_items: number; subtotal: string }
export interface ShippingAddress { address: string; address2: string; city: string; state: string; zip: string; country: string }
export interface ShippingState { address: ShippingAddress | null; quotes: ShippingQuote[]; selected: ShippingQuote | null; stale: boolean }

type StatusAnswer = { status: string; message: string };
export interface CustomerDetails {
  slug: string; first_name: string; last_name: string; email: string; telephone: string; receive_marketing: boolean; receive_sms: boolean;
  account_number: string; custom_info: Record<string, unknown>; store_id: number | null;
}
export interface SavedCard { source: string; brand: string; last4: string; exp_month: number; exp_year: number }
/** Where the account is signed in (customer/sessions): this device first. */
export interface SignedInSession { id: string; device: string; signed_in_at: string; last_used_at: string; current: boolean }
export interface SignupPayload {
  first_name: string; last_name: string; telephone: string; email: string; password: string; c_password: string; account_number?: string;
  receive_sms: boolean; receive_marketing: boolean; custom_info: Record<string, string | boolean>; device_id: string;
}

export const identityApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** E-mail + password, or phone + the texted code; remember is 'Keep me signed in'. */
    login: build.mutation<LoginResponse, { email?: string; password?: string; phone?: string; code?: string; remember?: boolean; device_id: string }>({ query: (body) => ({ url: 'login', method: 'POST', body }) }),
    logout: build.mutation<StatusAnswer, { access_token: string }>({ query: (params) => ({ url: 'logout', method: 'POST', params }) }),
    accountExists: build.mutation<{ status: string; exists: boolean; master_login: boolean }, { email?: string; telephone?: string }>({ query: (body) => ({ url: 'check-email-phone-exists', method: 'POST', body }) }),
    sendOtp: build.mutation<StatusAnswer, { telephone: string }>({ query: (body) => ({ url: 'send-otp', method: 'POST', body }) }),
    sendMagicLink: build.mutation<StatusAnswer, { email: string }>({ query: (body) => ({ url: 'send-magic-link', method: 'POST', body }) }),
    useMagicLink: build.mutation<LoginResponse, { email: string; magicLinkToken: string; device_id: string }>({ query: (body) => ({ url: 'use-magic-link', method: 'POST', body }) }),
    /** An admin link's access-token query: the account it signs in as. */
    loginByToken: build.mutation<LoginResponse, string>({ query: (token) => ({ url: 'login-by-token', method: 'POST', body: { token } }) }),
    submitMfa: build.mutation<LoginResponse, { code: string; token: string; is_backup: 0 | 1 }>({ query: (body) => ({ url: 'mfa/submit', method: 'POST', body }) }),
    forgetPassword: build.mutation<StatusAnswer, { email: string }>({ query: (body) => ({ url: 'forget-password', method: 'POST', body }) }),
    resetPassword: build.mutation<StatusAnswer, { email: string; code: string; password: string; password_confirmation: string }>({ query: (body) => ({ url: 'reset-password', method: 'POST', body }) }),
    signup: build.mutation<StatusAnswer, SignupPayload>({ query: (body) => ({ url: 'signup', method: 'POST', body }) }),
    customerDetails: build.query<CustomerDetails, void>({ query: () => 'get-customer-details', transformResponse: (r: { data: CustomerDetails }) => r.data, providesTags: ['Account'] }),
    updateName: build.mutation<StatusAnswer, { first_name: string; last_name: string }>({ query: (body) => ({ url: 'customer/name', method: 'POST', body }), invalidatesTags: ['Account'] }),
    updateEmail: build.mutation<StatusAnswer, { email: string; password: string }>({ query: (body) => ({ url: 'customer/email', method: 'POST', body }), invalidatesTags: ['Account'] }),
    updatePassword: build.mutation<StatusAnswer, { current_password: string; password: string; password_confirmation: string }>({ query: (body) => ({ url: 'customer/password', method: 'POST', body }), invalidatesTags: ['Sessions'] }),
    logoutOthers: build.mutation<StatusAnswer, void>({ query: () => ({ url: 'customer/logout-others', method: 'POST', body: {} }), invalidatesTags: ['Sessions'] }),
    signedInSessions: build.query<SignedInSession[], void>({ query: () => 'customer/sessions', transformResponse: (r: { data: SignedInSession[] }) => r.data, providesTags: ['Sessions'] }),
    endSession: build.mutation<StatusAnswer, { id: string }>({ query: (body) => ({ url: 'customer/sessions/end', method: 'POST', body }), invalidatesTags: ['Sessions'] }),
    deleteAccount: build.mutation<StatusAnswer, { password: string }>({ query: (body) => ({ url: 'customer/delete', method: 'POST', body }) }),
    sendPhoneCode: build.mutation<StatusAnswer, { telephone: string }>({ query: (body) => ({ url: 'customer/phone/send-code', method: 'POST', body }) }),
    updatePhone: build.mutation<StatusAnswer, { telephone: string; code: string }>({ query: (body) => ({ url: 'customer/phone', method: 'POST', body }), invalidatesTags: ['Account'] }),
    setSms: build.mutation<StatusAnswer, { receive_sms: 0 | 1 }>({
      query: (body) => ({ url: 'customer/set-sms', method: 'POST', body }), invalidatesTags: ['Account'],
      async onQueryStarted({ receive_sms }, { dispatch, queryFulfilled }) {
        const patch = dispatch(identityApi.util.updateQueryData('customerDetails', undefined, (details) => { details.receive_sms = receive_sms === 1; }));
        try { await queryFulfilled; } catch { patch.undo(); }
      },
    }),
    setMarketing: build.mutation<StatusAnswer, { receive_marketing: 0 | 1 }>({
      query: (body) => ({ url: 'customer/set-marketing', method: 'POST', body }), invalidatesTags: ['Account'],
      // The switch moves when clicked, and moves back if the server says no.
      async onQueryStarted({ receive_marketing }, { dispatch, queryFulfilled }) {
        const patch = dispatch(identityApi.util.updateQueryData('customerDetails', undefined, (details) => { details.receive_marketing = receive_marketing === 1; }));
        try { await queryFulfilled; } catch { patch.undo(); }
      },
    }),
    mfaStatus: build.query<{ enabled: boolean; backup_codes_left: number }, void>({ query: () => 'mfa/load', providesTags: ['Account'] }),
    verifyPassword: build.mutation<StatusAnswer, { password: string }>({ query: (body) => ({ url: 'verify-password', method: 'POST', body }) }),
    setupMfa: build.mutation<{ secret: string; otpauth_url: string }, void>({ query: () => ({ url: 'mfa/setup', method: 'POST' }) }),
    completeMfa: build.mutation<{ message: string; backup_codes: string[] }, { code: string }>({ query: (body) => ({ url: 'mfa/setup-complete', method: 'POST', body }), invalidatesTags: ['Account'] }),
    savedCards: build.query<SavedCard[], void>({ query: () => 'customer-cards', transformResponse: (r: { data: SavedCard[] }) => r.data, providesTags: ['Account'] }),
    deleteSavedCard: build.mutation<StatusAnswer, { source: string }>({ query: (body) => ({ url: 'customer-cards/delete', method: 'POST', body }), invalidatesTags: ['Account'] }),
    saveCustomerStore: build.mutation<StatusAnswer, { store: number }>({ query: (body) => ({ url: 'save-customer-stores', method: 'POST', body }) }),
    disableMfa: build.mutation<StatusAnswer, void>({ query: () => ({ url: 'mfa/disable', method: 'POST' }), invalidatesTags: ['Account'] }),
  }),
});

export const adminOrdersApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    outstandingOrders: build.query<Paged<OrderSummary>, { page: number }>({ query: (params) => ({ url: 'admin/orders/outstanding', params }), providesTags: ['Orders'] }),
    adminOrder: build.query<AdminOrder, string>({ query: (id) => `admin/orders/${encodeURIComponent(id)}`, transformResponse: (r: { data: AdminOrder }) => r.data, providesTags: ['Orders'] }),
    /** Moves an order on: take, prepare (mark ready), complete, cancel (with a reason); the answer's message says what happened. */
    orderAction: build.mutation<{ status: string; message: string; data: AdminOrder }, { action: OrderAction; id: string; reason?: string; deliveryMinutes?: number }>({
      query: ({ action, ...body }) => ({ url: `admin/orders/${ORDER_ACTION_PATHS[action]}`, method: 'POST', body }),
      invalidatesTags: ['Orders'],
    }),
  }),
});
export const adminOrderMailApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    /** The store e-mails an order's customer. */
    emailOrderCustomer: build.mutation<{ status: string; message: string; data: AdminOrder }, { id: string; subject: string; body: string }>({
      query: ({ id, ...body }) => ({ url: `admin/orders/${encodeURIComponent(id)}/email`, method: 'POST', body }), invalidatesTags: ['Orders'],
    }),
  }),
});
const ORDER_ACTION_PATHS: Record<OrderAction, string> = { take: 'order-taken', prepare: 'markPrepared', complete: 'markComplete', cancel: 'cancel' };

/** Admin settings: the store's search synonyms (the product editors' permission). */
type WidgetsAnswer = { message: string; data: AdminWidget[] };
export interface SubAccountDetails { first_name: string; last_name: string; email: string; permissions: string[] }

/** A settings save answers with the new business details: every screen showing them (footer, store pages, cart) updates. */
async function keepBusinessDetails(_info: unknown, { dispatch, queryFulfilled }: { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<{ data: { data: BusinessDetails } }> }) {
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  if (data) dispatch(storefrontApi.util.upsertQueryData('businessDetails', undefined, data.data) as unknown as UnknownAction);
}

export const adminSettingsApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    searchSynonyms: build.query<string[][], void>({
      query: () => 'admin/search-synonyms', transformResponse: (r: { data: { groups: string[][] } }) => r.data.groups, providesTags: ['SearchSynonyms'],
    }),
    saveSearchSynonyms: build.mutation<{ message: string; data: { groups: string[][] } }, string[][]>({
      query: (groups) => ({ url: 'admin/search-synonyms', method: 'PUT', body: { groups } }), invalidatesTags: ['SearchSynonyms'],
    }),
    homepageSections: build.query<AdminWidget[], void>({ query: () => 'widget/get', transformResponse: (r: { data: AdminWidget[] }) => r.data, providesTags: ['Widgets'] }),
    setSectionHidden: build.mutation<WidgetsAnswer, { id: number; hidden: boolean }>({ query: (body) => ({ url: 'admin/widget/update', method: 'POST', body }), invalidatesTags: ['Widgets', 'Products'] }),
    saveSectionOrder: build.mutation<WidgetsAnswer, { area: 1 | 2; ids: number[] }>({ query: (body) => ({ url: 'admin/widget/save', method: 'POST', body }), invalidatesTags: ['Widgets', 'Products'] }),
    removeSection: build.mutation<WidgetsAnswer, number>({ query: (id) => ({ url: 'admin/widget/delete', method: 'POST', body: { id } }), invalidatesTags: ['Widgets', 'Products'] }),
    subAccounts: build.query<SubAccount[], void>({ query: () => ({ url: 'sub-accounts', params: { auth: true } }), transformResponse: (r: { 'sub-accounts': SubAccount[] }) => r['sub-accounts'], providesTags: ['SubAccounts'] }),
    createSubAccount: build.mutation<{ message: string; data: SubAccount }, SubAccountDetails & { password: string; c_password: string }>({
      query: (body) => ({ url: 'sub-accounts/create', method: 'POST', body }), invalidatesTags: ['SubAccounts'],
    }),
    updateSubAccount: build.mutation<{ message: string; data: SubAccount }, SubAccountDetails & { slug: string }>({
      query: (body) => ({ url: 'sub-accounts/update', method: 'POST', body }), invalidatesTags: ['SubAccounts'],
    }),
    changeSubAccountPassword: build.mutation<{ message: string }, { slug: string; password: string; c_password: string }>({
      query: (body) => ({ url: 'sub-accounts/change-password', method: 'POST', body }),
    }),
    deleteSubAccount: build.mutation<{ message: string }, string>({ query: (slug) => ({ url: 'sub-accounts/delete', method: 'POST', body: { slug } }), invalidatesTags: ['SubAccounts'] }),
    saveStoreInformation: build.mutation<{ message: string; data: BusinessDetails }, StoreInformation>({
      query: (body) => ({ url: 'about-us/save', method: 'POST', body }),
      onQueryStarted: keepBusinessDetails,
    }),
    /** The selling options; the cart's modes and totals follow them, so the cart is read again. */
    saveStoreOptions: build.mutation<{ message: string; data: BusinessDetails }, Partial<StoreOptions>>({
      query: (body) => ({ url: 'admin/settings/update', method: 'POST', body }),
      onQueryStarted: keepBusinessDetails,
      invalidatesTags: ['Cart'],
    }),
    wizardState: build.query<WizardState, void>({ query: () => 'setup-wizard/get', transformResponse: (r: { data: WizardState }) => r.data, providesTags: ['Wizard'] }),
    markWizardItem: build.mutation<WizardState, { slug: string; status: 'started' | 'completed' }>({
      query: ({ slug, status }) => ({ url: `setup-wizard/mark-item-${status}`, method: 'POST', body: { slug } }),
      transformResponse: (r: { data: WizardState }) => r.data,
      async onQueryStarted(_info, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminSettingsApi.util.upsertQueryData('wizardState', undefined, data));
      },
    }),
    acknowledgeWizard: build.mutation<{ message: string; data: WizardState }, { comments: string }>({
      query: (body) => ({ url: 'setup-wizard/acknowledge', method: 'POST', body }),
      async onQueryStarted(_info, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(adminSettingsApi.util.upsertQueryData('wizardState', undefined, data.data));
      },
    }),
  }),
});
