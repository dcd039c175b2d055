import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { catalogueService } from '../index';
import { createCatalogueFixture } from '../testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const get = (url: string, slug = 'paint-a') => harness.app.inject({ method: 'GET', url: `/api/${url}`, headers: { 'business-slug': slug, 'store-id': '1' } });

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'paints');
  await createCatalogueFixture((await createTenant('paint-a', { variant: 'paint-brand' })).id, 'paint-a');
  await createCatalogueFixture((await createTenant('hardware-a', { variant: 'hardware-cooperative' })).id, 'hardware-a');
});
afterAll(async () => { await harness?.close(); });

describe('paint colours', () => {
  it('lists the twelve families with their swatch and how many colours each holds', async () => {
    const families = (await get('paints/families')).json().data;
    expect(families.map((f: { code: string }) => f.code)).toEqual(['YEL', 'ORA', 'RED', 'PUR', 'BLU', 'GRE', 'BRO', 'NEU', 'WHI', 'GRA', 'BLA', 'PIN']);
    expect(families[4]).toMatchObject({ name: 'Blue', slug: 'blue', hex: '#2F80ED', count: 10 });
  });

  it("gives a family's colours lightest first, by code or by name, paged", async () => {
    const blue = (await get('paints/colors?family=blue')).json();
    expect(blue.total).toBe(10);
    expect(blue.data[0]).toMatchObject({ code: 'HC-BLU-101', name: 'Harbor Mist', family: 'BLU' });
    const lrv = blue.data.map((c: { lrv: number }) => c.lrv);
    expect(lrv).toEqual([...lrv].sort((a, b) => b - a));
    expect((await get('paints/colors?family=BLU&limit=4&page=3')).json()).toMatchObject({ total: 10, current_page: 3, last_page: 3, data: [{ code: 'HC-BLU-109' }, { code: 'HC-BLU-110' }] });
  });

  it('gives the colours of a collection, and finds colours by name or code', async () => {
    const collections = (await get('paints/collections')).json().data;
    expect(collections.map((c: { slug: string }) => c.slug)).toEqual(['coastal-calm', 'heritage-hues', 'modern-neutrals', 'bold-accents']);
    const coastal = collections[0];
    const members = (await get('paints/colors?collection=coastal-calm&limit=120')).json();
    expect(members.total).toBe(coastal.count);
    expect(members.data.every((c: { collection: string; family: string }) => c.collection === 'coastal-calm' && ['BLU', 'GRE'].includes(c.family))).toBe(true);
    expect((await get('paints/colors?search=harbor')).json().data.map((c: { name: string }) => c.name)).toEqual(['Harbor Mist', 'Harbor Gray']);
    expect((await get('paints/colors?search=hc-red-105')).json().data).toMatchObject([{ name: 'Fire Engine' }]);
  });

  it('says so for an unknown family or collection, and refuses bad paging', async () => {
    const family = await get('paints/colors?family=teal');
    expect(family.statusCode).toBe(404);
    expect(family.json().message).toBe('This colour family was not found.');
    expect((await get('paints/colors?collection=nope')).json().message).toBe('This colour collection was not found.');
    expect((await get('paints/colors?limit=500')).statusCode).toBe(400);
  });

  it('exists only for paint stores', async () => {
    for (const url of ['paints/families', 'paints/collections', 'paints/colors', 'paints/products']) {
      const res = await get(url, 'hardware-a');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This store does not offer paint colours.');
    }
  });
});

describe('paint products', () => {
  it("lists the store's categories and one category's products at the location", async () => {
    const all = (await get('paints/products')).json().data;
    expect(all.categories).toEqual([{ dept_id: 1, name: 'Tools', slug: 'tools-1' }, { dept_id: 4, name: 'Paint', slug: 'paint-4' }]);
    expect(all.category).toBeNull();
    expect(all.products.total).toBeGreaterThan(1);
    for (const slug of ['paint-4', 'paint']) {
      const paint = (await get(`paints/products?category=${slug}`)).json().data;
      expect(paint.category).toEqual({ dept_id: 4, name: 'Paint', slug: 'paint-4' });
      expect(paint.products.data.map((p: { sku: string }) => p.sku)).toEqual(['1003']);
    }
  });

  it('says so for an unknown or hidden category', async () => {
    for (const slug of ['ladders', 'secret-5']) {
      const res = await get(`paints/products?category=${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This paint category was not found.');
    }
  });
});
