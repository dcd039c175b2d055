import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PERMISSIONS } from '@platform/domain';
import type { SessionUser } from '@platform/api-client';
import { renderScreen } from '../../test-support';
import { Header } from './header';

const admin = (permissions: string[], isSubAccount = false): SessionUser => ({
  is_admin: true, access_token: 'admin-token', loginKeep: true,
  data: { customer: { slug: isSubAccount ? 'staff' : 'owner', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions, is_sub_account: isSubAccount }, is_developer: false },
});

/** Opens the admin's menu in the header (spec 1 "Header") and lists its links as name → address. */
async function adminMenu(user: SessionUser) {
  const { user: keyboard } = renderScreen(<Header />, '/', { route: '/', user });
  const toggle = screen.getByRole('button', { name: /Olive/ });
  toggle.focus();
  await keyboard.keyboard('{Enter}');
  const links = within(screen.getByTestId('admin-menu')).getAllByRole('link');
  return Object.fromEntries(links.map((l) => [l.textContent, l.getAttribute('href')]));
}

describe("the header's admin menu (spec 1 'Header')", () => {
  it('gives the owner Orders, Emails, Featured Products and every settings screen, in that order', async () => {
    const links = await adminMenu(admin([...PERMISSIONS]));
    expect(Object.keys(links).slice(0, 4)).toEqual(['Orders', 'Emails', 'Featured Products', 'About Us']);
    expect(links).toMatchObject({
      Orders: '/admin/orders', Emails: '/admin/emails', 'Featured Products': '/admin/featured', 'About Us': '/admin/settings/about-us',
      'Top Banner': '/admin/settings/top-banner', 'Product Listings': '/admin/settings/product-listings',
      'Department Mapping': '/admin/settings/department-mapping', 'Social Media Accounts': '/admin/settings/social-media-accounts',
    });
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it("shows a sub-account only the screens its permissions open", async () => {
    const links = Object.keys(await adminMenu(admin(['edit_products'], true)));
    expect(links).toContain('Product Listings');
    expect(links).toContain('Orders');
    for (const hidden of ['Emails', 'Featured Products', 'Top Banner', 'Department Mapping', 'Social Media Accounts', 'About Us']) expect(links).not.toContain(hidden);
  });

  it("leaves the owner's screens (Payment Options, Partner Stores) out for a sub-account holding every permission", async () => {
    const links = Object.keys(await adminMenu(admin([...PERMISSIONS], true)));
    expect(links).toContain('Sub-accounts');
    expect(links).not.toContain('Payment Options');
    expect(links).not.toContain('Partner Stores');
  });

  it("gives the owner its own screens, Payment Options and Partner Stores", async () => {
    expect(await adminMenu(admin([...PERMISSIONS]))).toMatchObject({ 'Payment Options': '/admin/settings/payment-options', 'Partner Stores': '/admin/settings/partner-stores' });
  });

  it('gives a sub-account with manage_featured_products the Featured Products screen', async () => {
    const links = await adminMenu(admin(['manage_featured_products'], true));
    expect(links['Featured Products']).toBe('/admin/featured');
    expect(Object.keys(links)).not.toContain('Emails');
  });
});
