import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, PAINT_ADMIN, SHOPPER } from './helpers';

/**
 * Every screen opened by its address (a bookmark, a reload, a link in an e-mail), as someone allowed to see
 * it: the screen's heading shows, and no script error. A screen that only works when reached by clicking
 * (data already cached) fails here.
 */
async function openEach(page: Page, base: string, screens: [path: string, heading: string | RegExp, landsOn?: RegExp][]) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const [path, heading, landsOn] of screens) {
    await page.goto(`${base}${path}`);
    await expect(page.getByRole('heading', { name: heading }).first(), path).toBeVisible();
    if (landsOn) await expect(page, path).toHaveURL(landsOn);
  }
  expect(errors).toEqual([]);
}

const HARDWARE = 'http://localhost:4300';
const PAINT = 'http://demo-paint.localhost:4300';

test.describe('every screen opens by its address', () => {
  test('the storefront, as a guest; account screens ask to sign in first', async ({ page }) => {
    await openEach(page, HARDWARE, [
      ['/', 'Riverside Hardware Co-op'], ['/departments', 'All Departments'], ['/brands', 'Brands'],
      ['/search/drill?keyword=drill', 'Results for "drill"'], ['/cart', 'Your Cart'], ['/login', 'Sign In'],
      ['/register', 'Create an Account'], ['/store-info', 'Our Locations'], ['/contact-us', 'Contact Us'],
      ['/privacy-policy', 'Privacy Policy'], ['/terms', 'Terms of Use'], ['/promotions', 'Promotions'],
      ['/rentals', 'Rentals'], ['/rentals/rental-form', 'Rental Request'], ['/local-ad', 'Weekly Ad'], ['/rewards', 'Rewards'],
      ['/account', 'Sign In', /\/login$/], ['/savedcarts', 'Sign In', /\/login$/], ['/orders', 'Sign In', /\/login$/], ['/recurring-orders', 'Sign In', /\/login$/], ['/admin/settings/widgets', 'Sign In', /\/login$/],
      ['/reset-password', 'Sign In', /\/login$/], ['/admin/emails', 'Sign In', /\/login$/], ['/unsubscribe', 'Marketing E-mails'],
    ]);
    await expect(page.getByText('This link is missing its code.')).toBeVisible();
    await openEach(page, PAINT, [['/colors', 'Paint Colors'], ['/paint-products', 'Paint Products']]);
  });

  test("a shopper's account screens; sign-in and registration send them home", async ({ page }) => {
    await openSession(page, HARDWARE, SHOPPER);
    await openEach(page, HARDWARE, [
      ['/account', 'My Account'], ['/settings', 'My Account', /\/settings\/account$/], ['/payment', 'My Account'],
      ['/savedcarts', 'Saved Carts'], ['/orders', 'My Orders'], ['/recurring-orders', 'Recurring orders'], ['/login', 'Riverside Hardware Co-op', /:4300\/$/], ['/register', 'Riverside Hardware Co-op', /:4300\/$/],
    ]);
  });

  test("the back office, as each store's owner", async ({ page }) => {
    await openSession(page, HARDWARE, ADMIN);
    await openEach(page, HARDWARE, [
      ['/admin', 'Outstanding Orders', /\/admin\/orders\/list$/], ['/admin/settings', 'About Us', /\/admin\/settings\/about-us$/],
      ['/admin/settings/fulfillment-options', 'Fulfillment Options'], ['/admin/settings/payment-options', 'Payment Options'], ['/admin/settings/special-order-items', 'Special Order Items'],
      ['/admin/settings/mfa', 'Two-Step Sign-In'], ['/admin/settings/my-account', 'Your Account'], ['/admin/settings/search-synonyms', 'Search Synonyms'],
      ['/admin/settings/sub-accounts', 'Sub-accounts'], ['/admin/settings/sub-accounts/new', 'Add a sub-account'], ['/admin/settings/ar-accounts', 'AR Accounts'],
      ['/admin/settings/brands-settings', 'Brand Settings'],
      ['/admin/settings/widgets', 'Home Page Sections'], ['/admin/orders/recurring', 'Recurring orders'], ['/admin/orders/reconciliation', 'Reconciliation'], ['/admin/customers', 'Customers'], ['/admin/offline-orders', 'Offline Orders'], ['/admin/prepare-order', 'Prepare Order'], ['/admin/prepare-order?id=000000000000000000000000', 'Prepare Order'],
    ]);
    await expect(page.getByText('This order was not found')).toBeVisible();
    await openEach(page, HARDWARE, [['/admin/emails', 'Emails'], ['/admin/emails/new', 'New e-mail'], ['/admin/emails/edit/000000000000000000000000', 'Edit e-mail']]);
    await expect(page.getByText('E-mail not found')).toBeVisible();
    await openSession(page, PAINT, PAINT_ADMIN);
    await openEach(page, PAINT, [
      ['/admin/wizard/setup', 'Setup Wizard'], ['/admin/wizard/section/special-order-items?wizard_step=1', 'Special Order Items'],
      ['/admin/wizard/section/tax-rate?wizard_step=2', 'Tax Rate'], ['/admin/orders/list', 'Outstanding Orders'],
    ]);
  });
});
