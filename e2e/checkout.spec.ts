import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openSession, outboxMessage, plain, sessionToken, SHOPPER, signIn, type Item } from './helpers';

const PAINT = 'http://demo-paint.localhost:4300';
const HARDWARE = 'http://localhost:4300';

/** An in-stock product of the store's first location, read in the browser (Node does not resolve *.localhost). */
async function stockedProduct(page: Page, base: string): Promise<Item & { price: string; store_product_id: number }> {
  await page.goto(`${base}/`);
  const products: (Item & { price: string; store_product_id: number })[] = await page.evaluate(async () => (await (await fetch('/api/products?limit=200&in_stock_only=1')).json()).products.data);
  const product = products.find((p) => plain(p) && p.num_inventory >= 3 && !p.extra.hide_price);
  expect(product).toBeTruthy();
  return product!;
}
const stockOf = (page: Page, id: number) => page.evaluate(async (i) => (await (await fetch(`/api/products/product?param=${i}`)).json()).data.num_inventory as number, id);

async function addToCart(page: Page, base: string, slug: string) {
  await page.goto(`${base}/p/${slug}`);
  await page.getByRole('region', { name: 'Add to cart' }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('dialog', { name: 'Added to Cart' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
}

test.describe('checkout', () => {
  test('a guest checks out for pickup, saving their details: the account is made and signed in, the order placed, stock taken, a confirmation sent', async ({ page }) => {
    const product = await stockedProduct(page, PAINT);
    const stockBefore = await stockOf(page, product.id);
    await addToCart(page, PAINT, product.slug);
    const bar = page.getByRole('navigation', { name: 'Checkout steps' });
    await expect(bar.getByRole('button', { name: '1. Cart' })).toHaveAttribute('aria-current', 'step');
    await expect(bar.getByRole('button', { name: '3. Payment' })).toBeDisabled();
    const storeNavigation = page.getByRole('navigation', { name: 'Main' });
    await expect(storeNavigation).toBeVisible();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Information', exact: true })).toBeVisible();
    await expect(storeNavigation).toBeHidden(); // a desktop checks out without the store's navigation
    await expect(bar.getByRole('button', { name: /Cart$/ })).toContainText('✓');
    await expect(bar.getByRole('button', { name: '3. Payment' })).toBeDisabled();
    const form = page.getByRole('form', { name: 'Contact information' });
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    for (const message of ['Please enter your first name.', 'Please enter your last name.', 'Please enter a valid email address.', 'Please enter a valid phone number.']) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel('First name')).toBeFocused();
    const email = `guest-${Date.now()}@shopper.test`;
    await form.getByLabel('First name').fill('Casey');
    await form.getByLabel('Last name').fill('Guest');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Mobile number').fill('+1 503 555 0177');
    await expect(form.getByLabel('Mobile number')).toHaveValue('(503) 555-0177');
    await form.getByLabel('Save my details for future').check();
    await form.getByLabel('Password', { exact: true }).fill('Paint-Pickup-2026');
    await form.getByLabel('Confirm password').fill('Paint-Pickup-2027');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(form.getByText("Password doesn't match")).toBeVisible();
    await form.getByLabel('Confirm password').fill('Paint-Pickup-2026');
    await form.getByLabel('Note for the store (optional)').fill('I will come by after work.');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page.getByText('Thank you for registering!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible(); // signed in
    const review = page.getByRole('definition');
    await expect(review.filter({ hasText: 'Casey Guest' })).toBeVisible();
    await expect(review.filter({ hasText: email })).toBeVisible();
    await expect(review.filter({ hasText: 'I will come by after work.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(`1 × ${product.title}`);
    await expect(page.getByRole('radio', { name: 'Pay at the store when you pick up' })).toBeChecked();
    const total = (await page.getByTestId('order-total').textContent())!;

    // Edit goes back to Information with the details kept, and on again.
    await page.getByRole('button', { name: 'Edit name' }).click();
    await expect(page.getByRole('heading', { name: 'Information', exact: true })).toBeVisible();
    await expect(page.getByText('Casey', { exact: true })).toBeVisible(); // now shown as the account's stored value
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();

    const placedAt = new Date();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeVisible();
    await expect(page).toHaveURL(/\/cart\?order=\d+$/);
    const orderNumber = (await page.getByTestId('order-number').textContent())!;
    await expect(page.getByTestId('placed-total')).toHaveText(total);
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Pay at the store when you pick up.');
    await expect(bar).toBeHidden();
    await expect(storeNavigation).toBeVisible();

    const mail = await outboxMessage(email, placedAt);
    expect(mail).toContain(`Thank you for your order ${orderNumber}.`);
    expect(mail).toContain(`1 × ${product.title}`);
    expect(mail).toContain(`Total: ${total}`);
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(stockBefore - 1);

    // A reload shows the order again; the cart is empty and starts at step 1.
    await page.reload();
    await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
    await page.goto(`${PAINT}/cart`);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });

  test('a guest pays by card at the hardware store (Stripe test mode): a declined card keeps the cart and says why; a card its bank confirms places the order paid', async ({ page }) => {
    const product = await stockedProduct(page, HARDWARE);
    const stockBefore = await stockOf(page, product.id);
    await addToCart(page, HARDWARE, product.slug);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const form = page.getByRole('form', { name: 'Contact information' });
    await form.getByLabel('First name').fill('Carla');
    await form.getByLabel('Last name').fill('Card');
    await form.getByLabel('E-mail').fill(`card-${Date.now()}@shopper.test`);
    await form.getByLabel('Mobile number').fill('5035550166');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();

    await expect(page.getByRole('radio', { name: 'Pay at the store when you pick up' })).toBeChecked();
    await page.getByRole('radio', { name: 'Pay now by card' }).check();
    await page.getByLabel('Test card').selectOption({ label: 'Visa ending 0002 (declined)' });
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible(); // the cart and step are kept
    expect(await stockOf(page, product.id)).toBe(stockBefore);

    // A card whose bank asks the shopper to confirm (3-D Secure): the bank's page (the Stripe stand-in's) sends them back.
    await page.getByLabel('Test card').selectOption({ label: 'Visa ending 3220 (asks the bank to confirm)' });
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/cart\?order=\d+/);
    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Paid by card.');
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(stockBefore - 1);
  });

  test('where the owner asks for it, a guest confirms their mobile number with the texted code before paying', async ({ page, browser }) => {
    const owner = await browser.newPage();
    await openSession(owner, HARDWARE, ADMIN);
    const setAsking = async (on: boolean) => {
      await owner.goto(`${HARDWARE}/admin/settings/fulfillment-options`);
      await owner.getByRole('checkbox', { name: /Ask guests to confirm their mobile number/ }).setChecked(on);
      await owner.getByRole('button', { name: 'Save changes' }).click();
      await expect(owner.getByText('Settings saved.')).toBeVisible();
    };
    await setAsking(true);
    try {
      const product = await stockedProduct(page, HARDWARE);
      await addToCart(page, HARDWARE, product.slug);
      await page.getByRole('tab', { name: 'Pickup' }).click();
      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      const form = page.getByRole('form', { name: 'Contact information' });
      await form.getByLabel('First name').fill('Vera');
      await form.getByLabel('Last name').fill('Verified');
      await form.getByLabel('E-mail').fill(`verify-${Date.now()}@shopper.test`);
      await form.getByLabel('Mobile number').fill('5035550155');
      const asked = new Date();
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      const check = form.getByRole('group', { name: 'Phone verification' });
      await expect(check.getByRole('status')).toHaveText('We sent a 4-digit code to (503) 555-0155. Enter it to confirm your number.');
      const code = /^(\d{4}) is your/.exec(await outboxMessage('5035550155', asked))![1];
      await check.getByLabel('Verification code').fill(code);
      await form.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
      await page.getByRole('button', { name: /^Place order/ }).click();
      await expect(page.getByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeVisible();
    } finally {
      await setAsking(false);
      await owner.close();
    }
  });

  test('a signed-in shopper pays a delivery order by card and saves it; the next order is paid with the saved card', async ({ page }) => {
    const email = `saved-card-${Date.now()}@shopper.test`;
    const password = 'Hardware-Cards-26';
    expect((await page.request.post(`${HARDWARE}/api/signup`, { data: { first_name: 'Cary', last_name: 'Cards', telephone: '5035550177', email, password, c_password: password } })).status()).toBe(200);
    await page.goto(`${HARDWARE}/login`);
    await signIn(page, { email, password });
    await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible(); // signed in before leaving the page
    const product = await stockedProduct(page, HARDWARE);

    await addToCart(page, HARDWARE, product.slug);
    await page.getByRole('tab', { name: 'Delivery' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const form = page.getByRole('form', { name: 'Contact information' });
    await form.getByLabel('Street address').fill('40 Card Ln');
    await form.getByLabel('City').fill('Salem');
    await form.getByLabel('State').fill('OR');
    await form.getByLabel('Zip code').fill('97302');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'Pay now by card' }).check();
    await page.getByLabel('Test card').selectOption({ label: 'Mastercard ending 4444 (approved)' });
    await page.getByRole('checkbox', { name: 'Save this card to my account for next time' }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Paid by card.');
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Delivery to 40 Card Ln, Salem, OR 97302');

    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page.getByRole('region', { name: 'Saved cards' })).toContainText(/Mastercard ending in 4444, expires \d\d\/\d\d/);

    // The second order (picked up): the saved card is offered first, and pays.
    await addToCart(page, HARDWARE, product.slug);
    await page.getByRole('tab', { name: 'Pickup' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('form', { name: 'Contact information' }).getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'Pay now by card' }).check();
    await expect(page.getByRole('radio', { name: /^Mastercard ending in 4444/ })).toBeChecked();
    await expect(page.getByLabel('Test card')).toHaveCount(0);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Paid by card.');
  });

  test("a trade customer on the store's AR account (the demo shopper, seeded on AR-1001) charges a pickup order to it", async ({ page }) => {
    await openSession(page, HARDWARE, SHOPPER);
    const product = await stockedProduct(page, HARDWARE);
    await addToCart(page, HARDWARE, product.slug);
    await page.getByRole('tab', { name: 'Pickup' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.getByRole('form', { name: 'Contact information' }).getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'Charge to account Shopper Renovations (AR-1001)' }).check();
    await expect(page.getByText(/available on the account\. The store bills the account; nothing is paid now\./)).toBeVisible();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Payment: Charged to account Shopper Renovations (AR-1001).');
  });

  test('signing in from the Information step comes back to it; a delivery order reaches the owner\'s outstanding orders; the shopper follows it and buys it again', async ({ page, browser }) => {
    const email = `delivery-${Date.now()}@shopper.test`;
    const password = 'Hardware-Delivery-26';
    const made = await page.request.post(`${HARDWARE}/api/signup`, { data: { first_name: 'Dana', last_name: 'Driver', telephone: '5035550188', email, password, c_password: password } });
    expect(made.status()).toBe(200);
    const product = await stockedProduct(page, HARDWARE);
    await addToCart(page, HARDWARE, product.slug);
    await page.getByRole('tab', { name: 'Delivery' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Information', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email, password });

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Information', exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Contact information' });
    await expect(form.getByText('Dana', { exact: true })).toBeVisible();
    await expect(form.getByText('(503) 555-0188')).toBeVisible();
    // A stored detail turns into an input for this order only.
    await form.getByRole('button', { name: 'Edit mobile number' }).click();
    await form.getByLabel('Mobile number').fill('5035550199');
    await form.getByLabel('Street address').fill('12 Oak St');
    await form.getByLabel('City').fill('Salem');
    await form.getByLabel('State').fill('OR');
    await form.getByLabel('Zip code').fill('90210');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(form.getByText('The store does not deliver to this zip code. Please choose pickup or shipping.')).toBeVisible();
    await form.getByLabel('Zip code').fill('97302');
    await form.getByRole('button', { name: 'Continue to Payment' }).click();

    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '12 Oak St, Salem, OR 97302' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '(503) 555-0199' })).toBeVisible();
    await expect(page.getByLabel('Order total')).toContainText('$12.50');
    await expect(page.getByRole('radio', { name: 'Pay when your order is delivered' })).toBeChecked();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been placed.' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Order placed' })).toContainText('Delivery to 12 Oak St, Salem, OR 97302');
    const orderNumber = (await page.getByTestId('order-number').textContent())!;

    // The customer finds it under My Orders, newest first, and opens it.
    await page.getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const mine = page.getByRole('table', { name: 'Your orders' }).getByRole('row');
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(1)).toContainText('Placed');
    await mine.nth(1).getByRole('link', { name: orderNumber }).click();
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page.getByLabel('Order details')).toContainText('Delivery to 12 Oak St');
    await page.getByRole('link', { name: 'Back to your orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();

    // The owner finds it among the outstanding orders and works it through: take, ready (Dana is told), complete.
    const owner = await browser.newPage();
    await openSession(owner, HARDWARE, ADMIN);
    await owner.goto(`${HARDWARE}/admin/orders/list`);
    const row = owner.getByRole('row').filter({ hasText: orderNumber });
    await expect(row).toContainText('Dana Driver');
    await expect(row).toContainText('delivery');
    await row.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await expect(owner.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Lines to pull' })).toContainText(product.title);
    await expect(owner.getByRole('region', { name: 'Customer' })).toContainText('12 Oak St, Salem, OR 97302');
    await owner.getByRole('button', { name: 'Take order' }).click();
    await expect(owner.getByText(`Order ${orderNumber} taken.`)).toBeVisible();
    await owner.getByLabel('Delivery in (minutes, optional)').fill('30');
    const readyAt = new Date();
    await owner.getByRole('button', { name: 'Mark ready' }).click();
    await expect(owner.getByText(`Order ${orderNumber} is ready. Dana has been told by e-mail`)).toBeVisible();
    const told = await outboxMessage(email, readyAt, 'order-prepare');
    expect(told).toContain(`Your order ${orderNumber} from Riverside Hardware Co-op is on its way to 12 Oak St, Salem.`);
    expect(told).toContain('It should reach you in about 30 minutes.');
    await owner.getByRole('button', { name: 'Complete' }).click();
    await expect(owner.getByText('This order is completed: nothing more to do.')).toBeVisible();
    await expect(owner.getByRole('list', { name: 'Order history' }).getByRole('listitem')).toHaveCount(3);
    await owner.close();

    // Dana sees what the store did, then buys the same again.
    await page.goto(`${HARDWARE}/orders?order=${orderNumber}`);
    const status = page.getByRole('list', { name: 'Order status' }).getByRole('listitem');
    await expect(status).toHaveCount(4);
    await expect(status.nth(2)).toContainText('Ready');
    await expect(status.nth(2)).toContainText('Delivery in about 30 minutes');
    await expect(status.nth(3)).toContainText('Completed');
    await page.getByRole('button', { name: 'Buy again' }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(product.title);
  });

  test("a link with an access token opens an order's prepare screen signed in; the owner cancels one unit, then the order with a reason, and the stock comes back", async ({ page }) => {
    // A guest's pickup order, placed through the API.
    const product = await stockedProduct(page, HARDWARE);
    const stockBefore = await stockOf(page, product.id);
    const device = `Tok${Date.now().toString(36).slice(-7)}`;
    expect((await page.request.post(`${HARDWARE}/api/add-to-cart`, { data: { store_product_id: product.store_product_id, quantity: 2, device_id: device } })).status()).toBe(200);
    const placed = await page.request.post(`${HARDWARE}/api/customer/orders/submit`, { data: {
      device_id: device, order_type: 0, first_name: 'Lee', last_name: 'Link', email: `lee-${device.toLowerCase()}@shopper.test`, telephone: '5035550123', payment_method: 'pay_at_store',
    } });
    expect(placed.status()).toBe(200);
    const orderNumber = (await placed.json()).order.order_number as string;
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(stockBefore - 2);
    const token = await sessionToken(ADMIN);
    const outstanding = await (await page.request.get(`${HARDWARE}/api/admin/orders/outstanding?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json();
    const id = outstanding.data.find((o: { order_number: string }) => o.order_number === orderNumber).id as string;

    await page.goto(`${HARDWARE}/admin/prepare-order?id=${id}&access-token=${token}`);
    await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/prepare-order\\?id=${id}$`)); // the token is gone from the address
    // The owner writes to the customer first.
    await page.getByRole('button', { name: 'E-mail Lee' }).click();
    const write = page.getByRole('form', { name: 'E-mail the customer' });
    await write.getByRole('button', { name: 'Send' }).click();
    await expect(write.getByText('Please write a subject.')).toBeVisible();
    await write.getByLabel('Subject').fill('About your order');
    await write.getByLabel('Message').fill('Two of them were damaged; we will call you about a replacement.');
    const writtenAt = new Date();
    await write.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your e-mail to Lee is on its way.')).toBeVisible();
    expect(await outboxMessage(`lee-${device.toLowerCase()}@shopper.test`, writtenAt)).toBe('Two of them were damaged; we will call you about a replacement.');
    // One of the two cannot be filled: it comes off the order and back into the store's count.
    await page.getByRole('button', { name: `Cancel some of ${product.title}` }).click();
    const some = page.getByRole('group', { name: `Cancel some of ${product.title}` });
    await some.getByLabel('How many').fill('1');
    page.once('dialog', (dialog) => void dialog.accept());
    await some.getByRole('button', { name: 'Cancel items' }).click();
    await expect(page.getByText(`Cancelled 1 × ${product.title}.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lines to pull' })).toContainText('1 cancelled');
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(stockBefore - 1);
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    const cancel = page.getByRole('form', { name: 'Cancel the order' });
    await cancel.getByRole('button', { name: 'Cancel the order' }).click();
    await expect(page.getByText('Please give a reason for cancelling.')).toBeVisible();
    await cancel.getByLabel('Reason (the customer reads it)').fill('The last two were damaged in the yard.');
    await cancel.getByRole('button', { name: 'Cancel the order' }).click();
    await expect(page.getByText('This order is cancelled: nothing more to do.')).toBeVisible();
    await expect.poll(() => stockOf(page, product.id), { timeout: 10_000 }).toBe(stockBefore);
  });
});
