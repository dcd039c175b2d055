import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from '@platform/routing';
import styled from 'styled-components';
import { adminSettingsApi, storefrontApi, useLogout, useSession } from '@platform/api-client';
import { Button, Container, Modal } from '@platform/ui';
import { ADMIN_SETTINGS_SCREENS, screensOpenTo } from '@platform/domain';

/** Header items of spec 3 §2; only areas that exist are links, the rest are shown but not yet available. */
const NAV_ITEMS: { label: string; to?: string }[] = [
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Offline Orders', to: '/admin/offline-orders' },
  { label: 'Stats', to: '/admin/stats' },
  { label: 'Emails', to: '/admin/emails' },
  // Spec 1's admin menu names it; spec 3's header list does not, but a screen with no way to it is lost.
  { label: 'Featured Products', to: '/admin/featured' },
  { label: 'Website Settings', to: '/admin/settings' },
  { label: 'Customers', to: '/admin/customers' },
  { label: 'Tutorials' },
  { label: 'Release Updates' },
];
/** Shown where the store has the setup wizard (spec 3 §2). */
const WIZARD_ITEM = { label: 'Setup Wizard', to: '/admin/wizard' };

const Bar = styled.header`
  background: ${(p) => p.theme.colors.footerBackground}; color: ${(p) => p.theme.colors.footerText};
  a, button.link { color: inherit; }
`;
const Row = styled(Container)`display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; padding-top: 12px; padding-bottom: 12px;`;
const Nav = styled.nav`
  display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; margin-right: auto;
  a { text-decoration: none; font-weight: 600; padding: 4px 0; border-bottom: 2px solid transparent; }
  a.active { border-bottom-color: ${(p) => p.theme.colors.secondary}; }
  span[aria-disabled] { opacity: 0.55; cursor: not-allowed; }
`;
// A fixed notice palette: readable whatever colours the store's theme uses.
const WizardAlert = styled.p`
  margin: 0; padding: 10px 16px; text-align: center; font-weight: 600;
  background: #fff4d6; color: #4d3800; border-bottom: 1px solid #e8c66a;
  a { color: inherit; }
`;
/** The settings screens' own menu: a row that wraps on a desktop, one line to scroll sideways on a phone. */
const SettingsMenu = styled.nav`
  border-bottom: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface};
  ul { display: flex; flex-wrap: wrap; gap: 2px 4px; list-style: none; margin: 0 auto; padding: 8px 16px; max-width: 1200px; }
  a { display: inline-block; padding: 6px 10px; border-radius: ${(p) => p.theme.radius}; text-decoration: none; color: ${(p) => p.theme.colors.text}; white-space: nowrap; }
  a.active { background: ${(p) => p.theme.colors.page}; font-weight: 600; }
  a:focus-visible { outline: 2px solid ${(p) => p.theme.colors.primary}; }
  @media (max-width: 700px) { ul { flex-wrap: nowrap; overflow-x: auto; } }
`;

function ContactUs({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  return (
    <Modal open={open} onClose={onClose} labelledBy="contact-title">
      <h2 id="contact-title" style={{ marginTop: 0 }}>Contact Us</h2>
      <p>Platform support: <a href="tel:+18005550142">(800) 555-0142</a></p>
      <p>E-mail: <a href="mailto:support@platform.test">support@platform.test</a></p>
      {business?.contact_email ? <p>Your store contact: {business.contact_email}</p> : null}
    </Modal>
  );
}

/** The admin layout: admin header navigation, store name, Contact Us, Log out, View as Customer. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const user = useSession();
  const logout = useLogout();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: wizard } = adminSettingsApi.useWizardStateQuery(undefined, { skip: !business?.wizard_enabled });
  const [contactOpen, setContactOpen] = useState(false);
  const items = business?.wizard_enabled ? [...NAV_ITEMS, WIZARD_ITEM] : NAV_ITEMS;
  const { pathname } = useLocation();
  const settingsScreens = pathname.startsWith('/admin/settings') ? screensOpenTo(ADMIN_SETTINGS_SCREENS, user?.data.customer.permissions ?? [], user?.data.customer.is_sub_account) : [];
  return (
    <>
      <Bar>
        <Row>
          <strong>{settings?.businessName} · Admin</strong>
          <span>Signed in as {user?.data.customer.first_name || 'Admin'}</span>
          <Link to="/admin/settings/my-account">Your account</Link>
          <Link to="/admin/settings/mfa">Two-step sign-in</Link>
        </Row>
        <Row>
          <Nav aria-label="Admin">
            {items.map((item) => (item.to
              ? <NavLink key={item.label} to={item.to}>{item.label}</NavLink>
              : <span key={item.label} aria-disabled="true" title="Not available yet">{item.label}</span>))}
          </Nav>
          <Button $variant="link" className="link" onClick={() => setContactOpen(true)}>Contact Us</Button>
          <Link to="/">View as Customer</Link>
          <Button $variant="secondary" style={{ color: 'inherit' }} onClick={() => void logout()}>Log out</Button>
        </Row>
      </Bar>
      {settingsScreens.length ? (
        <SettingsMenu aria-label="Settings">
          <ul>{settingsScreens.map((screen) => <li key={screen.to}><NavLink to={screen.to}>{screen.label}</NavLink></li>)}</ul>
        </SettingsMenu>
      ) : null}
      {wizard?.alert ? <WizardAlert role="status"><Link to="/admin/wizard/setup">{wizard.alert}</Link></WizardAlert> : null}
      <main id="main-content">{children}</main>
      <ContactUs open={contactOpen} onClose={() => setContactOpen(false)} />
    </>
  );
}
