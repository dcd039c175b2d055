import { expect, test, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { ADMIN, openSession, plain, signIn, type Item } from './helpers';

const HARDWARE = 'http://localhost:4300';

/** A plain product in stock at the shopper's store, read in the browser as the storefront lists it. */
async function stockedProduct(page: Page, skip?: number): Promise<Item> {
  await page.goto(`${HARDWARE}/`);
  const products: Item[] = await page.evaluate(async () => (await (await fetch('/api/products?limit=200&in_stock_only=1')).json()).products.data);
  const product = products.find((p) => plain(p) && p.num_inventory >= 3 && p.id !== skip);
  expect(product).toBeTruthy();
  return product!;
}

/** Clicks a button that saves a file and answers the file's text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const download: Promise<Download> = page.waitForEvent('download');
  await click();
  return readFileSync(await (await download).path(), 'utf8');
}

/** Clicks a button that saves an Excel workbook and answers its first sheet as a spreadsheet shows it: a line a row, a tab between cells. */
async function downloadedSheet(page: Page, click: () => Promise<void>): Promise<string> {
  const download: Promise<Download> = page.waitForEvent('download');
  await click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await download).path());
  const lines: string[] = [];
  book.worksheets[0].eachRow((row) => { lines.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))).join('\t')); });
  return lines.join('\n');
}

test.describe('back office', () => {
  test("a shopper who signs up and orders is found by their last name, opened, exported (Excel and their data), and their order is on today's reconciliation row", async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A shopper no other journey uses, found later by a last name only they have.
    const stamp = String(Date.now());
    const lastName = `Ledger${stamp.slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
    const email = `back-office-${stamp}@shopper.test`;
    const telephone = `541${stamp.slice(-7)}`;
    const password = 'Hardware-Ledger-26';
    expect((await page.request.post(`${HARDWARE}/api/signup`, { data: { first_name: 'Dana', last_name: lastName, telephone, email, password, c_password: password } })).status()).toBe(200);
    await page.goto(`${HARDWARE}/login`);
    await signIn(page, { email, password });
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();

    // They order one item for pickup, paying at the store.
    const product = await stockedProduct(page);
    const storeName = /^Your store: (.+)\. Change store$/.exec((await page.getByRole('button', { name: /^Your store: / }).getAttribute('aria-label'))!)![1];
    await page.goto(`${HARDWARE}/p/${product.slug}`);
    await page.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('tab', { name: 'Pickup' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('form', { name: 'Contact information' }).getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'Pay at the store when you pick up' }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Pay at the store when you pick up.');
    const orderNumber = (await page.getByTestId('order-number').textContent())!;

    // The owner finds them by their last name and opens them.
    const admin = await (await browser.newContext()).newPage();
    await openSession(admin, HARDWARE, ADMIN);
    await admin.goto(`${HARDWARE}/admin/customers`);
    const find = admin.getByRole('search', { name: 'Find customers' });
    await find.getByLabel('Search').fill(lastName);
    await find.getByRole('button', { name: 'Find customers' }).click();
    await expect(admin.getByText('1 customer matches')).toBeVisible();
    await admin.getByRole('table', { name: 'Customers' }).getByRole('link', { name: `Dana ${lastName}` }).click();
    const customer = admin.getByRole('region', { name: `Dana ${lastName}` });
    await expect(customer.getByRole('link', { name: email })).toBeVisible();
    await expect(customer.getByRole('link', { name: `(541) ${telephone.slice(3, 6)}-${telephone.slice(6)}` })).toBeVisible();
    await expect(customer.getByRole('heading', { name: 'Orders (1)' })).toBeVisible();
    await expect(customer.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();

    // The search's Excel workbook holds them (and only them); so does the export of their personal data.
    const sheet = (await downloadedSheet(admin, () => find.getByRole('button', { name: 'Export matches to Excel' }).click())).split('\n');
    expect(sheet).toHaveLength(2);
    expect(sheet[1]).toContain(`Dana\t${lastName}\t${email}\t${telephone}`);
    const data = await downloaded(admin, () => customer.getByRole('button', { name: 'Export their data' }).click());
    expect(JSON.stringify(JSON.parse(data))).toContain(email);

    // Reconciliation: today's row at their store opens on the day's orders, their order among them, due at the store.
    await admin.goto(`${HARDWARE}/admin/orders/reconciliation`);
    const today = await admin.evaluate(() => new Date().toLocaleDateString('en-CA'));
    const range = admin.getByRole('search', { name: 'Choose days and store' });
    await range.getByLabel('From', { exact: true }).fill(today);
    await range.getByLabel('To', { exact: true }).fill(today);
    await range.getByRole('combobox', { name: 'Store' }).selectOption({ label: storeName });
    await range.getByRole('button', { name: 'Show' }).click();
    const day = admin.getByRole('table', { name: 'Days and stores' }).getByRole('link', { name: new RegExp(` at ${storeName}$`) });
    await expect(day).toHaveCount(1);
    await day.click();
    const orders = admin.getByRole('table', { name: new RegExp(`^Orders of .+ at ${storeName}$`) });
    const row = orders.getByRole('row').filter({ has: admin.getByRole('link', { name: `Order ${orderNumber}` }) });
    await expect(row).toContainText('At the store');
    await expect(row).toContainText(`Dana ${lastName}`);
    await admin.context().close();
  });

  test('the owner enters a paid counter order with a catalogue item found by search; it is listed and in the CSV', async ({ page }) => {
    const product = await stockedProduct(page);
    const phone = `541${String(Date.now()).slice(-7)}`;
    await openSession(page, HARDWARE, ADMIN);
    await page.goto(`${HARDWARE}/admin/offline-orders`);
    await page.getByRole('button', { name: 'Enter an offline order' }).click();
    const form = page.getByRole('form', { name: 'Enter an offline order' });
    await form.getByRole('radio', { name: 'Pickup / at the counter' }).check();
    await form.getByLabel('Name', { exact: true }).fill('Counter Customer');
    await form.getByLabel('Phone').fill(phone);
    await form.getByLabel('Find an item').fill(product.title);
    await form.getByRole('button', { name: 'Search the catalogue' }).click();
    await form.getByRole('list', { name: 'Catalogue items' }).getByRole('button', { name: `Add ${product.title}`, exact: true }).first().click();
    await expect(form.getByRole('list', { name: 'Order lines' })).toContainText(product.title);
    await form.getByRole('checkbox', { name: 'Paid' }).check();
    await form.getByRole('button', { name: 'Save offline order' }).click();

    const opened = page.getByRole('heading', { name: /^Offline order OFF-\d+$/ });
    await expect(opened).toBeVisible();
    const number = (await opened.textContent())!.replace('Offline order ', '');
    await expect(page.getByText(`Offline order ${number} saved.`)).toBeVisible();
    const row = page.getByRole('table', { name: 'Offline orders' }).getByRole('row').filter({ has: page.getByRole('link', { name: `Offline order ${number}` }) });
    await expect(row).toContainText('Counter Customer');
    await expect(row).toContainText('Yes');

    const csv = await downloaded(page, () => page.getByRole('search', { name: 'Find offline orders' }).getByRole('button', { name: 'Export CSV' }).click());
    expect(csv).toContain(number);
    expect(csv).toContain('Counter Customer');
  });

  test("the owner's customer account settings reach the storefront: no Sign In or Sign Up in the header, the account-number field in the store's words", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const admin = await (await browser.newContext()).newPage();
    await openSession(admin, HARDWARE, ADMIN);
    await admin.goto(`${HARDWARE}/admin/customers`);
    await admin.getByRole('button', { name: 'Account settings' }).click();
    const form = admin.getByRole('form', { name: 'Customer account settings' });
    const header = form.getByRole('checkbox', { name: 'Show Sign In and Sign Up in the store’s header' });
    const save = async () => {
      await form.getByRole('button', { name: 'Save account settings' }).click();
      await expect(form.getByRole('status')).toHaveText('Customer account settings saved.');
    };
    try {
      await header.uncheck();
      await form.getByRole('textbox', { name: 'Label' }).fill('Trade Account Number');
      await save();
      await page.goto(`${HARDWARE}/`);
      await expect(page.getByRole('link', { name: 'Cart' }).first()).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      await page.goto(`${HARDWARE}/register`);
      await expect(page.getByLabel('Trade Account Number (optional)')).toBeVisible();
    } finally {
      // Other journeys sign up through the header: the store's settings go back as they were.
      await header.check();
      await form.getByRole('button', { name: 'Use the standard words' }).click();
      await save();
    }
    await page.goto(`${HARDWARE}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });
});
