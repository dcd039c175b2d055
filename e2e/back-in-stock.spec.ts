import { expect, test, type Page } from '@playwright/test';
import { outboxCount, outboxMessage, PAINT_ADMIN, plain, sessionToken, type Item } from './helpers';

// The paint store: the hardware store shows an item out of stock as 'Special Order' (show_oos_special, every
// seeded item has a vendor), where no back-in-stock offer is made. Its calls run in the browser: Node does not
// resolve *.localhost.
const PAINT = 'http://demo-paint.localhost:4300';

const stockOf = (page: Page, id: number) => page.evaluate(async (i) => (await (await fetch(`/api/products/product?param=${i}`)).json()).data.num_inventory as number, id);

test.describe('back in stock (issue 29)', () => {
  test("a shopper asks to be e-mailed when a sold-out item is back at the store; the store cancels the order that took the last units, and one e-mail goes", async ({ page }) => {
    const start = new Date();
    await page.goto(`${PAINT}/`);
    // The in-stock item with the fewest units: an order for all of them sells it out.
    const products: (Item & { store_product_id: number })[] = await page.evaluate(async () => (await (await fetch('/api/products?limit=200&in_stock_only=1')).json()).products.data);
    const product = products.filter((p) => plain(p) && p.num_inventory > 0 && !p.settings?.qtyMessage).sort((a, b) => a.num_inventory - b.num_inventory)[0];
    expect(product).toBeTruthy();
    const units = product.num_inventory;
    const device = `Bis${Date.now().toString(36).slice(-7)}`;
    const orderNumber = await page.evaluate(async ({ storeProductId, quantity, deviceId }) => {
      const json = { 'content-type': 'application/json' };
      const added = await fetch('/api/add-to-cart', { method: 'POST', headers: json, body: JSON.stringify({ store_product_id: storeProductId, quantity, device_id: deviceId }) });
      if (!added.ok) throw new Error(`add-to-cart ${added.status}: ${await added.text()}`);
      const placed = await fetch('/api/customer/orders/submit', { method: 'POST', headers: json, body: JSON.stringify({
        device_id: deviceId, order_type: 0, first_name: 'Sam', last_name: 'Soldout', email: `sam-${deviceId.toLowerCase()}@shopper.test`, telephone: '5035550123', payment_method: 'pay_at_store',
      }) });
      if (!placed.ok) throw new Error(`submit ${placed.status}: ${await placed.text()}`);
      return (await placed.json()).order.order_number as string;
    }, { storeProductId: product.store_product_id, quantity: units, deviceId: device });
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(0);

    // Another shopper finds it sold out and asks to be told.
    const email = `waiting-${device.toLowerCase()}@shopper.test`;
    await page.goto(`${PAINT}/p/${product.slug}`);
    const offer = page.getByRole('region', { name: 'Back in stock alert' });
    await offer.getByRole('button', { name: "Email me when it's back" }).click();
    await offer.getByLabel('Your e-mail').fill(email);
    await offer.getByRole('button', { name: 'Notify me' }).click();
    await expect(offer.getByRole('status')).toContainText(`We'll email ${email} once when it's back in stock at this store.`);
    // Asking again is the same ask.
    const again = await page.evaluate(async ({ storeProductId, to }) => (await fetch('/api/products/notify-back-in-stock', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ store_product_id: storeProductId, email: to }),
    })).status, { storeProductId: product.store_product_id, to: email });
    expect(again).toBe(200);

    // The store cancels the order: its units go back on the shelf.
    const token = await sessionToken(PAINT_ADMIN);
    const cancelled = await page.evaluate(async ({ bearer, number }) => {
      const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
      const outstanding = await (await fetch('/api/admin/orders/outstanding?limit=100', { headers })).json();
      const id = (outstanding.data as { id: string; order_number: string }[]).find((o) => o.order_number === number)!.id;
      return (await fetch('/api/admin/orders/cancel', { method: 'POST', headers, body: JSON.stringify({ id, reason: 'The customer changed their mind.' }) })).status;
    }, { bearer: token, number: orderNumber });
    expect(cancelled).toBe(200);
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(units);

    const mail = await outboxMessage(email, start, 'back-in-stock');
    expect(mail).toContain('is back in stock at Harbor Paint Downtown.');
    expect(mail).toContain(`/p/${product.slug}`);
    expect(await outboxCount(email, start, 'back-in-stock')).toBe(1);
    // Back in stock, the page offers the item again and no longer the alert.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Add to cart' })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });
});
