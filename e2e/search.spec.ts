import { chooseStore } from './helpers';
import { expect, test, type Page } from '@playwright/test';
import { stockLabel } from '../libs/domain/src/index';

// Hidden prices ('Please contact us for price') carry no number and are left out.
const tilePrices = async (page: Page) => (await page.getByTestId('product-tile').getByTestId('price').allInnerTexts()).filter((t) => t.startsWith('$')).map((t) => Number(t.replace('$', '')));

test.describe('search', () => {
  test('suggestions from 3 characters; the keyboard opens a suggested product', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('dr');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
    await box.fill('dri');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    const products = suggestions.getByRole('group', { name: 'Products' }).getByRole('option');
    await expect(products.first()).toBeVisible();
    expect(await products.count()).toBeLessThanOrEqual(10);
    const title = await products.first().innerText();
    // Popular searches (if any were tracked) come first; step past them to the first product.
    const terms = await suggestions.getByRole('group', { name: 'Popular searches' }).getByRole('option').count();
    for (let i = 0; i <= terms; i += 1) await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/p\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('search, page 2, sort by price, filter by brand and price band, open a product, switch store', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search products' }).fill('paint');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/search\/paint\?keyword=paint$/);
    await expect(page.getByRole('heading', { name: 'Results for "paint"' })).toBeVisible();
    const count = page.getByRole('status').filter({ hasText: /results?$/ });
    const total = Number((await count.innerText()).split(' ')[0]);
    expect(total).toBeGreaterThan(96);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect.poll(async () => { const p = await tilePrices(page); return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1] <= v); }).toBe(true);

    const brand = page.getByRole('complementary', { name: 'Filters' }).getByRole('region', { name: 'Brands' }).getByRole('checkbox').first();
    const brandName = ((await brand.locator('xpath=..').innerText()).replace(/\s*\(\d+\)$/, '')).trim();
    await brand.click();
    await expect(page).toHaveURL(/brands=\d+/);
    await expect(brand).toBeChecked();
    await expect.poll(async () => [...new Set(await page.getByTestId('product-tile').locator('.brand').allInnerTexts())]).toEqual([brandName]);

    await page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: /^\$0 - \$50/ }).click();
    await expect(page).toHaveURL(/start_price=0&end_price=50/);
    await expect(page.getByText('$0 - $50', { exact: true }).or(page.getByText(/^\$0 - \$50 Clear$/))).toBeVisible();
    await expect.poll(async () => (await tilePrices(page)).every((p) => p <= 50)).toBe(true);

    const first = page.getByTestId('product-tile').first();
    const title = await first.getByRole('link').last().innerText();
    await first.getByRole('link').last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const atMillbrook = (await (await page.request.get(`/api/products/product?param=${slug}&field=slug`, { headers: { 'Store-Id': '3' } })).json()).data;
    await chooseStore(page, 'Millbrook');
    const expected = stockLabel({ inventory: atMillbrook.num_inventory, vendorAllowsSpecialOrder: atMillbrook.vendor_allows_special_order, showOosSpecial: true, hasVendor: atMillbrook.vendor_id !== null, alwaysAllowSpecialOrder: Boolean(atMillbrook.extra.always_allow_special_order) });
    await expect(page.getByTestId('product-detail').getByTestId('stock-label')).toHaveText(expected.text);
  });

  test('on a phone the filters are folded away until asked for', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search/paint?keyword=paint');
    await expect(page.getByTestId('product-tile').first()).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Brands' })).toBeHidden();
    await page.getByText('Filters', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Brands' })).toBeVisible();
  });

  test("two swapped letters are one typo: 'hmamer' finds the hammers, 'dirll' the drills (issue 29)", async ({ page }) => {
    await page.goto('/');
    for (const [typed, word] of [['hmamer', /hammer/i], ['dirll', /drill/i]] as const) {
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.fill(typed);
      await box.press('Enter');
      await expect(page.getByRole('heading', { name: `Results for "${typed}"` })).toBeVisible();
      await expect(page.getByTestId('product-tile').first().locator('a.title')).toHaveText(word);
    }
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/search/zzqx?keyword=zzqxwv');
    await expect(page.getByText('No products were found for this search.')).toBeVisible();
  });
});
