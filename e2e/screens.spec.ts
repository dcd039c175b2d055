import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, PAINT_ADMIN, SHOPPER, violations } from './helpers';

type Screen = [path: string, heading: string | RegExp, landsOn?: RegExp];

/**
 * Every screen opened by its address (a bookmark, a reload, a link in an e-mail), as someone allowed to see
 * it: the screen's heading shows, and no script error. A screen that only works when reached by clicking
 * (data already cached) fails here. With `axe`, each screen is also checked against WCAG 2.1 AA once nothing
 * is loading (one walk does both: opening the same screens twice cost a minute of the test run).
 */
async function openEach(page: Page, base: string, screens: Screen[], options: { axe?: boolean } = {}) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(`${page.url()}: ${error.message}`);
  page.on('pageerror', onError);
  for (const [path, heading, landsOn] of screens) {
    await page.goto(`${base}${path}`);
    await expect(page.getByRole('heading', { name: heading }).first(), path).toBeVisible();
    if (landsOn) await expect(page, path).toHaveURL(landsOn);
    if (options.axe) {
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      expect(await violations(page), `${base}${path}`).toEqual([]);
    }
  }
  page.off('pageerror', onError);
  expect(errors).toEqual([]);
}

const HARDWARE = 'http://localhost:4300';
const PAINT = 'http://demo-paint.localhost:4300';

test.describe('every screen opens by its address; the main ones pass axe (WCAG 2.1 AA)', () => {
  // An axe check takes a second or two; a walk of many screens gets the time for them.
  test.describe.configure({ timeout: 240_000 });

  test('the storefront, as a guest (the home page with its coupons in the store\'s colours); account screens ask to sign in first', async ({ page }) => {
    await openEach(page, HARDWARE, [
      ['/', 'Riverside Hardware Co-op'], ['/departments', 'All Departments'], ['/brands', 'Brands'], ['/search/drill?keyword=drill', 'Results for "drill"'],
      ['/cart', 'Your Cart'], ['/store-info', 'Our Locations'], ['/contact-us', 'Contact Us'], ['/privacy-policy', 'Privacy Policy'], ['/terms', 'Terms of Use'],
      ['/promotions', 'Promotions'], ['/rentals', 'Rentals'], ['/rentals/rental-form', 'Rental Request'], ['/local-ad', 'Weekly Ad'], ['/rewards', 'Rewards'],
    ], { axe: true });
    await openEach(page, HARDWARE, [
      ['/login', 'Sign In'], ['/register', 'Create an Account'],
      ['/account', 'Sign In', /\/login$/], ['/savedcarts', 'Sign In', /\/login$/], ['/orders', 'Sign In', /\/login$/], ['/recurring-orders', 'Sign In', /\/login$/], ['/admin/settings/widgets', 'Sign In', /\/login$/],
      ['/reset-password', 'Sign In', /\/login$/], ['/admin/emails', 'Sign In', /\/login$/], ['/unsubscribe', 'Marketing E-mails'],
    ]);
    await expect(page.getByText('This link is missing its code.')).toBeVisible();
    await openEach(page, PAINT, [['/', 'Harbor Paint'], ['/colors', 'Paint Colors'], ['/paint-products', 'Paint Products']], { axe: true });
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
      ['/admin/settings/sub-accounts', 'Sub-accounts'], ['/admin/settings/sub-accounts/new', 'Add a sub-account'], ['/admin/settings/widgets', 'Home Page Sections'],
      ['/admin/settings/product-listings', 'Product Listings'], ['/admin/settings/top-banner', 'Top Banner'], ['/admin/settings/coupons', 'Coupons'],
      ['/admin/settings/department-mapping', 'Department Mapping'], ['/admin/settings/brands-settings', 'Brand Settings'], ['/admin/settings/social-media-accounts', 'Social Media Accounts'], ['/admin/featured', 'Featured Products'],
    ], { axe: true });
    await openEach(page, HARDWARE, [
      ['/admin/settings/ar-accounts', 'AR Accounts'], ['/admin/orders/recurring', 'Recurring orders'], ['/admin/orders/reconciliation', 'Reconciliation'], ['/admin/customers', 'Customers'],
      ['/admin/offline-orders', 'Offline Orders'], ['/admin/prepare-order', 'Prepare Order'], ['/admin/prepare-order?id=000000000000000000000000', 'Prepare Order'],
    ]);
    await expect(page.getByText('This order was not found')).toBeVisible();
    await openEach(page, HARDWARE, [['/admin/emails/edit/000000000000000000000000', 'Edit e-mail']]);
    await expect(page.getByText('E-mail not found')).toBeVisible();
    await openSession(page, PAINT, PAINT_ADMIN);
    // The wizard's overview first: opening a step begins the wizard, which changes where the owner lands after sign-in.
    await openEach(page, PAINT, [['/admin/wizard/setup', 'Setup Wizard']], { axe: true });
    await openEach(page, PAINT, [
      ['/admin/wizard/section/special-order-items?wizard_step=1', 'Special Order Items'],
      ['/admin/wizard/section/tax-rate?wizard_step=2', 'Tax Rate'], ['/admin/orders/list', 'Outstanding Orders'],
    ]);
  });
});
