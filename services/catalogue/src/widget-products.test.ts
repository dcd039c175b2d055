import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { catalogueService, FeaturedProduct } from './index';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const call = (method: 'GET' | 'POST', url: string, { store = '1', slug = 'rows-a', payload }: { store?: string; slug?: string; payload?: object } = {}) =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': store }, ...(payload ? { payload } : {}) });
const skus = (res: { json(): { data: { sku: string }[] } }) => res.json().data.map((p) => p.sku);

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'widget-rows');
  const a = (await createTenant('rows-a')).id;
  await createCatalogueFixture(a, 'rows-a');
  await FeaturedProduct.insertMany([{ tenantId: a, sku: '1002', sequence: 2 }, { tenantId: a, sku: '1001', sequence: 1 }, { tenantId: a, sku: '404', sequence: 0 }]);
  const b = (await createTenant('rows-b')).id;
  await createCatalogueFixture(b, 'rows-b');
  await FeaturedProduct.create({ tenantId: b, sku: '1003', sequence: 1 });
});
afterAll(async () => { await harness?.close(); });

describe('home page product rows', () => {
  it('gives chosen SKUs in their order, priced for the location, leaving out unknown ones', async () => {
    const res = await call('POST', 'widget/getProducts', { payload: { skus: ['1003', '9999', '1001'] } });
    expect(skus(res)).toEqual(['1003', '1001']);
    expect(res.json().data[1]).toMatchObject({ price: '129.99', location: 1 });
    expect((await call('POST', 'widget/getProducts', { store: '2', payload: { skus: ['1001'] } })).json().data[0]).toMatchObject({ price: '134.99', location: 2 });
    expect(skus(await call('POST', 'widget/getProducts', { payload: { skus: ['1003', '1001'], limit: 1 } }))).toEqual(['1003']);
  });

  it("gives a department's or brand's newest products in stock at the location, else the out-of-stock ones", async () => {
    expect(skus(await call('POST', 'widget/getProducts', { payload: { dept_id: 1 } }))).toEqual(['1002', '1001']);
    expect(skus(await call('POST', 'widget/getProducts', { store: '2', payload: { dept_id: 1 } }))).toEqual(['1002']);
    expect(skus(await call('POST', 'widget/getProducts', { payload: { dept_id: 4 } }))).toEqual(['1003']);
    expect(skus(await call('POST', 'widget/getProducts', { payload: { brand_id: 1, limit: 2 } }))).toEqual(['1002', '1001']);
  });

  it('refuses a row with nothing chosen, and bad limits', async () => {
    const empty = await call('POST', 'widget/getProducts', { payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose products, a department or a brand.');
    expect((await call('POST', 'widget/getProducts', { payload: { dept_id: 1, limit: 500 } })).statusCode).toBe(400);
    expect((await call('POST', 'widget/getProducts', { payload: { skus: [{ $gt: '' }] } })).statusCode).toBe(400);
  });

  it("lists the store's featured products in its order, never another store's", async () => {
    expect(skus(await call('GET', 'favourite-products'))).toEqual(['1001', '1002']);
    expect(skus(await call('GET', 'favourite-products', { slug: 'rows-b' }))).toEqual(['1003']);
  });
});
