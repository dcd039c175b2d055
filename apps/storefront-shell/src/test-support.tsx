// Component tests of the shell (docs/TESTING.md): a stand-in for the API behind fetch, fixtures typed with the
// contracts, and one render helper with the real store, router, theme and shop facts.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useLocation } from '@platform/routing';
import { buildTheme } from '@platform/ui';
import {
  clearSession, createPlatformStore, fillStartupFromPage, setSession, type DepartmentNode, type ProductDetail, type ProductListResult, type SessionUser, type Video,
} from '@platform/api-client';
import type {
  BusinessDetails, Cart, CustomPage, ErrorBody, FooterSettings, LegalDocument, NavigationGroup, NavigationItem, ProductItem, StoreLocation, StoreSettings,
} from '@platform/contracts';
import { ShopFactsProvider } from './components/shop-facts';

/** The answer bodies of the routes these screens call, as the services send them (services/<name>/src/routes.ts). */
export interface Answers {
  'GET /api/settings': { data: StoreSettings };
  'GET /api/business-details2': { data: BusinessDetails };
  'GET /api/full-departments': { data: DepartmentNode[] };
  'GET /api/products/product': { data: ProductDetail };
  'GET /api/products': ProductListResult;
  'GET /api/brands/get-filter': { data: { show: boolean } };
  'POST /api/products/track': { status: string };
  'POST /api/products/get-recent': { data: ProductItem[] };
  'POST /api/track-search': { status: string };
  'POST /api/search/click': { status: string };
  'GET /api/cart-parcels': { data: Cart };
  'POST /api/add-to-cart': { data: Cart };
  [productRow: `GET /api/products/${number}/${'addons' | 'similar' | 'also-purchased'}`]: { data: ProductItem[] };
  [videos: `GET /api/products/${number}/videos`]: { data: Video[] };
}
export type Route = keyof Answers;

/** A request the screen sent: method, path (no query), query, JSON body (undefined without one), headers. */
export interface SentRequest { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }

/** An error answer, in the one error body of every 4xx/5xx (contracts ErrorBody). */
export class Failure {
  readonly body: ErrorBody;
  constructor(readonly status: number, message: string, errors?: ErrorBody['errors']) {
    this.body = { status, message, ...(errors ? { errors } : {}) };
  }
}

type Reply<R extends Route> = Answers[R] | Failure;
type Responder<R extends Route> = Reply<R> | ((request: SentRequest) => Reply<R> | Promise<Reply<R>>);

/**
 * Stands in for the API behind globalThis.fetch (RTK Query's fetchBaseQuery calls it with a Request): answers
 * 'METHOD /api/path' with the fixture given for it, records every request, and answers any other call 404.
 */
export class FakeApi {
  readonly requests: SentRequest[] = [];
  private readonly responders = new Map<string, (request: SentRequest) => unknown>();

  /** Answers every later `route` request with `reply` (or what the function gives for the request). */
  on<R extends Route>(route: R, reply: Responder<R>): this {
    this.responders.set(route, typeof reply === 'function' ? reply : () => reply);
    return this;
  }

  /** The requests sent to `route` so far, oldest first. */
  sent(route: Route): SentRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route);
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const sent: SentRequest = { method: request.method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined, headers: request.headers };
    this.requests.push(sent);
    const responder = this.responders.get(`${sent.method} ${sent.path}`);
    const reply = responder ? await responder(sent) : new Failure(404, `No fixture for ${sent.method} ${sent.path}`);
    const [status, body] = reply instanceof Failure ? [reply.status, reply.body] : [200, reply];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
}

/** A promise the test settles when it wants: for answers that arrive later (loading states). */
export function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

/** This browser's device id in every test (10 alphanumerics, as the server requires). */
export const DEVICE_ID = 'TestDevice';

export const MAIN_STREET: StoreLocation = {
  id: 1, name: 'Main Street', address: '12 Main St', city: 'Salem', state: 'OR', zip: '97301', phone: '5035550100',
  latitude: 44.94, longitude: -123.03, store_number: '001', business_id: 7,
  hours: { monday: { open: '08:00', close: '18:00', closed: false } },
};
export const RIVERSIDE: StoreLocation = { ...MAIN_STREET, id: 2, name: 'Riverside', address: '400 River Rd', zip: '97302', store_number: '002' };

export const SETTINGS: StoreSettings = {
  businessSlug: 'demo-hardware', businessName: 'Demo Hardware', businessId: 7, variant: 'default',
  colors: { primary: '#1f5f99' }, font: 'Helvetica, Arial, sans-serif', favicon: null, navigationFontSize: 15,
  homeAlert: null, buyingFromAlert: null, hideRegistration: false, hideBrandFilter: false, legacyAddToCartToast: false,
  text: { specialOrderFee: 'Special Order' },
  cart: { hideTax: false, taxDisclaimer: '', mergeAdditionalFeeWithSubtotal: false, hideDeliveryZipcode: false },
  products: { itemsPerPage: 24, currencyPrefix: '$', capitalizeTitle: false, useOriginalTitle: false },
  sms_notifications_enabled: true, custom_fields: { signup: [] },
  account_field_info: { label: 'Contractor Account Number', help: '' }, mapTileUrl: null, featuredProductsTitle: '',
};

export const BUSINESS: BusinessDetails = {
  business_id: 7, original_company: 'Demo Hardware', other_ecommerce_plan: 'standard',
  about_us: { locations: [MAIN_STREET, RIVERSIDE] }, contact_email: 'store@demo-hardware.test',
  facebook_link: '', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '',
  pickup_enabled: true, delivery_enabled: false, shipping_enabled: false, departments_hierarchy_level: 3,
  show_stock_level: true, show_oos_special: false, show_competitors: false,
  delivery_locations: [], special_order_fee: '0.00', special_order_sla: '3-8 days',
  tax_rates: [{ location_id: 1, rate: '6' }], destination_tax_rates: [], other_tax_rows: [],
  shipping_settings: { handling_fee: '0.00', table_rates: [] },
  wizard_enabled: false, wizard_reminders: true, landing_page_auto_update: true, rewards_enabled: false, loyality_lookup_field: 'phone',
  local_ad: { enabled: false, title: 'Weekly Ad', valid_from: null, valid_to: null, pages: [] },
};

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
    order_type: 0, subtotal: '0.00', additional_fees: '0.00', delivery_charge: null, delivery_charge_label: null, delivery_error: null,
    coupon: null, coupon_message: null, discount: '0.00', special_order_fee: '0.00', special_order_fee_label: 'Special Order', special_order_sla: '3-8 days',
    shipping_charge: null, shipping_charge_label: null, shipping_quote: null, tax: '0.00', tax_rows: [{ label: 'Tax', amount: '0.00' }], total: '0.00',
  },
};

/** What the gateway writes into the page (window.__STARTUP__): the cache holds it before the first render. */
interface StartupBundle {
  settings: StoreSettings; navigation: NavigationItem[]; navGroups: NavigationGroup[]; business: BusinessDetails; footer: FooterSettings; legal: LegalDocument[]; pages: CustomPage[];
}
const FOOTER: FooterSettings = {
  background: null, title: '', titleSize: 16, columns: [], hideStaticFooter: false, links: [], showLogo: false, logo: null,
  hideBusinessName: false, showSslLogo: false, logoMaxWidth: 200, logoMaxHeight: 80,
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
}

/**
 * Renders `screen` at `path` as the shell does: the real Redux store of @platform/api-client with the start-up
 * bundle in its cache (fillStartupFromPage, which also preselects the first store), the shared router at that
 * address with the screen on its route (any other address renders a marker, data-testid 'elsewhere'), the
 * tenant's theme and the shop facts every price and cart control reads. fetch goes to `api`. Returns Testing
 * Library's queries, the store, the api and a user-event instance.
 */
export function renderScreen(screen: ReactElement, path: string, options: RenderOptions) {
  const api = options.api ?? new FakeApi();
  vi.stubGlobal('fetch', api.fetch);
  localStorage.setItem('device_id', DEVICE_ID);
  if (options.storeId !== undefined) localStorage.setItem('selectedStore', String(options.storeId));
  if (options.user) setSession(options.user);
  window.history.replaceState(null, '', path);
  const store = createPlatformStore();
  const settings = options.settings ?? SETTINGS;
  const bundle: StartupBundle = { settings, navigation: [], navGroups: [], business: options.business ?? BUSINESS, footer: FOOTER, legal: [], pages: [] };
  (window as { __STARTUP__?: StartupBundle }).__STARTUP__ = bundle;
  fillStartupFromPage(store.dispatch);
  const ui: ReactElement = (
    <Provider store={store}>
      <BrowserRouter>
        <ThemeProvider theme={buildTheme(settings)}>
          <ShopFactsProvider>
            <Routes>
              <Route path={options.route} element={screen} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </ShopFactsProvider>
        </ThemeProvider>
      </BrowserRouter>
    </Provider>
  );
  return { ...render(ui), store, api, user: userEvent.setup({ delay: null }) };
}

// Each test starts from a new page: nothing rendered, no session, empty browser storage, the real fetch back.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
