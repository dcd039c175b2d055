// Component tests of the shell (docs/TESTING.md): a stand-in for the API behind fetch, fixtures typed with the
// contracts, and one render helper with the real store, router, theme and shop facts.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformRouter, Route, Routes, useLocation, type PageLoader } from '@platform/routing';
import type { RouterMode } from '@platform/domain';
import { buildTheme } from '@platform/ui';
import {
  clearAlerts, clearSession, type BrandItem, type DepartmentNode, type NearbyStore, type PaintProducts, type ProductDetail, type ProductListResult, type Rentals, type SessionUser, type SuggestionsResult,
  type Video,
} from '@platform/api-client';
import type {
  AboutUs, BusinessAboutUs, BusinessDetails, Cart, CouponWidget, HomeBanner, HomepageWidget, InStorePingAnswer, InStorePingState, Paged, PaintCollection, PaintColor, PaintFamily, ProductItem,
  Promotion, StoreSettings,
} from '@platform/contracts';
import { BUSINESS as BASE_BUSINESS, FakeApi as ApiStandIn, openTestStore, SETTINGS as BASE_SETTINGS } from '@platform/api-client/testing';
import { ShopFactsProvider } from './components/shop-facts';
import { AlertHost, ToastHost } from './components/alert-host';

/** The answer bodies of the routes these screens call, as the services send them (services/<name>/src/routes.ts). */
export interface Answers {
  'GET /api/settings': { data: StoreSettings };
  'GET /api/business-details2': { data: BusinessDetails };
  'GET /api/nearby-stores': { data: NearbyStore[] };
  'POST /api/newsletter/subscribe': { status: string; message: string };
  'GET /api/about-us': { data: AboutUs };
  'GET /api/business-about-us': { data: BusinessAboutUs };
  'GET /api/home-banner': { data: HomeBanner | null };
  'GET /api/full-departments': { data: DepartmentNode[] };
  'GET /api/homepage-widgets': { data: HomepageWidget[] };
  'GET /api/homepage-widgets-two': { data: HomepageWidget[] };
  'GET /api/coupon-widgets': { data: CouponWidget[] };
  'GET /api/popular-products': { data: (ProductItem & { views: number })[] };
  'GET /api/favourite-products': { data: ProductItem[] };
  [topSelling: `GET /api/top-selling/${number}/${number}`]: { data: (ProductItem & { sold: number })[] };
  'GET /api/products/product': { data: ProductDetail };
  'GET /api/products': ProductListResult;
  'GET /api/brands/get-filter': { data: { show: boolean } };
  'GET /api/brands': Paged<BrandItem>;
  'GET /api/brands/brand': { data: BrandItem };
  [brandVideos: `GET /api/brands/${number}/videos`]: { data: Video[] };
  'POST /api/products/track': { status: string };
  'POST /api/products/notify-back-in-stock': { status: 'success'; message: string; email: string };
  'DELETE /api/products/notify-back-in-stock': { status: 'success' };
  'GET /api/get-in-store-ping-status': { status: 'success'; data: InStorePingState };
  'POST /api/save-in-store-ping': InStorePingAnswer;
  'POST /api/in-store-ping-non-customer-info': InStorePingAnswer;
  'POST /api/cancel-in-store-ping': InStorePingAnswer;
  'POST /api/products/get-recent': { data: ProductItem[] };
  'POST /api/track-search': { status: string };
  'GET /api/get-suggestions': SuggestionsResult;
  'POST /api/search/click': { status: string };
  'GET /api/cart-parcels': { data: Cart };
  'POST /api/add-to-cart': { data: Cart };
  'POST /api/logout': { status: string; message: string };
  [productRow: `GET /api/products/${number}/${'addons' | 'similar' | 'also-purchased'}`]: { data: ProductItem[] };
  [videos: `GET /api/products/${number}/videos`]: { data: Video[] };
  'GET /api/rentals': { data: Rentals };
  'POST /api/rental-form-submit': { status: string; message: string };
  'GET /api/paints/products': { data: PaintProducts };
  'GET /api/paints/families': { data: PaintFamily[] };
  'GET /api/paints/collections': { data: PaintCollection[] };
  'GET /api/paints/colors': Paged<PaintColor>;
  'GET /api/promotions': { data: Promotion[] };
  [promotion: `GET /api/promotions/${string}`]: { data: Promotion };
  'POST /api/promotions/redeem': { status: number; message: string; disclaimer: string; data: Cart };
  'GET /api/homepage-promo-pop-up': { data: { coupon_widget_data: Promotion | null } };
}
export type Route = keyof Answers;

/** The API stand-in these screens talk to (@platform/api-client/testing), typed by the routes above. */
export class FakeApi extends ApiStandIn<Answers> {}
export { DEVICE_ID, Failure, later, MAIN_STREET, RIVERSIDE, type SentRequest } from '@platform/api-client/testing';
/** The store the shell's screens are tested in: 24 a page, stock levels shown. */
export const SETTINGS: StoreSettings = { ...BASE_SETTINGS, products: { ...BASE_SETTINGS.products, itemsPerPage: 24 } };
export const BUSINESS: BusinessDetails = { ...BASE_BUSINESS, show_stock_level: true };

/** A product as the catalogue prices and stocks it for the selected store (search rows, product rows). */
export function productItem(product: Pick<ProductItem, 'id' | 'title' | 'price'> & Partial<ProductItem>): ProductItem {
  const slug = product.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    store_product_id: product.id + 1000, slug, sku: `SKU-${product.id}`, original_title: product.title, brand_name: 'DeWalt', model_number: `M-${product.id}`,
    promo_price: null, image_url: null, num_inventory: 25, inventory: 25, vendor_id: null, vendor_allows_special_order: false, location: 1, hidden: false,
    extra: {}, settings: {}, promo_message: null, competitors: [], additional_fee: null, additional_fee_details: [], ...product,
  };
}

/** An empty cart as cart-parcels answers it for a new device. */
export const EMPTY_CART: Cart = {
  order_id: null, item_count: 0, parcels: [], checkout_types: { pickup: true, delivery: false, shipping: false }, subtotal: '0.00',
  totals: {
    order_type: 0, subtotal: '0.00', additional_fees: '0.00', additional_fee_details: [], delivery_fee: null, discount_delivery: '0.00',
    delivery_charge: null, delivery_charge_label: null, delivery_error: null, coupon: null, coupon_message: null, discount: '0.00', discount_label: null,
    special_order_fee: '0.00', special_order_fee_label: 'Special Order', special_order_sla: '3-8 days', shipping_fee: null, discount_shipping: '0.00', shipping_charge: null, shipping_charge_label: null, shipping_quote: null, tax: '0.00', tax_rows: [{ label: 'Tax', amount: '0.00' }], total: '0.00',
  },
};


/** Where the screen sent the shopper, for tests that follow a navigation away from it. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{pathname}{search}</p>;
}

export interface RenderOptions {
  /** The route pattern the screen is mounted on, as in app/routes.tsx (e.g. '/p/:slug'). */
  route: string;
  /** The API stand-in to answer the screen's requests (a new one with nothing answered by default). */
  api?: FakeApi;
  /** Signed in as this user (default: a guest). */
  user?: SessionUser;
  /** Business details of the start-up bundle (default BUSINESS). */
  business?: BusinessDetails;
  /** Settings of the start-up bundle (default SETTINGS). */
  settings?: StoreSettings;
  /** The selected store (default: the first location, as the shell preselects it). */
  storeId?: number;
  /** How the shell's router runs (default: history mode, not embedded); loadPage watches full page loads. */
  routing?: { mode: RouterMode; embedded?: boolean; loadPage?: PageLoader };
}

/**
 * Renders `screen` at `path` as the shell does: the real Redux store of @platform/api-client with the start-up
 * bundle in its cache (fillStartupFromPage, which also preselects the first store), the shell's router (history
 * mode unless `routing` says otherwise) at that address with the screen on its route (any other address renders
 * a marker, data-testid 'elsewhere'), the tenant's theme and the shop facts every price and cart control reads.
 * fetch goes to `api`. Returns Testing Library's queries, the store, the api and a user-event instance.
 */
export function renderScreen(screen: ReactElement, path: string, options: RenderOptions) {
  const api = options.api ?? new FakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const settings = options.settings ?? SETTINGS;
  const store = openTestStore(path, { user: options.user, settings, business: options.business ?? BUSINESS, storeId: options.storeId });
  const ui: ReactElement = (
    <Provider store={store}>
      <PlatformRouter mode={options.routing?.mode ?? 'history'} fullPageLoads={options.routing?.embedded} loadPage={options.routing?.loadPage}>
        <ThemeProvider theme={buildTheme(settings)}>
          <ShopFactsProvider>
            <Routes>
              <Route path={options.route} element={screen} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </ShopFactsProvider>
          <AlertHost />
          <ToastHost />
        </ThemeProvider>
      </PlatformRouter>
    </Provider>
  );
  return { ...render(ui), store, api, user: userEvent.setup({ delay: null }) };
}

// Each test starts from a new page: nothing rendered, no session, empty browser storage, the real fetch back.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  clearAlerts();
  localStorage.clear();
  sessionStorage.clear();
});
