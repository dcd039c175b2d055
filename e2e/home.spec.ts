import { expect, test } from '@playwright/test';
import { chooseStore } from './helpers';

test.describe('home page sections', () => {
  test("shows the store's carousel, news, product rows, highlighted departments and featured products", async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'This season' });
    await expect(carousel.getByRole('img', { name: /^Fall Project Sale/ })).toBeVisible();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    await expect(carousel.getByRole('img', { name: /^Lawn & Garden/ })).toBeVisible();
    // It loops: next from the last slide is the first again.
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');

    await expect(page.getByRole('region', { name: 'Store news' }).getByRole('heading', { name: 'Locally owned since 1952' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'New in store' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Trusted brands' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Staff Picks' }).getByRole('listitem')).toHaveCount(8);
    const departments = page.getByRole('region', { name: 'Shop Popular Departments' });
    await expect(departments.getByRole('link')).toHaveCount(6);

    await carousel.getByRole('img', { name: /^Fall Project Sale/ }).click();
    await expect(page).toHaveURL(/\/promotions\/single\/fall-20$/);
  });

  test('a section limited to one location shows only there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Store news' })).toBeVisible();
    await expect(page.getByText('Our Eastgate store now rents log splitters')).toHaveCount(0);
    await chooseStore(page, 'Riverside Eastgate');
    await expect(page.getByText('Our Eastgate store now rents log splitters and aerators by the day.')).toBeVisible();
  });

  test('the featured products heading reads Featured Products when the store set none', async ({ page }) => {
    await page.goto('http://demo-paint.localhost:4300/');
    await expect(page.getByRole('region', { name: 'Featured Products' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Color of the Month' })).toHaveCount(0); // the carousel is named by its title
    await expect(page.getByRole('region', { name: 'This season' }).getByRole('img', { name: 'Color of the Month: Harbor Blue' })).toBeVisible();
  });
});
