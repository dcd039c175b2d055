import { Link, NavLink } from 'react-router';
import styled from 'styled-components';
import { storefrontApi, useLogout, useSelectedStore, useSession } from '@platform/api-client';
import { Button, Container } from '@platform/ui';
import { DepartmentMenu } from './department-menu';
import { StorePicker } from './store-picker';
import { HeaderSearch } from '../search/header-search';
import { NavDropdown } from './nav-dropdown';

const Bar = styled.header`
  position: sticky; top: 0; z-index: 50;
  background: ${(p) => p.theme.colors.headerBackground}; color: ${(p) => p.theme.colors.headerText};
  border-bottom: 3px solid ${(p) => p.theme.colors.primary};
`;
const Top = styled(Container)`
  display: flex; flex-wrap: wrap; align-items: center; gap: 16px; padding-top: 12px; padding-bottom: 12px;
`;
const Brand = styled(Link)`
  font-size: 1.4rem; font-weight: 700; text-decoration: none; color: ${(p) => p.theme.colors.primary}; margin-right: auto;
`;
const Alert = styled.div<{ $size: number }>`
  background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; text-align: center; padding: 6px; font-size: ${(p) => p.$size}px;
`;
const Nav = styled.nav`
  display: flex; flex-wrap: wrap; align-items: center; gap: 4px 18px; padding-bottom: 10px;
  a { color: ${(p) => p.theme.colors.headerText}; text-decoration: none; font-size: ${(p) => p.theme.navigationFontSize}px; font-weight: 600; }
  a.active { color: ${(p) => p.theme.colors.primary}; }
`;
const Account = styled.div`display: flex; gap: 12px; align-items: center;`;

/** Paint variant: the store's paint categories (its top-level departments) plus Browse Full Catalog. */
function PaintProductsMenu() {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  // The same tree request as Shop by Department, so no extra round trip.
  const { data: departments = [] } = storefrontApi.useDepartmentTreeQuery(Math.min(3, Math.max(1, business?.departments_hierarchy_level ?? 3)));
  return (
    <NavDropdown
      label="Paint Products" testId="paint-products-menu"
      links={[{ label: 'All Paint Products', to: '/paint-products' }, ...departments.map((d) => ({ label: d.name, to: `/paint-products/${d.slug}` }))]}
      footer={<Link to="/search"><strong>Browse Full Catalog</strong></Link>}
    />
  );
}

export function Header() {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: navigation = [] } = storefrontApi.useNavigationQuery();
  const storeId = useSelectedStore();
  const user = useSession();
  const logout = useLogout();
  const visible = navigation.filter((item) => item.show_in_header && !(storeId !== null && item.hide_on_locations?.split(',').map(Number).includes(storeId)));
  return (
    <Bar>
      {settings?.homeAlert ? <Alert $size={settings.homeAlert.fontSize}>{settings.homeAlert.text}</Alert> : null}
      <Top>
        <Brand to="/">{settings?.businessName}</Brand>
        <HeaderSearch />
        <StorePicker />
        <Account>
          <Link to="/cart">Cart</Link>
          {!user && !settings?.hideRegistration ? <><Link to="/login">Sign In</Link><Link to="/register">Sign Up</Link></> : null}
          {user && !user.is_admin ? <Link to="/account">My Account</Link> : null}
          {user?.is_admin ? <Link to="/admin/orders">Admin</Link> : null}
          {user ? <Button $variant="secondary" onClick={() => void logout()}>Log out</Button> : null}
        </Account>
      </Top>
      <Container>
        <Nav aria-label="Main">
          <DepartmentMenu />
          {settings?.variant === 'paint-brand' ? <><PaintProductsMenu /><NavLink to="/colors">Colors</NavLink></> : null}
          {visible.map((item) => <NavLink key={item.id} to={item.target} end>{item.name}</NavLink>)}
        </Nav>
      </Container>
    </Bar>
  );
}
