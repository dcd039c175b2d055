import { useEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from '@platform/routing';
import { Layout } from '../features/layout/layout';
import { HomePage } from '../features/home/home-page';
import { DepartmentsPage } from '../features/departments/departments-page';
import { DepartmentProductsPage } from '../features/departments/department-products-page';
import { ProductPage } from '../features/products/product-page';
import { RemoteArea } from '../remotes/remote-area';
import { SearchPage } from '../features/search/search-page';
import { SharedPreviewPage } from '../features/products/shared-preview-page';
import { SkuSearchPage } from '../features/search/sku-search-page';
import { BrandsPage } from '../features/brands/brands-page';
import { BrandProductsPage } from '../features/brands/brand-products-page';
import { CustomPageView, LegalPage, StoreInfoPage } from '../features/content/content-pages';
import { PromotionPage, PromotionsPage } from '../features/promotions/promotions-pages';
import { LocalAdPage } from '../features/promotions/local-ad-page';
import { ColorCollectionPage, ColorFamilyPage, ColorsPage } from '../features/paints/colors-page';
import { PaintProductsPage } from '../features/paints/paint-products-page';
import { RentalsPage } from '../features/rentals/rentals-page';
import { OptOutPage } from '../features/content/opt-out-page';
import { RewardsPage } from '../features/content/rewards-page';
import { EmbeddedProductsPage } from '../features/home/embedded-products';
import { RentalFormPage } from '../features/rentals/rental-form-page';
import { storefrontApi } from '@platform/api-client';
import { customPageRoutes, OPT_OUTS, UNSUBSCRIBE_PATH } from '@platform/domain';
import { Loading } from '@platform/ui';

/** Paths the checkout remote renders (cart, sign-in, registration, the account area); everything under /admin is the admin remote's. */
const CHECKOUT_PATHS = ['/cart/*', '/login', '/savedcarts', '/register', '/reset-password', '/magic-link-redirect', '/account', '/orders', '/recurring-orders', '/payment', '/settings', '/settings/account'];

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => { window.scrollTo(0, 0); }, [pathname]);
  return null;
}

/** Unknown paths go home (spec 1 §2), once the store's own pages are known (they are routes too). */
function UnknownPath({ pagesLoading }: { pagesLoading: boolean }) {
  return pagesLoading ? <Loading label="Loading…" /> : <Navigate to="/" replace />;
}

export function AppRoutes() {
  // Each custom page becomes a route at /{link} (spec 1 §2 "Routes created at start-up").
  const { data: pages, isLoading: pagesLoading } = storefrontApi.useCustomPagesQuery();
  const { data: settings, isLoading: settingsLoading } = storefrontApi.useSettingsQuery();
  // Navigation links to the store's pages become routes too, at their own paths.
  const { data: navigation = [] } = storefrontApi.useNavigationQuery();
  const { data: menus = [] } = storefrontApi.useNavigationGroupsQuery();
  const navigationPages = customPageRoutes(navigation, menus, (pages ?? []).map((p) => p.link));
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="/home" element={<Navigate to="/" replace />} />
          <Route path="/departments" element={<DepartmentsPage />} />
          <Route path="/departments/:id" element={<DepartmentProductsPage />} />
          <Route path="/department/:id/:title" element={<DepartmentProductsPage />} />
          <Route path="/d/:id/:title" element={<DepartmentProductsPage />} />
          <Route path="/department/:slug" element={<DepartmentProductsPage />} />
          <Route path="/d/:slug" element={<DepartmentProductsPage />} />
          <Route path="/search/:dummy?" element={<SearchPage />} />
          <Route path="/search/:id/:title" element={<SkuSearchPage />} />
          <Route path="/p/:slug" element={<ProductPage />} />
          <Route path="/products/:slug" element={<ProductPage />} />
          <Route path="/p/:id/:title" element={<ProductPage />} />
          <Route path="/products/:id/:title" element={<ProductPage />} />
          <Route path="/product/shared/preview/:productId" element={<SharedPreviewPage />} />
          <Route path="/brands" element={<BrandsPage />} />
          <Route path="/brands/page/:page" element={<BrandsPage />} />
          <Route path="/b/:id/:title?" element={<BrandProductsPage />} />
          <Route path="/brands/:id/:title?" element={<BrandProductsPage />} />
          {CHECKOUT_PATHS.map((path) => <Route key={path} path={path} element={<RemoteArea name="checkout" />} />)}
          <Route path="/store-info" element={<StoreInfoPage />} />
          <Route path="/about-us" element={<Navigate to="/store-info" replace />} />
          <Route path="/contact-us" element={<StoreInfoPage contact />} />
          <Route path="/privacy-policy" element={<LegalPage type="policy" />} />
          <Route path="/policy_california" element={<LegalPage type="policy_california" />} />
          <Route path="/terms" element={<LegalPage type="terms" />} />
          <Route path="/promotions" element={<PromotionsPage />} />
          <Route path="/rentals" element={<RentalsPage />} />
          <Route path={OPT_OUTS['wizard-reminders'].path} element={<OptOutPage title="Setup Wizard Reminders" path={OPT_OUTS['wizard-reminders'].path} />} />
          <Route path={OPT_OUTS['landing-page-auto-update'].path} element={<OptOutPage title="Automatic Landing Page Updates" path={OPT_OUTS['landing-page-auto-update'].path} />} />
          <Route path={UNSUBSCRIBE_PATH} element={<OptOutPage title="Marketing E-mails" path={UNSUBSCRIBE_PATH} after={<p>Changed your mind? Turn marketing e-mails back on in <Link to="/account">My Account</Link>.</p>} />} />
          <Route path="/rentals/rental-form" element={<RentalFormPage />} />
          <Route path="/promotions/single/:slug" element={<PromotionPage />} />
          <Route path="/local-ad" element={<LocalAdPage />} />
          {settings?.variant === 'paint-brand' ? (
            <>
              <Route path="/colors" element={<ColorsPage />} />
              <Route path="/colors/family/:color" element={<ColorFamilyPage />} />
              <Route path="/colors/collection/:color" element={<ColorCollectionPage />} />
              <Route path="/paint-products/:category?" element={<PaintProductsPage />} />
            </>
          ) : null}
          {settings?.variant === 'hardware-cooperative' ? <Route path="/rewards" element={<RewardsPage />} /> : null}
          {(pages ?? []).map((page) => <Route key={page.id} path={`/${page.link}`} element={<CustomPageView id={page.id} />} />)}
          {navigationPages.map(({ path, pageId }) => <Route key={path} path={path} element={<CustomPageView key={pageId} id={pageId} />} />)}
          <Route path="*" element={<UnknownPath pagesLoading={pagesLoading || settingsLoading} />} />
        </Route>
        {/* Made to be framed by other sites: always bare. */}
        <Route path="/all-products-iframe/:widgetId" element={<main id="main-content"><EmbeddedProductsPage /></main>} />
        {/* The admin remote brings its own admin layout. */}
        <Route path="/admin/*" element={<RemoteArea name="admin" />} />
      </Routes>
    </>
  );
}
