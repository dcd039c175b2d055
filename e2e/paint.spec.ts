import { expect, test } from '@playwright/test';

const PAINT = 'http://demo-paint.localhost:4300';

test.describe('paint colours (paint variant only)', () => {
  test('families, a family page lightest first, a colour card, collections and the finder', async ({ page }) => {
    await page.goto(`${PAINT}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Colors' }).click();
    await expect(page).toHaveURL(`${PAINT}/colors`);
    await expect(page.getByRole('heading', { name: 'Paint Colors' })).toBeVisible();
    const families = page.getByRole('list', { name: 'Colour families' }).getByRole('link');
    await expect(families).toHaveCount(12);

    await families.filter({ hasText: 'Blue' }).click();
    await expect(page).toHaveURL(`${PAINT}/colors/family/blue`);
    await expect(page.getByRole('heading', { name: 'Blue Paint Colors' })).toBeVisible();
    const swatches = page.getByTestId('paint-colors').getByRole('button');
    await expect(swatches).toHaveCount(10);
    await expect(swatches.first()).toHaveAccessibleName('Harbor Mist, HC-BLU-101');
    await swatches.filter({ hasText: 'Denim Jacket' }).click();
    const card = page.getByTestId('paint-color-detail');
    await expect(card.getByRole('heading', { name: 'Denim Jacket' })).toBeVisible();
    await expect(card).toContainText('HC-BLU-107');
    await card.getByRole('link', { name: 'Heritage Hues' }).click();
    await expect(page).toHaveURL(`${PAINT}/colors/collection/heritage-hues`);
    await expect(page.getByRole('heading', { name: 'Heritage Hues' })).toBeVisible();
    await expect(page.getByTestId('paint-colors').getByRole('button', { name: /Denim Jacket/ })).toBeVisible();

    await page.goto(`${PAINT}/colors`);
    await page.getByLabel('Find a colour by name or code').fill('harbor');
    await expect(page.getByTestId('paint-colors').getByRole('button')).toHaveText([/Harbor Mist/, /Harbor Gray/]);
    await page.getByLabel('Find a colour by name or code').fill('zzzz');
    await expect(page.getByText('No colours match “zzzz”.')).toBeVisible();

    await page.goto(`${PAINT}/colors/family/teal`);
    await expect(page.getByText('This colour family was not found.')).toBeVisible();
  });

  test('the Paint Products menu lists the categories and opens one; the hardware store has no colour pages', async ({ page }) => {
    await page.goto(`${PAINT}/`);
    const menu = page.getByTestId('paint-products-menu');
    await menu.getByRole('button', { name: 'Paint Products' }).click();
    await expect(menu.getByRole('link', { name: 'Browse Full Catalog' })).toHaveAttribute('href', '/search');
    await menu.getByRole('link', { name: 'Exterior Paint' }).click();
    await expect(page).toHaveURL(/\/paint-products\/exterior-paint-\d+$/);
    await expect(page.getByRole('heading', { name: 'Exterior Paint' })).toBeVisible();
    await expect(page.getByTestId('product-tile').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paint categories' }).getByRole('link', { name: 'Exterior Paint' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/colors');
    await expect(page).toHaveURL('http://localhost:4300/');
    await expect(page.getByTestId('paint-products-menu')).toHaveCount(0);
  });
});
