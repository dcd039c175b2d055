import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DepartmentNode, ProductListResult } from '@platform/api-client';
import type { StoreSettings } from '@platform/contracts';
import { EMPTY_CART, FakeApi, productItem, renderScreen, SETTINGS } from '../../test-support';
import { DepartmentProductsPage } from './department-products-page';

const node = (dept_id: number, name: string, parent: number | null, children: DepartmentNode[] = []): DepartmentNode => ({
  dept_id, dept_name: name, name, slug: `${name.toLowerCase().replace(/ /g, '-')}-${dept_id}`, image_url: null, parent, hide_products: false, highlighted: false, children,
});
const TREE = [node(1, 'Tools', null, [node(2, 'Power Tools', 1), node(3, 'Hand Tools', 1)])];
const HAMMER = productItem({ id: 21, title: 'Claw Hammer', price: '19.99' });
const SAW = productItem({ id: 22, title: 'Hand Saw', price: '24.99', num_inventory: 0, inventory: 0 });

/** GET /api/products in miniature: Tools holds a hammer in stock and a saw out of stock. */
function listing(query: URLSearchParams): ProductListResult {
  const rows = query.get('in_stock_only') === '1' ? [HAMMER] : [HAMMER, SAW];
  return {
    products: { total: rows.length, current_page: 1, last_page: 1, data: rows },
    departments: [], brands: [], price_ranges: [], other_facets: [], top_departments: [], removed_instock_only: false,
  };
}

function open(path: string, settings: StoreSettings = SETTINGS) {
  const api = new FakeApi()
    .on('GET /api/full-departments', { data: TREE })
    .on('GET /api/products', (request) => listing(request.query))
    .on('GET /api/cart-parcels', { data: EMPTY_CART });
  return renderScreen(<DepartmentProductsPage />, path, { route: '/d/:slug', api, settings });
}
const titles = () => screen.getAllByTestId('product-tile').map((tile) => within(tile).getByRole('link').textContent);

describe('department products page', () => {
  it("shows only what is in stock, in the store's default sort and page size, unless the address says otherwise", async () => {
    const settings = { ...SETTINGS, products: { ...SETTINGS.products, defaultSort: 'title-asc' } };
    const { api } = open('/d/tools-1', settings);

    expect(await screen.findByText('1 product')).toBeTruthy();
    expect(titles()).toEqual(['Claw Hammer']);
    expect(Object.fromEntries(api.sent('GET /api/products')[0].query)).toEqual({ dept_id: '1', page: '1', limit: '24', sort: 'title-asc', in_stock_only: '1' });
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('title-asc');
    expect((screen.getByRole('checkbox', { name: 'In stock only' }) as HTMLInputElement).checked).toBe(true);
  });

  it('honours limit, sort, in_stock_only and exdept from the address', async () => {
    const { api } = open('/d/tools-1?limit=12&sort=price-desc&in_stock_only=0&exdept=3');

    expect(await screen.findByText('2 products')).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET /api/products')[0].query)).toEqual({ dept_id: '1', page: '1', limit: '12', sort: 'price-desc', in_stock_only: '0', exdept: '3' });
  });

  it("lists out-of-stock items too when the store's out-of-stock filter setting is on, and the shopper can narrow it", async () => {
    const { api, user } = open('/d/tools-1?page=2', { ...SETTINGS, filterShowOutOfStock: true });

    expect(await screen.findByText('2 products')).toBeTruthy();
    expect(api.sent('GET /api/products')[0].query.get('in_stock_only')).toBe('0');
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));

    await waitFor(() => expect(titles()).toEqual(['Claw Hammer']));
    const last = api.sent('GET /api/products').at(-1)!.query;
    expect([last.get('in_stock_only'), last.get('page')]).toEqual(['1', '1']);
    const address = new URLSearchParams(window.location.search);
    expect([address.get('in_stock_only'), address.get('page')]).toEqual(['1', null]);
  });

  it('changing the sort asks again and keeps the choice in the address', async () => {
    const { api, user } = open('/d/tools-1');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');

    await waitFor(() => expect(api.sent('GET /api/products').at(-1)!.query.get('sort')).toBe('price-asc'));
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('price-asc');
  });
});
