import { expect, test } from '@playwright/test';
import { ADMIN, signIn, STAFF } from './helpers';

/** The demo hardware store takes cards through Stripe in test mode (seeded keys pk_test_demohardware / sk_test_demohardware). */
const DEMO_PUBLISHABLE = 'pk_test_demohardware';
const DEMO_SECRET = 'sk_test_demohardware';
const WEBHOOK = 'whsec_journey42';

test.describe('payment options', () => {
  test("the owner sees Stripe with its secret saved (hidden), is told a live key does not suit test mode, and saves test keys that are never shown again", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/login');
    await signIn(page, ADMIN);
    await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    await page.goto('/admin/settings/payment-options');
    await expect(page.getByRole('heading', { name: 'Payment Options' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Cards through Stripe' })).toBeChecked();
    await expect(page.getByLabel('Publishable key')).toHaveValue(DEMO_PUBLISHABLE);
    const secret = page.getByLabel('Secret key');
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAccessibleDescription('Saved (hidden). Leave empty to keep it.');
    await expect(page.getByLabel('Live mode (real cards are charged)')).not.toBeChecked();
    // Fits a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Every provider is offered; choosing one shows its own fields (nothing saved), and Stripe's come back as they were.
    await expect(page.getByText('Now: cards through Stripe.')).toBeVisible();
    for (const name of ['Pay at the store only', 'Cards through Adyen', 'Cards through Authorize.Net', "Cards through Plug'n Pay", 'Cards through Fiserv']) {
      await expect(page.getByRole('radio', { name })).toBeVisible();
    }
    await page.getByRole('radio', { name: 'Cards through Fiserv' }).check();
    await expect(page.getByRole('group', { name: 'Fiserv' })).toBeVisible();
    await expect(page.getByLabel('API key', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Connect store id (needed live)')).toBeVisible();
    await expect(page.getByLabel('Publishable key')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Cards through Stripe' }).check();
    await expect(page.getByLabel('Publishable key')).toHaveValue(DEMO_PUBLISHABLE);

    // A live key with Live off: named under the field, which gets the focus; nothing is saved.
    await secret.fill('sk_live_journey42');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'These keys are live keys: turn Live on, or enter your test keys.' })).toBeVisible();
    await expect(secret).toBeFocused();
    await expect(secret).toHaveAttribute('aria-invalid', 'true');

    // Test keys (the demo's own, so later journeys pay with them as before) and a webhook secret, from the keyboard.
    await secret.fill(DEMO_SECRET);
    await page.getByLabel('Webhook signing secret (optional)').fill(WEBHOOK);
    await page.getByLabel('Webhook signing secret (optional)').press('Enter');
    await expect(page.getByText('Payment settings saved.')).toBeVisible();
    await expect(secret).toHaveValue('');
    await expect(page.getByLabel('Webhook signing secret (optional)')).toHaveAccessibleDescription('Saved (hidden). Leave empty to keep it.');

    // Reloaded, the page and the owner's answer hold no secret.
    const answers: string[] = [];
    page.on('response', async (response) => { if (response.url().includes('/api/admin/fulfillment/payment-settings')) answers.push(await response.text()); });
    await page.reload();
    await expect(page.getByLabel('Secret key')).toHaveAccessibleDescription('Saved (hidden). Leave empty to keep it.');
    const html = await page.content();
    for (const text of [DEMO_SECRET, WEBHOOK, 'sealed:']) expect(html).not.toContain(text);
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    for (const body of answers) {
      expect(body).toContain('"secret_key_set":true');
      for (const text of [DEMO_SECRET, WEBHOOK, 'sealed:']) expect(body).not.toContain(text);
    }
  });

  test('a sub-account is told that only the store owner changes how the store takes payment', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, STAFF);
    await expect(page).toHaveURL(/\/admin\/orders/);
    await page.goto('/admin/settings/payment-options');
    await expect(page.getByText('Only the store owner can change how the store takes payment.')).toBeVisible();
    await expect(page.getByLabel('Secret key')).toHaveCount(0);
  });
});
