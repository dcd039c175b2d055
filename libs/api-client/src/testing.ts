// Test helpers for screens that call the API through this client (docs/TESTING.md, component tests): a stand-in
// for the API behind fetch, typed by each app's own map of routes to answers, the store fixtures of the start-up
// bundle, and the client's store opened as the page would open it. Not part of the apps' bundles.
import type {
  BusinessDetails, CustomPage, ErrorBody, FooterSettings, LegalDocument, NavigationGroup, NavigationItem, StoreLocation, StoreSettings,
} from '@platform/contracts';
import { createPlatformStore } from './api';
import { fillStartupFromPage } from './endpoints/storefront';
import { setSession, type SessionUser } from './session';

/** A request the screen sent: method, path (no query), query, JSON body (undefined without one; FormData for an upload), headers. */
export interface SentRequest { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }

/** An error answer, in the one error body of every 4xx/5xx (contracts ErrorBody). */
export class Failure {
  readonly body: ErrorBody;
  constructor(readonly status: number, message: string, errors?: ErrorBody['errors']) {
    this.body = { status, message, ...(errors ? { errors } : {}) };
  }
}

type Reply<A, R extends keyof A> = A[R] | Failure;
type Responder<A, R extends keyof A> = Reply<A, R> | ((request: SentRequest) => Reply<A, R> | Promise<Reply<A, R>>);

/**
 * Stands in for the API behind globalThis.fetch (RTK Query's fetchBaseQuery calls it with a Request): answers
 * 'METHOD /api/path' with the fixture given for it, records every request, and answers any other call 404.
 */
export class FakeApi<Answers extends object> {
  readonly requests: SentRequest[] = [];
  private readonly responders = new Map<string, (request: SentRequest) => unknown>();

  /** Answers every later `route` request with `reply` (or what the function gives for the request). */
  on<R extends keyof Answers & string>(route: R, reply: Responder<Answers, R>): this {
    this.responders.set(route, typeof reply === 'function' ? (reply as (request: SentRequest) => unknown) : () => reply);
    return this;
  }

  /** The requests sent to `route` so far, oldest first. */
  sent(route: keyof Answers & string): SentRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route);
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
    // A file upload is kept as the FormData sent; every other body is JSON.
    const text = request.method === 'GET' || request.method === 'HEAD' || multipart ? '' : await request.text();
    const sentBody = multipart ? await request.formData() : text ? JSON.parse(text) : undefined;
    const sent: SentRequest = { method: request.method, path: url.pathname, query: url.searchParams, body: sentBody, headers: request.headers };
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
  homeAlert: null, buyingFromAlert: null, hideRegistration: false, hideBrandFilter: false, hideBrandsNav: false, brandsShowLogo: true, legacyAddToCartToast: false,
  text: { specialOrderFee: 'Special Order' },
  cart: { hideTax: false, taxDisclaimer: '', mergeAdditionalFeeWithSubtotal: false, hideDeliveryZipcode: false, allowSpecialOrderVendors: [] as number[] },
  products: { itemsPerPage: 96, currencyPrefix: '$', capitalizeTitle: false, useOriginalTitle: false, lowStockThreshold: 5, defaultSort: 'relevancy' },
  filterShowOutOfStock: false,
  sms_notifications_enabled: true, custom_fields: { signup: [] },
  account_field_info: { label: 'Contractor Account Number', help: '' }, mapTileUrl: null, featuredProductsTitle: '', hashRoutingHosts: [],
};

export const BUSINESS: BusinessDetails = {
  business_id: 7, original_company: 'Demo Hardware', other_ecommerce_plan: 'standard',
  about_us: { locations: [MAIN_STREET, RIVERSIDE] }, contact_email: 'store@demo-hardware.test',
  facebook_link: '', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '',
  pickup_enabled: true, delivery_enabled: false, shipping_enabled: false, departments_hierarchy_level: 3,
  show_stock_level: false, show_oos_special: false, verify_phone_at_checkout: false, recurring_orders_enabled: false, show_competitors: false,
  delivery_locations: [], special_order_fee: '0.00', special_order_sla: '3-8 days',
  delivery_settings: { delivery_disclaimer: 'Someone on our team will reach out to set up a delivery time.' },
  pickup_disclaimer: 'Please allow time for our team to pull your order. You will be notified when it is ready.',
  tax_rates: [{ location_id: 1, rate: '6' }], destination_tax_rates: [], other_tax_rows: [],
  shipping_settings: { handling_fee: '0.00', table_rates: [] },
  wizard_enabled: false, wizard_reminders: true, landing_page_auto_update: true, rewards_enabled: false, loyality_lookup_field: 'phone',
  local_ad: { enabled: false, title: 'Weekly Ad', valid_from: null, valid_to: null, pages: [] },
};

/** What the gateway writes into the page (window.__STARTUP__): the cache holds it before any screen renders. */
export interface StartupBundle {
  settings: StoreSettings; navigation: NavigationItem[]; navGroups: NavigationGroup[]; business: BusinessDetails; footer: FooterSettings; legal: LegalDocument[]; pages: CustomPage[];
}
export const FOOTER: FooterSettings = {
  background: null, title: '', titleSize: 16, columns: [], hideStaticFooter: false, links: [], showLogo: false, logo: null,
  hideBusinessName: false, showSslLogo: false, logoMaxWidth: 200, logoMaxHeight: 80,
};

export interface TestStoreOptions {
  /** Signed in as this user (default: a guest). */
  user?: SessionUser;
  /** The start-up bundle's settings and business details (default SETTINGS, BUSINESS). */
  settings?: StoreSettings;
  business?: BusinessDetails;
  /** The selected store (default: the first location, as the shell preselects it). */
  storeId?: number;
}

/**
 * The client's store as the page opens it at `path`: this device's id, the session, the address, and the
 * start-up bundle in the cache (fillStartupFromPage, which also preselects the first store).
 */
export function openTestStore(path: string, options: TestStoreOptions = {}) {
  localStorage.setItem('device_id', DEVICE_ID);
  if (options.storeId !== undefined) localStorage.setItem('selectedStore', String(options.storeId));
  if (options.user) setSession(options.user);
  window.history.replaceState(null, '', path);
  const store = createPlatformStore();
  const bundle: StartupBundle = { settings: options.settings ?? SETTINGS, navigation: [], navGroups: [], business: options.business ?? BUSINESS, footer: FOOTER, legal: [], pages: [] };
  (window as { __STARTUP__?: StartupBundle }).__STARTUP__ = bundle;
  fillStartupFromPage(store.dispatch);
  return store;
}
