import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PaintCategory, PaintProducts } from '@platform/api-client';
import { EMPTY_CART, Failure, FakeApi, later, productItem, renderScreen } from '../../test-support';
import { PaintProductsPage } from './paint-products-page';

const INTERIOR: PaintCategory = { dept_id: 4, name: 'Interior Paint', slug: 'interior-paint-4' };
const PRIMERS: PaintCategory = { dept_id: 5, name: 'Primers', slug: 'primers-5' };
const EGGSHELL = productItem({ id: 31, title: 'Eggshell Interior Paint', price: '42.99' });
const SATIN = productItem({ id: 32, title: 'Satin Interior Paint', price: '44.99' });
const PRIMER = productItem({ id: 33, title: 'Bonding Primer', price: '29.99' });

/** GET paints/products in miniature: Interior Paint has two pages of one product each; Primers has one; a category it does not know is 404. */
function paintProducts(query: URLSearchParams): { data: PaintProducts } | Failure {
  const slug = query.get('category');
  const category = slug ? [INTERIOR, PRIMERS].find((c) => c.slug === slug) : null;
  if (category === undefined) return new Failure(404, 'This paint category was not found.');
  const page = Number(query.get('page') ?? '1');
  const products = category === PRIMERS ? { total: 1, current_page: 1, last_page: 1, data: [PRIMER] }
    : category === INTERIOR ? { total: 2, current_page: page, last_page: 2, data: [page === 1 ? EGGSHELL : SATIN] }
      : { total: 3, current_page: 1, last_page: 1, data: [EGGSHELL, SATIN, PRIMER] };
  return { data: { categories: [INTERIOR, PRIMERS], category, products } };
}

const paintApi = () => new FakeApi().on('GET /api/paints/products', (request) => paintProducts(request.query)).on('GET /api/cart-parcels', { data: EMPTY_CART });
const open = (path: string, api = paintApi()) => renderScreen(<PaintProductsPage />, path, { route: '/paint-products/:category?', api });

describe('paint products (/paint-products/{category?})', () => {
  it('says it is loading, then lists the paint categories and the products at this store, with Browse Full Catalog', async () => {
    const answer = later<{ data: PaintProducts }>();
    open('/paint-products', paintApi().on('GET /api/paints/products', () => answer.promise));
    expect((await screen.findByRole('status')).textContent).toBe('Loading paint products…');
    answer.resolve(paintProducts(new URLSearchParams()) as { data: PaintProducts });

    const nav = await screen.findByRole('navigation', { name: 'Paint categories' });
    expect(within(nav).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All', '/paint-products'], ['Interior Paint', '/paint-products/interior-paint-4'], ['Primers', '/paint-products/primers-5'], ['Colours', '/colors'],
    ]);
    expect(within(nav).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paint Products');
    expect(screen.getByText('3 products')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Eggshell Interior Paint' }).getAttribute('href')).toBe('/p/eggshell-interior-paint');
    // Spec 1 §3: Paint-products has Browse Full Catalog to /search.
    expect(screen.getByRole('link', { name: 'Browse Full Catalog' }).getAttribute('href')).toBe('/search');
  });

  it("a category heads the page with its name and pages on; another category starts at its first page", async () => {
    const { user, api } = open('/paint-products/interior-paint-4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Interior Paint' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Interior Paint' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('link', { name: 'Eggshell Interior Paint' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Satin Interior Paint' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Primers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Primers' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Bonding Primer' })).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/paints/products').map((r) => [r.query.get('category'), r.query.get('page')])).toEqual([
      ['interior-paint-4', '1'], ['interior-paint-4', '2'], ['primers-5', '1'],
    ]));
  });

  it('an empty category says so and offers the full catalogue', async () => {
    const api = paintApi().on('GET /api/paints/products', { data: { categories: [INTERIOR, PRIMERS], category: PRIMERS, products: { total: 0, current_page: 1, last_page: 1, data: [] } } });
    open('/paint-products/primers-5', api);
    expect(await screen.findByText('There are no products in this category yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Full Catalog' }).getAttribute('href')).toBe('/search');
  });

  it('an unknown category says it was not found, with the way to all paint products', async () => {
    open('/paint-products/wallpaper');
    expect(await screen.findByText('This paint category was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all paint products' }).getAttribute('href')).toBe('/paint-products');
  });

  it('a failed load says so, and Try again loads the products', async () => {
    let calls = 0;
    const api = paintApi().on('GET /api/paints/products', (request) => (++calls === 1 ? new Failure(503, 'Unavailable') : paintProducts(request.query)));
    const { user } = open('/paint-products', api);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the paint products.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 products')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
