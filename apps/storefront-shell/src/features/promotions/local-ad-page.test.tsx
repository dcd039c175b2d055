import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ProductListResult } from '@platform/api-client';
import { BUSINESS, EMPTY_CART, Failure, FakeApi, productItem, renderScreen } from '../../test-support';
import { LocalAdPage } from './local-ad-page';

const AD: typeof BUSINESS.local_ad = {
  enabled: true, title: 'Fall Savings', valid_from: '2099-11-01', valid_to: '2099-11-30',
  pages: [{ image: '/ads/page-1.png', alt: 'Leaf blowers and rakes on sale' }, { image: '/ads/page-2.png', alt: '' }],
};
const RAKE = productItem({ id: 61, title: 'Leaf Rake', price: '24.99', promo_price: '19.99' });

const onSale = (rows = [RAKE]): ProductListResult => ({
  products: { total: rows.length, current_page: 1, last_page: 1, data: rows }, departments: [], brands: [], price_ranges: [], other_facets: [], top_departments: [], removed_instock_only: false,
});
const open = (ad: typeof AD, api = new FakeApi().on('GET /api/products', onSale()).on('GET /api/cart-parcels', { data: EMPTY_CART }), storeId = 2) =>
  renderScreen(<LocalAdPage />, '/local-ad', { route: '/local-ad', api, business: { ...BUSINESS, local_ad: ad }, storeId });

describe('weekly ad (/local-ad)', () => {
  it("shows the ad's title, dates at the selected store, its pages, and what is on sale at that store", async () => {
    const { api } = open(AD);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fall Savings');
    expect(screen.getByText('Prices good Nov 1, 2099 – Nov 30, 2099 at Riverside, while supplies last.')).toBeTruthy();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Leaf blowers and rakes on sale', 'Ad page 2']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('On sale at Riverside');
    expect(within(await screen.findByTestId('local-ad-products')).getByRole('link', { name: 'Leaf Rake' })).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET /api/products')[0].query)).toEqual({ promo: '1', in_stock_only: '0', limit: '48', sort: 'relevancy' });
  });

  it('an ad whose dates have passed says when it ended, not that its prices hold', () => {
    open({ ...AD, valid_from: '2020-11-01', valid_to: '2020-11-30' });
    expect(screen.getByText('This ad ended on Nov 30, 2020.')).toBeTruthy();
    expect(screen.queryByText(/while supplies last/)).toBeNull();
  });

  it('a store with nothing on sale says so', async () => {
    open(AD, new FakeApi().on('GET /api/products', onSale([])));
    expect(await screen.findByText('Nothing is on sale at this store right now.')).toBeTruthy();
  });

  it('the sale items failing to load is said, with the ad still shown', async () => {
    open(AD, new FakeApi().on('GET /api/products', new Failure(503, 'Unavailable')));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load the sale items.');
    expect(screen.getByRole('img', { name: 'Leaf blowers and rakes on sale' })).toBeTruthy();
  });

  it('a store without a weekly ad says so and points to the promotions', () => {
    const { api } = open({ ...AD, enabled: false });
    expect(screen.getByText('This store has no weekly ad right now.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'current promotions' }).getAttribute('href')).toBe('/promotions');
    expect(api.sent('GET /api/products')).toEqual([]);
  });
});
