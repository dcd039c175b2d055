import { expect, test, type Page } from '@playwright/test';
import { PAINT_ADMIN, plain, signIn, STAFF, type Item } from './helpers';

const PAINT = 'http://demo-paint.localhost:4300';

/** The store's business details as the storefront reads them (in the browser: Node does not resolve *.localhost). */
const business = (page: Page) => page.evaluate(async () => (await (await fetch('/api/business-details2')).json()).data);

test.describe('setup wizard', () => {
  test('a visitor is asked to sign in with the admin account in the simple form; the owner works through the steps and acknowledges them', async ({ page }) => {
    await page.goto(`${PAINT}/admin/wizard`);
    await expect(page).toHaveURL(/\/admin\/wizard\/intro$/);
    const welcome = page.getByRole('dialog', { name: "Welcome! Let's set up your store" });
    await welcome.getByRole('button', { name: 'Start' }).click();
    await expect(welcome).toContainText("Sign in with the store's admin account to start.");
    await expect(welcome.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    // An unknown e-mail is named here (the simple layout), not sent to registration.
    await welcome.getByLabel('E-mail').fill('nobody@demo-paint.test');
    await welcome.getByRole('button', { name: 'Next' }).click();
    await expect(welcome.getByRole('alert')).toHaveText('Unsuccessful login. Please try again.');
    await expect(page).toHaveURL(/\/admin\/wizard\/intro$/);
    // A shopper's account is refused, and not signed in.
    const shopper = { first_name: 'Wren', last_name: 'Painter', telephone: '(206) 555-0177', email: 'wren@harbor-paint.test', password: 'Shopper-Pass-1', c_password: 'Shopper-Pass-1' };
    expect(await page.evaluate(async (body) => (await fetch('/api/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status, shopper)).toBe(200);
    await welcome.getByLabel('E-mail').fill(shopper.email);
    await welcome.getByRole('button', { name: 'Next' }).click();
    await welcome.getByLabel('Password').fill(shopper.password);
    await welcome.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(welcome.getByRole('alert')).toHaveText("Please sign in with the store's admin account to set up the store.");
    expect(await page.evaluate(() => [localStorage.getItem('user'), sessionStorage.getItem('user')])).toEqual([null, null]);
    await welcome.getByRole('button', { name: 'Use another e-mail' }).click();
    await welcome.getByLabel('E-mail').fill(PAINT_ADMIN.email);
    await welcome.getByRole('button', { name: 'Next' }).click();
    await welcome.getByLabel('Password').fill(PAINT_ADMIN.password);
    await welcome.getByRole('button', { name: 'Sign In', exact: true }).click();

    // The basic plan's two steps; the first is started by opening it.
    await expect(page).toHaveURL(/\/admin\/wizard\/section\/special-order-items\?wizard_step=1$/);
    await expect(page.getByText('Setup Wizard · Step 1 of 2')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'New Actions Required on Your Setup Wizard' })).toBeVisible();
    const before = await business(page);
    await page.getByLabel('Let shoppers special-order items that are out of stock').check();
    await page.getByLabel('Special order fee ($)').fill('4.5x');
    await page.getByLabel('Usual delivery time').fill('1-2 weeks');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter an amount in dollars and cents, e.g. 5.00.');
    await expect(page.getByLabel('Special order fee ($)')).toBeFocused();
    await page.getByLabel('Special order fee ($)').fill('4.5');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expect(page).toHaveURL(/\/admin\/wizard\/section\/tax-rate\?wizard_step=2$/);
    const rate = page.getByLabel('Harbor Paint Downtown sales tax (%)');
    await expect(rate).toHaveValue('8.25');
    await rate.fill('25');
    await page.getByRole('button', { name: 'Save and complete' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a rate from 0 to 20 percent, e.g. 8.25.');
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByLabel('Special order fee ($)')).toHaveValue('4.50');
    await page.goBack();
    // A step opened by its address (a reload, a bookmark) loads the wizard first and then shows the step.
    await page.reload();
    await expect(page.getByText('Setup Wizard · Step 2 of 2')).toBeVisible();
    await page.getByLabel('Harbor Paint Downtown sales tax (%)').fill('9.5');
    await page.getByRole('button', { name: 'Save and complete' }).click();

    // Every step done: E2P asks for the acknowledgement, and the header says so until it is given.
    await expect(page).toHaveURL(/\/admin\/wizard\/setup$/);
    await expect(page.getByRole('list', { name: 'Setup steps' }).getByRole('listitem')).toHaveText([/Special Order Items.*Done/, /Tax Rate.*Done/]);
    await expect(page.getByRole('link', { name: 'Acknowledgement Required on Your Setup Wizard' })).toBeVisible();
    const acknowledgement = page.getByRole('region', { name: 'Acknowledgement' });
    await acknowledgement.getByLabel('Comments (optional)').fill('Paint stewardship fee stays as it is.');
    await acknowledgement.getByRole('button', { name: 'Acknowledge setup' }).click();
    await expect(page.getByText('Thank you. Your setup is acknowledged.')).toBeVisible();
    await expect(acknowledgement).toContainText('You have acknowledged your setup.');
    await expect(page.getByRole('link', { name: /Required on Your Setup Wizard/ })).toHaveCount(0);
    expect(await business(page)).toMatchObject({ show_oos_special: true, special_order_fee: '4.50', special_order_sla: '1-2 weeks', tax_rates: [{ location_id: 1, rate: '9.5' }] });

    // Begun now, so the next sign-in lands where the plan says; Setup Wizard in the menu resumes the list.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    await page.goto(`${PAINT}/login`);
    await signIn(page, PAINT_ADMIN);
    await expect(page).toHaveURL(/\/admin\/settings\/about-us$/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Setup Wizard' }).click();
    await expect(page).toHaveURL(/\/admin\/wizard\/intro$/);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/about-us$/);

    // Put the paint store's options back for the other journeys.
    const restore = await page.evaluate(async (options) => {
      const session = JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? '{}');
      const res = await fetch('/api/admin/settings/update', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` }, body: JSON.stringify(options) });
      return res.status;
    }, { show_oos_special: before.show_oos_special, special_order_fee: before.special_order_fee, special_order_sla: before.special_order_sla, tax_rates: before.tax_rates });
    expect(restore).toBe(200);
  });

  test('the owner changes how shoppers get their orders, and the cart follows', async ({ page, browser }) => {
    await page.goto(`${PAINT}/login`);
    await signIn(page, PAINT_ADMIN);
    await expect(page).toHaveURL(/\/admin\/settings\/about-us$/);
    await page.goto(`${PAINT}/admin/settings/fulfillment-options`);
    const modes = page.getByRole('group', { name: 'How shoppers get their orders' });
    await expect(modes.getByLabel('Local delivery')).not.toBeChecked();
    await modes.getByLabel('Pickup in store').uncheck();
    await modes.getByLabel('Shipping').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(modes.getByRole('alert')).toHaveText('Choose at least one way for shoppers to get their order.');
    await expect(modes.getByLabel('Pickup in store')).toBeFocused();
    await modes.getByLabel('Pickup in store').check();
    await modes.getByLabel('Local delivery').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const zips = page.getByRole('group', { name: 'Zip codes you deliver to' });
    await expect(zips.getByRole('alert')).toHaveText('Add at least one zip code you deliver to, or turn local delivery off.');
    await page.getByRole('button', { name: 'Add a zip code' }).click();
    const zip = zips.getByRole('group', { name: 'Delivery zip 1' });
    await zip.getByLabel('Zip code').fill('981');
    await zip.getByLabel('Delivery fee ($)').fill('6');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(zips.getByRole('alert')).toHaveText('Enter a 5-digit zip code.');
    await expect(zip.getByLabel('Zip code')).toBeFocused();
    await zip.getByLabel('Zip code').fill('98101');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(zip.getByLabel('Delivery fee ($)')).toHaveValue('6.00');

    // Delivery on and shipping off: a shopper's cart offers pickup and delivery (admins do not buy).
    const shopper = await browser.newPage();
    await shopper.goto(`${PAINT}/`);
    const products: Item[] = await shopper.evaluate(async () => (await (await fetch('/api/products?limit=200&in_stock_only=1')).json()).products.data);
    const product = products.find((p) => plain(p) && p.num_inventory >= 2)!;
    await shopper.goto(`${PAINT}/p/${product.slug}`);
    await shopper.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
    await shopper.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(shopper.getByRole('tablist', { name: 'Delivery mode' }).getByRole('tab')).toHaveText(['Pickup', 'Delivery']);
    await shopper.close();

    // Back as it was for the other journeys.
    await page.goto(`${PAINT}/admin/settings/fulfillment-options`);
    await modes.getByLabel('Local delivery').uncheck();
    await modes.getByLabel('Shipping').check();
    await zip.getByRole('button', { name: 'Remove' }).click();
    await expect(zips).toContainText('No delivery zip codes yet.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
  });

  test('a sub-account without the locations permission is told so, and its menu leaves the screens out; a store without the wizard has none', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, STAFF);
    await expect(page).toHaveURL(/\/admin\/orders/);
    // The hardware store has no setup wizard.
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Setup Wizard' })).toHaveCount(0);
    await page.goto('/admin/wizard/intro');
    await expect(page).toHaveURL(/\/admin\/orders/);
    await page.goto('/admin/settings/special-order-items');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByText('It needs the ‘Edit locations’ permission.')).toBeVisible();
    await page.getByRole('link', { name: 'View as Customer' }).click();
    const menu = page.getByTestId('admin-menu');
    await menu.getByRole('button', { name: 'Pat' }).click();
    await expect(menu.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Fulfillment Options' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Special Order Items' })).toHaveCount(0);
  });
});
