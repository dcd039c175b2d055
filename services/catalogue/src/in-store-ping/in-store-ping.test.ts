import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { inBackground, scoped } from '@platform/db';
import { Customer } from '@platform/identity';
import { StoreProfile } from '@platform/tenant-settings';
import type { CatalogueChangeJob } from '@platform/queue';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { announceStockChange, applyCatalogueChange, catalogueService, ensureStockWatchLists, InStorePing, inStorePingDocId, releaseStock } from '../index';
import { Product, productDocId, StoreProduct, storeProductDocId } from '../models';
import { createCatalogueFixture } from '../testing';
import { utcDay } from './service';

// Low enough for the rate-limit test to reach; every other test uses its own device id.
process.env.IN_STORE_PING_LIMIT_DEVICE = '8';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenant: { id: string; slug: string };
let other: { id: string; slug: string };
let shopperToken: string;
let shopperId: string;
let ownerToken: string;

type Headers = Record<string, string>;
const guest = (device: string, store = 2): Headers => ({ 'business-slug': 'isp-a', 'store-id': String(store), 'device-id': device });
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: Record<string, unknown>) =>
  harness.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
const status = (headers: Headers, productId = 1) => call('GET', `get-in-store-ping-status?product_id=${productId}&customer_id=someone`, headers);
const guestPing = (headers: Headers, body: Record<string, unknown>) => call('POST', 'in-store-ping-non-customer-info', headers, body);
const stats = (headers: Headers, query = '') => call('GET', `admin/stats/inStorePingItems?store_id=2${query}`, headers);

const jobsOf = async (queue: 'notifications' | 'catalogueChanges'): Promise<Job[]> =>
  harness.resources.queues[queue].getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
type Message = { kind: string; channel: string; to: string; subject: string; text: string; tenantId: string; replyTo?: string };
const messages = async (kind: string) => (await jobsOf('notifications')).map((j) => j.data as Message).filter((m) => m.kind === kind && m.tenantId === tenant.id);

/** Runs the queued catalogue-changes jobs as the worker does (inside inBackground), then removes them. */
async function runStockJobs() {
  const handler = applyCatalogueChange(harness.resources.redis, harness.resources.queuePrefix, harness.resources.queues);
  for (const job of await jobsOf('catalogueChanges')) {
    if (job.name === 'changed') { await job.remove(); continue; }
    await inBackground('test: catalogue-changes job', () => handler(job as Job<CatalogueChangeJob>));
    await job.remove();
  }
}

/** Stock given back in Redis (a cancelled order), announced as services/orders does. */
async function restock(tenantId: string, storeProductId: number, productId: number, quantity: number) {
  await releaseStock({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId, [{ storeProductId, quantity }]);
  await announceStockChange(harness.resources, tenantId, [productId]);
}

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'instoreping');
  tenant = await createTenant('isp-a');
  other = await createTenant('isp-b');
  await createCatalogueFixture(tenant.id, 'isp-a');
  await createCatalogueFixture(other.id, 'isp-b');
  // A product only the other store sells (id 4): out of stock at both its locations.
  await Product.create({ _id: productDocId(other.id, 4), tenantId: other.id, productId: 4, sku: '1004', slug: 'isp-b-product-4', title: 'isp-b Tape Measure', originalTitle: 'Tape', vendorId: 101 });
  await StoreProduct.insertMany([1, 2].map((locationId) => ({
    _id: storeProductDocId(other.id, 40 + locationId), tenantId: other.id, storeProductId: 40 + locationId, locationId, productId: 4, sku: '1004', title: 'isp-b Tape Measure', priceCents: 999, inventory: 0,
  })));
  // Who hears of a ping: the store's contact address and the owner (staff without new order e-mails do not).
  await StoreProfile.create({ tenantId: tenant.id, business: { contact_email: 'Hello@isp-a.test' } });
  const [owner, , shopper] = await Customer.insertMany([
    { tenantId: tenant.id, slug: 'owner', email: 'owner@isp-a.test', passwordHash: 'x', isAdmin: true },
    { tenantId: tenant.id, slug: 'web-staff', email: 'web@isp-a.test', passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['edit_products'] },
    { tenantId: tenant.id, slug: 'member-1', email: 'Member@isp-a.test', firstName: 'Mem', lastName: 'Ber', telephone: '5035550199', passwordHash: 'x' },
  ]);
  shopperId = String(shopper._id);
  shopperToken = await issueToken(tenant.id, { customerId: shopperId, slug: 'member-1' });
  ownerToken = await issueToken(tenant.id, { customerId: String(owner._id), slug: 'owner', isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe('in-store ping', () => {
  it("refuses a guest without a name and a phone or e-mail (422) and records nothing", async () => {
    const headers = guest('GuestNone1');
    const bare = await guestPing(headers, { product_id: 1 });
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toMatchObject({
      status: 422, message: 'Please enter your name so the store knows who is asking.',
      errors: { name: ['Please enter your name so the store knows who is asking.'], phone: ['Please enter a phone number or an e-mail so the store can reach you.'] },
    });
    const badPhone = await guestPing(headers, { product_id: 1, name: 'Pat', phone: '555-01' });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors).toEqual({ phone: ['Please enter a valid phone number.'] });
    // The signed-in call, made by a guest: the same 422, one sentence.
    const save = await call('POST', 'save-in-store-ping', headers, { product_id: 1 });
    expect(save.statusCode).toBe(422);
    expect(save.json().message).toBe('Please sign in, or give your name and a phone number or e-mail so the store can reach you.');
    expect((await status(headers)).json()).toEqual({ status: 'success', data: { pinged: false, pinged_at: null } });
    expect(await messages('in-store-ping')).toEqual([]);
  });

  it("records a guest's ping once however often it is made, tells the store once, and counts it", async () => {
    const headers = guest('GuestPing1');
    const first = await guestPing(headers, { product_id: 1, name: ' Pat  Lee ', phone: '(503) 555-0142' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', message: "We asked isp-a store 2 to check for this item. We'll let you know once when it's in stock there.", data: { pinged: true } });
    const again = await guestPing(headers, { product_id: 1, name: 'Pat Lee', phone: '5035550142' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await status(headers)).json().data).toEqual(first.json().data);
    // Another browser, or the same product at the other store, is not this ping.
    expect((await status(guest('GuestOthr1'))).json().data.pinged).toBe(false);

    const told = await messages('in-store-ping');
    expect(told.map((m) => m.to).sort()).toEqual(['hello@isp-a.test', 'owner@isp-a.test']);
    expect(told[0]).toMatchObject({ channel: 'email', subject: 'Please check the shelf: isp-a Cordless Drill' });
    expect(told[0].text).toContain('Pat Lee asked isp-a store 2 to check whether isp-a Cordless Drill is in the store');
    expect(told[0].text).toContain('Phone: 5035550142');
    expect(told[0].text).toMatch(/Product: http:\/\/[^\s]+\/p\/isp-a-product-1/);

    const counted = await stats({ ...guest('GuestPing1'), authorization: `Bearer ${ownerToken}` });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toMatchObject({ status: 'success', store_id: 2, total_pings: 1, to_date: utcDay(new Date()), data: [{ product_id: 1, store_product_id: 12, sku: '1001', title: 'isp-a Cordless Drill', pings: 1, waiting: 1, num_inventory: 0 }] });
    const suggested = await call('GET', 'get-suggestions?search=cordless', guest('GuestPing1'));
    expect(suggested.json().products).toEqual([expect.objectContaining({ id: 1, ping_count: 1 })]);
  });

  it("pings with one click when signed in (the account's details), and cancels", async () => {
    const headers = { ...guest('MemberDev1'), authorization: `Bearer ${shopperToken}` };
    const saved = await call('POST', 'save-in-store-ping', headers, { product_id: 3 });
    expect(saved.statusCode).toBe(200);
    const ping = await InStorePing.findOne(scoped({ tenantId: tenant.id }, { _id: inStorePingDocId(tenant.id, 32, `c:${shopperId}`) })).lean() as { name: string; email: string; phone: string; status: string } | null;
    expect(ping).toMatchObject({ name: 'Mem Ber', email: 'member@isp-a.test', phone: '5035550199', status: 'open' });
    expect((await status(headers, 3)).json().data.pinged).toBe(true);
    // The same shopper on another browser sees the same ping.
    expect((await status({ ...guest('MemberDev2'), authorization: `Bearer ${shopperToken}` }, 3)).json().data.pinged).toBe(true);

    const cancelled = await call('POST', 'cancel-in-store-ping', headers, { product_id: 3 });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'success', message: 'Your request was cancelled.', data: { pinged: false, pinged_at: null } });
    expect((await status(headers, 3)).json().data.pinged).toBe(false);
    expect((await call('POST', 'cancel-in-store-ping', headers, { product_id: 3 })).statusCode).toBe(200); // nothing left to cancel
    const counted = (await stats({ ...guest('OwnerDev01'), authorization: `Bearer ${ownerToken}` })).json();
    expect(counted.data.map((row: { product_id: number }) => row.product_id)).toEqual([1]);
    // Pinging again after cancelling is a new ping: the store hears of it again.
    const before = (await messages('in-store-ping')).length;
    expect((await call('POST', 'save-in-store-ping', headers, { product_id: 3 })).statusCode).toBe(200);
    expect((await messages('in-store-ping')).length).toBe(before + 2);
    await call('POST', 'cancel-in-store-ping', headers, { product_id: 3 });
  });

  it("answers 404 for another store's product and for one not sold at the chosen location, 409 in stock, 403 for staff", async () => {
    const headers = guest('GuestMisc1');
    const details = { name: 'Pat', email: 'pat@example.com' };
    for (const res of [await guestPing(headers, { product_id: 4, ...details }), await status(headers, 4), await call('POST', 'cancel-in-store-ping', headers, { product_id: 4 })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found.');
    }
    const inStock = await guestPing(headers, { product_id: 2, ...details });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe('This item is in stock at this store: you can order it now.');
    const staff = await call('POST', 'save-in-store-ping', { ...headers, authorization: `Bearer ${ownerToken}` }, { product_id: 1 });
    expect(staff.statusCode).toBe(403);
    expect(await inBackground('test', () => InStorePing.countDocuments(scoped({ tenantId: other.id })))).toBe(0);
  });

  it('sends the restock notice once when stock comes back at that store, then the ping is closed but still counted', async () => {
    const headers = guest('GuestStock');
    expect((await guestPing(headers, { product_id: 1, name: 'Sam', email: 'Sam@Example.com' })).statusCode).toBe(200);
    // Stock back at the other location, or the other tenant's, tells nobody.
    await restock(tenant.id, 11, 1, 1);
    await restock(other.id, 12, 1, 1);
    await runStockJobs();
    expect(await messages('in-store-ping-restock')).toEqual([]);

    await restock(tenant.id, 12, 1, 2);
    await runStockJobs();
    const notices = await messages('in-store-ping-restock');
    expect(notices.map((n) => [n.channel, n.to])).toEqual(expect.arrayContaining([['email', 'sam@example.com'], ['sms', '5035550142']]));
    expect(notices).toHaveLength(2);
    const email = notices.find((n) => n.channel === 'email')!;
    expect(email.subject).toBe('In stock at isp-a store 2: isp-a Cordless Drill');
    expect(email.text).toContain('You asked isp-a store 2 to check for isp-a Cordless Drill. It is in stock there now.');
    expect(email.text).toContain('This message is sent once.');
    expect((await status(headers)).json().data.pinged).toBe(false);

    await restock(tenant.id, 12, 1, 1);
    await runStockJobs();
    expect(await messages('in-store-ping-restock')).toHaveLength(2);
    const counted = (await stats({ ...guest('OwnerDev02'), authorization: `Bearer ${ownerToken}` })).json();
    expect(counted.data[0]).toMatchObject({ product_id: 1, pings: 2, waiting: 0, num_inventory: 3 });
    const inStock = await guestPing(headers, { product_id: 1, name: 'Sam', email: 'sam@example.com' });
    expect(inStock.statusCode).toBe(409);
  });

  it('keeps pings a lost Redis forgot: the counts and the lists come back from the database', async () => {
    const headers = guest('GuestLost1');
    expect((await guestPing(headers, { product_id: 1, name: 'Lou', email: 'lou@example.com' })).statusCode).toBe(409); // store 2 has it now
    const atOne = guest('GuestLost1', 1);
    await StoreProduct.updateOne(scoped({ tenantId: tenant.id }, { _id: storeProductDocId(tenant.id, 31) }), { $set: { inventory: 0 } });
    expect((await guestPing(atOne, { product_id: 3, name: 'Lou', email: 'lou@example.com' })).statusCode).toBe(200);
    const keys = await harness.resources.redis.keys(`${harness.resources.queuePrefix}:*in-store-ping*:${tenant.id}*`);
    expect(keys.length).toBeGreaterThan(0);
    await harness.resources.redis.del(...keys);
    await ensureStockWatchLists(harness.resources, tenant.id);
    const counted = (await call('GET', 'admin/stats/inStorePingItems?store_id=1', { ...atOne, authorization: `Bearer ${ownerToken}` })).json();
    expect(counted.data).toEqual([expect.objectContaining({ product_id: 3, pings: 1, waiting: 1 })]);
    await restock(tenant.id, 31, 3, 1);
    await runStockJobs();
    expect((await messages('in-store-ping-restock')).filter((n) => n.to === 'lou@example.com')).toHaveLength(1);
  });

  it('lets only admins read the stats (401, 403), each bound staff member its own location, with clear errors for bad days', async () => {
    expect((await stats(guest('GuestStat1'))).statusCode).toBe(401);
    expect((await stats({ ...guest('GuestStat1'), authorization: `Bearer ${shopperToken}` })).statusCode).toBe(403);
    const bound = await issueToken(tenant.id, { customerId: 'staff-1', slug: 'staff-1', isAdmin: true, isSubAccount: true, locationId: 1 });
    const refused = await stats({ ...guest('GuestStat1'), authorization: `Bearer ${bound}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can see the figures of your own store location only.');
    const own = await call('GET', 'admin/stats/inStorePingItems', { ...guest('GuestStat1'), authorization: `Bearer ${bound}` });
    expect(own.json()).toMatchObject({ store_id: 1 });
    const admin = { ...guest('GuestStat1'), authorization: `Bearer ${ownerToken}` };
    expect((await call('GET', 'admin/stats/inStorePingItems?store_id=9', admin)).statusCode).toBe(404);
    const backwards = await stats(admin, '&from_date=2026-02-01&to_date=2026-01-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ from_date: ['The start date must not be after the end date.'] });
    expect((await stats(admin, '&from_date=2026-02-30')).json().errors).toEqual({ from_date: ['Please give a date as YYYY-MM-DD.'] });
    // An end day that is no day at all is refused, not counted back from (the fuzzer's '0000-00-00' answered 500).
    expect((await stats(admin, '&to_date=0000-00-00')).json().errors).toEqual({ to_date: ['Please give a date as YYYY-MM-DD.'] });
    expect((await stats(admin, '&from_date=2020-01-01&to_date=2026-01-01')).statusCode).toBe(422);
    // Another tenant's owner reads its own store's figures only.
    const otherOwner = await issueToken(other.id, { customerId: 'owner-b', slug: 'owner-b', isAdmin: true });
    const theirs = await call('GET', 'admin/stats/inStorePingItems?store_id=2', { ...guest('GuestStat1'), 'business-slug': 'isp-b', authorization: `Bearer ${otherOwner}` });
    expect(theirs.json()).toMatchObject({ total_pings: 0, data: [] });
  });

  it('limits the writes of one browser (429) and saves nothing more', async () => {
    const headers = guest('GuestFlood');
    const answers: number[] = [];
    for (let i = 0; i < 9; i += 1) answers.push((await call('POST', 'cancel-in-store-ping', headers, { product_id: 1 })).statusCode);
    expect(answers.slice(0, 8)).toEqual(Array(8).fill(200));
    const refused = await guestPing(headers, { product_id: 1, name: 'Flo', email: 'flo@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(answers[8]).toBe(429);
  });
});
