import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { BrandItem, ProductListResult, SessionUser } from '@platform/api-client';
import type { StoreSettings } from '@platform/contracts';
import { EMPTY_CART, FakeApi, productItem, renderScreen, SETTINGS } from '../../test-support';
import { BrandProductsPage } from './brand-products-page';

const BRAND: BrandItem = { brand_id: 3, brand_name: 'DeWalt', original_brand: 'DEWALT', slug: 'dewalt-3', image: null, alias: null, altTextLogo: '', matched_products: 2 };
const DRILL = productItem({ id: 12, title: 'DeWalt Drill', price: '129.00' });
const SAW = productItem({ id: 13, title: 'DeWalt Saw', price: '199.00', num_inventory: 0, inventory: 0 });

function listing(query: URLSearchParams): ProductListResult {
  const rows = query.get('in_stock_only') === '1' ? [DRILL] : [DRILL, SAW];
  return { products: { total: rows.length, current_page: 1, last_page: 1, data: rows }, departments: [], brands: [], price_ranges: [], other_facets: [], top_departments: [], removed_instock_only: false };
}

function open(path: string, settings: StoreSettings = SETTINGS, user?: SessionUser) {
  const api = new FakeApi()
    .on('GET /api/brands/brand', { data: BRAND })
    .on('GET /api/brands/3/videos', { data: [] })
    .on('GET /api/products', (request) => listing(request.query))
    .on('GET /api/cart-parcels', { data: EMPTY_CART });
  return renderScreen(<BrandProductsPage />, path, { route: '/b/:id/:title?', api, settings, user });
}

describe('brand products page', () => {
  it('lists the brand in stock only by default, in the store\'s default sort, and the shopper can show everything', async () => {
    const { api, user } = open('/b/dewalt-3', { ...SETTINGS, products: { ...SETTINGS.products, defaultSort: 'price-asc' } });

    expect(await screen.findByText('1 product')).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET /api/products')[0].query)).toEqual({ brand_id: '3', page: '1', limit: '24', sort: 'price-asc', in_stock_only: '1' });
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));

    expect(await screen.findByText('2 products')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('in_stock_only')).toBe('0');
  });

  it("honours limit and exdept from the address and the store's out-of-stock setting", async () => {
    const { api } = open('/b/dewalt-3?limit=6&exdept=9', { ...SETTINGS, filterShowOutOfStock: true });

    expect(await screen.findByText('2 products')).toBeTruthy();
    await waitFor(() => expect(Object.fromEntries(api.sent('GET /api/products')[0].query)).toMatchObject({ limit: '6', exdept: '9', in_stock_only: '0', sort: 'relevancy' }));
    expect((screen.getByRole('checkbox', { name: 'In stock only' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows an admin who may edit brands an Edit link to Brand Settings beside the name', async () => {
    const owner: SessionUser = {
      is_admin: true, access_token: 'admin-token', loginKeep: true,
      data: { customer: { slug: 'owner', first_name: 'Olive', last_name: 'Owner', receive_marketing: false, permissions: ['edit_brands_settings'] }, is_developer: false },
    };
    open('/b/dewalt-3', SETTINGS, owner);
    expect((await screen.findByRole('link', { name: 'Edit brand DeWalt' })).getAttribute('href')).toBe('/admin/settings/brands-settings');
  });

  it('shows a shopper no edit link', async () => {
    open('/b/dewalt-3');
    expect(await screen.findByRole('heading', { name: 'DeWalt' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Edit brand/ })).toBeNull();
  });
});
