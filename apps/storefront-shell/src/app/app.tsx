import { useDeferredValue, useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, HashRouter } from '@platform/routing';
import { ThemeProvider } from 'styled-components';
import { setBusinessSlug, storefrontApi, type PlatformStore } from '@platform/api-client';
import { BASE_THEME, buildTheme, Container, ErrorNotice, GlobalStyle, Loading } from '@platform/ui';
import { ShopFactsProvider } from '../components/shop-facts';
import { AlertHost, ToastHost } from '../components/alert-host';
import { AppRoutes } from './routes';

/**
 * Inside another site's frame the storefront routes by hash (spec 1 "Routing behaviour"), so the host page's
 * own history is left alone; the path the frame was opened at becomes the first hash route.
 */
const EMBEDDED = typeof window !== 'undefined' && window.self !== window.top;
if (EMBEDDED && !window.location.hash) window.history.replaceState(null, '', `/#${window.location.pathname}${window.location.search}`);
const Router = EMBEDDED ? HashRouter : BrowserRouter;

/**
 * Themes everything below with the tenant's settings: from the start-up bundle the page carried (already in the
 * cache), else from one start-up request.
 */
function TenantTheme() {
  // The bundle fills the settings cache; the settings query only asks itself if the bundle failed.
  const startup = storefrontApi.useStartupQuery();
  const { data: answer, isLoading: settingsLoading, isError } = storefrontApi.useSettingsQuery(undefined, { skip: startup.isLoading });
  // The store's pages first render in a background pass that yields to the browser: a store update alone would
  // render the whole page in one long task.
  const settings = useDeferredValue(answer);
  const isLoading = startup.isLoading || settingsLoading || (answer !== undefined && settings === undefined);
  const theme = useMemo(() => (settings ? buildTheme(settings) : null), [settings]);
  useEffect(() => {
    if (!settings) return;
    setBusinessSlug(settings.businessSlug);
    document.title = settings.businessName;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon && settings.favicon) icon.href = settings.favicon;
  }, [settings]);
  // The base page styles from the first paint, so the tenant's styles do not move the page.
  if (isLoading) return <><GlobalStyle /><Loading label="Loading store…" /></>;
  if (isError || !settings || !theme) {
    return <Container><ErrorNotice>This store is not available right now. Please try again later.</ErrorNotice></Container>;
  }
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ShopFactsProvider>
        <AppRoutes />
      </ShopFactsProvider>
      <ToastHost />
      <AlertHost />
    </ThemeProvider>
  );
}

export function App({ store }: { store: PlatformStore }) {
  return (
    <Provider store={store}>
      {/* Above the loading screen: a sign-in or sign-out forgets every answer and shows it for a moment, and a
          navigation begun before (the sign-in's landing) must reach the router the pages come back to. */}
      <Router>
        {/* Base theme until the tenant's settings arrive (loading and error states need it too). */}
        <ThemeProvider theme={BASE_THEME}>
          <TenantTheme />
        </ThemeProvider>
      </Router>
    </Provider>
  );
}
