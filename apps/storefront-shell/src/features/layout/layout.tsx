import { Outlet, useSearchParams } from '@platform/routing';
import { CartSidePanel } from '../../components/cart-panel';
import type { MouseEvent } from 'react';
import styled from 'styled-components';
import { Header } from './header';
import { Footer } from './footer';
import { CookieBanner } from './cookie-banner';
import { PromoPopup } from '../promotions/promo-popup';
import { StoreMeta } from './store-meta';

/** At least a screen high, so the footer starts below the fold while the page's parts load; flow-root keeps its first child's margin inside, so content arriving later does not move the whole main (layout shift). */
const Main = styled.main<{ $blank?: boolean }>`display: flow-root; min-height: ${(p) => (p.$blank ? 'auto' : '100vh')};`;

const SkipLink = styled.a`
  position: absolute; left: -9999px; top: 0; background: #fff; padding: 8px 12px; z-index: 100;
  &:focus { left: 8px; top: 8px; }
`;


/** Moves focus to the content without touching the address: in hash mode '#main-content' would be read as a route. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

/** Default storefront layout: skip link, sticky header with navigation, content, footer; bare content when the query has iframe (spec 1 "Layouts"). */
export function Layout() {
  const [query] = useSearchParams();
  if (query.has('iframe')) return <Main id="main-content" $blank><Outlet /></Main>;
  return (
    <>
      <SkipLink href="#main-content" onClick={skipToContent}>Skip to content</SkipLink>
      <Header />
      <Main id="main-content" tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer />
      <CookieBanner />
      <CartSidePanel />
      <PromoPopup />
      <StoreMeta />
    </>
  );
}
