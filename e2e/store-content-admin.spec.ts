import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, violations } from './helpers';

/**
 * Opens the back office as the owner and answers the session's bearer header (to put the store back as it was).
 * The session is written as a sign-in would (openSession): the sign-in form's own journeys are elsewhere, and the
 * owner's sign-ins across the whole run would meet the per-account sign-in limit.
 */
async function ownerSignedIn(page: Page) {
  await openSession(page, '', ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? '{}').access_token as string);
  return { authorization: `Bearer ${token}` };
}

test.describe('an owner edits what shoppers browse and read (issue 29)', () => {
  test('sets the home banner in Settings › Top Banner, previewed, and the home page shows it', async ({ page }) => {
    const headers = await ownerSignedIn(page);
    const before = (await (await page.request.get('/api/admin/home-banner', { headers })).json()).data;
    try {
      await page.getByRole('link', { name: 'Website Settings' }).click();
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Top Banner' }).click();
      await expect(page.getByRole('heading', { name: 'Top Banner' })).toBeVisible();
      const words = `Open late Fridays ${Date.now()}`;
      await page.getByRole('checkbox', { name: 'Show the banner on the home page' }).check();
      await page.getByRole('textbox', { name: 'Announcement' }).fill(words);
      await page.getByRole('textbox', { name: 'Background colour', exact: true }).fill('#ffe08a');
      await expect(page.getByRole('region', { name: 'Banner preview' })).toContainText(words);
      await page.getByRole('button', { name: 'Save banner' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Home banner saved.' }).first()).toBeVisible();
      await page.getByRole('link', { name: 'View as Customer' }).click();
      await expect(page.getByRole('region', { name: 'Announcement' })).toContainText(words);
    } finally {
      await page.request.post('/api/home-banner/update', { headers, data: before });
    }
  });

  test('uploads a photo for the About Us story from the computer; it previews, saves, and Store Information shows it', async ({ page }) => {
    const headers = await ownerSignedIn(page);
    const before = (await (await page.request.get('/api/about-us')).json()).data;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const alt = `Journey photo ${Date.now()}`;
    const loaded = (image: ReturnType<Page['getByRole']>) => expect.poll(() => image.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0))).toBeGreaterThan(0);
    try {
      await page.goto('/admin/settings/about-us');
      const story = page.getByRole('form', { name: 'Our story' });
      await story.getByRole('button', { name: 'Add a photo' }).click();
      await story.getByLabel(/^Upload image for photo \d+$/).last().setInputFiles({ name: 'Journey shop front.png', mimeType: 'image/png', buffer: png });
      await expect(story.getByRole('textbox', { name: 'Web address' }).last()).toHaveValue(/\/api\/about-us\/images\/[0-9a-f]{24}\/Journey_shop_front\.png$/);
      // Served by the gateway and allowed by the page's policy: the photo's thumbnail loads.
      await loaded(story.getByRole('img', { name: /^Photo \d+$/ }).last());
      // The screen with its pickers, an upload's status and preview passes axe (WCAG 2.1 AA).
      expect(await violations(page), 'About Us after an upload').toEqual([]);
      await story.getByRole('textbox', { name: 'Description' }).last().fill(alt);
      await story.getByRole('button', { name: 'Save story' }).click();
      await expect(story.getByRole('status').filter({ hasText: 'About us story saved.' })).toBeVisible();
      await page.goto('/store-info');
      await loaded(page.getByRole('img', { name: alt }));
    } finally {
      await page.request.post('/api/about-us/story', { headers, data: before });
    }
  });

  test("adds a photo by its address on another site: the store keeps its copy, lists its thumbnail, and Store Information shows it", async ({ page }) => {
    // The 'other site' is the config's image server on loopback, which the gateway may reach under the test-only allowance.
    const headers = await ownerSignedIn(page);
    const before = (await (await page.request.get('/api/about-us')).json()).data;
    const alt = `Supplier photo ${Date.now()}`;
    const loaded = (image: ReturnType<Page['getByRole']>) => expect.poll(() => image.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0))).toBeGreaterThan(0);
    try {
      await page.goto('/admin/settings/about-us');
      const story = page.getByRole('form', { name: 'Our story' });
      await story.getByRole('button', { name: 'Add a photo' }).click();
      const address = story.getByRole('textbox', { name: /^Image address for photo \d+$/ }).last();
      await address.click();
      await page.keyboard.insertText('http://127.0.0.1:4304/supplier-shop-front.png');
      await story.getByRole('button', { name: /^Add image by address for photo \d+$/ }).last().click();
      await expect(story.getByText("Image added: the store's own copy of it is filled in above.")).toBeVisible();
      // The store's own copy, not the other site's address.
      const copy = await story.getByRole('textbox', { name: 'Web address' }).last().inputValue();
      expect(copy).toMatch(/^https?:\/\/[^/]+\/api\/about-us\/images\/[0-9a-f]{24}\/supplier-shop-front\.png$/);
      const thumbnail = story.getByRole('img', { name: /^Photo \d+$/ }).last();
      await expect(thumbnail).toHaveAttribute('src', copy.replace(/\/([^/]+)$/, '/thumbnail/$1'));
      await loaded(thumbnail);
      await story.getByRole('textbox', { name: 'Description' }).last().fill(alt);
      await story.getByRole('button', { name: 'Save story' }).click();
      await expect(story.getByRole('status').filter({ hasText: 'About us story saved.' })).toBeVisible();
      await page.goto('/store-info');
      const shown = page.getByRole('img', { name: alt });
      await expect(shown).toHaveAttribute('src', copy);
      await loaded(shown);
    } finally {
      await page.request.post('/api/about-us/story', { headers, data: before });
    }
  });

  test('adds an alias to a department in Department Mapping, then removes it', async ({ page }) => {
    await ownerSignedIn(page);
    await page.goto('/admin/settings/department-mapping');
    const add = page.getByRole('button', { name: /^Add alias to / }).first();
    const department = (await add.getAttribute('aria-label'))!.replace('Add alias to ', '');
    await add.click();
    const dialog = page.getByRole('dialog', { name: `Add an alias to ${department}` });
    const alias = `Journey alias ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Alias' }).fill(alias);
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: `Aliases of ${department}` })).toContainText(alias);
    await page.getByRole('button', { name: `Remove alias ${alias} from ${department}` }).click();
    await expect(page.getByText(alias)).toHaveCount(0);
  });

  test("features a product on Featured Products, moves it up, and the home page's Staff Picks shows it until it is removed", async ({ page }) => {
    const headers = await ownerSignedIn(page);
    const sku = '100050'; // not among the 8 the demo store features
    try {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Featured Products' }).click();
      await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Featured products' }).getByRole('listitem');
      await expect(cards).toHaveCount(8);
      await page.getByRole('searchbox', { name: 'Find a product' }).fill(sku);
      await page.getByRole('searchbox', { name: 'Find a product' }).press('Enter');
      const found = page.getByRole('list', { name: 'Products found' }).getByRole('listitem').filter({ hasText: `SKU ${sku} ·` });
      const add = found.getByRole('button', { name: /^Add .+ to Featured Products$/ });
      const title = (await add.getAttribute('aria-label'))!.replace(/^Add /, '').replace(/ to Featured Products$/, '');
      await add.click();
      await expect(page.getByRole('status').filter({ hasText: `${title} added as number 9 of 9.` })).toBeVisible();
      await expect(cards).toHaveCount(9);
      await expect(cards.last()).toHaveAccessibleName(title);
      await cards.last().getByRole('button', { name: `Move ${title} up` }).click();
      await expect(page.getByRole('status').filter({ hasText: `${title} moved to number 8 of 9.` })).toBeVisible();
      await expect(cards.nth(7)).toHaveAccessibleName(title);

      await page.getByRole('link', { name: 'View as Customer' }).click();
      const picks = page.getByRole('region', { name: 'Staff Picks' });
      await expect(picks.getByRole('listitem')).toHaveCount(9);
      await expect(picks).toContainText(title);

      await page.goto('/admin/featured');
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Remove Featured Product ${title}` }).click();
      await expect(page.getByRole('status').filter({ hasText: `${title} is no longer featured.` })).toBeVisible();
      await expect(cards).toHaveCount(8);
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Staff Picks' }).getByRole('listitem')).toHaveCount(8);
      await expect(page.getByRole('region', { name: 'Staff Picks' })).not.toContainText(title);
    } finally {
      // Answers 404 once the journey removed it.
      await page.request.post('/api/admin/favourite-products/remove', { headers, data: { upc: sku } });
    }
  });

  test('adds a coupon in Settings › Coupons, finds it in the home page slider, and removes it from there', async ({ page }) => {
    const headers = await ownerSignedIn(page);
    const code = `JOURNEY${Date.now() % 1_000_000}`;
    const title = `Journey ${code}`;
    try {
      await page.getByRole('link', { name: 'Website Settings' }).click();
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Coupons' }).click();
      await page.getByRole('button', { name: 'New coupon' }).click();
      const form = page.getByRole('form', { name: 'Add coupon' });
      await form.getByLabel('Code', { exact: true }).fill(code);
      await form.getByLabel('Amount off ($)').fill('7.50');
      await form.getByLabel('Card title (default: the name, else the code)').fill(title);
      await form.getByRole('button', { name: 'Add coupon' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Coupon ${code} added.` }).first()).toBeVisible();
      await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'View as Customer' }).click();
      const card = page.getByTestId('coupon-slider').getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card).toContainText('$7.50 OFF');
      page.once('dialog', (dialog) => { expect(dialog.message()).toBe('Do you want to remove this coupon?'); void dialog.accept(); });
      await card.getByRole('button', { name: `Remove coupon ${title}` }).click();
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
      const listed = (await (await page.request.get('/api/coupons-admin', { headers })).json()).data as { code: string; active: boolean }[];
      expect(listed.find((c) => c.code === code)).toMatchObject({ active: false });
    } finally {
      const listed = (await (await page.request.get('/api/coupons-admin', { headers })).json()).data as { id: string; code: string; active: boolean }[];
      const left = listed.find((c) => c.code === code && c.active);
      if (left) await page.request.post('/api/deactivate-coupon', { headers, data: { id: left.id } });
    }
  });
});
