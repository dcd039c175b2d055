import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { FakeApi, productItem, renderScreen } from '../../test-support';
import { HeaderSearch } from './header-search';

/** get-suggestions as the catalogue answers 'yard' when the store calls Lawn & Garden 'Yard' (a department alias). */
const YARD = {
  search_terms: [],
  products: [productItem({ id: 5, title: 'Yard Broom', price: '24.99' }), productItem({ id: 6, title: 'Push Mower', price: '199.00' })],
  departments: [{ dept_id: 10, name: 'Lawn & Garden', alias: 'Yard' }],
  brands: [{ brand_id: 7, brand_name: 'Greenline', image: null, alias: 'Yardline' }],
};

describe('header search suggestions', () => {
  it("offers a department and a brand under the alias the shopper typed, and goes to the department's own page", async () => {
    const api = new FakeApi().on('GET /api/get-suggestions', YARD);
    const { user } = renderScreen(<HeaderSearch />, '/', { route: '/', api });
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'yard');

    const departments = await screen.findByRole('group', { name: 'Departments' });
    expect(within(departments).getAllByRole('option').map((o) => o.textContent)).toEqual(['Yard (Lawn & Garden)']);
    const brands = screen.getByRole('group', { name: 'Brands' });
    expect(within(brands).getAllByRole('option').map((o) => o.textContent)).toEqual(['Yardline (Greenline)']);
    expect(api.sent('GET /api/get-suggestions').map((r) => r.query.get('search'))).toContain('yard');

    await user.click(within(departments).getByRole('option', { name: 'Yard (Lawn & Garden)' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/d/lawn-and-garden-10');
  });
});
