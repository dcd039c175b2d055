// Start-up and storefront reads: the store's settings and pages, products, brands, home page sections, paints, rentals, rewards.
import type { AboutUs, BusinessAboutUs, HomeBanner, PublicStoreInformation, BusinessDetails, Department, NavigationItem, Paged, ProductItem, ProductPage, StoreLocation, StoreSettings, FooterSettings, LegalDocument, CustomPage, HomepageWidget, NavigationGroup, PaintCollection, PaintColor, PaintFamily, PaymentSettings } from '@platform/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { platformApi } from '../api';
import { routeOf } from '@platform/domain';
import { preselectStore } from '../session';
import { unwrap } from './unwrap';

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
  /** `alias`: the store's other name the shopper typed, when the department or brand was found by it. */
  departments: { dept_id: number; name: string; alias?: string }[];
  brands: { brand_id: number; brand_name: string; image: string | null; alias?: string }[];
}

/**
 * Fills the caches the start-up bundle carries (settings, navigation, business details, footer, legal
 * documents, pages; with the bundle's own when it came with the page) in one synchronous update, after
 * preselecting the first location.
 */
function fillStartupCaches(dispatch: (action: UnknownAction) => unknown, data: StartupBundle, withBundle: boolean): void {
  // The address's own query, whether the page routes by path or by hash (/#/?store=2).
  preselectStore(data.business.about_us.locations.map((l) => l.id), routeOf(window.location).search);
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
    settings: build.query<StoreSettings, void>({ query: () => 'settings', transformResponse: unwrap, providesTags: ['Settings'] }),
    businessDetails: build.query<BusinessDetails, void>({ query: () => 'business-details2', transformResponse: unwrap }),
    /** The store's card provider and its public keys (none: payment at the store). */
    paymentSettings: build.query<PaymentSettings, void>({ query: () => 'payment-settings', transformResponse: unwrap }),
    footer: build.query<FooterSettings, void>({ query: () => 'custom-footer', transformResponse: unwrap }),
    legalDocuments: build.query<LegalDocument[], void>({ query: () => 'business-terms', transformResponse: unwrap }),
    customPages: build.query<CustomPage[], void>({ query: () => ({ url: 'custom-pages', params: { skipBody: 1 } }), transformResponse: unwrap }),
    customPage: build.query<CustomPage, number>({ query: (id) => `custom-page/${id}`, transformResponse: unwrap }),
    /** The locations nearest first, with whole miles from the given point or the selected store. */
    nearbyStores: build.query<NearbyStore[], { lat?: number; lng?: number } | void>({
      query: (params) => ({ url: 'nearby-stores', params: params ?? {} }), transformResponse: unwrap,
    }),
    navigation: build.query<NavigationItem[], void>({ query: () => 'custom-navigation', transformResponse: unwrap }),
    navigationGroups: build.query<NavigationGroup[], void>({ query: () => 'custom-nav', transformResponse: unwrap }),
    departmentTree: build.query<DepartmentNode[], number | void>({ query: (depth) => `full-departments?depth=${depth ?? 3}`, transformResponse: unwrap }),
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
      transformResponse: unwrap,
      providesTags: ['Products'],
    }),
    popularProducts: build.query<(ProductItem & { views: number })[], void>({ query: () => 'popular-products', transformResponse: unwrap, providesTags: ['Products'] }),
    trackProductView: build.mutation<void, { sku: string; device_id: string }>({ query: (body) => ({ url: 'products/track', method: 'POST', body }) }),
    /** Back in stock (issue 29): one e-mail when the store product is back; a guest gives `email`, a signed-in shopper's account e-mail is used. */
    notifyBackInStock: build.mutation<{ status: 'success'; message: string; email: string }, { store_product_id: number; email?: string }>({
      query: (body) => ({ url: 'products/notify-back-in-stock', method: 'POST', body }),
    }),
    withdrawBackInStock: build.mutation<{ status: 'success' }, { store_product_id: number; email?: string }>({
      query: (body) => ({ url: 'products/notify-back-in-stock', method: 'DELETE', body }),
    }),
    productAddons: build.query<ProductItem[], number>({ query: (id) => `products/${id}/addons`, transformResponse: unwrap, providesTags: ['Products'] }),
    productVideos: build.query<Video[], number>({ query: (id) => `products/${id}/videos`, transformResponse: unwrap }),
    alsoPurchased: build.query<ProductItem[], number>({ query: (id) => `products/${id}/also-purchased`, transformResponse: unwrap, providesTags: ['Products'] }),
    topSelling: build.query<(ProductItem & { sold: number })[], { days: number; limit: number }>({
      query: ({ days, limit }) => `top-selling/${days}/${limit}`,
      transformResponse: unwrap,
      providesTags: ['Products'],
    }),
    similarProducts: build.query<ProductItem[], number>({ query: (id) => `products/${id}/similar`, transformResponse: unwrap, providesTags: ['Products'] }),
    recentProducts: build.query<ProductItem[], string>({
      query: (device_id) => ({ url: 'products/get-recent', method: 'POST', body: { device_id } }),
      transformResponse: unwrap,
      providesTags: ['Products'],
    }),
    trackSearch: build.mutation<void, { search: string; device_id?: string; customer_slug?: string }>({ query: (body) => ({ url: 'track-search', method: 'POST', body }) }),
    trackSearchClick: build.mutation<void, { search: string; id: number; index: number }>({ query: (body) => ({ url: 'search/click', method: 'POST', body }) }),
    brands: build.query<Paged<BrandItem>, { page?: number; limit?: number; sort?: string; search?: string }>({ query: (params) => ({ url: 'brands', params }), providesTags: ['Products'] }),
    brandVideos: build.query<Video[], number>({ query: (id) => `brands/${id}/videos`, transformResponse: unwrap }),
    brand: build.query<BrandItem, string>({ query: (param) => ({ url: 'brands/brand', params: { param } }), transformResponse: unwrap, providesTags: ['Products'] }),
    homepageWidgets: build.query<HomepageWidget[], 1 | 2>({ query: (area) => (area === 1 ? 'homepage-widgets' : 'homepage-widgets-two'), transformResponse: unwrap, providesTags: ['Products'] }),
    widgetProducts: build.query<ProductItem[], { skus?: string[]; dept_id?: number; brand_id?: number; limit?: number }>({
      query: (body) => ({ url: 'widget/getProducts', method: 'POST', body }), transformResponse: unwrap, providesTags: ['Products'],
    }),
    homepageWidget: build.query<HomepageWidget, number>({ query: (id) => `widget/${id}`, transformResponse: unwrap, providesTags: ['Products'] }),
    featuredProducts: build.query<ProductItem[], void>({ query: () => 'favourite-products', transformResponse: unwrap, providesTags: ['Products'] }),
    paintFamilies: build.query<PaintFamily[], void>({ query: () => 'paints/families', transformResponse: unwrap }),
    paintCollections: build.query<PaintCollection[], void>({ query: () => 'paints/collections', transformResponse: unwrap }),
    paintColors: build.query<Paged<PaintColor>, { family?: string; collection?: string; search?: string; page?: number; limit?: number }>({ query: (params) => ({ url: 'paints/colors', params }) }),
    paintProducts: build.query<PaintProducts, { category?: string; page?: number }>({
      query: (params) => ({ url: 'paints/products', params }), transformResponse: unwrap, providesTags: ['Products'],
    }),
    rentals: build.query<Rentals, { deptId?: number; subDeptId?: number }>({ query: (params) => ({ url: 'rentals', params }), transformResponse: unwrap }),
    submitRentalRequest: build.mutation<{ status: string; message: string }, RentalRequestPayload>({ query: (body) => ({ url: 'rental-form-submit', method: 'POST', body }) }),
    optOut: build.mutation<{ status: string; message: string }, { path: string; token: string }>({ query: ({ path, token }) => ({ url: path.slice(1), method: 'POST', body: { token } }) }),
    rewardsSignup: build.mutation<{ status: string; message: string; data: RewardsMember }, { first_name: string; last_name: string; email: string; phone: string; zip: string }>({
      query: (body) => ({ url: 'truevalue/rewards-signup', method: 'POST', body }),
    }),
    rewardsLookup: build.mutation<{ status: string; data: RewardsMember }, { value: string }>({ query: (body) => ({ url: 'truevalue/rewards-lookup', method: 'POST', body }) }),
    brandFilter: build.query<{ show: boolean }, void>({ query: () => 'brands/get-filter', transformResponse: unwrap }),
    /** The store's About us story and photos (/store-info). */
    aboutUs: build.query<AboutUs, void>({ query: () => 'about-us', transformResponse: unwrap }),
    /** How to reach the business: contact e-mail, main phone, social pages, every location with hours. */
    businessAboutUs: build.query<BusinessAboutUs, void>({ query: () => 'business-about-us', transformResponse: unwrap }),
    /** The page title, meta description and link-preview image. */
    storeInformation: build.query<PublicStoreInformation, void>({ query: () => 'store-information', transformResponse: unwrap }),
    /** The home page's announcement line (null: none). */
    homeBanner: build.query<HomeBanner | null, void>({ query: () => 'home-banner', transformResponse: unwrap }),
    /** The footer's newsletter sign-up (consent given); the answer's message confirms it. */
    newsletterSignUp: build.mutation<{ status: string; message: string }, { email: string; consent: boolean; page: string }>({
      query: (body) => ({ url: 'newsletter/subscribe', method: 'POST', body }),
    }),
    /** Counts this visitor for the day's store stats (spec 1 §7 track-visitor; answers {res: 1}). */
    trackVisitor: build.mutation<{ res: 1 }, { device_id?: string; customer_slug?: string }>({ query: (params) => ({ url: 'track-visitor', params }) }),
  }),
});
