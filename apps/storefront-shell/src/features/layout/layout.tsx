import { Outlet } from 'react-router';
import { CartSidePanel } from '../../components/cart-panel';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Container } from '@platform/ui';
import { Header } from './header';

const SkipLink = styled.a`
  position: absolute; left: -9999px; top: 0; background: #fff; padding: 8px 12px; z-index: 100;
  &:focus { left: 8px; top: 8px; }
`;

const Footer = styled.footer`
  margin-top: 48px; padding: 24px 0; background: ${(p) => p.theme.colors.footerBackground}; color: ${(p) => p.theme.colors.footerText};
`;

/** Default storefront layout: skip link, sticky header with navigation, content, footer. */
export function Layout() {
  const { data: settings } = storefrontApi.useSettingsQuery();
  return (
    <>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      <Header />
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer>
        <Container>© {new Date().getFullYear()} {settings?.businessName}</Container>
      </Footer>
      <CartSidePanel />
    </>
  );
}
