import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { storefrontApi, type BrandItem } from '@platform/api-client';
import type { FooterSettings, NavigationItem } from '@platform/contracts';
import { FakeApi, renderScreen, SETTINGS } from '../../test-support';
import { Header } from '../layout/header';
import { Footer } from '../layout/footer';
import { SearchPage } from '../search/search-page';
import { BrandsPage } from './brands-page';

// The storefront honouring Brand Settings › Storefront (hide-brands-nav, set-brands-show-logo, set-brands-filter).

const link = (id: number, name: string, target: string) => ({ id, name, target, custom: false, sub_target: null, hide_on_locations: null });
const NAVIGATION: NavigationItem[] = [
  { ...link(1, 'Home', '/'), order: 1, align: 'left', show_in_header: true, dropdown: null },
  { ...link(2, 'Brands', '/brands'), order: 2, align: 'left', show_in_header: true, dropdown: null },
  { ...link(3, 'Shop', '/departments'), order: 3, align: 'left', show_in_header: true, dropdown: { items: [link(4, 'All brands', '/brands'), link(5, 'Rentals', '/rentals')], config: { search: false, width: null } } },
];
const FOOTER: FooterSettings = {
  background: null, title: '', titleSize: 16, hideStaticFooter: true, showLogo: false, logo: null, hideBusinessName: false, showSslLogo: false, logoMaxWidth: 200, logoMaxHeight: 80,
  columns: [{ title: 'Shop', links: [{ label: 'Our brands', link: '/brands', text: '' }, { label: 'Acme Tools', link: '/b/acme-tools-1', text: '' }] }, { title: 'Brands only', links: [{ label: 'Brands', link: '/brands', text: '' }] }],
  links: [{ name: 'Brands A-Z', link: '/brands/page/2' }, { name: 'Contact', link: '/contact-us' }],
};

function renderLayout(hideBrandsNav: boolean) {
  const view = renderScreen(<><Header /><Footer /></>, '/', { route: '/', settings: { ...SETTINGS, hideBrandsNav } });
  act(() => {
    view.store.dispatch(storefrontApi.util.upsertQueryData('navigation', undefined, NAVIGATION) as unknown as UnknownAction);
    view.store.dispatch(storefrontApi.util.upsertQueryData('footer', undefined, FOOTER) as unknown as UnknownAction);
  });
  return view;
}
const linkNames = (within_: HTMLElement) => within(within_).queryAllByRole('link').map((l) => l.textContent);

describe("the storefront's Brands links (hide-brands-nav)", () => {
  it('shows the Brands links in the header, its menus and the footer while the store shows them', async () => {
    const { user } = renderLayout(false);
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Brands' }).getAttribute('href')).toBe('/brands');
    await user.click(within(main).getByRole('button', { name: 'Shop' }));
    expect(within(main).getByRole('link', { name: 'All brands' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo', { name: 'Footer' });
    expect(linkNames(footer)).toEqual(expect.arrayContaining(['Our brands', 'Acme Tools', 'Brands', 'Brands A-Z', 'Contact']));
  });

  it("leaves every link to the Brands list out when the store hides it, keeping the rest and a single brand's link", async () => {
    const { user } = renderLayout(true);
    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(main).findByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(main).queryByRole('link', { name: 'Brands' })).toBeNull();
    await user.click(within(main).getByRole('button', { name: 'Shop' }));
    expect(within(main).queryByRole('link', { name: 'All brands' })).toBeNull();
    expect(within(main).getByRole('link', { name: 'Rentals' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo', { name: 'Footer' });
    const names = linkNames(footer);
    expect(names).toEqual(expect.arrayContaining(['Acme Tools', 'Contact']));
    for (const hidden of ['Our brands', 'Brands', 'Brands A-Z']) expect(names).not.toContain(hidden);
    expect(within(footer).queryByRole('region', { name: 'Brands only' })).toBeNull(); // a column left empty goes
  });
});

const brand = (brand_id: number, brand_name: string, image: string | null): BrandItem => ({
  brand_id, brand_name, original_brand: brand_name, slug: `${brand_name.toLowerCase().replace(/\s+/g, '-')}-${brand_id}`, image, alias: null, altTextLogo: `${brand_name} logo`, matched_products: 2,
});
const BRANDS = [brand(1, 'Acme Tools', 'https://cdn.example.com/acme.png'), brand(2, 'Bolt Co', null)];

describe("the Brands page's logos (set-brands-show-logo)", () => {
  const open = (brandsShowLogo: boolean) => renderScreen(<BrandsPage />, '/brands', {
    route: '/brands', settings: { ...SETTINGS, brandsShowLogo },
    api: new FakeApi().on('GET /api/brands', { data: BRANDS, total: 2, current_page: 1, last_page: 1 }),
  });

  it('shows the logo of a brand that has one, over its name', async () => {
    open(true);
    const acme = (await screen.findByText('Acme Tools')).closest('a') as HTMLElement;
    expect(within(acme).getByRole('img', { name: 'Acme Tools logo' }).getAttribute('src')).toBe('https://cdn.example.com/acme.png');
    expect(within((screen.getByText('Bolt Co')).closest('a') as HTMLElement).queryByRole('img')).toBeNull();
  });

  it('shows names only when the store turned logos off', async () => {
    open(false);
    expect(await screen.findByText('Acme Tools')).toBeTruthy();
    expect(screen.getByText('Bolt Co')).toBeTruthy();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});

describe("the search page's Brands filter (set-brands-filter)", () => {
  const result = {
    products: { total: 0, current_page: 1, last_page: 1, data: [] }, departments: [{ dept_id: 10, name: 'Power Tools', count: 2 }],
    brands: [{ brand_id: 1, brand_name: 'Acme Tools', count: 2 }], price_ranges: [], other_facets: [], top_departments: [], removed_instock_only: false,
  };
  const open = (show: boolean) => renderScreen(<SearchPage />, '/search/drill?keyword=drill', {
    route: '/search/:dummy?', settings: { ...SETTINGS, hideBrandFilter: !show },
    api: new FakeApi().on('GET /api/products', result).on('GET /api/brands/get-filter', { data: { show } }).on('POST /api/track-search', { status: 'success' }),
  });

  it('offers the brands to filter by while the store shows the filter', async () => {
    open(true);
    expect(await screen.findByRole('checkbox', { name: 'Acme Tools (2)' })).toBeTruthy();
  });

  it('leaves the Brands filter out when the store hides it, keeping the other filters', async () => {
    open(false);
    expect(await screen.findByRole('button', { name: 'Power Tools (2)' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Acme Tools (2)' })).toBeNull();
  });
});
