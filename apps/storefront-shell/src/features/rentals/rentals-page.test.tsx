import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RentalItem, Rentals } from '@platform/api-client';
import { Failure, FakeApi, later, renderScreen } from '../../test-support';
import { RentalsPage } from './rentals-page';

const TILLER: RentalItem = {
  id: 5, name: 'Rear-tine Tiller', description: 'Breaks new ground.', image: null, category_id: 1, sub_category_id: 11,
  rates: { four_hours: '35.00', day: '55.00', week: '220.00' }, deposit: '100.00', featured: true,
};
const MIXER: RentalItem = {
  id: 6, name: 'Cement Mixer', description: '', image: null, category_id: 2, sub_category_id: null, rates: { four_hours: null, day: '40.00', week: null }, deposit: null, featured: false,
};
const CATEGORIES: Rentals['categories'] = [
  { id: 1, name: 'Lawn & Garden', icon: null, children: [{ id: 11, name: 'Tillers', icon: null }] },
  { id: 2, name: 'Concrete', icon: null, children: [] },
];

/** GET rentals in miniature: the whole tree, the products of a category or sub-category, 404 for one it does not know. */
function rentals(query: URLSearchParams): { data: Rentals } | Failure {
  const dept = query.get('deptId');
  if (dept && !CATEGORIES.some((c) => String(c.id) === dept)) return new Failure(404, 'This rental category was not found.');
  const products = [TILLER, MIXER].filter((p) => !dept || String(p.category_id) === dept);
  return { data: { categories: CATEGORIES, products } };
}

const open = (path: string, api = new FakeApi().on('GET /api/rentals', (request) => rentals(request.query))) => renderScreen(<RentalsPage />, path, { route: '/rentals', api });

/** A rental card's rates as the shopper reads them: [label, amount]. */
const rates = (card: HTMLElement) => within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('rentals page (/rentals)', () => {
  it('says it is loading, then shows each rental with its rates and a way to request it', async () => {
    const answer = later<{ data: Rentals }>();
    open('/rentals', new FakeApi().on('GET /api/rentals', () => answer.promise));
    expect((await screen.findByRole('status')).textContent).toBe('Loading rentals…');
    answer.resolve({ data: { categories: CATEGORIES, products: [TILLER, MIXER] } });

    const tiller = await screen.findByRole('article', { name: 'Rear-tine Tiller' });
    expect(within(tiller).getByText('Breaks new ground.')).toBeTruthy();
    expect(rates(tiller)).toEqual([['4 hours', '$35.00'], ['Day', '$55.00'], ['Week', '$220.00'], ['Deposit', '$100.00']]);
    expect(within(tiller).getByRole('link', { name: 'Request this rental: Rear-tine Tiller' }).getAttribute('href')).toBe('/rentals/rental-form?rental=5');
    // A rental priced by the day only shows the day rate.
    expect(rates(screen.getByRole('article', { name: 'Cement Mixer' }))).toEqual([['Day', '$40.00']]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a rental' }).getAttribute('href')).toBe('/rentals/rental-form');
  });

  it('a category narrows the list and heads the page; its sub-category narrows it further', async () => {
    const { user, api } = open('/rentals');
    const nav = await screen.findByRole('navigation', { name: 'Rental categories' });
    expect(within(nav).getByRole('link', { name: 'All rentals' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('article', { name: 'Cement Mixer' });

    await user.click(within(nav).getByRole('link', { name: 'Lawn & Garden' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Lawn & Garden');
    expect(await screen.findByRole('article', { name: 'Rear-tine Tiller' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Cement Mixer' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Lawn & Garden' }).getAttribute('aria-current')).toBe('page');

    await user.click(within(nav).getByRole('link', { name: 'Tillers' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tillers');
    await waitFor(() => expect(api.sent('GET /api/rentals').map((r) => r.query.toString())).toContain('deptId=1&subDeptId=11'));
    expect(await screen.findByRole('article', { name: 'Rear-tine Tiller' })).toBeTruthy();
  });

  it("while another category loads, the last category's rentals are not shown under its name", async () => {
    const concrete = later<{ data: Rentals }>();
    const api = new FakeApi().on('GET /api/rentals', (request) => (request.query.get('deptId') === '2' ? concrete.promise : rentals(request.query)));
    const { user } = open('/rentals?deptId=1', api);
    await screen.findByRole('article', { name: 'Rear-tine Tiller' });

    await user.click(screen.getByRole('link', { name: 'Concrete' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Concrete');
    expect((await screen.findByRole('status')).textContent).toBe('Loading rentals…');
    expect(screen.queryByRole('article', { name: 'Rear-tine Tiller' })).toBeNull();
    concrete.resolve({ data: { categories: CATEGORIES, products: [MIXER] } });
    expect(await screen.findByRole('article', { name: 'Cement Mixer' })).toBeTruthy();
  });

  it('a store without rentals says so and offers the request form', async () => {
    open('/rentals', new FakeApi().on('GET /api/rentals', { data: { categories: [], products: [] } }));
    expect(await screen.findByText('This store has no rentals listed yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'send a rental request' }).getAttribute('href')).toBe('/rentals/rental-form');
  });

  it('an unknown category says it was not found, with the way back to all rentals', async () => {
    open('/rentals?deptId=99');
    expect(await screen.findByText('This rental category was not found.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rentals');
    expect(screen.getByRole('link', { name: 'See all rentals' }).getAttribute('href')).toBe('/rentals');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('a failed load says so, and Try again loads the rentals', async () => {
    let calls = 0;
    const { user } = open('/rentals', new FakeApi().on('GET /api/rentals', (request) => (++calls === 1 ? new Failure(503, 'Unavailable') : rentals(request.query))));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the rentals.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Rear-tine Tiller' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
