import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ProductListResult } from '@platform/api-client';
import type { ProductItem } from '@platform/contracts';
import { DEVICE_ID, EMPTY_CART, FakeApi, Failure, productItem, renderScreen, SETTINGS } from '../../test-support';
import { SearchPage } from './search-page';

const BRANDS = { 3: 'DeWalt', 7: 'Milwaukee', 9: 'Ryobi' } as const;
const DRILLS = [
  { brand: 3, product: productItem({ id: 12, title: 'DeWalt 20V MAX Cordless Drill', price: '129.00', brand_name: 'DeWalt' }) },
  { brand: 7, product: productItem({ id: 13, title: 'Milwaukee M18 Hammer Drill', price: '179.00', brand_name: 'Milwaukee' }) },
  { brand: 9, product: productItem({ id: 14, title: 'Ryobi ONE+ Drill/Driver', price: '59.00', brand_name: 'Ryobi', num_inventory: 3 }) },
];

/** GET /api/products in miniature: 'drill' finds the three drills, filtered by brands and sorted as asked. */
function searchResult(query: URLSearchParams): ProductListResult {
  const brands = query.get('brands')?.split(',').map(Number) ?? [];
  const found = query.get('search') === 'drill' ? DRILLS : [];
  const rows = found.filter((d) => !brands.length || brands.includes(d.brand));
  const price = (p: ProductItem) => Number(p.price);
  const products = rows.map((d) => d.product);
  if (query.get('sort') === 'price-asc') products.sort((a, b) => price(a) - price(b));
  return {
    products: { total: products.length, current_page: 1, last_page: 1, data: products },
    departments: found.length ? [{ dept_id: 10, name: 'Power Tools', count: found.length }] : [],
    brands: found.map((d) => ({ brand_id: d.brand, brand_name: BRANDS[d.brand as keyof typeof BRANDS], count: 1 })),
    price_ranges: found.length ? [{ key: '50-150', label: '$50 - $150', count: 2 }, { key: '150-250', label: '$150 - $250', count: 1 }] : [],
    other_facets: [], top_departments: [], removed_instock_only: false,
  };
}

function searchApi() {
  return new FakeApi()
    .on('GET /api/products', (request) => searchResult(request.query))
    .on('GET /api/brands/get-filter', { data: { show: true } })
    .on('POST /api/track-search', { status: 'success' })
    .on('GET /api/cart-parcels', { data: EMPTY_CART });
}

const search = (path: string, api = searchApi()) => renderScreen(<SearchPage />, path, { route: '/search/:dummy?', api });
const tileTitles = () => screen.getAllByTestId('product-tile').map((tile) => within(tile).getByRole('link').textContent);

describe('search results page', () => {
  it('lists what the catalogue found for the keyword at the selected store, with prices and stock, and records the search', async () => {
    const { api } = search('/search/drill?keyword=drill');

    expect((await screen.findByRole('heading', { name: 'Results for "drill"' }))).toBeTruthy();
    expect((await screen.findByText('3 results'))).toBeTruthy();
    expect(tileTitles()).toEqual(['DeWalt 20V MAX Cordless Drill', 'Milwaukee M18 Hammer Drill', 'Ryobi ONE+ Drill/Driver']);
    const ryobi = screen.getAllByTestId('product-tile')[2];
    expect(within(ryobi).getByTestId('price').textContent).toBe('$59.00');
    expect(within(ryobi).getByTestId('stock-label').textContent).toBe('Only 3 Left');
    const [asked] = api.sent('GET /api/products');
    expect(Object.fromEntries(asked.query)).toEqual({ search: 'drill', page: '1', sort: 'relevancy', in_stock_only: '1', limit: '24' });
    expect(asked.headers.get('Store-Id')).toBe('1');
    await waitFor(() => expect(api.sent('POST /api/track-search').map((r) => r.body)).toEqual([{ search: 'drill', device_id: DEVICE_ID }]));
  });

  it('sorting by price asks again with sort=price-asc, keeps it in the address and shows the new order', async () => {
    const { api, user } = search('/search/drill?keyword=drill');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');

    await waitFor(() => expect(tileTitles()).toEqual(['Ryobi ONE+ Drill/Driver', 'DeWalt 20V MAX Cordless Drill', 'Milwaukee M18 Hammer Drill']));
    expect(api.sent('GET /api/products').map((r) => r.query.get('sort'))).toEqual(['relevancy', 'price-asc']);
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('price-asc');
  });

  it('choosing a brand asks for that brand only and lists what it has', async () => {
    const { api, user } = search('/search/drill?keyword=drill');

    await user.click(await screen.findByRole('checkbox', { name: 'Milwaukee (1)' }));

    await waitFor(() => expect(tileTitles()).toEqual(['Milwaukee M18 Hammer Drill']));
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(api.sent('GET /api/products').at(-1)!.query.get('brands')).toBe('7');
    expect(new URLSearchParams(window.location.search).get('brands')).toBe('7');
    expect((screen.getByRole('checkbox', { name: 'Milwaukee (1)' }) as HTMLInputElement).checked).toBe(true);
  });

  it("honours limit and exdept from the address, and the store's default sort and out-of-stock setting", async () => {
    const api = searchApi();
    const settings = { ...SETTINGS, filterShowOutOfStock: true, products: { ...SETTINGS.products, defaultSort: 'latest' } };
    const { user } = renderScreen(<SearchPage />, '/search/drill?keyword=drill&limit=12&exdept=4,5', { route: '/search/:dummy?', api, settings });

    expect(await screen.findByText('3 results')).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET /api/products')[0].query)).toMatchObject({ limit: '12', exdept: '4,5', sort: 'latest', in_stock_only: '0' });
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('latest');
    // Asking for in-stock items only is the shopper's own choice, kept in the address.
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() => expect(api.sent('GET /api/products').at(-1)!.query.get('in_stock_only')).toBe('1'));
    expect(new URLSearchParams(window.location.search).get('in_stock_only')).toBe('1');
    expect(api.sent('GET /api/products').at(-1)!.query.get('limit')).toBe('12');
  });

  it('a search that finds nothing says so', async () => {
    search('/search/zzyzx?keyword=zzyzx');

    expect(await screen.findByText('No products were found for this search.')).toBeTruthy();
    expect(screen.getByText('0 results')).toBeTruthy();
    expect(screen.queryAllByTestId('product-tile')).toEqual([]);
  });

  it('without a keyword it asks what the shopper is looking for and searches nothing', async () => {
    const { api } = search('/search');

    expect(await screen.findByText('What are you looking for?')).toBeTruthy();
    expect(api.sent('GET /api/products')).toEqual([]);
    expect(api.sent('POST /api/track-search')).toEqual([]);
  });

  it('a search that fails says so', async () => {
    const api = searchApi().on('GET /api/products', new Failure(500, 'Something went wrong. Please try again.'));
    search('/search/drill?keyword=drill', api);

    expect((await screen.findByRole('alert')).textContent).toBe('We could not search right now. Please try again.');
    expect(screen.queryAllByTestId('product-tile')).toEqual([]);
  });
});
