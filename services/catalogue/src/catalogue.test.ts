import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { QUEUE_NAMES } from '@platform/queue';
import { catalogueService, foldProductView } from './index';
import { createCatalogueFixture } from './testing';
import { ProductStat, productStatDocId } from './models';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenant: { id: string; slug: string };
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'cat-a', ...extra });

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'catalogue');
  tenant = await createTenant('cat-a');
  await createCatalogueFixture(tenant.id, 'cat-a');
});
afterAll(async () => { await harness?.close(); });

describe('departments', () => {
  it('lists the top level without hidden departments, and children by dept_id', async () => {
    const top = await harness.app.inject({ url: '/api/departments', headers: headers() });
    expect(top.statusCode).toBe(200);
    expect(top.json().data.map((d: { dept_name: string }) => d.dept_name)).toEqual(['Tools', 'Paint']);
    expect(top.json().data[0]).toMatchObject({ dept_id: 1, slug: 'tools-1', parent: null });
    const children = await harness.app.inject({ url: '/api/departments?dept_id=1', headers: headers() });
    expect(children.json().data.map((d: { name: string }) => d.name)).toEqual(['Power Tools']);
  });

  it('builds the tree down to the requested depth', async () => {
    const deep = (await harness.app.inject({ url: '/api/full-departments?depth=3', headers: headers() })).json().data;
    expect(deep[0].children[0].children[0].name).toBe('Drills');
    const shallow = (await harness.app.inject({ url: '/api/full-departments?depth=1', headers: headers() })).json().data;
    expect(shallow[0].children).toEqual([]);
  });

  it('refuses a depth above 3 with the field named', async () => {
    const res = await harness.app.inject({ url: '/api/full-departments?depth=4', headers: headers() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { depth: [expect.stringContaining('depth')] } });
  });
});

describe('products', () => {
  it('lists a department with its sub-departments, priced for the selected location', async () => {
    const atOne = (await harness.app.inject({ url: '/api/products?dept_id=1&sort=price-asc', headers: headers({ 'store-id': '1' }) })).json();
    expect(atOne.products.total).toBe(2);
    expect(atOne.products.data.map((p: { sku: string; price: string }) => [p.sku, p.price])).toEqual([['1002', '19.99'], ['1001', '129.99']]);
    const atTwo = (await harness.app.inject({ url: '/api/products?dept_id=3', headers: headers({ 'store-id': '2' }) })).json();
    expect(atTwo.products.data[0]).toMatchObject({ sku: '1001', price: '134.99', num_inventory: 0, location: 2 });
  });

  it('falls back to the first location when Store-Id is missing or unknown', async () => {
    const res = (await harness.app.inject({ url: '/api/products?dept_id=3', headers: headers({ 'store-id': '99' }) })).json();
    expect(res.products.data[0].location).toBe(1);
  });

  it('drops the in-stock filter and says so when nothing is in stock', async () => {
    const res = (await harness.app.inject({ url: '/api/products?dept_id=4&in_stock_only=1', headers: headers() })).json();
    expect(res.removed_instock_only).toBe(true);
    expect(res.products.data[0]).toMatchObject({ sku: '1003', promo_price: '29.99', price: '34.50' });
    const inStock = (await harness.app.inject({ url: '/api/products?dept_id=1&in_stock_only=1', headers: headers() })).json();
    expect(inStock.removed_instock_only).toBe(false);
    expect(inStock.products.total).toBe(2);
  });

  it('pages results', async () => {
    const res = (await harness.app.inject({ url: '/api/products?limit=2&page=2&sort=title-asc', headers: headers() })).json();
    expect(res.products).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(res.products.data).toHaveLength(1);
  });

  it('rejects a bad sort and a zero limit with the fields named', async () => {
    const res = await harness.app.inject({ url: '/api/products?sort=cheapest&limit=0', headers: headers() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['limit', 'sort']);
  });

  it('opens a product by slug and by id, with other locations\' stock', async () => {
    const bySlug = await harness.app.inject({ url: '/api/products/product?param=cat-a-product-1&field=slug', headers: headers({ 'store-id': '2' }) });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().data).toMatchObject({ sku: '1001', price: '134.99', locations_inventory: expect.arrayContaining([{ location_id: 1, num_inventory: 5 }]) });
    const byId = await harness.app.inject({ url: '/api/products/product?param=2', headers: headers() });
    expect(byId.json().data).toMatchObject({ sku: '1002', image_url: null });
  });

  it('answers 404 Product not found for an unknown slug', async () => {
    const res = await harness.app.inject({ url: '/api/products/product?param=nope&field=slug', headers: headers() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Product not found' });
  });
});

describe('view tracking through the queue', () => {
  it('queues views, the worker folds them, popular-products ranks them', async () => {
    const worker = new Worker(QUEUE_NAMES.productViews, foldProductView(harness.resources.redis, harness.resources.queuePrefix), { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
    try {
      for (const sku of ['1002', '1002', '1001']) {
        const res = await harness.app.inject({ method: 'POST', url: '/api/products/track', headers: headers(), payload: { sku, device_id: 'AbCdE12345' } });
        expect(res.statusCode).toBe(202);
      }
      await expect.poll(async () => (await ProductStat.findOne({ tenantId: tenant.id, _id: productStatDocId(tenant.id, '1002') }).lean() as { views?: number } | null)?.views, { timeout: 10000 }).toBe(2);
      await expect.poll(async () => (await ProductStat.findOne({ tenantId: tenant.id, _id: productStatDocId(tenant.id, '1001') }).lean() as { views?: number } | null)?.views, { timeout: 10000 }).toBe(1);
      const popular = (await harness.app.inject({ url: '/api/popular-products', headers: headers() })).json().data;
      expect(popular.map((p: { sku: string; views: number }) => [p.sku, p.views])).toEqual([['1002', 2], ['1001', 1]]);
      // The device's recently viewed list: newest first, each product once.
      const recent = async () => (await harness.app.inject({ method: 'POST', url: '/api/products/get-recent', headers: headers(), payload: { device_id: 'AbCdE12345' } })).json().data;
      await expect.poll(async () => (await recent()).map((p: { sku: string }) => p.sku), { timeout: 10000 }).toEqual(['1001', '1002']);
      const other = await harness.app.inject({ method: 'POST', url: '/api/products/get-recent', headers: headers(), payload: { device_id: 'ZzZzZ00000' } });
      expect(other.json().data).toEqual([]);
    } finally {
      await worker.close();
    }
  });

  it('counts exactly when two worker processes fold views at once, and loads the counts back if Redis lost them', async () => {
    const { redis, queuePrefix: prefix, queues } = harness.resources;
    // Two workers as two processes would run them: each its own connections, five jobs at a time each.
    const connections = [redis.duplicate(), redis.duplicate(), redis.duplicate(), redis.duplicate()];
    const workers = [0, 1].map((i) => new Worker(QUEUE_NAMES.productViews, foldProductView(connections[i * 2], prefix), { connection: connections[i * 2 + 1], prefix, concurrency: 5 }));
    const views = async () => (await ProductStat.findOne({ tenantId: tenant.id, _id: productStatDocId(tenant.id, '1003') }).lean() as { views?: number } | null)?.views;
    try {
      await queues.productViews.addBulk(Array.from({ length: 200 }, () => ({ name: 'view', data: { tenantId: tenant.id, sku: '1003', deviceId: null, viewedAt: new Date().toISOString() } })));
      await expect.poll(async () => (await queues.productViews.getJobCounts('wait', 'active', 'delayed')), { timeout: 20000, interval: 100 }).toEqual({ wait: 0, active: 0, delayed: 0 });
      await expect.poll(views, { timeout: 10000 }).toBe(200);
      expect(await queues.productViews.getFailedCount()).toBe(0);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
      for (const c of connections) c.disconnect();
    }
    const popular = async () => (await harness.app.inject({ url: '/api/popular-products', headers: headers() })).json().data.map((p: { sku: string; views: number }) => [p.sku, p.views]);
    expect(await popular()).toEqual([['1003', 200], ['1002', 2], ['1001', 1]]);
    // Redis lost the counts: the next read loads them from the database (in the background), the ranking is the same.
    for (const key of await redis.keys(`${prefix}:*views:*${tenant.id}*`)) await redis.del(key);
    expect(await popular()).toEqual([['1003', 200], ['1002', 2], ['1001', 1]]);
  });

  it('does not queue views by admins', async () => {
    const before = await harness.resources.queues.productViews.count();
    const token = await issueToken(tenant.id, { isAdmin: true });
    const res = await harness.app.inject({ method: 'POST', url: '/api/products/track', headers: headers({ authorization: `Bearer ${token}` }), payload: { sku: '1003' } });
    expect(res.statusCode).toBe(202);
    expect(await harness.resources.queues.productViews.count()).toBe(before);
  });

  it('rejects a track call without a sku and queues nothing', async () => {
    const before = await harness.resources.queues.productViews.count();
    const res = await harness.app.inject({ method: 'POST', url: '/api/products/track', headers: headers(), payload: { device_id: 'AbCdE12345' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('sku');
    expect(await harness.resources.queues.productViews.count()).toBe(before);
  });
});
