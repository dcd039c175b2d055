import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEATURED_ADDED, FEATURED_ALREADY, FEATURED_FULL, FEATURED_NOT_FEATURED, FEATURED_ORDER_STALE, FEATURED_PRODUCT_NOT_FOUND, FEATURED_PRODUCTS_LIMIT,
  FEATURED_REMOVED, FEATURED_REORDERED, NO_PERMISSION,
} from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { announceFeaturedChange } from './search/changes';
import { catalogueService, FeaturedProduct, Product, productDocId, StoreProduct, storeProductDocId } from './index';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantA = '';
let owner = '';
let staff = '';
let otherOwner = '';

/** Two more products at store A: a rake sold only at location 2, and a hidden saw. */
async function addProducts(tenantId: string) {
  await Product.insertMany([
    { _id: productDocId(tenantId, 4), tenantId, productId: 4, sku: 'RAKE-4', slug: 'feat-a-rake', title: 'feat-a Leaf Rake', originalTitle: 'feat-a Leaf Rake', imageUrl: '/img/4.svg' },
    { _id: productDocId(tenantId, 5), tenantId, productId: 5, sku: 'SAW-5', slug: 'feat-a-saw', title: 'feat-a Hidden Saw', originalTitle: 'feat-a Hidden Saw', hidden: true },
  ]);
  await StoreProduct.insertMany([
    { _id: storeProductDocId(tenantId, 42), tenantId, storeProductId: 42, locationId: 2, productId: 4, sku: 'RAKE-4', title: 'feat-a Leaf Rake', priceCents: 1599, inventory: 3 },
    { _id: storeProductDocId(tenantId, 51), tenantId, storeProductId: 51, locationId: 1, productId: 5, sku: 'SAW-5', title: 'feat-a Hidden Saw', priceCents: 2599, inventory: 3 },
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
    expect(found.json().data).toEqual([{ sku: '1002', title: 'feat-a Hammer', image_url: null, price: '19.99', promo_price: null, num_inventory: 40, featured: false }]);
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
    expect(added.json().data[3]).toEqual({ sku: 'RAKE-4', title: 'feat-a Leaf Rake', slug: 'feat-a-rake', image_url: '/img/4.svg', price: null, promo_price: null, num_inventory: 0, showing: 'not_sold_here' });
    expect((await call('GET', 'admin/favourite-products', { store: '2' })).json().data[3]).toMatchObject({ sku: 'RAKE-4', price: '15.99', num_inventory: 3, showing: 'shown' });
    expect(await shopperSees('feat-a', '1')).toEqual(['1002', '1001', '1003']);
    expect(await shopperSees('feat-a', '2')).toEqual(['1002', '1001', '1003', 'RAKE-4']);
  });

  it('refuses an unknown or hidden product (404), one featured already (409), and changes nothing', async () => {
    for (const upc of ['NOPE-1', 'SAW-5']) {
      const res = await call('POST', 'admin/favourite-products/add', { payload: { upc } });
      expect(res.statusCode, upc).toBe(404);
      expect(res.json().message).toBe(FEATURED_PRODUCT_NOT_FOUND);
    }
    const again = await call('POST', 'admin/favourite-products/add', { payload: { upc: '1002' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FEATURED_ALREADY);
    expect((await call('POST', 'admin/favourite-products/add', { payload: { upc: '' } })).statusCode).toBe(400);
    expect((await call('POST', 'admin/favourite-products/add', { payload: { upc: '1001', stores: [1] } })).statusCode).toBe(400);
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
      sku: 'GONE-9', title: null, slug: null, image_url: null, price: null, promo_price: null, num_inventory: 0, showing: 'unavailable',
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
      ['GET', 'admin/favourite-products', undefined], ['POST', 'admin/favourite-products/search', { search: 'drill' }],
      ['POST', 'admin/favourite-products/add', { upc: '1002' }], ['POST', 'admin/favourite-products/remove', { upc: '1003' }],
      ['POST', 'admin/favourite-products/reorder', { upcs: ['1001', '1003', 'RAKE-4', '1002'] }],
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
