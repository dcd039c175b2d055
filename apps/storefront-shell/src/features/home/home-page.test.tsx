import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearSession, type DepartmentNode, type SessionUser } from '@platform/api-client';
import type { HomepageWidget } from '@platform/contracts';
import { BUSINESS, EMPTY_CART, Failure, FakeApi, MAIN_STREET, productItem, renderScreen } from '../../test-support';
import { HomePage } from './home-page';

const TOOLS: DepartmentNode = { dept_id: 1, dept_name: 'Tools', name: 'Tools', slug: 'tools-1', image_url: null, parent: null, hide_products: false, highlighted: false, children: [] };
const GARDEN: DepartmentNode = { ...TOOLS, dept_id: 2, dept_name: 'Garden', name: 'Garden', slug: 'garden-2' };
const HAMMER = productItem({ id: 21, title: 'Claw Hammer', price: '19.99' });
const DRILL = productItem({ id: 22, title: 'Cordless Drill', price: '129.00' });

/** The home page's calls as a store without sections, coupons or banner answers them; `api` may change any. */
function home(change: (api: FakeApi) => FakeApi = (api) => api, business = BUSINESS, user?: SessionUser) {
  const api = change(new FakeApi()
    .on('GET /api/homepage-widgets', { data: [] })
    .on('GET /api/homepage-widgets-two', { data: [] })
    .on('GET /api/coupon-widgets', { data: [] })
    .on('GET /api/home-banner', { data: null })
    .on('GET /api/full-departments', { data: [TOOLS, GARDEN] })
    .on('GET /api/popular-products', { data: [{ ...HAMMER, views: 40 }] })
    .on('GET /api/favourite-products', { data: [DRILL] })
    .on('GET /api/top-selling/30/12', { data: [] })
    .on('POST /api/products/get-recent', { data: [] })
    .on('GET /api/cart-parcels', { data: EMPTY_CART }));
  return renderScreen(<HomePage />, '/', { route: '/', api, business, user });
}

describe('home page', () => {
  it("heads the page with the store's name and locations, then its departments, popular and featured products", async () => {
    const { api } = home();
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe('Demo Hardware');
    // Two locations, no carousel: the banner under the name says how many.
    expect(screen.getByText('2 locations to serve you')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Tools' })).getAttribute('href')).toBe('/d/tools-1');
    expect(screen.getByRole('link', { name: 'Garden' }).getAttribute('href')).toBe('/d/garden-2');
    const popular = await screen.findByRole('region', { name: 'Popular Products' });
    expect(within(popular).getByRole('link', { name: 'Claw Hammer' }).getAttribute('href')).toBe('/p/claw-hammer');
    expect(within(await screen.findByTestId('featured-products')).getByRole('link', { name: 'Cordless Drill' })).toBeTruthy();
    // Sections with nothing to show are left out; the page asked for this device's recent views.
    expect(screen.queryByRole('region', { name: 'Top sellers this month' })).toBeNull();
    expect(api.sent('POST /api/products/get-recent')[0].body).toEqual({ device_id: expect.any(String) });
  });

  it("a store with one location shows its address; a list that fails to load leaves the rest of the page", async () => {
    home((api) => api.on('GET /api/popular-products', new Failure(503, 'Unavailable')), { ...BUSINESS, about_us: { ...BUSINESS.about_us, locations: [MAIN_STREET] } });
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe('Demo Hardware');
    expect(screen.getByText('12 Main St, Salem')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Tools' })).toBeTruthy();
    expect(within(await screen.findByTestId('featured-products')).getByRole('link', { name: 'Cordless Drill' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Popular Products' })).toBeNull();
  });

  it("shows an admin whose permissions open Home Page Sections an Edit link on each section; shoppers and other staff see none", async () => {
    const welcome: HomepageWidget = { id: 9, name: 'Welcome', type: '1', loop: false, associatedLocations: [], value: { title: 'Welcome in', body: '<p>Open 7 days.</p>' } };
    const withSection = (api: FakeApi) => api.on('GET /api/homepage-widgets', { data: [welcome] });
    const admin = (permissions: string[]): SessionUser => ({
      is_admin: true, access_token: 'admin-token', loginKeep: true,
      data: { customer: { slug: 'staff', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions }, is_developer: false },
    });

    const { unmount } = home(withSection, BUSINESS, admin(['edit_landing_page']));
    expect((await screen.findByRole('region', { name: 'Welcome in' }, { timeout: 5000 })).textContent).toBe('Open 7 days.');
    expect(screen.getByRole('link', { name: 'Edit section Welcome in' }).getAttribute('href')).toBe('/admin/settings/widgets');
    unmount();
    clearSession();

    for (const user of [undefined, admin(['edit_products'])]) {
      const again = home(withSection, BUSINESS, user);
      expect(await screen.findByRole('region', { name: 'Welcome in' }, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByTestId('admin-edit'), user?.data.customer.permissions.join() ?? 'guest').toBeNull();
      again.unmount();
      clearSession();
    }
  });

  it('shows a testimonials section as cards with stars in text and words, the name and role; an admin gets an edit icon on each card, a shopper or other staff none', async () => {
    const said: HomepageWidget = {
      id: 12, name: 'Testimonials', type: '5', loop: false, associatedLocations: [], value: { title: '', testimonials: [
        { id: 3, message: 'They found the part nobody else had.', author: 'Ann Lee', role: 'Contractor', rating: 4 },
        { id: 1, message: 'Friendly and fast.', author: 'Bo Park', role: '', rating: 5 },
      ] },
    };
    const withSection = (api: FakeApi) => api.on('GET /api/homepage-widgets-two', { data: [said] });
    const owner: SessionUser = {
      is_admin: true, access_token: 'admin-token', loginKeep: true,
      data: { customer: { slug: 'owner', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions: ['edit_landing_page'] }, is_developer: false },
    };

    const { unmount } = home(withSection, BUSINESS, owner);
    const section = await screen.findByRole('region', { name: 'What Our Customers Say' }, { timeout: 5000 });
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('img').getAttribute('aria-label'))).toEqual(['Rated 4 out of 5', 'Rated 5 out of 5']);
    expect(within(cards[0]).getByRole('img').textContent).toBe('★★★★☆');
    expect(within(cards[0]).getByText('They found the part nobody else had.').tagName).toBe('BLOCKQUOTE');
    expect(within(cards[0]).getByText('Ann Lee')).toBeTruthy();
    expect(within(cards[0]).getByText('Contractor')).toBeTruthy();
    expect(within(cards[1]).getByText('Bo Park')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: 'Edit testimonial by Ann Lee' }).getAttribute('href')).toBe('/admin/settings/widgets?section=12&card=3');
    expect(within(cards[1]).getByRole('link', { name: 'Edit testimonial by Bo Park' }).getAttribute('href')).toBe('/admin/settings/widgets?section=12&card=1');
    expect(screen.getByRole('link', { name: 'Edit section Testimonials' }).getAttribute('href')).toBe('/admin/settings/widgets');
    unmount();
    clearSession();

    // A shopper, and staff whose permissions do not open Home Page Sections, see the cards without icons.
    const staff: SessionUser = { ...owner, data: { ...owner.data, customer: { ...owner.data.customer, slug: 'staff', permissions: ['edit_products'] } } };
    for (const user of [undefined, staff]) {
      const again = home(withSection, BUSINESS, user);
      const shown = await screen.findByRole('region', { name: 'What Our Customers Say' }, { timeout: 5000 });
      expect(within(shown).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByTestId('admin-edit'), user ? 'staff' : 'guest').toBeNull();
      again.unmount();
      clearSession();
    }
  });
});
