import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN, openSession, outboxMessage, plain, type Item } from './helpers';

const HARDWARE = 'http://localhost:4300';
type Product = Item & { price: string; store_product_id: number; sku: string };

/** Two plain products in stock at the shopper's store, read as the storefront lists them. */
async function twoStockedProducts(page: Page): Promise<[Product, Product]> {
  await page.goto(`${HARDWARE}/`);
  const products: Product[] = await page.evaluate(async () => (await (await fetch('/api/products?limit=200&in_stock_only=1')).json()).products.data);
  const picked = products.filter((p) => plain(p) && p.num_inventory >= 3);
  expect(picked.length).toBeGreaterThanOrEqual(2);
  return [picked[0], picked[1]];
}
const stockOf = (page: Page, id: number) => page.evaluate(async (i) => (await (await fetch(`/api/products/product?param=${i}`)).json()).data.num_inventory as number, id);

test('the prepare console: an order placed on the storefront appears live, is prepared with one line cancelled (shopper e-mailed, stock back, refund recorded), completed, then found under Completed and in the CSV', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The store's console, open in its own browser.
  const staff = await (await browser.newContext()).newPage();
  await openSession(staff, HARDWARE, ADMIN);
  await staff.goto(`${HARDWARE}/admin/orders/list/outstanding`);
  await expect(staff.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
  await expect(staff.getByRole('status', { name: 'Live orders' })).toContainText('Live: new orders appear as they come in');
  await staff.getByRole('heading', { name: 'Outstanding Orders' }).click(); // the first click lets the page play its sound
  const storeName = await staff.title();

  // A guest orders two products, paying by card.
  const [kept, short] = await twoStockedProducts(page);
  const shortStock = await stockOf(page, short.id);
  await page.evaluate(async (storeProductId) => {
    const device = localStorage.getItem('device_id')!;
    await fetch('/api/add-to-cart', { method: 'POST', headers: { 'content-type': 'application/json', 'device-id': device }, body: JSON.stringify({ store_product_id: storeProductId, quantity: 1, device_id: device }) });
  }, kept.store_product_id);
  await page.goto(`${HARDWARE}/p/${short.slug}`);
  await page.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' }).click();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  const form = page.getByRole('form', { name: 'Contact information' });
  const email = `console-${Date.now()}@shopper.test`;
  const phone = `541${String(Date.now()).slice(-7)}`;
  await form.getByLabel('First name').fill('Robin');
  await form.getByLabel('Last name').fill('Console');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Mobile number').fill(phone);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: 'Pay now by card' }).check();
  await page.getByLabel('Test card').selectOption({ label: 'Visa ending 4242 (approved)' });
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Paid by card.');
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  await expect.poll(() => stockOf(page, short.id), { timeout: 10_000 }).toBe(shortStock - 1);

  // It appears on the console without a reload, and the tab counts it until someone is back at the screen.
  const row = staff.getByRole('link', { name: `Order ${orderNumber}` });
  await expect(row).toBeVisible();
  await expect(staff).toHaveTitle(`(1) Orders · ${storeName}`);
  await row.click();
  await expect(staff).toHaveTitle(storeName);
  await expect(staff.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();

  // The pick list groups the lines by department.
  const lines = staff.getByRole('region', { name: 'Lines to pull' });
  const orderId = new URL(staff.url()).searchParams.get('id')!;
  const answer = await staff.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('user')!).access_token as string;
    return (await (await fetch(`/api/admin/orders/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data as { items: { id: string; title: string }[]; departments: Record<string, string> };
  }, orderId);
  const keptLine = answer.items.find((i) => i.title === kept.title)!;
  await expect(lines.getByRole('rowgroup', { name: answer.departments[keptLine.id] ?? 'Other items' })).toContainText(kept.title);
  await staff.getByRole('button', { name: 'Take order' }).click();
  await expect(staff.getByText(`Order ${orderNumber} taken.`)).toBeVisible();

  // One line cannot be filled: cancelled after a question; its stock comes back, the card is refunded its share, the shopper is e-mailed.
  const cancelledAt = new Date();
  await lines.getByRole('button', { name: `Cancel some of ${short.title}` }).click();
  staff.once('dialog', (dialog) => void dialog.accept());
  await lines.getByRole('group', { name: `Cancel some of ${short.title}` }).getByRole('button', { name: 'Cancel items' }).click();
  await expect(staff.getByText(new RegExp(`^Cancelled 1 × .+\\. \\$\\d+\\.\\d\\d refunded to the card\\.( .+ has been told by e-mail( and text)?\\.)?$`))).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Order history' })).toContainText(/refunded to the card/);
  await expect.poll(() => stockOf(page, short.id), { timeout: 10_000 }).toBe(shortStock);
  expect(await outboxMessage(email, cancelledAt, 'order-item-cancelled')).toContain(`could not fill 1 × ${short.title} from your order ${orderNumber}`);

  // Ready: the shopper is texted; then completed.
  const readyAt = new Date();
  await staff.getByRole('button', { name: 'Mark ready' }).click();
  await expect(staff.getByText(new RegExp(`^Order ${orderNumber} is ready\\.`))).toBeVisible();
  expect(await outboxMessage(phone, readyAt, 'order-ready-text')).toContain(`your order ${orderNumber} is ready for pickup`);
  await staff.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(staff.getByText(`Order ${orderNumber} completed.`)).toBeVisible();

  // Found under Completed, and in its CSV.
  await staff.goto(`${HARDWARE}/admin/orders/list/completed`);
  const filters = staff.getByRole('search', { name: 'Filter orders' });
  await filters.getByLabel('Search').fill(orderNumber);
  await filters.getByRole('button', { name: 'Show orders' }).click();
  await expect(staff.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8').trim().split('\n');
  expect(csv.some((line) => line.startsWith(`${orderNumber},`))).toBe(true);
  await staff.context().close();
});
