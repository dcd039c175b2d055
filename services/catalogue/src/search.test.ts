import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { QUEUE_NAMES } from '@platform/queue';
import { announceCatalogueChange, applyCatalogueChange, catalogueService, Product, productDocId, rebuildSearchRows, StoreProduct, storeProductDocId } from './index';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
const headers = { 'business-slug': 'search-a', 'store-id': '1' };
const search = async (query: string) => harness.app.inject({ url: `/api/products?${query}`, headers });
const skus = (body: { products: { data: { sku: string }[] } }) => body.products.data.map((p) => p.sku);

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'search');
  const tenant = await createTenant('search-a');
  tenantId = tenant.id;
  await createCatalogueFixture(tenant.id, 'search-a');
});
afterAll(async () => { await harness?.close(); });

describe('keyword search', () => {
  it('finds whole words, stems plurals and forgives one typo', async () => {
    expect(skus((await search('search=drill')).json())).toEqual(['1001']);
    expect(skus((await search('search=drills')).json())).toEqual(['1001']);
    expect(skus((await search('search=cordles%20drill')).json())).toEqual(['1001']);
    expect(skus((await search('keyword=hammer')).json())).toEqual(['1002']);
  });

  it('treats the last word as a prefix (type-ahead)', async () => {
    expect(skus((await search('search=ham')).json())).toEqual(['1002']);
  });

  it('matches every word (AND), so extra words narrow the result', async () => {
    expect((await search('search=paint%20hammer')).json().products.total).toBe(0);
  });

  it('searches by sku and model number', async () => {
    expect(skus((await search('search=1003')).json())).toEqual(['1003']);
    expect(skus((await search('search=M2')).json())).toEqual(['1002']);
  });
});

describe('filters, facets and sort', () => {
  it('returns department, brand and price band facets for the result', async () => {
    const body = (await search('search=search')).json();
    expect(body.products.total).toBe(3);
    expect(body.departments).toEqual(expect.arrayContaining([{ dept_id: 1, name: 'Tools', count: 2 }, { dept_id: 4, name: 'Paint', count: 1 }]));
    expect(body.brands).toEqual([{ brand_id: 1, brand_name: 'search-a Brand', count: 3 }]);
    expect(body.price_ranges).toEqual([
      { key: '0-50', label: '$0 - $50', count: 2 },
      { key: '50-150', label: '$50 - $150', count: 1 },
    ]);
  });

  it('filters by price (dollars, promo price counts) and excludes departments', async () => {
    expect(skus((await search('start_price=25&end_price=200&sort=price-asc')).json())).toEqual(['1003', '1001']);
    expect(skus((await search('end_price=25')).json())).toEqual(['1002']);
    expect(skus((await search('exdept=4&sort=title-asc')).json())).toEqual(['1001', '1002']);
    expect(skus((await search('dept_id=2')).json())).toEqual(['1001']);
    // A sub-department excluded takes its products out of its parent's list (exsubdept alike), and limit pages them.
    expect(skus((await search('dept_id=1&exdept=2')).json())).toEqual(['1002']);
    expect(skus((await search('exsubdept=3&exdept=4')).json())).toEqual(['1002']);
    const paged = (await search('sort=title-asc&limit=1&page=2')).json();
    expect([skus(paged), paged.products.last_page]).toEqual([['1002'], 3]);
  });

  it('sorts by price both ways and by newest', async () => {
    expect(skus((await search('sort=price-desc')).json())).toEqual(['1001', '1003', '1002']);
    expect(skus((await search('sort=latest')).json())).toEqual(['1003', '1002', '1001']);
  });
});

describe('suggestions', () => {
  it('suggests products, departments and brands for 3+ characters', async () => {
    const body = (await harness.app.inject({ url: '/api/get-suggestions?search=pai', headers })).json();
    expect(body.products.map((p: { sku: string }) => p.sku)).toEqual(['1003']);
    expect(body.departments).toEqual([{ dept_id: 4, name: 'Paint' }]);
    const short = (await harness.app.inject({ url: '/api/get-suggestions?search=pa', headers })).json();
    expect(short).toEqual({ search_terms: [], products: [], departments: [], brands: [] });
  });
});

describe('bad input', () => {
  it.each([
    ['sort=cheapest', 'sort'],
    ['page=-1', 'page'],
    ['page=two', 'page'],
    ['limit=201', 'limit'],
    ['start_price=-5', 'start_price'],
    ['end_price=abc', 'end_price'],
    ['brands=1;drop', 'brands'],
    [`search=${'a'.repeat(10000)}`, 'search'],
    ['dept_id[$gt]=0', 'dept_id[$gt]'],
    ['$where=1', '$where'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([field]);
  });
});

describe('freshness', () => {
  it('a price, stock and title change reaches search within 2 seconds through the queue', async () => {
    expect((await search('search=hammer')).json().products.data[0]).toMatchObject({ price: '19.99', num_inventory: 40 });
    const publisher = harness.resources.redis.duplicate();
    const worker = new Worker(QUEUE_NAMES.catalogueChanges, applyCatalogueChange(publisher, harness.resources.queuePrefix), {
      connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix,
    });
    try {
      await StoreProduct.updateOne({ tenantId, _id: storeProductDocId(tenantId, 21) }, { $set: { priceCents: 1750, inventory: 3 } });
      await Product.updateOne({ tenantId, _id: productDocId(tenantId, 2) }, { $set: { title: 'search-a Claw Hammer' } });
      const changedAt = Date.now();
      await announceCatalogueChange(harness.resources, tenantId, [2]);
      await expect.poll(async () => (await search('search=claw')).json().products.data[0], { timeout: 2000, interval: 50 })
        .toMatchObject({ sku: '1002', price: '17.50', num_inventory: 3 });
      expect(Date.now() - changedAt).toBeLessThan(2000);
    } finally {
      await worker.close();
      publisher.disconnect();
    }
  });

  it('re-reads changed products by _id: store products by the ids their row names, a scan only for a product whose row misses a location', async () => {
    const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
    // Not background work, with the query guard on: any query on products or store products not by _id would throw.
    const changed = await rebuildSearchRows(store, tenantId, [2, 3]);
    expect(changed.offers.map((o) => o.storeProductId).sort()).toEqual([21, 22, 31, 32]);
    // Created without an _id: the schema keys it (productDocId / storeProductDocId).
    await Product.create({ tenantId, productId: 7, sku: '1007', slug: 'search-a-product-7', title: 'search-a Tape Measure', originalTitle: 'search-a Tape Measure' });
    await StoreProduct.create({ tenantId, storeProductId: 71, locationId: 1, productId: 7, sku: '1007', title: 'search-a Tape Measure', priceCents: 999, inventory: 4 });
    expect(await Product.exists({ tenantId, _id: productDocId(tenantId, 7) })).toBeTruthy();
    const added = await rebuildSearchRows(store, tenantId, [7]);
    expect([added.documents.map((d) => d.productId), added.offers.map((o) => o.storeProductId)]).toEqual([[7], [71]]);
    await StoreProduct.create({ tenantId, storeProductId: 72, locationId: 2, productId: 7, sku: '1007', title: 'search-a Tape Measure', priceCents: 1099, inventory: 1 });
    expect((await rebuildSearchRows(store, tenantId, [7])).offers.map((o) => o.storeProductId).sort()).toEqual([71, 72]);
    await StoreProduct.deleteOne({ tenantId, _id: storeProductDocId(tenantId, 72) });
    await Product.deleteOne({ tenantId, _id: productDocId(tenantId, 7) });
    const gone = await rebuildSearchRows(store, tenantId, [7]);
    expect([gone.documents, gone.offers.map((o) => o.storeProductId)]).toEqual([[], []]);
    expect(await harness.resources.redis.hget(`${store.prefix}:search-rows:${tenantId}`, '7')).toBeNull();
    await StoreProduct.deleteOne({ tenantId, _id: storeProductDocId(tenantId, 71) });
  });
});
