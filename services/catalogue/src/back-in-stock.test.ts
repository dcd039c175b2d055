import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { inBackground, scoped } from '@platform/db';
import { Customer } from '@platform/identity';
import { StoreProfile } from '@platform/tenant-settings';
import type { CatalogueChangeJob } from '@platform/queue';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { announceStockChange, applyCatalogueChange, BackInStockAsk, backInStockDocId, catalogueService, ensureBackInStockSets, reconcileStock, releaseStock, reserveStock, stockWatchersAfterReconcile } from './index';
import { Product, productDocId, StoreProduct, storeProductDocId } from './models';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenant: { id: string; slug: string };
let other: { id: string; slug: string };
const headers = (slug = 'bis-a', extra: Record<string, string> = {}) => ({ 'business-slug': slug, ...extra });
const ask = (body: Record<string, unknown>, slug = 'bis-a', extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url: '/api/products/notify-back-in-stock', headers: headers(slug, extra), payload: body });
const stock = () => ({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix });

/** A product out of stock at both stores, not special-orderable: store products 41 (store 1) and 42 (store 2). */
async function addSoldOutProduct(tenantId: string, label: string) {
  await Product.create({ _id: productDocId(tenantId, 4), tenantId, productId: 4, sku: '1004', slug: `${label}-product-4`, title: `${label} Tape Measure`, originalTitle: 'Tape', vendorId: 101 });
  await StoreProduct.insertMany([1, 2].map((locationId) => ({
    _id: storeProductDocId(tenantId, 40 + locationId), tenantId, storeProductId: 40 + locationId, locationId, productId: 4, sku: '1004', title: `${label} Tape Measure`, priceCents: 999, inventory: 0,
  })));
}

const jobsOf = async (queue: 'notifications' | 'catalogueChanges'): Promise<Job[]> =>
  harness.resources.queues[queue].getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
type Email = { kind: string; to: string; subject: string; text: string; tenantId: string };
const emails = async () => (await jobsOf('notifications')).map((j) => j.data as Email).filter((e) => e.kind === 'back-in-stock');
const withdrawAsk = (email: string, store_product_id: number) =>
  harness.app.inject({ method: 'DELETE', url: '/api/products/notify-back-in-stock', headers: headers(), payload: { store_product_id, email } });
const asksIn = async (tenantId: string, storeProductId: number) => harness.resources.redis.smembers(`${harness.resources.queuePrefix}:back-in-stock:${tenantId}:sp:${storeProductId}`);

/** Runs the queued back-in-stock jobs as the worker does (inside inBackground), then removes them. */
async function runBackInStockJobs() {
  const handler = applyCatalogueChange(harness.resources.redis, harness.resources.queuePrefix, harness.resources.queues);
  for (const job of await jobsOf('catalogueChanges')) {
    if (job.name !== 'back-in-stock') continue;
    await inBackground('test: back-in-stock job', () => handler(job as Job<CatalogueChangeJob>));
    await job.remove();
  }
}

/** Stock given back in Redis (a cancelled order), announced as services/orders does. */
async function restock(tenantId: string, storeProductId: number, productId: number, quantity: number) {
  await releaseStock(stock(), tenantId, [{ storeProductId, quantity }]);
  await announceStockChange(harness.resources, tenantId, [productId]);
}

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'backinstock');
  tenant = await createTenant('bis-a');
  other = await createTenant('bis-b');
  await createCatalogueFixture(tenant.id, 'bis-a');
  await createCatalogueFixture(other.id, 'bis-b');
  await addSoldOutProduct(tenant.id, 'bis-a');
  await addSoldOutProduct(other.id, 'bis-b');
});
afterAll(async () => { await harness?.close(); });

describe('back in stock', () => {
  it('lists again, from the database, the asks a lost Redis forgot, so they are still e-mailed', async () => {
    expect((await ask({ store_product_id: 42, email: 'lost@example.com' })).statusCode).toBe(200);
    const lost = await harness.resources.redis.keys(`${harness.resources.queuePrefix}:back-in-stock:${tenant.id}:*`);
    await harness.resources.redis.del(...lost);
    expect(await asksIn(tenant.id, 42)).toEqual([]);
    expect(await ensureBackInStockSets(harness.resources, tenant.id)).toBe(1);
    expect(await asksIn(tenant.id, 42)).toEqual([backInStockDocId(tenant.id, 42, 'lost@example.com')]);
    expect(await ensureBackInStockSets(harness.resources, tenant.id)).toBe(0); // built: not again
    await withdrawAsk('lost@example.com', 42);
  });

  it('records a guest ask once however often it is made, and e-mails it once when stock goes from 0 to more, then forgets it', async () => {
    const first = await ask({ store_product_id: 41, email: ' Pat@Example.com ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success', email: 'pat@example.com', message: "We'll email pat@example.com once when it's back in stock at this store." });
    expect((await ask({ store_product_id: 41, email: 'pat@example.com' })).statusCode).toBe(200);
    expect(await asksIn(tenant.id, 41)).toEqual([backInStockDocId(tenant.id, 41, 'pat@example.com')]);
    const stored = await inBackground('test', () => BackInStockAsk.find(scoped({ tenantId: tenant.id }, { storeProductId: 41 })).lean());
    expect(stored).toHaveLength(1);

    // Store 2's stock of the same product, and the other tenant's, change nothing for this ask.
    await ask({ store_product_id: 41, email: 'pat@example.com' }, 'bis-b');
    await restock(other.id, 41, 4, 2);
    await restock(tenant.id, 42, 4, 2);
    await runBackInStockJobs();
    expect((await emails()).filter((e) => e.tenantId === tenant.id)).toEqual([]);
    expect(await asksIn(tenant.id, 41)).toHaveLength(1);
    // The other tenant's own ask was sent, to its own store's page.
    expect((await emails()).filter((e) => e.tenantId === other.id).map((e) => e.text)).toEqual([expect.stringContaining('bis-b Tape Measure is back in stock at bis-b store 1')]);

    await restock(tenant.id, 41, 4, 3);
    await runBackInStockJobs();
    const sent = (await emails()).filter((e) => e.tenantId === tenant.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'pat@example.com', subject: 'Back in stock: bis-a Tape Measure' });
    expect(sent[0].text).toContain('bis-a Tape Measure is back in stock at bis-a store 1.');
    expect(sent[0].text).toMatch(/http:\/\/[^\s]+\/p\/bis-a-product-4/);
    expect(sent[0].text).toContain('This e-mail is sent once');
    expect(await asksIn(tenant.id, 41)).toEqual([]);
    expect(await inBackground('test', () => BackInStockAsk.countDocuments(scoped({ tenantId: tenant.id }, { storeProductId: 41 })))).toBe(0);

    // N to M: no ask is left and none can be made while in stock, so nothing more is sent.
    await restock(tenant.id, 41, 4, 2);
    await runBackInStockJobs();
    expect((await emails()).filter((e) => e.tenantId === tenant.id)).toHaveLength(1);
    const inStock = await ask({ store_product_id: 41, email: 'pat@example.com' });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe('This item is in stock at this store: you can order it now.');
  });

  it('refuses a bad e-mail with 422 and stores nothing', async () => {
    for (const email of [undefined, '', 'not-an-email', 'a@b']) {
      const res = await ask({ store_product_id: 42, ...(email === undefined ? {} : { email }) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: 422, message: 'Please enter a valid email address.', errors: { email: ['Please enter a valid email address.'] } });
    }
    const bad = await harness.app.inject({ method: 'POST', url: '/api/products/notify-back-in-stock', headers: headers(), payload: { store_product_id: 'x', email: 'pat@example.com' } });
    expect(bad.statusCode).toBe(400);
    expect(await asksIn(tenant.id, 42)).toEqual([]);
    expect(await inBackground('test', () => BackInStockAsk.countDocuments(scoped({ tenantId: tenant.id }, { storeProductId: 42 })))).toBe(0);
  });

  it('refuses an unknown store product (404) and a special-order item (409)', async () => {
    expect((await ask({ store_product_id: 999, email: 'pat@example.com' })).statusCode).toBe(404);
    const special = await ask({ store_product_id: 31, email: 'pat@example.com' });
    expect(special.statusCode).toBe(409);
    expect(special.json().message).toBe('This item can be special ordered: add it to your cart and we order it in for you.');
  });

  it("refuses an item the store special-orders by its vendor (cart setting allowSpecialOrderVendors) or show_oos_special (409)", async () => {
    for (const [slug, profile] of [['bis-vendors', { settings: { cart: { allowSpecialOrderVendors: [101] } } }], ['bis-oos', { business: { show_oos_special: true } }]] as const) {
      const shop = await createTenant(slug);
      await createCatalogueFixture(shop.id, slug);
      await addSoldOutProduct(shop.id, slug);
      await StoreProfile.create({ tenantId: shop.id, ...profile });
      const res = await ask({ store_product_id: 41, email: 'pat@example.com' }, slug);
      expect([res.statusCode, res.json().message], slug).toEqual([409, 'This item can be special ordered: add it to your cart and we order it in for you.']);
      expect(await asksIn(shop.id, 41)).toEqual([]);
    }
  });

  it("uses a signed-in shopper's account e-mail, and withdraws an ask", async () => {
    const customer = await Customer.create({ tenantId: tenant.id, email: 'Member@Example.com', slug: 'member-1', firstName: 'Mem', lastName: 'Ber', passwordHash: 'x' });
    const token = await issueToken(tenant.id, { customerId: String(customer._id), slug: 'member-1' });
    const res = await ask({ store_product_id: 12, email: 'someone-else@example.com' }, 'bis-a', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('member@example.com');
    expect(await asksIn(tenant.id, 12)).toEqual([backInStockDocId(tenant.id, 12, 'member@example.com')]);

    const withdrawn = await harness.app.inject({ method: 'DELETE', url: '/api/products/notify-back-in-stock', headers: { ...headers(), authorization: `Bearer ${token}` }, payload: { store_product_id: 12 } });
    expect(withdrawn.statusCode).toBe(200);
    expect(await asksIn(tenant.id, 12)).toEqual([]);
    await restock(tenant.id, 12, 1, 1);
    await runBackInStockJobs();
    expect((await emails()).filter((e) => e.to === 'member@example.com')).toEqual([]);
  });

  it('does not queue anything for stock changes of products nobody asked about', async () => {
    const before = (await jobsOf('catalogueChanges')).length;
    const taken = await reserveStock(stock(), tenant.id, [{ storeProductId: 21, quantity: 1 }]);
    expect(taken.ok).toBe(true);
    await restock(tenant.id, 21, 2, 1);
    expect((await jobsOf('catalogueChanges')).length).toBe(before);
  });

  it('e-mails when the stock reconcile raises a count from the database (an import), not when it lowers one', async () => {
    await Product.create({ _id: productDocId(tenant.id, 5), tenantId: tenant.id, productId: 5, sku: '1005', slug: 'bis-a-product-5', title: 'bis-a Level', originalTitle: 'Level', vendorId: 101 });
    await StoreProduct.create({ _id: storeProductDocId(tenant.id, 51), tenantId: tenant.id, storeProductId: 51, locationId: 1, productId: 5, sku: '1005', title: 'bis-a Level', priceCents: 1500, inventory: 0 });
    expect((await ask({ store_product_id: 51, email: 'lee@example.com' })).statusCode).toBe(200);
    // An import writes a newer count to the database; Redis still says 0 until the reconcile.
    await inBackground('test: import', () => StoreProduct.updateOne(scoped({ tenantId: tenant.id }, { _id: storeProductDocId(tenant.id, 51) }), { $set: { inventory: 6, stockVersion: 5 } }));
    const differences = await inBackground('test: reconcile', () => reconcileStock(stock(), tenant.id, [51]));
    expect(differences).toMatchObject([{ storeProductId: 51, fixed: 'redis', database: { inventory: 6 } }]);
    const result = await inBackground('test: reconcile job', () => stockWatchersAfterReconcile(harness.resources, differences.map((d) => ({ ...d, tenantId: tenant.id }))));
    expect(result).toEqual({ sent: 1 });
    expect((await emails()).filter((e) => e.to === 'lee@example.com').map((e) => e.subject)).toEqual(['Back in stock: bis-a Level']);
    expect(await asksIn(tenant.id, 51)).toEqual([]);
  });
});
