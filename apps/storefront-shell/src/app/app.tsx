import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { PlatformRouter } from '@platform/routing';
import { routerMode, type RouterMode } from '@platform/domain';
import { ThemeProvider } from 'styled-components';
import { setBusinessSlug, storefrontApi, type PlatformStore } from '@platform/api-client';
import { BASE_THEME, buildTheme, Container, ErrorNotice, GlobalStyle, Loading } from '@platform/ui';
import { ShopFactsProvider } from '../components/shop-facts';
import { AlertHost, ToastHost } from '../components/alert-host';
import { AppRoutes } from './routes';

/**
 * How the storefront routes (spec 1 "Routing behaviour"; libs/domain routing.ts), chosen once before the first
 * render: embedded (inside another page's frame) it routes by hash, leaving the host page's history alone, and a
 * move to a page outside /admin loads that page anew; on a host the store's settings name it routes by hash too;
 * otherwise by path. The settings come from the start-up bundle the page carried.
 */
function chooseRouting(store: PlatformStore): { mode: RouterMode; embedded: boolean } {
  const embedded = window.self !== window.top;
  const settings = storefrontApi.endpoints.settings.select()(store.getState()).data;
  return { mode: routerMode({ framed: embedded, hostname: window.location.hostname, hashRoutingHosts: settings?.hashRoutingHosts ?? [] }), embedded };
}

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
  const [routing] = useState(() => chooseRouting(store));
  return (
    <Provider store={store}>
      {/* Above the loading screen: a sign-in or sign-out forgets every answer and shows it for a moment, and a
          navigation begun before (the sign-in's landing) must reach the router the pages come back to. */}
      <PlatformRouter mode={routing.mode} fullPageLoads={routing.embedded}>
        {/* Base theme until the tenant's settings arrive (loading and error states need it too). */}
        <ThemeProvider theme={BASE_THEME}>
          <TenantTheme />
        </ThemeProvider>
      </PlatformRouter>
    </Provider>
  );
}
