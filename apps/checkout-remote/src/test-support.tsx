// Component tests of the checkout remote (docs/TESTING.md): a stand-in for the API behind fetch, fixtures typed
// with the contracts, and one render helper with the real store, router and theme.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformRouter, type PageLoader } from '@platform/routing';
import type { RouterMode } from '@platform/domain';
import { AlertDialog, buildTheme, Toasts } from '@platform/ui';
import {
  clearAlerts, clearSession, dismissAlert, useCurrentAlert, useToasts, type CartPreferences, type CustomerDetails, type SavedCard, type SavedCartSummary, type SessionUser,
} from '@platform/api-client';
import type {
  BusinessDetails, Cart, CustomerOrderSummary, LoginResponse, Paged, PaymentSettings, PlacedOrder, ReorderAnswer, ShopperArAccount, StoreSettings,
} from '@platform/contracts';
import { BUSINESS, FakeApi as ApiStandIn, openTestStore, SETTINGS } from '@platform/api-client/testing';
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
  'POST /api/customer/orders/submit': { status: boolean; message: string; order: PlacedOrder } | { status: false; message: string; confirm: { order_id: string; redirect_url: string } };
  'POST /api/customer/orders/callback/0123456789abcdef01234567': { status: boolean; message: string; order: PlacedOrder };
  'GET /api/orders/order': { data: PlacedOrder };
  'GET /api/orders': Paged<CustomerOrderSummary>;
  'POST /api/orders/reorder': ReorderAnswer;
  'POST /api/orders/validate-info': { status: string; message: string; verification_required: boolean };
  'GET /api/get-customer-details': { data: CustomerDetails };
  'GET /api/customer-cards': { data: SavedCard[] };
  'POST /api/customer-cards/delete': { status: string; message: string };
  'POST /api/customer/set-marketing': { status: string; message: string };
  'GET /api/customer/ar-account': { data: ShopperArAccount | null };
  'POST /api/signup': { status: string; message: string };
  'POST /api/login': LoginResponse;
  'POST /api/check-email-phone-exists': { status: string; exists: boolean; master_login: boolean };
  'POST /api/forget-password': { status: string; message: string };
  'POST /api/recurring-order-dates': { data: { frequency: string; label: string; dates: string[] } };
  'POST /api/redeem-coupon': { status: number; message: string; disclaimer: string; data: Cart };
  'POST /api/reset-password': { status: string; message: string };
  'GET /api/orders-saved': { data: SavedCartSummary[] };
  'POST /api/update-current-cart': { data: Cart };
  'DELETE /api/saved-cart': { status: string; message: string };
}
export type Route = keyof Answers;

/** The API stand-in these screens talk to (@platform/api-client/testing), typed by the routes above. */
export class FakeApi extends ApiStandIn<Answers> {}
export { BUSINESS, DEVICE_ID, Failure, later, MAIN_STREET, RIVERSIDE, SETTINGS, type SentRequest } from '@platform/api-client/testing';

type CartLine = Cart['parcels'][number]['items'][number];

/** A cart line as cart-parcels answers it. */
export function cartLine(line: Pick<CartLine, 'store_product_id' | 'title' | 'price' | 'quantity'> & Partial<CartLine>): CartLine {
  return {
    id: line.store_product_id * 10, sku: `SKU-${line.store_product_id}`, brand_name: 'DeWalt', image_url: null, vendor_id: null, num_inventory: 25,
    extra: {}, location: 1, settings: {}, notice: null, ...line,
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
      order_type: 0, subtotal: money(cents), additional_fees: '0.00', additional_fee_details: [], delivery_fee: null, discount_delivery: '0.00',
      delivery_charge: null, delivery_charge_label: null, delivery_error: null, coupon: null, coupon_message: null, discount: '0.00', discount_label: null,
      special_order_fee: '0.00', special_order_fee_label: 'Special Order', special_order_sla: '3-8 days', shipping_fee: null, discount_shipping: '0.00', shipping_charge: null, shipping_charge_label: null, shipping_quote: null,
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
  /** Store settings of the start-up bundle (default SETTINGS). */
  settings?: StoreSettings;
  /** The selected store (default: the first location, as the shell preselects it). */
  storeId?: number;
  /** How the shell's router runs (default: history mode, not embedded); loadPage watches full page loads. */
  routing?: { mode: RouterMode; embedded?: boolean; loadPage?: PageLoader };
  /**
   * Show the shell's toast list too (notify). Off by default: a toast stays its few seconds across tests and
   * renders, where it would be one more status on the page.
   */
  toasts?: boolean;
}

/** The dialogs the screens ask for (showAlert), as the shell shows them around the remote. */
function Alerts() {
  return <AlertDialog alert={useCurrentAlert()} onDismiss={dismissAlert} />;
}

/** The toasts the screens show (notify), as the shell shows them around the remote. */
function ToastList() {
  return <Toasts toasts={useToasts()} />;
}

/**
 * Renders the checkout remote at `path` as the shell mounts it: the real Redux store of @platform/api-client with
 * the start-up bundle in its cache (the shell's fillStartupFromPage), the shell's router (PlatformRouter, history mode unless `routing` says otherwise) at that address, and the
 * tenant's theme. fetch goes to `api`. Returns Testing Library's queries, the store, the api and a user-event
 * instance.
 */
export function renderCheckout(path: string, options: RenderOptions = {}) {
  const api = options.api ?? new FakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const store = openTestStore(path, { user: options.user, business: options.business ?? BUSINESS, settings: options.settings, storeId: options.storeId });
  const ui: ReactElement = (
    <Provider store={store}>
      <PlatformRouter mode={options.routing?.mode ?? 'history'} fullPageLoads={options.routing?.embedded} loadPage={options.routing?.loadPage}>
        <ThemeProvider theme={buildTheme(SETTINGS)}>
          <CheckoutArea />
          <Alerts />
          {options.toasts ? <ToastList /> : null}
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
