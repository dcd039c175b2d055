import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi, useCheckoutStep, useLogout, useSelectedStore, useSession } from '@platform/api-client';
import { Button, Container } from '@platform/ui';
import { DepartmentMenu } from './department-menu';
import { StorePicker } from './store-picker';
import { HeaderSearch } from '../search/header-search';
import { NavDropdown, NavTarget } from './nav-dropdown';
import { PhoneLink } from '../../components/store-location-bits';
import { ADMIN_SETTINGS_SCREENS, departmentTreeDepth, hiddenAtStore, isBrandsIndexLink, screensOpenTo } from '@platform/domain';
import type { NavigationLink } from '@platform/contracts';

/** Sticky on desktop; on a phone a sticky header would take a third of the screen. */
const Bar = styled.header`
  position: relative; z-index: 50;
  @media (min-width: ${(p) => p.theme.breakpoints.desktop}px) { position: sticky; top: 0; }
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
/** Past the cart step of checkout, desktops (over 992 px) show the checkout without the store's navigation (spec 2 "Checkout"). */
const Nav = styled.nav<{ $checkingOut: boolean }>`
  display: flex; flex-wrap: wrap; align-items: center; gap: 4px 18px; padding-bottom: 10px;
  ${(p) => (p.$checkingOut ? '@media (min-width: 993px) { display: none; }' : '')}
  a { color: ${(p) => p.theme.colors.headerText}; text-decoration: none; font-size: ${(p) => p.theme.navigationFontSize}px; font-weight: 600; }
  a.active { color: ${(p) => p.theme.colors.primary}; }
`;
const Account = styled.div`display: flex; flex-wrap: wrap; gap: 12px; align-items: center;`;
/** The store's links: in the row on desktop; behind the Menu button at 991 px and under. */
const Links = styled.div<{ $open: boolean }>`
  display: contents;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) {
    display: ${(p) => (p.$open ? 'flex' : 'none')}; flex-direction: column; align-items: flex-start; gap: 10px; width: 100%; padding: 8px 0;
  }
`;
const MenuToggle = styled.button`
  display: none; font: inherit; font-weight: 600; border: 1px solid ${(p) => p.theme.colors.border}; background: none; color: inherit;
  border-radius: ${(p) => p.theme.radius}; padding: 7px 12px; cursor: pointer;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) { display: inline-block; }
`;
/** Items the store aligned right start after this. */
const Spacer = styled.span`flex: 1;`;

/** Paint variant: the store's paint categories (its top-level departments) plus Browse Full Catalog. */
function PaintProductsMenu() {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  // The same tree request as Shop by Department, so no extra round trip.
  const { data: departments = [] } = storefrontApi.useDepartmentTreeQuery(departmentTreeDepth(business?.departments_hierarchy_level));
  return (
    <NavDropdown
      label="Paint Products" testId="paint-products-menu"
      links={[{ label: 'All Paint Products', to: '/paint-products' }, ...departments.map((d) => ({ label: d.name, to: `/paint-products/${d.slug}` }))]}
      footer={<Link to="/search"><strong>Browse Full Catalog</strong></Link>}
    />
  );
}

/**
 * Spec 1 "Header": an admin's side menu under their name ('Admin' without a first name), with the admin
 * screens their permissions open: Orders, Emails, Featured Products, then each settings screen by name (the spec's
 * one Settings entry, spelled out); a sub-account is not offered the owner's screens.
 */
const ADMIN_MENU = [
  { label: 'Orders', to: '/admin/orders' }, { label: 'Emails', to: '/admin/emails' }, { label: 'Featured Products', to: '/admin/featured' }, ...ADMIN_SETTINGS_SCREENS,
];
function AdminMenu({ firstName, permissions, subAccount, onLogout }: { firstName: string; permissions: string[]; subAccount: boolean; onLogout: () => void }) {
  const links = screensOpenTo(ADMIN_MENU, permissions, subAccount);
  return (
    <NavDropdown label={firstName.trim() || 'Admin'} testId="admin-menu" links={links}
      footer={<Button $variant="secondary" onClick={onLogout}>Log out</Button>} />
  );
}

export function Header() {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: navigation = [] } = storefrontApi.useNavigationQuery();
  const storeId = useSelectedStore();
  const user = useSession();
  const logout = useLogout();
  const { data: groups = [] } = storefrontApi.useNavigationGroupsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, search } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  const checkingOut = useCheckoutStep() > 1 && pathname === '/cart' && !new URLSearchParams(search).has('order');
  // A link hidden at the selected store, or to the Brands list while the store hides it (Brand Settings › Storefront), is left out.
  const shownHere = (link: Pick<NavigationLink, 'hide_on_locations' | 'target'>) =>
    !hiddenAtStore(link.hide_on_locations, storeId) && !(settings?.hideBrandsNav && isBrandsIndexLink(link.target));
  const visible = navigation.filter((item) => item.show_in_header && shownHere(item));
  const left = visible.filter((item) => item.align !== 'right');
  const right = visible.filter((item) => item.align === 'right');
  const menus = groups.filter((group) => !group.hide && !hiddenAtStore(group.hide_on_locations, storeId) && group.items.some(shownHere));
  const store = business?.about_us.locations.find((l) => l.id === storeId) ?? (business?.about_us.locations.length === 1 ? business.about_us.locations[0] : undefined);
  // Sign In / Sign Up are hidden when the store hides registration or offers no way to order (spec 1 "Header").
  const ordering = !business || business.pickup_enabled || business.delivery_enabled || business.shipping_enabled;
  const renderItem = (item: (typeof visible)[number]) => (item.dropdown
    ? <NavDropdown key={item.id} label={item.name} search={item.dropdown.config.search} width={item.dropdown.config.width ?? undefined}
        links={item.dropdown.items.filter(shownHere).map((l) => ({ label: l.name, to: l.target }))} />
    : item.target.startsWith('/') ? <NavLink key={item.id} to={item.target} end>{item.name}</NavLink> : <NavTarget key={item.id} to={item.target}>{item.name}</NavTarget>);
  return (
    <Bar>
      {settings?.homeAlert ? <Alert $size={settings.homeAlert.fontSize}>{settings.homeAlert.text}</Alert> : null}
      <Top>
        <Brand to="/">{settings?.businessName}</Brand>
        <HeaderSearch />
        <StorePicker />
        <Account>
          <Link to="/cart">Cart</Link>
          {store?.phone ? <PhoneLink phone={store.phone} /> : null}
          {!user && !settings?.hideRegistration && ordering ? <><Link to="/login">Sign In</Link><Link to="/register">Sign Up</Link></> : null}
          {user && !user.is_admin ? <><Link to="/account">My Account</Link><Link to="/orders">My Orders</Link></> : null}
          {user?.is_admin ? <AdminMenu firstName={user.data.customer.first_name ?? ''} permissions={user.data.customer.permissions} subAccount={user.data.customer.is_sub_account === true} onLogout={() => void logout()} /> : null}
          {user && !user.is_admin ? <Button $variant="secondary" onClick={() => void logout()}>Log out</Button> : null}
        </Account>
      </Top>
      <Container>
        <Nav aria-label="Main" $checkingOut={checkingOut}>
          <DepartmentMenu />
          <MenuToggle type="button" aria-expanded={menuOpen} aria-controls="main-nav-links" onClick={() => setMenuOpen((o) => !o)}>Menu</MenuToggle>
          <Links id="main-nav-links" $open={menuOpen}>
            {settings?.variant === 'paint-brand' ? <><PaintProductsMenu /><NavLink to="/colors">Colors</NavLink></> : null}
            {left.map(renderItem)}
            {menus.map((group) => <NavDropdown key={`group-${group.id}`} label={group.name} links={group.items.filter(shownHere).map((l) => ({ label: l.name, to: l.target }))} />)}
            {right.length ? <><Spacer />{right.map(renderItem)}</> : null}
          </Links>
        </Nav>
      </Container>
    </Bar>
  );
}
