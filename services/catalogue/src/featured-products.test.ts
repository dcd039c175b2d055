import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground, scoped } from '@platform/db';
import {
  FEATURED_ADDED, FEATURED_ADDED_SHOWN, FEATURED_ALREADY, FEATURED_FULL, FEATURED_HIDDEN, FEATURED_NOT_FEATURED, FEATURED_NOT_SOLD_AT_STORES, FEATURED_ORDER_STALE,
  FEATURED_PRODUCT_NOT_FOUND, FEATURED_PRODUCTS_LIMIT, FEATURED_REMOVED, FEATURED_REORDERED, FEATURED_STORE_UNKNOWN, FEATURED_UPDATED, NO_PERMISSION,
} from '@platform/domain';
import type { CatalogueChangeJob } from '@platform/queue';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { announceFeaturedChange } from './search/changes';
import { applyCatalogueChange, catalogueService, FeaturedProduct, Product, productDocId, StoreProduct, storeProductDocId } from './index';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantA = '';
let owner = '';
let staff = '';
let otherOwner = '';
let tenantC = '';
let ownerC = '';

/** Two more products of a store: a rake sold only at location 2, and a hidden saw. */
async function addProducts(tenantId: string, label = 'feat-a') {
  await Product.insertMany([
    { _id: productDocId(tenantId, 4), tenantId, productId: 4, sku: 'RAKE-4', slug: `${label}-rake`, title: `${label} Leaf Rake`, originalTitle: `${label} Leaf Rake`, imageUrl: '/img/4.svg' },
    { _id: productDocId(tenantId, 5), tenantId, productId: 5, sku: 'SAW-5', slug: `${label}-saw`, title: `${label} Hidden Saw`, originalTitle: `${label} Hidden Saw`, hidden: true },
  ]);
  await StoreProduct.insertMany([
    { _id: storeProductDocId(tenantId, 42), tenantId, storeProductId: 42, locationId: 2, productId: 4, sku: 'RAKE-4', title: `${label} Leaf Rake`, priceCents: 1599, inventory: 3 },
    { _id: storeProductDocId(tenantId, 51), tenantId, storeProductId: 51, locationId: 1, productId: 5, sku: 'SAW-5', title: `${label} Hidden Saw`, priceCents: 2599, inventory: 3 },
  ]);
}

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'featured-admin');
  const a = await createTenant('feat-a');
  const b = await createTenant('feat-b');
  tenantA = a.id;
  await createCatalogueFixture(a.id, 'feat-a');
  await addProducts(a.id);
  await createCatalogueFixture(b.id, 'feat-b');
  await FeaturedProduct.create({ tenantId: b.id, sku: '1003', sequence: 0 });
  owner = await issueToken(a.id, { isAdmin: true, permissions: ['manage_featured_products'] });
  staff = await issueToken(a.id, { slug: 'staff', isAdmin: true, isSubAccount: true, permissions: ['edit_products', 'edit_landing_page'] });
  otherOwner = await issueToken(b.id, { isAdmin: true, permissions: ['manage_featured_products'] });
  const c = await createTenant('feat-c');
  tenantC = c.id;
  await createCatalogueFixture(c.id, 'feat-c');
  await addProducts(c.id, 'feat-c');
  ownerC = await issueToken(c.id, { isAdmin: true, permissions: ['manage_featured_products'] });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, { token = owner as string | null, payload, slug = 'feat-a', store = '1' }: { token?: string | null; payload?: object; slug?: string; store?: string } = {}) =>
  harness.app.inject({
    method, url: `/api/${url}`,
    headers: { 'business-slug': slug, 'store-id': store, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}),
  });
const skus = (res: { json(): { data: { sku: string }[] } }) => res.json().data.map((p) => p.sku);
/** What a shopper's home page reads (GET favourite-products). */
const shopperSees = async (slug = 'feat-a', store = '1') => skus(await call('GET', 'favourite-products', { token: null, slug, store }));

describe("the owner's featured products (spec 3 /admin/featured, admin/favourite-products)", () => {
  it('starts empty, and finds products to feature by name or SKU, marked when featured', async () => {
    expect(await shopperSees()).toEqual([]);
    const list = await call('GET', 'admin/favourite-products');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ data: [], limit: FEATURED_PRODUCTS_LIMIT });
    const found = await call('POST', 'admin/favourite-products/search', { payload: { search: 'hammer' } });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([{ sku: '1002', title: 'feat-a Hammer', image_url: null, price: '19.99', promo_price: null, num_inventory: 40, featured: false, hidden: false }]);
    expect(skus(await call('POST', 'admin/favourite-products/search', { payload: { search: '1001' } }))).toContain('1001');
  });

  it('adds products last in the order, and the shopper\'s home page shows them at once', async () => {
    await shopperSees(); // the shoppers' copy is cached now
    const first = await call('POST', 'admin/favourite-products/add', { payload: { upc: '1002' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'ok', message: FEATURED_ADDED, data: [{ sku: '1002', title: 'feat-a Hammer', price: '19.99', num_inventory: 40, showing: 'shown' }] });
    expect(await shopperSees()).toEqual(['1002']);
    expect(skus(await call('POST', 'admin/favourite-products/add', { payload: { upc: '1001' } }))).toEqual(['1002', '1001']);
    expect(skus(await call('POST', 'admin/favourite-products/add', { payload: { upc: '1003' } }))).toEqual(['1002', '1001', '1003']);
    expect(await shopperSees()).toEqual(['1002', '1001', '1003']);
    expect((await call('POST', 'admin/favourite-products/search', { payload: { search: 'hammer' } })).json().data[0].featured).toBe(true);
  });

  it('shows the owner a product featured but not sold at the selected location, and shoppers there do not see it', async () => {
    const added = await call('POST', 'admin/favourite-products/add', { payload: { upc: 'RAKE-4' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data[3]).toEqual({ sku: 'RAKE-4', title: 'feat-a Leaf Rake', slug: 'feat-a-rake', image_url: '/img/4.svg', price: null, promo_price: null, num_inventory: 0, showing: 'not_sold_here', stores: [] });
    expect((await call('GET', 'admin/favourite-products', { store: '2' })).json().data[3]).toMatchObject({ sku: 'RAKE-4', price: '15.99', num_inventory: 3, showing: 'shown' });
    expect(await shopperSees('feat-a', '1')).toEqual(['1002', '1001', '1003']);
    expect(await shopperSees('feat-a', '2')).toEqual(['1002', '1001', '1003', 'RAKE-4']);
  });

  it('refuses an unknown product (404), a hidden one unless shown again (422), one featured already (409), and changes nothing', async () => {
    const unknown = await call('POST', 'admin/favourite-products/add', { payload: { upc: 'NOPE-1' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FEATURED_PRODUCT_NOT_FOUND);
    const hidden = await call('POST', 'admin/favourite-products/add', { payload: { upc: 'SAW-5' } });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json()).toMatchObject({ message: FEATURED_HIDDEN, errors: { unhide: [FEATURED_HIDDEN] } });
    const again = await call('POST', 'admin/favourite-products/add', { payload: { upc: '1002' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FEATURED_ALREADY);
    expect((await call('POST', 'admin/favourite-products/add', { payload: { upc: '' } })).statusCode).toBe(400);
    for (const bad of [{ upc: '1001', stores: [0] }, { upc: '1001', stores: [1, 1] }, { upc: '1001', unhide: 'yes' }, { upc: '1001', shelf: 2 }]) {
      expect((await call('POST', 'admin/favourite-products/add', { payload: bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(skus(await call('GET', 'admin/favourite-products'))).toEqual(['1002', '1001', '1003', 'RAKE-4']);
  });

  it('reorders the list as asked, and refuses an order that is not exactly the featured products (409)', async () => {
    const res = await call('POST', 'admin/favourite-products/reorder', { payload: { upcs: ['1003', '1002', 'RAKE-4', '1001'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(FEATURED_REORDERED);
    expect(skus(res)).toEqual(['1003', '1002', 'RAKE-4', '1001']);
    expect(await shopperSees()).toEqual(['1003', '1002', '1001']);
    for (const upcs of [['1003', '1002', '1001'], ['1003', '1002', 'RAKE-4', '1001', 'NOPE-1']]) {
      const stale = await call('POST', 'admin/favourite-products/reorder', { payload: { upcs } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(FEATURED_ORDER_STALE);
    }
    expect((await call('POST', 'admin/favourite-products/reorder', { payload: { upcs: ['1003', '1003', '1002', '1001'] } })).statusCode).toBe(400);
    expect(skus(await call('GET', 'admin/favourite-products'))).toEqual(['1003', '1002', 'RAKE-4', '1001']);
  });

  it('removes a product from the list and from the home page; one not featured is a 404', async () => {
    const res = await call('POST', 'admin/favourite-products/remove', { payload: { upc: '1002' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(FEATURED_REMOVED);
    expect(skus(res)).toEqual(['1003', 'RAKE-4', '1001']);
    expect(await shopperSees()).toEqual(['1003', '1001']);
    const gone = await call('POST', 'admin/favourite-products/remove', { payload: { upc: '1002' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(FEATURED_NOT_FEATURED);
  });

  it('shows a featured product that left the catalogue by its SKU alone, so the owner can remove it', async () => {
    await FeaturedProduct.create({ tenantId: tenantA, sku: 'GONE-9', sequence: 99 });
    expect((await call('GET', 'admin/favourite-products')).json().data.at(-1)).toEqual({
      sku: 'GONE-9', title: null, slug: null, image_url: null, price: null, promo_price: null, num_inventory: 0, showing: 'unavailable', stores: [],
    });
    expect(await shopperSees()).toEqual(['1003', '1001']);
    expect(skus(await call('POST', 'admin/favourite-products/remove', { payload: { upc: 'GONE-9' } }))).toEqual(['1003', 'RAKE-4', '1001']);
  });

  it(`refuses a ${FEATURED_PRODUCTS_LIMIT + 1}th product (422) and keeps the list`, async () => {
    const room = FEATURED_PRODUCTS_LIMIT - 3;
    await FeaturedProduct.insertMany(Array.from({ length: room }, (_, i) => ({ tenantId: tenantA, sku: `FILL-${i}`, sequence: 100 + i })));
    const full = await call('POST', 'admin/favourite-products/add', { payload: { upc: '1002' } });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ message: FEATURED_FULL, errors: { upc: [FEATURED_FULL] } });
    await FeaturedProduct.deleteMany({ tenantId: tenantA, sku: { $in: Array.from({ length: room }, (_, i) => `FILL-${i}`) } });
    expect(skus(await call('GET', 'admin/favourite-products'))).toEqual(['1003', 'RAKE-4', '1001']);
  });

  it('tells the other API processes: a change announced drops their copy of the shoppers\' list', async () => {
    expect(await shopperSees()).toEqual(['1003', '1001']);
    // Written as another process would: this process's copy stays until it is told.
    await FeaturedProduct.create({ tenantId: tenantA, sku: '1002', sequence: 200 });
    expect(await shopperSees()).toEqual(['1003', '1001']);
    await announceFeaturedChange(harness.resources, tenantA);
    await expect.poll(() => shopperSees()).toEqual(['1003', '1001', '1002']);
  });

  it('refuses staff without manage_featured_products (403) and guests (401); changes nothing', async () => {
    for (const [method, url, payload] of [
      ['GET', 'admin/favourite-products', undefined], ['GET', 'admin/favourite-products/stores', undefined], ['POST', 'admin/favourite-products/search', { search: 'drill' }],
      ['POST', 'admin/favourite-products/add', { upc: '1002' }], ['POST', 'admin/favourite-products/add', { upc: 'SAW-5', stores: [1], unhide: true }], ['POST', 'admin/favourite-products/remove', { upc: '1003' }],
      ['POST', 'admin/favourite-products/reorder', { upcs: ['1001', '1003', 'RAKE-4', '1002'] }], ['POST', 'admin/favourite-products/update', { upc: '1003', stores: [2] }],
    ] as const) {
      const refused = await call(method, url, { token: staff, payload });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(NO_PERMISSION);
      expect((await call(method, url, { token: null, payload })).statusCode, url).toBe(401);
    }
    expect(await shopperSees()).toEqual(['1003', '1001', '1002']);
  });

  it("keeps stores apart: another store's product is not found, its list is its own, and it cannot remove this store's", async () => {
    expect(skus(await call('GET', 'admin/favourite-products', { token: otherOwner, slug: 'feat-b' }))).toEqual(['1003']);
    const theirs = await call('POST', 'admin/favourite-products/add', { token: otherOwner, slug: 'feat-b', payload: { upc: 'RAKE-4' } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(FEATURED_PRODUCT_NOT_FOUND);
    expect((await call('POST', 'admin/favourite-products/remove', { token: otherOwner, slug: 'feat-b', payload: { upc: '1001' } })).statusCode).toBe(404);
    // This store's token is refused at the other store.
    expect((await call('GET', 'admin/favourite-products', { token: owner, slug: 'feat-b' })).statusCode).toBe(401);
    const found = (await call('POST', 'admin/favourite-products/search', { token: otherOwner, slug: 'feat-b', payload: { search: 'drill' } })).json().data;
    expect(found.map((p: { title: string }) => p.title)).toEqual(['feat-b Cordless Drill']);
    expect(await shopperSees('feat-b')).toEqual(['1003']);
    expect(await shopperSees()).toEqual(['1003', '1001', '1002']);
  });
});

/** Runs the queued catalogue changes as the worker does (inside inBackground), then removes them. */
async function runCatalogueChanges() {
  const handler = applyCatalogueChange(harness.resources.redis, harness.resources.queuePrefix);
  for (const job of await harness.resources.queues.catalogueChanges.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])) {
    if (job.name !== 'changed') continue;
    await inBackground('test: catalogue-changes job', () => handler(job as Job<CatalogueChangeJob>));
    await job.remove();
  }
}

describe('featuring a product at some stores only, and showing a hidden one again (add {upc, stores, unhide})', () => {
  const asC = () => ({ token: ownerC, slug: 'feat-c' }); // the token is issued in beforeAll
  const add = (payload: object) => call('POST', 'admin/favourite-products/add', { ...asC(), payload });
  const listC = async () => (await call('GET', 'admin/favourite-products', asC())).json().data as { sku: string; stores: number[]; showing: string }[];

  it("lists the store's locations to choose from, by name in the store's order", async () => {
    const res = await call('GET', 'admin/favourite-products/stores', asC());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [{ id: 1, name: 'feat-c store 1' }, { id: 2, name: 'feat-c store 2' }] });
    expect((await call('GET', 'admin/favourite-products/stores', { token: otherOwner, slug: 'feat-b' })).json().data.map((s: { name: string }) => s.name))
      .toEqual(['feat-b store 1', 'feat-b store 2']);
  });

  it('keeps the chosen stores with the product, and shoppers see it only at those stores', async () => {
    await shopperSees('feat-c', '1'); // the shoppers' copy is cached now
    const res = await add({ upc: '1002', stores: [2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', message: FEATURED_ADDED, data: [{ sku: '1002', stores: [2], showing: 'shown' }] });
    expect((await add({ upc: '1001', stores: [] })).json().data.map((f: { stores: number[] }) => f.stores)).toEqual([[2], []]);
    expect((await listC()).map((f) => [f.sku, f.stores])).toEqual([['1002', [2]], ['1001', []]]);
    expect(await shopperSees('feat-c', '1')).toEqual(['1001']);
    expect(await shopperSees('feat-c', '2')).toEqual(['1002', '1001']);
    // The order keeps each product's stores.
    expect((await call('POST', 'admin/favourite-products/reorder', { ...asC(), payload: { upcs: ['1001', '1002'] } })).json().data.map((f: { stores: number[] }) => f.stores)).toEqual([[], [2]]);
    expect(await shopperSees('feat-c', '2')).toEqual(['1001', '1002']);
  });

  it("refuses a store that is not the store's, or stores that do not sell the product (422), and changes nothing", async () => {
    const unknown = await add({ upc: '1003', stores: [1, 99] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: FEATURED_STORE_UNKNOWN, errors: { stores: [FEATURED_STORE_UNKNOWN] } });
    const unsold = await add({ upc: 'RAKE-4', stores: [1] });
    expect(unsold.statusCode).toBe(422);
    expect(unsold.json()).toMatchObject({ message: FEATURED_NOT_SOLD_AT_STORES, errors: { stores: [FEATURED_NOT_SOLD_AT_STORES] } });
    expect((await listC()).map((f) => f.sku)).toEqual(['1001', '1002']);
  });

  it('finds a hidden product by its SKU, features it only when asked to show it again, and then shoppers at its store see it', async () => {
    const found = await call('POST', 'admin/favourite-products/search', { ...asC(), payload: { search: 'SAW-5' } });
    expect(found.json().data).toEqual([{ sku: 'SAW-5', title: 'feat-c Hidden Saw', image_url: null, price: '25.99', promo_price: null, num_inventory: 3, featured: false, hidden: true }]);
    const refused = await add({ upc: 'SAW-5', stores: [1] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(FEATURED_HIDDEN);
    expect((await listC()).map((f) => f.sku)).toEqual(['1001', '1002']);

    const res = await add({ upc: 'SAW-5', stores: [1], unhide: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(FEATURED_ADDED_SHOWN);
    expect(res.json().data[2]).toMatchObject({ sku: 'SAW-5', title: 'feat-c Hidden Saw', stores: [1] });
    expect(((await Product.findOne(scoped({ tenantId: tenantC }, { _id: productDocId(tenantC, 5) })).lean()) as { hidden: boolean }).hidden).toBe(false);
    await runCatalogueChanges();
    await expect.poll(() => shopperSees('feat-c', '1')).toEqual(['1001', 'SAW-5']);
    expect(await shopperSees('feat-c', '2')).toEqual(['1001', '1002']);
    expect((await listC())[2]).toMatchObject({ sku: 'SAW-5', showing: 'shown', stores: [1] });
    expect((await call('POST', 'admin/favourite-products/search', { ...asC(), payload: { search: 'SAW-5' } })).json().data).toMatchObject([{ sku: 'SAW-5', featured: true, hidden: false }]);
  });

  it('changes the stores of a featured product in place, and shoppers at each store follow at once', async () => {
    const update = (payload: object) => call('POST', 'admin/favourite-products/update', { ...asC(), payload });
    expect(await shopperSees('feat-c', '1')).toEqual(['1001', 'SAW-5']); // the shoppers' copy is cached now
    const res = await update({ upc: '1002', stores: [1, 2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', message: FEATURED_UPDATED });
    expect(res.json().data.map((f: { sku: string; stores: number[] }) => [f.sku, f.stores])).toEqual([['1001', []], ['1002', [1, 2]], ['SAW-5', [1]]]);
    expect(await shopperSees('feat-c', '1')).toEqual(['1001', '1002', 'SAW-5']);
    expect((await update({ upc: '1001', stores: [2] })).statusCode).toBe(200);
    expect(await shopperSees('feat-c', '1')).toEqual(['1002', 'SAW-5']);
    expect(await shopperSees('feat-c', '2')).toEqual(['1001', '1002']);
    // Empty: every store again, in its place.
    expect((await update({ upc: '1001', stores: [] })).json().data[0]).toMatchObject({ sku: '1001', stores: [] });
    expect(await shopperSees('feat-c', '1')).toEqual(['1001', '1002', 'SAW-5']);
    expect((await listC()).map((f) => [f.sku, f.stores])).toEqual([['1001', []], ['1002', [1, 2]], ['SAW-5', [1]]]);
  });

  it("refuses a location not the store's, stores that do not sell it (422), a product not featured (404), a bad body (400); changes nothing", async () => {
    const update = (payload: object) => call('POST', 'admin/favourite-products/update', { ...asC(), payload });
    expect((await add({ upc: 'RAKE-4', stores: [2] })).statusCode).toBe(200);
    const before = (await listC()).map((f) => [f.sku, f.stores]);
    const unknown = await update({ upc: '1002', stores: [2, 99] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: FEATURED_STORE_UNKNOWN, errors: { stores: [FEATURED_STORE_UNKNOWN] } });
    const unsold = await update({ upc: 'RAKE-4', stores: [1] });
    expect(unsold.statusCode).toBe(422);
    expect(unsold.json()).toMatchObject({ message: FEATURED_NOT_SOLD_AT_STORES, errors: { stores: [FEATURED_NOT_SOLD_AT_STORES] } });
    const notFeatured = await update({ upc: '1003', stores: [] });
    expect(notFeatured.statusCode).toBe(404);
    expect(notFeatured.json().message).toBe(FEATURED_NOT_FEATURED);
    for (const bad of [{ upc: '1002' }, { upc: '1002', stores: [0] }, { upc: '1002', stores: [1, 1] }, { upc: '', stores: [] }, { upc: '1002', stores: [], unhide: true }]) {
      expect((await update(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await listC()).map((f) => [f.sku, f.stores])).toEqual(before);
    expect(await shopperSees('feat-c', '1')).toEqual(['1001', '1002', 'SAW-5']);
  });

  it("keeps stores apart: another store's owner cannot change this store's entries (404), and this store's token is refused there", async () => {
    const theirs = await call('POST', 'admin/favourite-products/update', { token: otherOwner, slug: 'feat-b', payload: { upc: '1002', stores: [1] } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(FEATURED_NOT_FEATURED);
    expect((await call('POST', 'admin/favourite-products/update', { token: ownerC, slug: 'feat-b', payload: { upc: '1003', stores: [2] } })).statusCode).toBe(401);
    expect((await listC()).find((f) => f.sku === '1002')?.stores).toEqual([1, 2]);
    expect(await shopperSees('feat-b', '1')).toEqual(['1003']);
  });

  it("keeps stores apart: another store cannot feature or show this store's hidden product", async () => {
    const theirs = await call('POST', 'admin/favourite-products/add', { token: otherOwner, slug: 'feat-b', payload: { upc: 'SAW-5', unhide: true } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(FEATURED_PRODUCT_NOT_FOUND);
    expect(((await Product.findOne(scoped({ tenantId: tenantA }, { _id: productDocId(tenantA, 5) })).lean()) as { hidden: boolean }).hidden).toBe(true);
    expect((await call('GET', 'admin/favourite-products/stores', { token: ownerC, slug: 'feat-b' })).statusCode).toBe(401);
    expect(await shopperSees('feat-b')).toEqual(['1003']);
  });
});
