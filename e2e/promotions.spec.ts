import { expect, test, type Page } from '@playwright/test';
import { SHOPPER, signIn } from './helpers';

const PAINT = 'http://demo-paint.localhost:4300';
const accepted = (host: string) => ({ name: 'poweredby', value: '1', domain: host, path: '/', expires: Math.floor(Date.now() / 1000) + 86400, httpOnly: false, secure: false, sameSite: 'Lax' as const });

test.describe('promo pop-up', () => {
  // A first visit: cookie notice accepted, the store question answered, no pop-up seen yet.
  test.use({ storageState: { cookies: [accepted('localhost'), accepted('demo-paint.localhost')], origins: [{ origin: 'http://localhost:4300', localStorage: [{ name: 'showLocationPopup', value: '0' }] }] } });

  test('opens once for the current promotion; Apply Promo shows the success and Start Shopping closes it', async ({ page }) => {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Fall Project Sale' });
    await expect(popup).toBeVisible();
    await expect(popup.getByText('20% OFF', { exact: true })).toBeVisible();
    await expect(popup.getByRole('timer')).toBeVisible();
    await expect(popup.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/promotions/single/fall-20');
    await popup.getByRole('button', { name: 'Apply Promo' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Congratulations, Your 20% OFF Promo Is Now Applied!' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Shopping' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Coupons & Highlights' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Fall Project Sale' })).toBeHidden();
    // A day later the server is asked again, but the same promotion does not open twice.
    await page.evaluate(() => localStorage.setItem('promoPopup', JSON.stringify({ slug: 'fall-20', expires: Date.now() - 1 })));
    const asked = page.waitForResponse((r) => r.url().includes('/api/homepage-promo-pop-up'));
    await page.reload();
    await asked;
    await expect(page.getByRole('dialog', { name: 'Fall Project Sale' })).toBeHidden();
  });

  test('a ?promo= link opens that promotion when the store is known (one location), and Escape closes it', async ({ page }) => {
    await page.goto(`${PAINT}/?promo=five-off`);
    const popup = page.getByRole('dialog', { name: '$5 off your order' });
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });
});

test.describe('promotion pages', () => {
  test('lists the promotions, soonest ending first, and applies one from its page', async ({ page }) => {
    await page.goto('/promotions');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Fall Project Sale', '$5 off your order', 'Save 10% on $50 or more']);
    await page.getByRole('link', { name: 'View details of Save 10% on $50 or more' }).click();
    await expect(page).toHaveURL(/\/promotions\/single\/save-10$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Save 10% on $50 or more' })).toBeVisible();
    await expect(page.getByText('SAVE10')).toBeVisible();
    await expect(page.getByText('On orders of $50.00 or more.')).toBeVisible();
    await page.getByRole('button', { name: 'Apply Promo' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations, Your 10% OFF Promo Is Now Applied!' })).toBeVisible();
    await expect(page.getByText('Cannot be combined with other offers.')).toBeVisible();
  });

  test('?promo= on the promotion page redeems by itself; an ended promotion says so', async ({ page }) => {
    await page.goto('/promotions/single/five-off?promo=1');
    await expect(page.getByRole('heading', { name: 'Congratulations, Your $5 OFF Promo Is Now Applied!' })).toBeVisible();
    await page.goto('/promotions/single/spring-2025');
    await expect(page.getByText('This promotion has ended or does not exist.')).toBeVisible();
  });
});

async function cardsInView(page: Page) {
  return Number(await page.getByTestId('coupon-slider').getAttribute('data-per-view'));
}

test.describe('Coupons & Highlights', () => {
  test('shows 3 cards per view on desktop, 2 below 991 px, 1 below 766 px', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByTestId('coupon-slider');
    await expect(slider.getByRole('article')).toHaveCount(3);
    expect(await cardsInView(page)).toBe(3);
    await expect(slider.getByRole('article').first()).toHaveCSS('background-color', 'rgb(59, 196, 59)'); // the default #3BC43B
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => cardsInView(page)).toBe(2);
    await page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(() => cardsInView(page)).toBe(1);
  });

  test('Get Coupon opens the coupon modal for a guest and applies it from there', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Coupon: $5 off your order' }).click();
    const modal = page.getByRole('dialog', { name: '$5 off your order' });
    await expect(modal.getByText('FIVEOFF')).toBeVisible();
    await modal.getByRole('button', { name: 'Apply Promo' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations, Your $5 OFF Promo Is Now Applied!' })).toBeVisible();
  });

  test('Get Coupon applies it at once for a signed-in customer', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, SHOPPER);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Get 20% Off: Fall Project Sale' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations, Your 20% OFF Promo Is Now Applied!' })).toBeVisible();
  });
});

test.describe('weekly ad', () => {
  test("the cooperative's weekly ad shows its dates, flyer pages and what is on sale at the selected store; the paint shop has none", async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Weekly Ad' }).click();
    await expect(page).toHaveURL(/\/local-ad$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly Ad');
    await expect(page.getByText(/^Prices good .+ – .+ at Riverside Main Street, while supplies last\.$/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Fall lawn care: aerators, seed and fertilizer on sale' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'On sale at Riverside Main Street' })).toBeVisible();
    const tiles = page.getByTestId('local-ad-products').getByTestId('product-tile');
    await expect(tiles.first()).toBeVisible();
    // As many as the store has on sale (up to 48).
    const sale = await (await page.request.get('/api/products?promo=1&in_stock_only=0&limit=48&sort=relevancy', { headers: { 'store-id': '1' } })).json();
    expect(sale.products.total).toBeGreaterThan(0);
    await expect(tiles).toHaveCount(Math.min(48, sale.products.total));

    await page.goto('http://demo-paint.localhost:4300/local-ad');
    await expect(page.getByText('This store has no weekly ad right now.')).toBeVisible();
  });
});
