import { expect, test } from '@playwright/test';
import { outboxMessage } from './helpers';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test.describe('rentals', () => {
  test('browse rentals by category, request one, and the store receives it by e-mail', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Tool Rentals' }).click();
    await expect(page).toHaveURL(/\/rentals$/);
    await expect(page.getByRole('article')).toHaveCount(5);
    // Featured first.
    await expect(page.getByRole('article').first()).toHaveAccessibleName(/Wet Tile Saw|Core Aerator/);

    const categories = page.getByRole('navigation', { name: 'Rental categories' });
    await categories.getByRole('link', { name: 'Tile Saws' }).click();
    await expect(page).toHaveURL(/\/rentals\?deptId=1&subDeptId=11$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tile Saws');
    const saw = page.getByRole('article', { name: 'Wet Tile Saw, 10 in.' });
    await expect(saw).toContainText('4 hours$30.00');
    await expect(saw).toContainText('Week$180.00');
    await expect(page.getByRole('article')).toHaveCount(1);

    await saw.getByRole('link', { name: 'Request this rental: Wet Tile Saw, 10 in.' }).click();
    await expect(page).toHaveURL(/\/rentals\/rental-form\?rental=1$/);
    await expect(page.getByLabel('Equipment')).toHaveValue('1');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('Please enter your first name.')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please choose a start date from today on.')).toBeVisible();

    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Diaz');
    await page.getByLabel('E-mail').fill('ana.rents@example.test');
    await page.getByLabel('Phone').fill('(503) 555-0142');
    await page.getByLabel('Store', { exact: true }).selectOption({ label: 'Riverside Eastgate' });
    await page.getByLabel('Start date').fill(inDays(1));
    await page.getByLabel('Return date').fill(inDays(3));
    await expect(page.getByTestId('rental-estimate')).toHaveText('Estimated $135.00 for 3 days, plus a $100.00 deposit. The store confirms the price.');
    const sentAt = new Date();
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you! Your rental request was sent to the store.');
    const mail = await outboxMessage('hello@demo-hardware.test', sentAt);
    expect(mail).toContain('Ana Diaz asked to rent Wet Tile Saw, 10 in. at Riverside Eastgate.');
    expect(mail).toContain('E-mail: ana.rents@example.test');
  });
});
