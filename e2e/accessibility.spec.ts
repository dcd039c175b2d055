import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, PAINT_ADMIN, SHOPPER, violations } from './helpers';

const HARDWARE = 'http://localhost:4300';
const PAINT = 'http://demo-paint.localhost:4300';

/** Each screen opened by its address, once its heading shows and nothing is loading, then checked. */
async function checkEach(page: Page, base: string, screens: [path: string, heading: string][]) {
  for (const [path, heading] of screens) {
    await page.goto(`${base}${path}`);
    await expect(page.getByRole('heading', { name: heading }).first(), path).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    expect(await violations(page), `${base}${path}`).toEqual([]);
  }
}

test.describe('accessibility (axe, WCAG 2.1 AA) of the storefront and back office screens', () => {
  // Each check takes a second or two; a journey of many screens gets the time for them.
  test.describe.configure({ timeout: 90_000 });

  test('a product page with its added-to-cart panel, the store picker and the department menu', async ({ page }) => {
    const [product] = (await (await page.request.get('/api/products?limit=1&in_stock_only=1')).json()).products.data;
    await page.goto(`/p/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    expect(await violations(page), 'product page').toEqual([]);
    await page.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' })).toBeVisible();
    expect(await violations(page), 'added to cart').toEqual([]);
    await page.goto('/');
    await page.getByRole('button', { name: /^Your store: / }).click();
    await expect(page.getByRole('dialog', { name: 'Choose your store' }).getByRole('listitem')).toHaveCount(3);
    expect(await violations(page), 'store picker').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Shop by Department' }).click();
    await expect(page.locator('#department-menu')).toBeVisible();
    expect(await violations(page), 'department menu').toEqual([]);
  });

  test('the checkout steps: the cart with its bar, Information with its problems shown, Payment and Done', async ({ page }) => {
    await page.goto(`${PAINT}/`);
    const products: { slug: string; num_inventory: number; vendor_allows_special_order: boolean; extra: Record<string, unknown> }[] =
      await page.evaluate(async () => (await (await fetch('/api/products?limit=50&in_stock_only=1')).json()).products.data);
    const product = products.find((p) => p.num_inventory >= 2 && !p.vendor_allows_special_order && !p.extra.fpack && !p.extra.hide_price)!;
    await page.goto(`${PAINT}/p/${product.slug}`);
    await page.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page.getByRole('navigation', { name: 'Checkout steps' })).toBeVisible();
    expect(await violations(page), 'cart with the checkout bar').toEqual([]);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Please enter your first name.')).toBeVisible();
    expect(await violations(page), 'Information with problems').toEqual([]);
    const form = page.getByRole('form', { name: 'Contact information' });
    await form.getByLabel('First name').fill('Axe');
    await form.getByLabel('Last name').fill('Checker');
    await form.getByLabel('E-mail').fill('axe-checker@shopper.test');
    await form.getByLabel('Mobile number').fill('5035550111');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    expect(await violations(page), 'Payment').toEqual([]);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeVisible();
    expect(await violations(page), 'Done').toEqual([]);
    // The owner's prepare-order screen for it, with the cancel form open.
    const orderNumber = (await page.getByTestId('order-number').textContent())!;
    await openSession(page, PAINT, PAINT_ADMIN);
    const orders = await page.evaluate(async (token) => (await (await fetch('/api/admin/orders/outstanding?limit=100', { headers: { authorization: `Bearer ${token}` } })).json()).data,
      JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!).access_token as string);
    await page.goto(`${PAINT}/admin/prepare-order?id=${orders.find((o: { order_number: string }) => o.order_number === orderNumber).id}`);
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    expect(await violations(page), 'prepare order').toEqual([]);
  });

  test('sign-in steps, registration and the reset page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await violations(page), '/login').toEqual([]);
    await page.getByLabel('E-mail').fill(SHOPPER.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    expect(await violations(page), 'password step').toEqual([]);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    expect(await violations(page), '/reset-password').toEqual([]);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click(); // every problem shown under its field
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(await violations(page), '/register with problems').toEqual([]);
  });

  test("a shopper's My Account, with its password prompt open, and My Orders", async ({ page }) => {
    await openSession(page, HARDWARE, SHOPPER);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Saved cards' })).not.toContainText('Loading');
    expect(await violations(page), '/account').toEqual([]);
    await page.getByRole('region', { name: 'Two-step sign-in' }).getByRole('button', { name: 'Set up two-step sign-in' }).click();
    expect(await violations(page), '/account, password prompt').toEqual([]);
    await checkEach(page, HARDWARE, [['/orders', 'My Orders']]);
  });

  test("the owner's Emails, a new e-mail with its problems and its send question, and a customer's unsubscribe page", async ({ page }) => {
    await openSession(page, HARDWARE, ADMIN);
    await checkEach(page, HARDWARE, [['/admin/emails', 'Emails'], ['/admin/emails/new', 'New e-mail']]);
    const form = page.getByRole('form', { name: 'E-mail' });
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('Please write a subject.')).toBeVisible();
    expect(await violations(page), '/admin/emails/new with problems').toEqual([]);
    await form.getByLabel('Subject').fill('Checking');
    await form.getByLabel('Message').fill('Only a draft.');
    await page.getByRole('button', { name: /^Send to / }).click();
    await expect(page.getByRole('dialog', { name: 'Send this e-mail?' })).toBeVisible();
    expect(await violations(page), 'the send question').toEqual([]);
    await page.getByRole('dialog', { name: 'Send this e-mail?' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByRole('dialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete draft' }).click();
    await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
    await page.goto(`${HARDWARE}/unsubscribe?token=not-a-real-one`);
    await expect(page.getByText('This link is not valid for this store.', { exact: false })).toBeVisible();
    expect(await violations(page), '/unsubscribe with a bad link').toEqual([]);
  });
});
