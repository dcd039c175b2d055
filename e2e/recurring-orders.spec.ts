import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, plain, runRecurringOrderNow, signIn, type Item } from './helpers';

const HARDWARE = 'http://localhost:4300';

/** Two in-stock products of the store's first location, read in the browser (Node does not resolve *.localhost). */
async function stockedProducts(page: Page): Promise<[Item, Item]> {
  await page.goto(`${HARDWARE}/`);
  const products: Item[] = await page.evaluate(async () => (await (await fetch('/api/products?limit=200&in_stock_only=1')).json()).products.data);
  const [product, other] = products.filter((p) => plain(p) && p.num_inventory >= 5);
  expect(other).toBeTruthy();
  return [product!, other!];
}

test.describe('recurring orders', () => {
  test('a shopper repeats a pickup order at checkout; on its day the scheduler places the next one; the shopper changes how often and how many and adds a product; the shopper and the store see it; the shopper cancels', async ({ page, browser }) => {
    test.setTimeout(90_000); // a long journey: checkout, a run by the scheduler, a change, the store's screen, a cancel
    // An e-mail and a mobile number no other journey uses (an account's number is taken once per store).
    const email = `repeat-${Date.now()}@shopper.test`;
    const password = 'Hardware-Repeat-26';
    expect((await page.request.post(`${HARDWARE}/api/signup`, { data: { first_name: 'Rae', last_name: 'Repeat', telephone: `541${String(Date.now()).slice(-7)}`, email, password, c_password: password } })).status()).toBe(200);
    await page.goto(`${HARDWARE}/login`);
    await signIn(page, { email, password });
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
    const [product, added] = await stockedProducts(page);

    await page.goto(`${HARDWARE}/p/${product.slug}`);
    await page.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('tab', { name: 'Pickup' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('form', { name: 'Contact information' }).getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('checkbox', { name: /Place this order again for me/ }).check();
    await page.getByRole('combobox', { name: 'How often' }).selectOption('every-2-weeks');
    await expect(page.getByText(/^Next orders: \w{3}, \w{3} \d+, /)).toBeVisible();
    await page.getByRole('button', { name: /^Place order/ }).click();
    const placed = page.getByRole('status', { name: 'Order placed' });
    await expect(placed).toContainText(/This order repeats every 2 weeks: the next one is placed on \w{3}, \w{3} \d+\./);
    const first = (await page.getByTestId('order-number').textContent())!;

    await page.getByRole('link', { name: 'Manage recurring orders' }).click();
    const card = page.getByRole('article', { name: `Recurring order Every 2 weeks from order ${first}` });
    await expect(card).toContainText(`1 × ${product.title}`);
    await expect(card.getByRole('list', { name: 'Coming orders' }).getByRole('listitem')).toHaveCount(4);
    await expect(card).toContainText('None yet after the first order.');

    // Its day comes: the scheduler's job runs now, through checkout's own steps.
    const day = await runRecurringOrderNow('demo-hardware', first);
    let run = '';
    await expect.poll(async () => {
      await page.reload();
      run = (await card.getByRole('list', { name: 'Past orders' }).textContent()) ?? '';
      return run;
    }, { timeout: 20_000 }).toMatch(/Placed: order \d+/);
    const second = /Placed: order (\d+)/.exec(run)![1];
    await expect(card.getByRole('list', { name: 'Coming orders' })).not.toContainText(new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }));
    await page.goto(`${HARDWARE}/orders`);
    await expect(page.getByRole('main')).toContainText(second);
    await expect(page.getByRole('main')).toContainText(first);

    // The shopper changes it: every month from now on, and two of the item.
    await page.goto(`${HARDWARE}/recurring-orders`);
    await card.getByRole('button', { name: `Edit recurring order Every 2 weeks from order ${first}` }).click();
    const form = card.getByRole('form', { name: 'Edit recurring order' });
    await expect(form.getByRole('combobox', { name: 'How often' })).toBeFocused();
    await form.getByRole('combobox', { name: 'How often' }).selectOption('monthly');
    await form.getByRole('spinbutton', { name: `Quantity of ${product.title}` }).fill('2');
    // And a product of the store, found by its name and added (one of it).
    await form.getByRole('searchbox', { name: 'Add a product' }).fill(added.title);
    await form.getByRole('searchbox', { name: 'Add a product' }).press('Enter');
    await form.getByRole('list', { name: 'Products found' }).getByRole('button', { name: `Add ${added.title}` }).first().click();
    await expect(form.getByRole('spinbutton', { name: `Quantity of ${added.title}` })).toBeFocused();
    await form.getByRole('button', { name: 'Save changes' }).click();
    const edited = page.getByRole('article', { name: `Recurring order Every month from order ${first}` });
    await expect(edited.getByRole('status')).toHaveText('Your recurring order is changed. The next orders are placed with these changes.');
    await expect(edited.getByRole('list', { name: 'Items' })).toContainText(`2 × ${product.title}`);
    await expect(edited.getByRole('list', { name: 'Items' })).toContainText(`1 × ${added.title}`);
    await expect(edited.getByRole('list', { name: 'Changes' })).toContainText(`By you: How often: Every 2 weeks → Every month; ${product.title}: 1 → 2; ${added.title} added: 1`);
    await expect(edited.getByRole('button', { name: `Edit recurring order Every month from order ${first}` })).toBeFocused();

    // The store sees it under Orders › Recurring, with the run placed and the shopper's change.
    const admin = await browser.newPage();
    await openSession(admin, HARDWARE, ADMIN);
    await admin.goto(`${HARDWARE}/admin/orders/recurring`);
    await admin.getByRole('searchbox', { name: 'Search' }).fill(email);
    await admin.getByRole('button', { name: 'Show recurring orders' }).click();
    await admin.getByRole('table', { name: 'Recurring orders' }).getByRole('link', { name: 'Rae Repeat' }).click();
    const detail = admin.getByRole('region', { name: 'Recurring order of Rae Repeat' });
    await expect(detail).toContainText(`Placed: order ${second}`);
    await expect(detail).toContainText('Every month');
    await expect(detail.getByRole('list', { name: 'Changes' })).toContainText(`by the customer: How often: Every 2 weeks → Every month; ${product.title}: 1 → 2`);
    await admin.close();

    // The shopper cancels: no more orders are placed for it.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto(`${HARDWARE}/recurring-orders`);
    await edited.getByRole('button', { name: 'Cancel recurring order' }).click();
    await expect(edited.getByRole('status')).toHaveText('Your recurring order is cancelled.');
    await expect(edited).toContainText('Cancelled');
    await expect(edited.getByRole('list', { name: 'Coming orders' })).toHaveCount(0);
  });
});
