// Component tests of the admin remote (docs/TESTING.md): a stand-in for the API behind fetch, fixtures typed with
// the contracts, and one render helper with the real store, router and theme, signed in as the store's admin.
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformRouter, type PageLoader } from '@platform/routing';
import { buildTheme } from '@platform/ui';
import { PERMISSIONS, type RouterMode } from '@platform/domain';
import { clearSession, type ArAssignAnswer, type OrderNote, type RecurringChanged, type SessionUser } from '@platform/api-client';
import type { AdminOrder, ArAccount, ArAccountSearchHit, ArAccountSummary, OrderLocations, BusinessDetails, Paged, Reconciliation, ReconciliationDayDetail, RecurringOrder, SubAccount } from '@platform/contracts';
import { BUSINESS, FakeApi as ApiStandIn, openTestStore, SETTINGS } from '@platform/api-client/testing';
import AdminArea from './admin-area';
import type { AboutUs, BusinessAboutUs, DepartmentWithAliases, HomeBanner, HomeBannerSettings, PublicStoreInformation, StoreSeoSettings, StoreSettings } from '@platform/contracts';
import type { SocialLinks } from '@platform/domain';
import type { BrandAdmin, DepartmentSetting, FeaturedProductAdmin, FeaturedProductHit, ProductItem } from '@platform/contracts';
import type { AdminWidget, TestimonialsSection } from '@platform/contracts';
import type { Address, FraudCheckAnswer, ShippingQuote } from '@platform/contracts';
import type { CarrierInfo, ConnectedCarrier, DropShipOption, DropShipQuote, DropShipService, LabelCarrierOption, LabelQuote, PartnerSettings, PaymentSettingsAdmin, ShippingLabel } from '@platform/contracts';

/** The answer bodies of the routes these screens call, as the services send them (services/<name>/src/routes.ts). */
export interface Answers {
  /** Shipping labels and the carriers admin (features/orders/shipping-labels): reads, and changes with their message. */
  [shipping: `GET /api/admin/shipping/${string}`]: { data: LabelCarrierOption[] | ConnectedCarrier[] | CarrierInfo } | Paged<ShippingLabel>;
  [shippingChange: `POST /api/admin/shipping/${string}`]: { status: string; message: string; data?: unknown } | { data: LabelQuote | { amount: string; fee: string } };
  'GET /api/sub-accounts': { 'sub-accounts': SubAccount[] };
  'POST /api/admin/check-fingerprint': FraudCheckAnswer;
  'POST /api/admin/verify-fraud-detection': FraudCheckAnswer;
  'POST /api/admin/recurringorders': Paged<RecurringOrder> & { location_id?: number | null };
  'GET /api/admin/recurringorders/executions': { data: RecurringOrder };
  'POST /api/admin/recurringorders/cancel': RecurringChanged;
  'POST /api/admin/recurringorders/cancel-execution': RecurringChanged;
  'POST /api/admin/recurringorders/update': RecurringChanged;
  'POST /api/admin/recurringorders/shipping-quotes': { status: string; data: { address: Address; quotes: ShippingQuote[]; selected_id: string | null } };
  'POST /api/admin/settings/update': { status: string; message: string; data: BusinessDetails };
  /** Settings › Payment Options (the owner's view: public fields, each secret only as whether it is stored). */
  'GET /api/admin/fulfillment/payment-settings': { data: PaymentSettingsAdmin };
  'POST /api/admin/fulfillment/payment-settings': { status: string; message: string; data: PaymentSettingsAdmin };
  /** Settings › Partner Stores (the owner's partner businesses). */
  'GET /api/admin/settings/partner-businesses': { data: PartnerSettings };
  'POST /api/admin/settings/partner-businesses': { status: string; message: string; data: PartnerSettings };
  /** An order, its notes and its locations (prepare-order screen); reconciliation and one day of it. */
  [order: `GET /api/admin/orders/${string}`]: { data: AdminOrder | OrderNote[] | OrderLocations | ArAccountSearchHit[] | DropShipOption[] | DropShipService[] } | Reconciliation | ReconciliationDayDetail;
  /** The order actions: their message and the order as it now is; a supplier's drop-ship prepared, or sent (its label). */
  [orderAction: `POST /api/admin/orders/${string}`]: { status: string; message: string; data: AdminOrder } | ArAssignAnswer | { data: DropShipQuote } | { status: string; message: string; data: { label: ShippingLabel; order: AdminOrder } }
    | { status: string; message: string; data: { sku: string; item_number: string | null } };
  /** Settings › AR Accounts: the list, one account, and its changes (their message and the account as it now is). */
  'GET /api/admin/ar-accounts': { data: ArAccountSummary[] };
  [arAccount: `GET /api/admin/ar-accounts/${string}`]: { data: ArAccount };
  [arChange: `POST /api/admin/ar-accounts${string}`]: { status: string; message: string; data: ArAccount };
  [arDelete: `DELETE /api/admin/ar-accounts/${string}`]: { status: string; message: string };
  /** Browse settings, the home banner, the About us story, search and sharing, social links, department aliases (features/settings). */
  'POST /api/admin/settings/browse': Saved<StoreSettings>;
  'POST /api/admin/settings/cart': Saved<StoreSettings>;
  'POST /api/admin/settings/hash-routing-hosts': Saved<StoreSettings>;
  'GET /api/admin/home-banner': { data: HomeBannerSettings };
  'POST /api/home-banner/update': Saved<HomeBannerSettings>;
  'GET /api/home-banner': { data: HomeBanner | null };
  'GET /api/about-us': { data: AboutUs };
  'POST /api/about-us/story': Saved<AboutUs>;
  'POST /api/about-us/upload': { status: string; url: string; message: string };
  'POST /api/admin/upload-image-from-url': { status: string; url: string; message: string };
  'GET /api/admin/store-information': { data: StoreSeoSettings };
  'POST /api/store-information/update': Saved<StoreSeoSettings>;
  'POST /api/store-information/delete-og-image': Saved<StoreSeoSettings>;
  'GET /api/store-information': { data: PublicStoreInformation };
  'POST /api/social/update': Saved<SocialLinks>;
  'GET /api/business-about-us': { data: BusinessAboutUs };
  'GET /api/get-department-hierarchy-with-alias': { data: DepartmentWithAliases[] };
  'GET /api/v1/admin/department/prev-aliases': { data: { data: { id: number; name: string }[] } };
  'POST /api/v1/admin/department/add-alias': Saved<{ alias_mapped_id: number; alias_id: number; aliases: DepartmentWithAliases['aliases'] }>;
  'POST /api/v1/admin/department/remove-alias': Saved<{ aliases: DepartmentWithAliases['aliases'] }>;
  'POST /api/v1/admin/department/save-department-settings': Saved<{ dept_id: number; settings: DepartmentSetting[] }>;
  /** Featured Products (features/featured): the list, the product search, and the changes (each answering the list). */
  'GET /api/admin/favourite-products': { data: FeaturedProductAdmin[]; limit: number };
  'GET /api/admin/favourite-products/stores': { data: { id: number; name: string }[] };
  'POST /api/admin/favourite-products/search': { data: FeaturedProductHit[] };
  'POST /api/admin/favourite-products/add': Saved<FeaturedProductAdmin[]>;
  'POST /api/admin/favourite-products/remove': Saved<FeaturedProductAdmin[]>;
  'POST /api/admin/favourite-products/reorder': Saved<FeaturedProductAdmin[]>;
  'POST /api/admin/favourite-products/update': Saved<FeaturedProductAdmin[]>;
  'GET /api/favourite-products': { data: ProductItem[] };
  /** Brand Settings (features/settings/brands-settings-page): the store's brands, and each change with its message. */
  'POST /api/admin/brands/get-business-brands': { data: BrandAdmin[]; total: number };
  'POST /api/admin/brands/set-all-brands-hidden': Saved<BrandAdmin[]>;
  'POST /api/admin/brands/set-brand-hidden': Saved<BrandAdmin>;
  'POST /api/admin/brands/add-brand-alias': Saved<BrandAdmin>;
  'POST /api/admin/brands/remove-brand-alias': Saved<BrandAdmin>;
  'POST /api/admin/brands/update-brand-img': Saved<BrandAdmin>;
  'POST /api/admin/brands/hide-brand-products': Saved<BrandAdmin>;
  'POST /api/admin/brands/update-brand': Saved<BrandAdmin>;
  'POST /api/admin/brands/update-all-brands': Saved<BrandAdmin[]>;
  'POST /api/admin/brands/hide-brands-nav': Saved<StoreSettings>;
  'POST /api/admin/brands/set-brands-show-logo': Saved<StoreSettings>;
  'POST /api/admin/brands/set-brands-filter': Saved<StoreSettings>;
  /** Home Page Sections (features/settings/widgets-page): the list, adding a testimonials section, and its card editor's read and save. */
  'GET /api/widget/get': { data: AdminWidget[] };
  'POST /api/admin/widget/create': Saved<AdminWidget[]> & { id: number };
  [testimonials: `GET /api/admin/widget/testimonials/${number}`]: { data: TestimonialsSection };
  'POST /api/admin/widget/testimonials': Saved<TestimonialsSection>;
}
type Saved<T> = { status: string; message: string; data: T };
export type Route = keyof Answers;

/** The API stand-in these screens talk to (@platform/api-client/testing), typed by the routes above. */
export class FakeApi extends ApiStandIn<Answers> {}
export { BUSINESS, Failure, later, MAIN_STREET, RIVERSIDE, SETTINGS, type SentRequest } from '@platform/api-client/testing';

/** The store's owner, with every permission. */
export const OWNER: SessionUser = {
  is_admin: true, access_token: 'admin-token', loginKeep: true,
  data: { customer: { slug: 'owner', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions: [...PERMISSIONS] }, is_developer: false },
};

export interface RenderOptions {
  /** The API stand-in to answer the screen's requests (a new one with nothing answered by default). */
  api?: FakeApi;
  /** Signed in as this user (default: the owner). */
  user?: SessionUser;
  /** Business details of the start-up bundle (default BUSINESS). */
  business?: BusinessDetails;
  /** Store settings of the start-up bundle (default SETTINGS). */
  settings?: StoreSettings;
  /** How the shell's router runs (default: history mode, not embedded); loadPage watches full page loads. */
  routing?: { mode: RouterMode; embedded?: boolean; loadPage?: PageLoader };
}

/**
 * Renders the admin remote at `path` as the shell mounts it (its default export under /admin/*): the real Redux
 * store of @platform/api-client with the start-up bundle in its cache, the shared router at that address and the
 * tenant's theme. fetch goes to `api`. Returns Testing Library's queries, the store, the api and a user-event
 * instance.
 */
export function renderAdmin(path: string, options: RenderOptions = {}) {
  const api = options.api ?? new FakeApi();
  vi.stubGlobal('fetch', api.fetch);
  const store = openTestStore(path, { user: options.user ?? OWNER, business: options.business ?? BUSINESS, settings: options.settings });
  const ui: ReactElement = (
    <Provider store={store}>
      <PlatformRouter mode={options.routing?.mode ?? 'history'} fullPageLoads={options.routing?.embedded} loadPage={options.routing?.loadPage}>
        <ThemeProvider theme={buildTheme(SETTINGS)}>
          <AdminArea />
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
  vi.restoreAllMocks();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
