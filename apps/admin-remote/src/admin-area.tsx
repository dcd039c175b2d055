import { useEffect, type ComponentType } from 'react';
import { matchPath, Navigate, useLocation } from '@platform/routing';
import { adminScreenPermission } from '@platform/domain';
import { adminSettingsApi, getSession, rememberRedirect, setSession, storefrontApi, useSession } from '@platform/api-client';
import { Loading } from '@platform/ui';
import { AdminLayout } from './features/layout/admin-layout';
import { NoPermission } from './features/layout/no-permission';
import { OrdersListPage } from './features/orders/orders-list-page';
import { OrderDetailsPage, PrepareOrderPage } from './features/orders/prepare-order-page';
import { RecurringOrdersPage } from './features/orders/recurring-orders-page';
import { ShippingLabelsPage } from './features/orders/shipping-labels/shipping-labels-page';
import { ReconciliationPage } from './features/orders/reconciliation-page';
import { CustomersPage } from './features/customers/customers-page';
import { ArAccountsPage } from './features/ar-accounts/ar-accounts-page';
import { OfflineOrdersPage } from './features/offline-orders/offline-orders-page';
import { StatsPage } from './features/stats/stats-page';
import { EmailCampaignsPage } from './features/emails/email-campaigns-page';
import { EditEmailCampaignPage, NewEmailCampaignPage } from './features/emails/email-campaign-edit-page';
import { SearchSynonymsPage } from './features/settings/search-synonyms-page';
import { StoreInformationPage } from './features/settings/store-information-page';
import { WidgetsPage } from './features/settings/widgets-page';
import { ProductListingsPage } from './features/settings/product-listings-page';
import { TopBannerPage } from './features/settings/top-banner-page';
import { CouponsPage } from './features/settings/coupons-page';
import { DepartmentAliasesPage } from './features/settings/department-aliases-page';
import { BrandsSettingsPage } from './features/settings/brands-settings-page';
import { FeaturedProductsPage } from './features/featured/featured-products-page';
import { SocialMediaPage } from './features/settings/social-media-page';
import { TwoStepPage } from './features/settings/two-step-page';
import { YourAccountPage } from './features/settings/your-account-page';
import { EditSubAccountPage, NewSubAccountPage, SubAccountsPage } from './features/settings/sub-accounts-pages';
import { TokenSignIn } from './features/layout/token-sign-in';
import { FulfillmentOptionsPage, SpecialOrderItemsPage } from './features/settings/selling-options';
import { PaymentOptionsPage } from './features/settings/payment-options';
import { PartnerStoresPage } from './features/settings/partner-stores-page';
import { WizardResume, WizardSectionPage, WizardSetupPage, WizardWelcome, wizardStarted } from './features/wizard/wizard-pages';

const REDIRECTS: Record<string, string> = { '/admin': '/admin/orders', '/admin/orders': '/admin/orders/list', '/admin/settings': '/admin/settings/about-us' };
const PAGES: { path: string; Page: ComponentType }[] = [
  { path: '/admin/orders/list/:type?', Page: OrdersListPage },
  { path: '/admin/orders/recurring', Page: RecurringOrdersPage },
  { path: '/admin/orders/shipping-labels', Page: ShippingLabelsPage },
  { path: '/admin/orders/reconciliation', Page: ReconciliationPage },
  { path: '/admin/prepare-order', Page: PrepareOrderPage },
  { path: '/admin/order-details/:id', Page: OrderDetailsPage },
  { path: '/admin/offline-orders', Page: OfflineOrdersPage },
  { path: '/admin/stats', Page: StatsPage },
  { path: '/admin/customers', Page: CustomersPage },
  { path: '/admin/emails', Page: EmailCampaignsPage },
  { path: '/admin/emails/new', Page: NewEmailCampaignPage },
  { path: '/admin/emails/edit/:id', Page: EditEmailCampaignPage },
  { path: '/admin/featured', Page: FeaturedProductsPage },
  { path: '/admin/settings/about-us', Page: StoreInformationPage },
  { path: '/admin/settings/ar-accounts', Page: ArAccountsPage },
  { path: '/admin/settings/fulfillment-options', Page: FulfillmentOptionsPage },
  { path: '/admin/settings/payment-options', Page: PaymentOptionsPage },
  { path: '/admin/settings/partner-stores', Page: PartnerStoresPage },
  { path: '/admin/settings/special-order-items', Page: SpecialOrderItemsPage },
  { path: '/admin/settings/mfa', Page: TwoStepPage },
  { path: '/admin/settings/my-account', Page: YourAccountPage },
  { path: '/admin/settings/search-synonyms', Page: SearchSynonymsPage },
  { path: '/admin/settings/sub-accounts', Page: SubAccountsPage },
  { path: '/admin/settings/sub-accounts/new', Page: NewSubAccountPage },
  { path: '/admin/settings/sub-accounts/edit/:slug', Page: EditSubAccountPage },
  { path: '/admin/settings/widgets', Page: WidgetsPage },
  { path: '/admin/settings/product-listings', Page: ProductListingsPage },
  { path: '/admin/settings/top-banner', Page: TopBannerPage },
  { path: '/admin/settings/coupons', Page: CouponsPage },
  { path: '/admin/settings/department-mapping', Page: DepartmentAliasesPage },
  { path: '/admin/settings/brands-settings', Page: BrandsSettingsPage },
  { path: '/admin/settings/social-media-accounts', Page: SocialMediaPage },
  { path: '/admin/wizard/intro', Page: WizardWelcome },
  { path: '/admin/wizard/setup', Page: WizardSetupPage },
  { path: '/admin/wizard/section/:slug', Page: WizardSectionPage },
];
const WIZARD_INTRO = '/admin/wizard/intro';
/**
 * Screens a link may open with an access-token query that signs the person in (spec 3 §2 names four: settings
 * widgets, prepare order and the two e-mail campaign screens, the list and one e-mail).
 */
const TOKEN_LINK_PATHS = ['/admin/settings/widgets', '/admin/prepare-order', '/admin/emails', '/admin/emails/edit/:id'];
const opensWithToken = (pathname: string) => TOKEN_LINK_PATHS.some((path) => matchPath({ path, end: true }, pathname));

/**
 * Spec 3 §4: a sub-account's permissions are refreshed on each admin navigation from the sub-accounts list
 * (its own entry), so what the owner just gave or took away shows without signing in again. The list holds
 * sub-accounts only: a session kept from before the login answer said is_sub_account learns it here.
 */
function useFreshPermissions(pathname: string) {
  const user = useSession();
  const [load] = adminSettingsApi.useLazySubAccountsQuery();
  const slug = user?.is_admin ? user.data.customer.slug : null;
  useEffect(() => {
    if (!slug) return;
    void load(undefined, false).unwrap().then((accounts) => {
      const current = getSession();
      const mine = accounts.find((a) => a.slug === slug);
      const customer = current?.data.customer;
      if (!current || !customer || !mine || (mine.permissions.join() === customer.permissions.join() && customer.is_sub_account === true)) return;
      setSession({ ...current, data: { ...current.data, customer: { ...customer, permissions: mine.permissions, is_sub_account: true } } });
    }, () => { /* a failed refresh keeps the permissions the session has */ });
  }, [pathname, slug, load]);
}

/**
 * Everything under /admin. Visitors who are not admins go to /login, with the page remembered; an admin
 * without a screen's permission (a sub-account) sees why instead of the screen.
 */
export default function AdminArea() {
  const { pathname, search } = useLocation();
  const user = useSession();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  useFreshPermissions(pathname);
  const linkToken = new URLSearchParams(search).get('access-token');
  if (linkToken && opensWithToken(pathname)) {
    const rest = new URLSearchParams(search);
    rest.delete('access-token');
    const query = rest.toString();
    return <TokenSignIn key={linkToken} token={linkToken} path={pathname + (query ? `?${query}` : '')} />;
  }
  const path = pathname.replace(/\/$/, '');
  if (path === '/admin/wizard' || path.startsWith('/admin/wizard/')) {
    // The wizard is there only where the store has it (spec 3 §4); its welcome asks anyone else to sign in.
    if (!business) return <Loading label="Loading…" />;
    if (!business.wizard_enabled) return <Navigate to={user?.is_admin ? '/admin/orders' : '/'} replace />;
    if (path === '/admin/wizard') return user?.is_admin && wizardStarted() ? <AdminLayout><WizardResume /></AdminLayout> : <Navigate to={WIZARD_INTRO} replace />;
    if (path === WIZARD_INTRO && !user?.is_admin) return <WizardWelcome />;
  }
  if (!user?.is_admin) {
    rememberRedirect(pathname + search);
    return <Navigate to="/login" replace />;
  }
  const redirect = REDIRECTS[path];
  if (redirect) return <Navigate to={redirect} replace />;
  const match = PAGES.find(({ path }) => matchPath({ path, end: true }, pathname));
  if (!match) return <Navigate to="/admin/orders" replace />;
  const permission = adminScreenPermission(pathname);
  const denied = permission !== null && !user.data.customer.permissions.includes(permission);
  return <AdminLayout>{denied ? <NoPermission permission={permission} /> : <match.Page />}</AdminLayout>;
}
