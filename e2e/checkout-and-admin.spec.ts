import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { addHomeSection, ADMIN, logOut, openSession, outboxMessage, PAINT_ADMIN, sessionToken, STAFF, SHOPPER, signIn } from './helpers';

/** The hardware store's address (sessions opened without the sign-in form start here). */
const HARDWARE = 'http://localhost:4300';

/** A fresh staff account of the hardware store, made by the owner, for journeys that change an account's own settings (the demo logins stay as they are). */
async function newStaffAccount(page: Page, firstName: string): Promise<{ email: string; password: string }> {
  const who = { email: `${firstName.toLowerCase()}-${Date.now()}@demo-hardware.test`, password: 'StaffPass#2026' };
  const created = await page.request.post('/api/sub-accounts/create', {
    headers: { authorization: `Bearer ${await sessionToken(ADMIN)}` },
    data: { first_name: firstName, last_name: 'Staff', email: who.email, password: who.password, c_password: who.password, permissions: ['view_offline_orders'] },
  });
  expect(created.status()).toBe(200);
  return who;
}

const PAINT = 'http://demo-paint.localhost:4300';

test.describe('cart (checkout remote)', () => {
  test('a new device sees the empty cart, identified by a 10-character device id', async ({ page }) => {
    const cartCall = page.waitForRequest((r) => r.url().includes('/api/cart-parcels'));
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    const deviceId = await page.evaluate(() => localStorage.getItem('device_id'));
    expect(deviceId).toMatch(/^[A-Za-z0-9]{10}$/);
    const request = await cartCall;
    expect(request.headers()['device-id']).toBe(deviceId);
    expect(new URL(request.url()).searchParams.get('device_id')).toBe(deviceId);
  });

  test('the remote is loaded at run time from its own origin', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (r) => { if (r.url().startsWith('http://127.0.0.1:4301/')) remoteRequests.push(new URL(r.url()).pathname); });
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    expect(remoteRequests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
  });

  test('pointing the manifest URL elsewhere redeploys the remote without rebuilding the shell', async ({ page }) => {
    // The same build served from a second origin stands in for a redeployed remote.
    await page.route('**/remotes.json', (route) => route.fulfill({ json: { checkout: 'http://127.0.0.1:4303/mf-manifest.json', admin: 'http://127.0.0.1:4302/mf-manifest.json' } }));
    const fromNewOrigin = page.waitForRequest((r) => r.url() === 'http://127.0.0.1:4303/remoteEntry.js');
    await page.goto('/cart');
    await fromNewOrigin;
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  });
});

test.describe('a remote that cannot load', () => {
  test('shows an error for its area while the rest of the store keeps working', async ({ page }) => {
    await page.route('http://127.0.0.1:4301/**', (route) => route.abort());
    await page.goto('/cart');
    await expect(page.getByRole('alert')).toContainText('The cart and account area could not be loaded right now.');
    await expect(page.getByRole('link', { name: 'Riverside Hardware Co-op' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Departments', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'All Departments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tools', exact: true })).toBeVisible();
  });
});

test.describe('admin (admin remote)', () => {
  test('a visitor is sent to sign in, then lands on the outstanding orders with the admin header', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/orders\/list$/);
    await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    // Checkout journeys may have placed orders here already: the list shows what the API holds.
    const outstanding = await (await page.request.get('/api/admin/orders/outstanding', { headers: { authorization: `Bearer ${await sessionToken(ADMIN)}` } })).json();
    if (outstanding.total === 0) await expect(page.getByText('No outstanding orders')).toBeVisible();
    else await expect(page.getByRole('row')).toHaveCount(Math.min(outstanding.total, 20) + 1);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    for (const item of ['Offline Orders', 'Emails', 'Website Settings', 'Customers', 'Tutorials', 'Release Updates']) await expect(nav.getByText(item)).toBeVisible();
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await expect(contact).toBeVisible();
    await contact.getByRole('button', { name: 'Close' }).click();
    await expect(contact).toBeHidden();
    await expect(page.getByRole('button', { name: 'Contact Us' })).toBeFocused(); // back where the owner was
    await expect(page.getByRole('link', { name: 'View as Customer' })).toHaveAttribute('href', '/');
  });

  test('the remembered admin page is where sign-in returns to', async ({ page }) => {
    await page.goto('/admin/orders/list/pickup');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/orders\/list\/pickup$/);
  });

  test('the owner finds a completed order by name and day, keeps the search across the lists, and notes on it for the staff', async ({ page }) => {
    await openSession(page, HARDWARE, ADMIN);
    const [order] = (await (await page.request.get('/api/admin/orders/completed?limit=1', { headers: { authorization: `Bearer ${await sessionToken(ADMIN)}` } })).json()).data;
    const lastName = order.customer_name.split(' ').at(-1);
    const placed = new Date(order.placed_at);
    const day = `${placed.getFullYear()}-${String(placed.getMonth() + 1).padStart(2, '0')}-${String(placed.getDate()).padStart(2, '0')}`;
    await page.goto('/admin/orders/list/completed');
    await expect(page.getByRole('heading', { name: 'Completed Orders' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await filters.getByLabel('Search').fill(lastName);
    await filters.getByLabel('Placed from').fill(day);
    await filters.getByLabel('Placed to').fill(day);
    await filters.getByRole('button', { name: 'Show orders' }).click();
    await expect(page.getByRole('link', { name: `Order ${order.order_number}` })).toBeVisible();
    const orderRows = page.getByRole('row').filter({ has: page.getByRole('link') });
    await expect.poll(async () => (await orderRows.allTextContents()).every((row) => row.includes(lastName))).toBe(true);
    // The same orders as CSV, as the owner downloads them.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-completed-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^Order,Placed \(UTC\),Status,/);
    expect(lines.slice(1).some((line) => line.startsWith(`${order.order_number},`))).toBe(true);
    expect(lines).toHaveLength(await orderRows.count() + 1);
    // Another list keeps the filters; one that matches nothing says so.
    await page.getByRole('navigation', { name: 'Order lists' }).getByRole('link', { name: 'All' }).click();
    await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
    await expect(filters.getByLabel('Search')).toHaveValue(lastName);
    await expect(page.getByRole('link', { name: `Order ${order.order_number}` })).toBeVisible();
    await filters.getByLabel('Search').fill('nobody-by-this-name');
    await filters.getByRole('button', { name: 'Show orders' }).click();
    await expect(page.getByText('No orders match')).toBeVisible();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(filters.getByLabel('Search')).toHaveValue('');

    await page.goto(`/admin/prepare-order?id=${order.id}`);
    const notes = page.getByRole('region', { name: 'Staff notes' });
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('alert')).toHaveText('Please write a note.');
    await notes.getByLabel('Note', { exact: true }).fill('Customer asked for the receipt by e-mail');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('listitem')).toContainText('Customer asked for the receipt by e-mail');
    await page.reload();
    await notes.getByRole('button', { name: 'Remove the note: Customer asked for the receipt by e-mail' }).click();
    await expect(notes.getByText('No notes yet.')).toBeVisible();
  });

  test('the owner edits the search synonyms: a bad line is named and nothing is saved; a good list is saved and kept', async ({ page }) => {
    await openSession(page, HARDWARE, ADMIN);
    await page.goto('/admin/settings/search-synonyms');
    await expect(page.getByRole('heading', { name: 'Search Synonyms' })).toBeVisible();
    const box = page.getByLabel('Synonym groups');
    const before = await box.inputValue();
    await box.fill(`${before}\nwheelbarrow\nWheelbarrow, Barrow, cart`);
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await expect(page.getByRole('alert')).toContainText(`Line ${before ? before.split('\n').length + 2 : 2}: a group needs at least two words, separated by commas.`);
    await page.reload();
    await expect(page.getByLabel('Synonym groups')).toHaveValue(before);
    await page.getByLabel('Synonym groups').fill(`${before ? `${before}\n` : ''}Wheelbarrow, Barrow, cart`);
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await expect(page.getByText('Search synonyms saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Synonym groups')).toHaveValue(`${before ? `${before}\n` : ''}wheelbarrow, barrow, cart`);
    // Leave the store's synonyms as they were for the other journeys.
    await page.getByLabel('Synonym groups').fill(before);
    await page.getByRole('button', { name: 'Save synonyms' }).click();
    await expect(page.getByText('Search synonyms saved.')).toBeVisible();
  });

  test('a basic-plan store owner lands on the setup wizard not yet begun, skips it to About Us, where a bad phone is named and hours saved show on the store', async ({ page }) => {
    // A slow wizard answer: the sign-in still lands on its welcome, whatever the store's other answers do meanwhile.
    await page.route('**/api/setup-wizard/get', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
    await page.goto(`${PAINT}/login`);
    await signIn(page, PAINT_ADMIN);
    await expect(page).toHaveURL(/\/admin\/wizard\/intro$/);
    await page.unrouteAll();
    await page.getByRole('dialog', { name: "Welcome! Let's set up your store" }).getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/about-us$/);
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
    const store = page.getByRole('region', { name: 'Harbor Paint Downtown' });
    const phone = store.getByLabel('Phone');
    const phoneBefore = await phone.inputValue();
    const sunday = store.getByRole('group', { name: 'Sunday' });
    await phone.fill('555-01');
    await sunday.getByLabel('Closed').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(store.getByRole('alert')).toHaveText('Please enter a valid phone number.');
    await expect(phone).toBeFocused();
    await page.reload();
    await expect(store.getByLabel('Phone')).toHaveValue(phoneBefore);
    await expect(sunday.getByLabel('Closed')).not.toBeChecked();
    // Sunday closed, Saturday till 4pm, saved and shown to shoppers.
    await sunday.getByLabel('Closed').check();
    await store.getByRole('group', { name: 'Saturday' }).getByLabel('Closes').fill('16:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Store information saved.')).toBeVisible();
    await page.getByRole('link', { name: 'Store Information' }).click();
    const card = page.getByRole('region', { name: 'Harbor Paint Downtown' });
    await expect(card).toContainText('sat8am - 4pm');
    await expect(card).toContainText('sunClosed');
    // Put the store's week back for the other journeys.
    await page.goto(`${PAINT}/admin/settings`);
    await expect(page).toHaveURL(/\/admin\/settings\/about-us$/);
    await sunday.getByLabel('Closed').uncheck();
    await store.getByRole('group', { name: 'Saturday' }).getByLabel('Closes').fill('18:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Store information saved.')).toBeVisible();
  });

  test("a link with the owner's access token opens Home Page Sections signed in, for this tab only; sections are hidden, moved and removed", async ({ page, browser }) => {
    const login = await page.request.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password, device_id: 'LinkDevice' } });
    const token = (await login.json()).access_token as string;
    await addHomeSection('demo-hardware', 90, 'Snow day notice');
    await page.goto(`/admin/settings/widgets?access-token=${token}`);
    await expect(page.getByRole('heading', { name: 'Home Page Sections' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings\/widgets$/);
    expect(await page.evaluate(() => [Boolean(sessionStorage.getItem('user')), Boolean(localStorage.getItem('user'))])).toEqual([true, false]);
    const top = page.getByRole('region', { name: 'Top of the home page' });
    await expect(top.getByRole('listitem')).toHaveText([/Home carousel/, /Store news/, /New arrivals/, /Eastgate rentals.*Only at Riverside Eastgate/, /Snow day notice/]);
    // Hide Store news: the home page leaves it out; show it again.
    const news = top.getByRole('listitem', { name: 'Store news' });
    await news.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('The section is hidden from the home page.')).toBeVisible();
    await expect(news).toContainText('Hidden');
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'New in store' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Store news' })).toHaveCount(0);
    await page.goto('/admin/settings/widgets');
    await news.getByRole('button', { name: 'Show' }).click();
    await expect(news).not.toContainText('Hidden');
    // Move it down and back up.
    await page.getByRole('button', { name: 'Move Store news down' }).click();
    await expect(top.getByRole('listitem').nth(2)).toContainText('Store news');
    await page.getByRole('button', { name: 'Move Store news up' }).click();
    await expect(top.getByRole('listitem').nth(1)).toContainText('Store news');
    // Remove asks first: declining keeps the section, accepting removes it.
    const notice = top.getByRole('listitem', { name: 'Snow day notice' });
    page.once('dialog', (dialog) => { expect(dialog.message()).toBe('Do you want to remove this widget?'); void dialog.dismiss(); });
    await notice.getByRole('button', { name: 'Remove' }).click();
    await expect(notice).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await notice.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('The section is removed.')).toBeVisible();
    await page.reload();
    await expect(top.getByRole('listitem')).toHaveCount(4);
    // The link signed in this tab only: a new browser is not signed in.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto('/admin/settings/widgets');
    await expect(fresh).toHaveURL(/\/login$/);
    await other.close();
  });

  test('the owner adds a testimonials section further down the home page and writes a card; the home page shows it with its stars and an edit icon to the card', async ({ page }) => {
    await openSession(page, HARDWARE, ADMIN);
    await page.goto('/admin/settings/widgets');
    await page.getByLabel('Where').selectOption({ label: 'Further down the home page' });
    await page.getByRole('button', { name: 'Add testimonials' }).click();
    const section = page.getByRole('region', { name: 'Further down the home page' }).getByRole('listitem', { name: 'Testimonials' });
    await section.getByRole('button', { name: 'Add a testimonial' }).click();
    const card = section.getByRole('group', { name: 'Testimonial 1' });
    await card.getByLabel('What the customer said').fill('They cut my keys while I waited.');
    await card.getByLabel('Name').fill('Dana Reyes');
    await card.getByLabel('Role (optional)').fill('Homeowner');
    await expect(section.getByRole('status')).toHaveText('Saved!');

    await page.goto('/');
    const shown = page.getByRole('region', { name: 'What Our Customers Say' });
    await expect(shown.getByRole('blockquote')).toHaveText('They cut my keys while I waited.');
    await expect(shown.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveText('★★★★★');
    await expect(shown.getByText('Homeowner')).toBeVisible();
    // The card's edit icon opens it in the editor, its words ready to change.
    await shown.getByRole('link', { name: 'Edit testimonial by Dana Reyes' }).click();
    await expect(page.getByLabel('What the customer said')).toBeFocused();

    // Leave the store's home page as it was.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('region', { name: 'Further down the home page' }).getByRole('listitem', { name: 'Testimonials' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('The section is removed.')).toBeVisible();
  });

  test("an invalid access-token link, or a shopper's, goes home saying so; sign-in returns to the screen", async ({ page }) => {
    const shopper = (await (await page.request.post('/api/login', { data: { email: SHOPPER.email, password: SHOPPER.password } })).json()).access_token;
    await page.goto(`/admin/settings/widgets?access-token=${shopper}`);
    await expect(page.getByText('This sign-in link is not valid or has expired. Please sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/admin/settings/widgets?access-token=not-a-real-token');
    await expect(page.getByText('This sign-in link is not valid or has expired. Please sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/settings\/widgets$/);
    await expect(page.getByRole('heading', { name: 'Home Page Sections' })).toBeVisible();
  });

  test('the owner adds a staff sub-account, narrows it while it is signed in, and removes it', async ({ page, browser }) => {
    await openSession(page, HARDWARE, ADMIN);
    await page.goto('/admin/settings/sub-accounts');
    await expect(page.getByRole('heading', { name: 'Sub-accounts' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^Pat / })).toContainText('View offline orders');
    await page.getByRole('link', { name: 'Add a sub-account' }).click();
    // Sent empty: every missing detail is named at once, the first one focused.
    await page.getByRole('button', { name: 'Create sub-account' }).click();
    await expect(page.getByRole('alert')).toHaveText(['Please enter a first name.', 'Please enter a last name.', 'Please enter a valid email address.', 'The password must be at least 8 characters.']);
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('E-mail').fill('casey@demo-hardware.test');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByLabel('Edit products').check();
    await page.getByRole('button', { name: 'Create sub-account' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password must be at least 8 characters.');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.getByLabel('Password', { exact: true }).fill('CaseyStaff#2026');
    await page.getByLabel('Confirm password').fill('CaseyStaff#2026');
    await page.getByRole('button', { name: 'Create sub-account' }).click();
    await expect(page.getByText('Sub-account created.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Casey Rivera' })).toContainText('casey@demo-hardware.test · Edit products');
    await expect(page.getByRole('listitem', { name: 'Casey Rivera' })).toContainText('Never signed in');

    // Casey signs in elsewhere and may edit the synonyms.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto('/admin/settings/search-synonyms');
    await signIn(staff, { email: 'casey@demo-hardware.test', password: 'CaseyStaff#2026' });
    await expect(staff.getByRole('heading', { name: 'Search Synonyms' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Casey Rivera' })).toContainText('Active now');

    // The owner takes the permission away; Casey's next admin page knows it, and so does the server.
    await page.getByRole('link', { name: 'Edit Casey Rivera' }).click();
    await page.getByLabel('Edit products').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Sub-account saved.')).toBeVisible();
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(staff.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    await staff.goto('/admin/settings/search-synonyms');
    await expect(staff.getByRole('heading', { name: 'No access' })).toBeVisible();

    // Removed: Casey is signed out at the next call.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove sub-account' }).click();
    await expect(page.getByText('Sub-account removed.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Casey Rivera' })).toHaveCount(0);
    await staff.goto('/admin/orders/list');
    await expect(staff).toHaveURL(/\/login$/);
    await staffContext.close();
  });

  test('an admin changes their own name, mobile number and password under Your account; the header greets the new name, the new password signs in', async ({ page }) => {
    const who = await newStaffAccount(page, 'Kit');
    await page.goto('/login');
    await signIn(page, who);
    await expect(page.getByText('Signed in as Kit')).toBeVisible();
    await page.getByRole('link', { name: 'Your account' }).click();
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();

    const name = page.getByRole('form', { name: 'Name' });
    await name.getByLabel('First name').fill('Kitty');
    await name.getByRole('button', { name: 'Save name' }).click();
    await expect(name.getByRole('status')).toHaveText('Your name has been updated.');
    await expect(page.getByText('Signed in as Kitty')).toBeVisible();

    // A staff account starts without a mobile number; one is added with the code texted to it.
    const mobile = page.getByRole('region', { name: 'Mobile number' });
    await expect(mobile).toContainText('No mobile number on your account yet.');
    const number = `549${String(Date.now()).slice(-7)}`;
    const sentAt = new Date();
    await mobile.getByLabel('New mobile number').fill(number);
    await mobile.getByRole('button', { name: 'Text me a code' }).click();
    await mobile.getByLabel('Verification code').fill(/\b(\d{4})\b/.exec(await outboxMessage(number, sentAt))![1]);
    await mobile.getByRole('button', { name: 'Confirm new number' }).click();
    await expect(mobile).toContainText(`Your mobile number: (549) ${number.slice(3, 6)}-${number.slice(6)}`);

    const password = page.getByRole('form', { name: 'Password' });
    await password.getByLabel('Current password').fill('not-the-password');
    await password.getByLabel('New password', { exact: true }).fill('Changed#Pass-2026');
    await password.getByLabel('Confirm new password').fill('Changed#Pass-2026');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('alert')).toHaveText('The current password is not correct.');
    await password.getByLabel('Current password').fill(who.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText('Your password has been updated.');

    await logOut(page);
    await page.goto('/admin/settings/my-account');
    await signIn(page, { email: who.email, password: 'Changed#Pass-2026' });
    await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Name' }).getByLabel('First name')).toHaveValue('Kitty');
  });

  test('an admin turns on two-step sign-in for their own account; the next sign-in asks for the code', async ({ page }) => {
    const who = await newStaffAccount(page, 'Robin');
    await page.goto('/login');
    await signIn(page, who);
    await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    await page.getByRole('link', { name: 'Two-step sign-in' }).click();
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await section.getByLabel('Password', { exact: true }).fill(who.password);
    await section.getByRole('button', { name: 'Continue' }).click();
    const app = new TOTP({ secret: Secret.fromBase32((await section.getByTestId('mfa-secret').textContent())!), digits: 6, period: 30 });
    await section.getByLabel('Code from the app').fill(app.generate());
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section).toContainText('Two-step sign-in is on. 10 backup codes left.');
    await logOut(page);

    await page.goto('/admin/settings/mfa');
    await signIn(page, who);
    await page.getByLabel('Authenticator code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/mfa$/);
    await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('Two-step sign-in is on.');
  });

  test('a sub-account without the permission is told so on that screen, and its menu leaves it out; orders still open', async ({ page }) => {
    const refused: number[] = [];
    page.on('response', (response) => { if (new URL(response.url()).pathname === '/api/admin/search-synonyms') refused.push(response.status()); });
    await page.goto('/admin/settings/search-synonyms');
    await signIn(page, STAFF);
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByText("It needs the ‘Edit products’ permission.")).toBeVisible();
    await expect(page.getByLabel('Synonym groups')).toHaveCount(0);
    expect(refused).toEqual([]);
    // The server refuses the call too.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? '{}').access_token);
    const answer = await page.request.get('/api/admin/search-synonyms', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(403);
    await page.getByRole('link', { name: 'Go to Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    await page.getByRole('link', { name: 'View as Customer' }).click();
    const menu = page.getByTestId('admin-menu');
    await menu.getByRole('button', { name: 'Pat' }).click();
    await expect(menu.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Search Synonyms' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'About Us' })).toHaveCount(0);
  });

  test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, { email: ADMIN.email, password: 'wrong-password' });
    await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("on the storefront an admin gets a menu under their name with the admin screens and Log out", async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ADMIN);
    await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    await page.getByRole('link', { name: 'View as Customer' }).click();
    const menu = page.getByTestId('admin-menu');
    await expect(page.getByRole('link', { name: 'My Account' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Store' }).click();
    await expect(menu.getByRole('link', { name: 'Search Synonyms' })).toHaveAttribute('href', '/admin/settings/search-synonyms');
    await expect(menu.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/admin/settings/about-us');
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/list$/);
    await page.getByRole('link', { name: 'View as Customer' }).click();
    await menu.getByRole('button', { name: 'Store' }).click();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('logout clears the session, renews the device id and goes home with a signed-out toast', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ADMIN);
    await expect(page.getByRole('heading', { name: 'Outstanding Orders' })).toBeVisible();
    const deviceBefore = await page.evaluate(() => localStorage.getItem('device_id'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user') ?? sessionStorage.getItem('user'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('device_id'))).not.toBe(deviceBefore);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 while signed in signs the shopper out without a redirect', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, SHOPPER);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).access_token as string);
    // The session ends on the server (as another device's logout would do).
    await page.request.post(`/api/logout?access_token=${token}`);
    await page.goto('/departments');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/departments$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
