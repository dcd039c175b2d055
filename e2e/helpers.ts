import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_LOGINS } from '../tools/demo-logins.mjs';

export const ADMIN = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'admin')!;
/** The paint store's owner; the store is on a basic plan (E2P) and has the setup wizard, seeded not begun. */
export const PAINT_ADMIN = DEMO_LOGINS.find((l) => l.tenant === 'demo-paint' && l.role === 'admin')!;
export const SHOPPER = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'customer')!;
/** A sub-account of the hardware store without the product editors' permission. */
export const STAFF = DEMO_LOGINS.find((l) => l.tenant === 'demo-hardware' && l.role === 'staff')!;

/** axe-core's WCAG 2.1 A and AA rules on what the page shows now; the violations, by rule and element. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 200)}`));
}

/**
 * Log out and wait until it is done: the browser leaves the session only once the server answered, so a page opened
 * sooner is still signed in (a /login opened then goes home).
 */
export async function logOut(page: Page, within: Page | Locator = page) {
  await within.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
}

/** The login form's e-mail path: the e-mail, Next, then the password (the step names the account it is for). */
export async function signIn(page: Page, who: { email: string; password: string }, options: { keep?: boolean } = {}) {
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Signing in as ${who.email}`)).toBeVisible();
  await page.getByLabel('Password').fill(who.password);
  if (options.keep === false) await page.getByLabel('Keep me signed in').uncheck();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function openShopByDepartment(page: Page) {
  await page.getByRole('button', { name: 'Shop by Department' }).click();
  await expect(page.locator('#department-menu')).toBeVisible();
}

/** Runs work against the e2e database (the journeys' own store data, outbox included). */
async function withE2eDb<T>(work: (db: import('mongodb').Db) => Promise<T>): Promise<T> {
  const { MongoClient } = await import('mongodb');
  const url = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27118/platform');
  url.pathname = '/e2e';
  const client = await MongoClient.connect(url.toString());
  try {
    return await work(client.db());
  } finally {
    await client.close();
  }
}

/**
 * The newest e-mail or text the store sent to an address or phone after a moment, read from the outbox in the
 * e2e database (no SMTP server or SMS account is configured in tests). Security notices (a new sign-in, a
 * changed detail) are left out: journeys read codes and links.
 */
export async function outboxMessage(to: string, after: Date, kind?: string): Promise<string> {
  return withE2eDb(async (db) => {
    for (let i = 0; i < 50; i += 1) {
      const found = await db.collection('outboxmessages').find({ to, createdAt: { $gt: after }, kind: kind ?? { $ne: 'security-notice' } }).sort({ createdAt: -1 }).limit(1).next();
      if (found) return String(found.text);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no message to ${to} in the outbox`);
  });
}

/** How many e-mails or texts of one kind the store sent to an address or phone after a moment (the outbox, as above). */
export async function outboxCount(to: string, after: Date, kind: string): Promise<number> {
  return withE2eDb((db) => db.collection('outboxmessages').countDocuments({ to, createdAt: { $gt: after }, kind }));
}

/**
 * Opens a session for a demo login without the sign-in form: an access token written to the e2e database (as
 * a sign-in would), read back through login-by-token and kept in the browser as 'Keep me signed in' does.
 * For journeys about what comes after sign-in: each account may try to sign in only 10 times in 15 minutes.
 */
export async function openSession(page: Page, base: string, who: { tenant: string; email: string }): Promise<void> {
  const token = await sessionToken(who);
  await page.goto(`${base}/store-info`);
  const stored = await page.evaluate(async (accessToken) => {
    const answer = await (await fetch('/api/login-by-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: accessToken }) })).json();
    localStorage.setItem('user', JSON.stringify({ is_admin: answer.is_admin, access_token: answer.access_token, loginKeep: true, data: answer.data }));
    return answer.access_token === accessToken;
  }, token);
  expect(stored).toBe(true);
}

/** A bearer token for a demo login, written to the e2e database as a sign-in would (for API set-up in journeys). */
export async function sessionToken(who: { tenant: string; email: string }): Promise<string> {
  const { createHash, randomBytes } = await import('node:crypto');
  const token = randomBytes(32).toString('base64url');
  await withE2eDb(async (db) => {
    const { _id: tenantId } = (await db.collection('tenants').findOne({ slug: who.tenant }))!;
    const customer = (await db.collection('customers').findOne({ tenantId: String(tenantId), email: who.email }))!;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await db.collection<{ _id: string; [field: string]: unknown }>('accesstokens').insertOne({
      _id: `${String(tenantId)}:token:${tokenHash}`, // accessTokenId in libs/db: tokens are read by this _id
      tenantId: String(tenantId), tokenHash, customerId: String(customer._id),
      customerSlug: customer.slug, isAdmin: customer.isAdmin, isSubAccount: Boolean(customer.isSubAccount), permissions: customer.permissions ?? [],
      expiresAt: new Date(Date.now() + 3600_000), revokedAt: null, createdAt: new Date(), updatedAt: new Date(),
    });
  });
  return token;
}

/** Adds an HTML section to a store's home page (area 1, last), as the widget editor would. */
export async function addHomeSection(tenant: string, widgetId: number, name: string): Promise<void> {
  await withE2eDb(async (db) => {
    const { _id: tenantId } = (await db.collection('tenants').findOne({ slug: tenant }))!;
    await db.collection('homepagewidgets').insertOne({ tenantId: String(tenantId), widgetId, name, type: '1', area: 1, sequence: 99, hidden: false, loop: true, associatedLocations: [], value: { title: name, body: `<p>${name}</p>` } });
  });
}

/** Picks a store in the store selector (header button → card → Select Location). */
export async function chooseStore(page: Page, name: string) {
  await page.getByRole('button', { name: /^Your store: / }).click();
  const selector = page.getByRole('dialog', { name: 'Choose your store' });
  await selector.getByRole('listitem').filter({ hasText: name }).click();
  await selector.getByRole('button', { name: 'Select Location' }).click();
  await expect(selector).toBeHidden();
}

/** A product as the products API lists it (the fields the journeys pick by). */
export type Item = { id: number; slug: string; title: string; num_inventory: number; vendor_allows_special_order: boolean; extra: Record<string, unknown>; settings?: Record<string, unknown>; vendor_id: number | null };
/** A product without pack, limit, special-order, hidden-price or delivery/shipping rules: it adds to the cart and goes out any way as plainly as can be. */
export const plain = (p: Item) => !p.vendor_allows_special_order && !p.extra.fpack && !p.extra.max_order_quantity && !p.extra.disable_order
  && !p.extra.hide_price && !p.extra.always_allow_special_order && p.vendor_id !== 2020 && !p.settings?.disableDelivery && !p.settings?.disableShipping;

/**
 * The scheduler's next run of the recurring order an order started, due now: its delayed job is promoted, so the
 * platform's own worker places it as it would on the day (BullMQ in the e2e Redis, prefix 'bull'). Answers the
 * run's day.
 */
export async function runRecurringOrderNow(tenant: string, firstOrderNumber: string): Promise<string> {
  const recurringId = await withE2eDb(async (db) => {
    const { _id: tenantId } = (await db.collection('tenants').findOne({ slug: tenant }))!;
    return String((await db.collection('recurringorders').findOne({ tenantId: String(tenantId), firstOrderNumber }))!._id);
  });
  const { Job, Queue } = await import('bullmq');
  const queue = new Queue('recurring-orders', { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6480' }, prefix: 'bull' });
  try {
    const scheduler = (await queue.getJobSchedulers()).find((s) => s.key.endsWith(`:${recurringId}:run`));
    expect(scheduler?.next).toBeTruthy();
    const job = await Job.fromId(queue, `repeat:${scheduler!.key}:${scheduler!.next}`);
    await job!.promote();
    return new Date(scheduler!.next!).toISOString().slice(0, 10);
  } finally {
    await queue.close();
  }
}
