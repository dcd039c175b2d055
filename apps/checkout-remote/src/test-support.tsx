// Component tests of the checkout remote (docs/TESTING.md): a stand-in for the API behind fetch, fixtures typed
// with the contracts, and one render helper with the real store, router and theme.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@platform/routing';
import { buildTheme } from '@platform/ui';
import { clearSession, createPlatformStore, fillStartupFromPage, setSession, type CartPreferences, type CustomerDetails, type SessionUser } from '@platform/api-client';
import type {
  BusinessDetails, Cart, CustomPage, ErrorBody, FooterSettings, LegalDocument, LoginResponse, NavigationGroup, NavigationItem, PaymentSettings, PlacedOrder, StoreLocation, StoreSettings,
} from '@platform/contracts';
import CheckoutArea from './checkout-area';

/** The answer bodies of the routes these screens call, as the services send them (services/<name>/src/routes.ts). */
export interface Answers {
  'GET /api/settings': { data: StoreSettings };
  'GET /api/business-details2': { data: BusinessDetails };
  'GET /api/payment-settings': { data: PaymentSettings };
  'GET /api/cart-parcels': { data: Cart };
  'POST /api/add-to-cart': { data: Cart };
  'DELETE /api/remove-cart-item': { data: Cart };
  'GET /api/check-active-coupons': { data: { active: boolean } };
  'GET /api/cart-preferences': { data: CartPreferences };
  'POST /api/assign-address': { status: string; data: Cart };
  'POST /api/customer/orders/submit': { status: boolean; message: string; order: PlacedOrder };
  'GET /api/orders/order': { data: PlacedOrder };
  'GET /api/get-customer-details': { data: CustomerDetails };
  'POST /api/signup': { status: string; message: string };
  'POST /api/login': LoginResponse;
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
  products: { itemsPerPage: 96, currencyPrefix: '$', capitalizeTitle: false, useOriginalTitle: false },
  sms_notifications_enabled: true, custom_fields: { signup: [] },
  account_field_info: { label: 'Contractor Account Number', help: '' }, mapTileUrl: null, featuredProductsTitle: '',
};

export const BUSINESS: BusinessDetails = {
  business_id: 7, original_company: 'Demo Hardware', other_ecommerce_plan: 'standard',
  about_us: { locations: [MAIN_STREET, RIVERSIDE] }, contact_email: 'store@demo-hardware.test',
  facebook_link: '', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '',
  pickup_enabled: true, delivery_enabled: false, shipping_enabled: false, departments_hierarchy_level: 3,
  show_stock_level: false, show_oos_special: false, show_competitors: false,
  delivery_locations: [], special_order_fee: '0.00', special_order_sla: '3-8 days',
  tax_rates: [{ location_id: 1, rate: '6' }], destination_tax_rates: [], other_tax_rows: [],
  shipping_settings: { handling_fee: '0.00', table_rates: [] },
  wizard_enabled: false, wizard_reminders: true, landing_page_auto_update: true, rewards_enabled: false, loyality_lookup_field: 'phone',
  local_ad: { enabled: false, title: 'Weekly Ad', valid_from: null, valid_to: null, pages: [] },
};

/** What the gateway writes into the page (window.__STARTUP__): the shell's cache holds it before any screen renders. */
interface StartupBundle {
  settings: StoreSettings; navigation: NavigationItem[]; navGroups: NavigationGroup[]; business: BusinessDetails; footer: FooterSettings; legal: LegalDocument[]; pages: CustomPage[];
}
const FOOTER: FooterSettings = {
  background: null, title: '', titleSize: 16, columns: [], hideStaticFooter: false, links: [], showLogo: false, logo: null,
  hideBusinessName: false, showSslLogo: false, logoMaxWidth: 200, logoMaxHeight: 80,
};

type CartLine = Cart['parcels'][number]['items'][number];

/** A cart line as cart-parcels answers it. */
export function cartLine(line: Pick<CartLine, 'store_product_id' | 'title' | 'price' | 'quantity'> & Partial<CartLine>): CartLine {
  return {
    id: line.store_product_id * 10, sku: `SKU-${line.store_product_id}`, brand_name: 'DeWalt', image_url: null, vendor_id: null, num_inventory: 25,
    extra: {}, location: 1, notice: null, ...line,
  };
}

/**
 * A pickup cart at Main Street as cart-parcels answers it: totals worked out from the lines here (6% tax), so a
 * test states the amounts a shopper should see itself.
 */
export function pickupCart(lines: CartLine[], overrides: Partial<Cart['totals']> = {}): Cart {
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
  const tax = Math.round(cents * 0.06);
  const money = (c: number) => (c / 100).toFixed(2);
  return {
    order_id: lines.length ? 'cart-1' : null,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    parcels: lines.length ? [{ type: 'pickup', items: lines }] : [],
    checkout_types: { pickup: true, delivery: false, shipping: false },
    subtotal: money(cents),
    totals: {
      order_type: 0, subtotal: money(cents), additional_fees: '0.00', delivery_charge: null, delivery_charge_label: null, delivery_error: null,
      coupon: null, coupon_message: null, discount: '0.00', special_order_fee: '0.00', special_order_fee_label: 'Special Order', special_order_sla: '3-8 days',
      shipping_charge: null, shipping_charge_label: null, shipping_quote: null,
      tax: money(tax), tax_rows: [{ label: 'Tax', amount: money(tax) }], total: money(cents + tax), ...overrides,
    },
  };
}

export const CUSTOMER: SessionUser = {
  is_admin: false, access_token: 'customer-token', loginKeep: true,
  data: { customer: { slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', receive_marketing: false, permissions: [] }, is_developer: false },
};

export interface RenderOptions {
  /** The API stand-in to answer the screen's requests (a new one with nothing answered by default). */
  api?: FakeApi;
  /** Signed in as this user (default: a guest). */
  user?: SessionUser;
  /** Business details of the start-up bundle (default BUSINESS). */
  business?: BusinessDetails;
  /** The selected store (default: the first location, as the shell preselects it). */
  storeId?: number;
}

/**
 * Renders the checkout remote at `path` as the shell mounts it: the real Redux store of @platform/api-client with
 * the start-up bundle in its cache (the shell's fillStartupFromPage), the shared router at that address, and the
 * tenant's theme. fetch goes to `api`. Returns Testing Library's queries, the store, the api and a user-event
 * instance.
 */
export function renderCheckout(path: string, options: RenderOptions = {}) {
  const api = options.api ?? new FakeApi();
  vi.stubGlobal('fetch', api.fetch);
  localStorage.setItem('device_id', DEVICE_ID);
  if (options.storeId !== undefined) localStorage.setItem('selectedStore', String(options.storeId));
  if (options.user) setSession(options.user);
  window.history.replaceState(null, '', path);
  const store = createPlatformStore();
  const bundle: StartupBundle = { settings: SETTINGS, navigation: [], navGroups: [], business: options.business ?? BUSINESS, footer: FOOTER, legal: [], pages: [] };
  (window as { __STARTUP__?: StartupBundle }).__STARTUP__ = bundle;
  fillStartupFromPage(store.dispatch);
  const ui: ReactElement = (
    <Provider store={store}>
      <BrowserRouter>
        <ThemeProvider theme={buildTheme(SETTINGS)}>
          <CheckoutArea />
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
