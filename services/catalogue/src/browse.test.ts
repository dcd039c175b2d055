import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { inBackground } from '@platform/db';
import { QUEUE_NAMES } from '@platform/queue';
import { catalogueService, foldOrderPlaced, foldSearchEvent, SearchSynonyms, SearchTerm } from './index';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
const headers = (extra: Record<string, string> = {}) => ({ 'business-slug': 'browse-a', 'store-id': '1', ...extra });
const get = async (url: string, extra: Record<string, string> = {}) => harness.app.inject({ url, headers: headers(extra) });
/** Tests read counter collections by tenant: background work, as the query guard asks. */
const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);
const skus = (body: { products: { data: { sku: string }[] } }) => body.products.data.map((p) => p.sku).sort();

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'browse');
  tenantId = (await createTenant('browse-a')).id;
  await createCatalogueFixture(tenantId, 'browse-a');
});
afterAll(async () => { await harness?.close(); });

describe('brands', () => {
  it('lists visible brands with products at the location, with their counts, by name or alias', async () => {
    const body = (await get('/api/brands')).json();
    expect(body).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(body.data).toEqual([{
      brand_id: 1, brand_name: 'browse-a Brand', original_brand: 'browse-a Brand', slug: 'browse-a-brand-1', image: null,
      alias: 'House Brand', altTextLogo: 'browse-a Brand logo', matched_products: 3,
    }]);
    expect((await get('/api/brands?search=house')).json().total).toBe(1);
    expect((await get('/api/brands?search=nothing-like-it')).json()).toMatchObject({ total: 0, data: [] });
  });

  it('pages and sorts, and refuses an unknown sort or a limit above 200', async () => {
    expect((await get('/api/brands?page=2&limit=1')).json()).toMatchObject({ data: [], total: 1, current_page: 2 });
    const bad = await get('/api/brands?sort=popular&limit=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['sort', 'limit']));
  });

  it('finds one brand by id or slug-id, with its videos; hidden and unknown brands are 404', async () => {
    expect((await get('/api/brands/brand?param=browse-a-brand-1')).json().data).toMatchObject({ brand_id: 1, matched_products: 3 });
    expect((await get('/api/brands/brand?param=1')).json().data.brand_id).toBe(1);
    expect((await get('/api/brands/brand?param=browse-a-hidden-brand-3')).json()).toEqual({ status: 404, message: 'Brand not found' });
    expect((await get('/api/brands/1/videos')).json().data).toEqual([{ title: 'browse-a brand story', url: 'https://video.example/brand' }]);
  });

  it('filters products by brand', async () => {
    expect((await get('/api/products?brand_id=1')).json().products.total).toBe(3);
    expect((await get('/api/products?brands=2')).json().products.total).toBe(0);
  });
});

describe('product detail extras', () => {
  it('finds a product by sku (SKU links)', async () => {
    expect((await get('/api/products/product?param=1002&field=sku')).json().data).toMatchObject({ id: 2, sku: '1002' });
    expect((await get('/api/products/product?param=9999&field=sku')).statusCode).toBe(404);
  });

  it('answers fees, competitors and the promo label with the product', async () => {
    const drill = (await get('/api/products/product?param=1')).json().data;
    expect(drill).toMatchObject({ additional_fee: '1.50', additional_fee_details: [{ message: 'Battery recycling fee', price_impact: '1.50' }], competitors: [] });
    expect(drill.extra.promoLabel).toBe('Weekly Deal');
    const hammer = (await get('/api/products/product?param=2')).json().data;
    expect(hammer).toMatchObject({ additional_fee: null, additional_fee_details: [], competitors: [{ name: 'Big Box', price: '21.99', logo: null }] });
  });

  it('lists add-ons sold at the location (unknown ones left out) and videos', async () => {
    expect((await get('/api/products/1/addons')).json().data.map((p: { id: number }) => p.id)).toEqual([2]);
    expect((await get('/api/products/2/addons')).json().data).toEqual([]);
    expect((await get('/api/products/1/videos')).json().data).toEqual([{ title: 'browse-a drill demo', url: 'https://video.example/drill' }]);
    expect((await get('/api/products/999/videos')).statusCode).toBe(404);
    expect((await get('/api/products/abc/addons')).statusCode).toBe(400);
  });

  it('suggests similar products from the same department', async () => {
    // Product 2 sits in Tools (1) only, product 1 in Tools > Power Tools > Drills: nothing else shares Drills.
    expect((await get('/api/products/1/similar')).json().data).toEqual([]);
    expect((await get('/api/products/2/similar?limit=30')).statusCode).toBe(400);
  });
});

describe('search filters beyond keyword', () => {
  it('counts and filters attribute facets, including x-prefixed keys', async () => {
    const body = (await get('/api/products')).json();
    expect(body.other_facets).toEqual(expect.arrayContaining([{ key: 'color', label: 'Color', values: [{ value: 'Black', count: 2 }, { value: 'White', count: 1 }] }]));
    expect(skus((await get('/api/products?color=white')).json())).toEqual(['1003']);
    expect(skus((await get('/api/products?xcolor=Black')).json())).toEqual(['1001', '1002']);
    expect(skus((await get('/api/products?color=Black,White&xfinish=Matte')).json())).toEqual([]);
  });

  it('filters promotions: promo=1 and promolabel', async () => {
    expect(skus((await get('/api/products?promo=1')).json())).toEqual(['1003']);
    expect(skus((await get('/api/products?promolabel=Weekly%20Deal')).json())).toEqual(['1001']);
    expect((await get('/api/products?promo=2')).statusCode).toBe(400);
  });

  it('avail_35 keeps products in stock at a store within 35 miles', async () => {
    // Store 2 is ~41 miles from store 1: from store 2 only its own stock counts.
    expect(skus((await get('/api/products?avail_35=1', { 'store-id': '2' })).json())).toEqual(['1002']);
    expect(skus((await get('/api/products?avail_35=1')).json())).toEqual(['1001', '1002']);
  });

  it('names relevant departments for the tiles: the deepest level with matches', async () => {
    expect((await get('/api/products?search=drill')).json().top_departments).toEqual([{ dept_id: 3, name: 'Drills', slug: 'drills-3', image_url: null, count: 1 }]);
  });
});

describe('search tracking and popular terms', () => {
  it('queues searches (not empty ones, not admins), folds them, and offers popular terms', async () => {
    const worker = new Worker(QUEUE_NAMES.searchEvents, foldSearchEvent(harness.resources.redis, harness.resources.queuePrefix), { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
    try {
      for (const search of ['Cordless Drill', 'cordless  drill', 'cordless saw', '   ']) {
        expect((await harness.app.inject({ method: 'POST', url: '/api/track-search', headers: headers(), payload: { search, device_id: 'AbCdE12345' } })).statusCode).toBe(202);
      }
      const admin = await issueToken(tenantId, { isAdmin: true });
      await harness.app.inject({ method: 'POST', url: '/api/track-search', headers: headers({ authorization: `Bearer ${admin}` }), payload: { search: 'admin only term' } });
      const click = await harness.app.inject({ method: 'POST', url: '/api/search/click', headers: headers(), payload: { search: 'cordless drill', id: 1, index: 0 } });
      expect(click.statusCode).toBe(202);
      await expect.poll(async () => (await inDb(() => SearchTerm.find({ tenantId }).sort({ term: 1 }).lean()) as { term: string; searches: number; clicks: number }[])
        .map((t) => [t.term, t.searches, t.clicks]), { timeout: 10000 }).toEqual([['cordless drill', 2, 1], ['cordless saw', 1, 0]]);
    } finally {
      await worker.close();
    }
    const terms = (await get('/api/get-search-term-suggestions?search=cord')).json().data;
    // The term list is cached a minute per process; a fresh tenant reads it at its first call.
    expect(terms).toEqual([{ term: 'cordless drill', searches: 2 }, { term: 'cordless saw', searches: 1 }]);
    expect((await get('/api/get-suggestions?search=cordl')).json().search_terms).toEqual(['cordless drill', 'cordless saw']);
    expect((await get('/api/get-search-term-suggestions?search=co')).json().data).toEqual([]);
  });

  it('rejects a click without a product id', async () => {
    const res = await harness.app.inject({ method: 'POST', url: '/api/search/click', headers: headers(), payload: { search: 'drill', index: 0 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });
});

describe('search synonyms (admin)', () => {
  it('only admins read or change them; bad groups are refused and change nothing', async () => {
    expect((await get('/api/admin/search-synonyms')).statusCode).toBe(401);
    const shopper = await issueToken(tenantId, { isAdmin: false });
    expect((await get('/api/admin/search-synonyms', { authorization: `Bearer ${shopper}` })).statusCode).toBe(403);
    const admin = await issueToken(tenantId, { isAdmin: true });
    const bad = await harness.app.inject({ method: 'PUT', url: '/api/admin/search-synonyms', headers: headers({ authorization: `Bearer ${admin}` }), payload: { groups: [['alone']] } });
    expect(bad.statusCode).toBe(400);
    expect(await SearchSynonyms.countDocuments({ tenantId })).toBe(0);
  });

  it('saved synonyms reach search within 2 seconds', async () => {
    const admin = await issueToken(tenantId, { isAdmin: true });
    expect((await get('/api/products?search=auger')).json().products.total).toBe(0);
    const saved = await harness.app.inject({ method: 'PUT', url: '/api/admin/search-synonyms', headers: headers({ authorization: `Bearer ${admin}` }), payload: { groups: [['Drill', 'Auger', 'auger']] } });
    expect(saved.json()).toEqual({ status: 'success', message: 'Search synonyms saved.', data: { groups: [['drill', 'auger']] } });
    await expect.poll(async () => skus((await get('/api/products?search=auger')).json()), { timeout: 2000, interval: 100 }).toEqual(['1001']);
    expect((await get('/api/admin/search-synonyms', { authorization: `Bearer ${admin}` })).json().data.groups).toEqual([['drill', 'auger']]);
  });
});

describe('sales: top selling and customers also purchased', () => {
  it('folds placed orders through the queue into best sellers by window and bought-together pairs', async () => {
    const worker = new Worker(QUEUE_NAMES.ordersPlaced, foldOrderPlaced(harness.resources.redis, harness.resources.queuePrefix), { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000).toISOString();
    try {
      await harness.resources.queues.ordersPlaced.addBulk([
        { name: 'placed', data: { tenantId, orderNumber: 'A1', placedAt: daysAgo(1), items: [{ sku: '1001', quantity: 1 }, { sku: '1002', quantity: 2 }] } },
        { name: 'placed', data: { tenantId, orderNumber: 'A2', placedAt: daysAgo(2), items: [{ sku: '1002', quantity: 1 }, { sku: '1003', quantity: 1 }, { sku: '1002', quantity: 1 }] } },
        { name: 'placed', data: { tenantId, orderNumber: 'A3', placedAt: daysAgo(40), items: [{ sku: '1001', quantity: 9 }] } },
      ]);
      await expect.poll(() => harness.resources.queues.ordersPlaced.getCompletedCount(), { timeout: 10000 }).toBe(3);
    } finally {
      await worker.close();
    }
    const week = (await get('/api/top-selling/7/10')).json().data;
    expect(week.map((p: { sku: string; sold: number }) => [p.sku, p.sold])).toEqual([['1002', 4], ['1001', 1], ['1003', 1]]);
    const quarter = (await get('/api/top-selling/90/1')).json().data;
    expect(quarter.map((p: { sku: string; sold: number }) => [p.sku, p.sold])).toEqual([['1001', 10]]);
    // Product 2 (1002) was bought with 1001 once and with 1003 once; 1001 only ever with 1002.
    expect((await get('/api/products/2/also-purchased')).json().data.map((p: { sku: string }) => p.sku)).toEqual(['1001', '1003']);
    expect((await get('/api/products/1/also-purchased')).json().data.map((p: { sku: string }) => p.sku)).toEqual(['1002']);
    expect((await get('/api/top-selling/0/10')).statusCode).toBe(400);
    expect((await get('/api/top-selling/7/500')).statusCode).toBe(400);
  });
});
