import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'settings');
  const styled = await createTenant('styled', { domains: ['shop.styled.test'] });
  await StoreProfile.create({
    tenantId: styled.id,
    settings: { colors: { primary: '#123456' }, font: 'Georgia', hideBrandFilter: true, filterShowOutOfStock: true, products: { defaultSort: 'latest' } },
    business: { delivery_enabled: true },
    navigation: [
      { id: 2, name: 'Brands', target: '/brands', order: 2 },
      { id: 1, name: 'Home', target: '/', order: 1 },
    ],
  });
  await Location.create({ tenantId: styled.id, locationId: 7, name: 'Styled Downtown', address: '1 Main', hours: { mon: { open: '08:00', close: '17:00', closed: false } } });
  await createTenant('plain');
});
afterAll(async () => { await harness?.close(); });

describe('start-up settings', () => {
  it('deep-merges stored settings over the defaults', async () => {
    const res = await harness.app.inject({ url: '/api/settings?r=0.123', headers: { 'business-slug': 'styled' } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ businessSlug: 'styled', font: 'Georgia', products: { itemsPerPage: 96, currencyPrefix: '$', lowStockThreshold: 5 } });
    expect(data.colors.primary).toBe('#123456');
    expect(data.colors.secondary).toBe('#f4b400');
    // Listing pages' defaults (spec 1 §9): the store's sort and its out-of-stock filter setting.
    expect(data).toMatchObject({ filterShowOutOfStock: true, products: { defaultSort: 'latest', itemsPerPage: 96 } });
  });

  it('gives a tenant with nothing stored the defaults', async () => {
    const data = (await harness.app.inject({ url: '/api/settings', headers: { 'business-slug': 'plain' } })).json().data;
    expect(data).toMatchObject({ businessSlug: 'plain', navigationFontSize: 15, hideRegistration: false, filterShowOutOfStock: false, products: { defaultSort: 'relevancy' } });
    const nav = (await harness.app.inject({ url: '/api/custom-navigation', headers: { 'business-slug': 'plain' } })).json();
    expect(nav.data).toEqual([]);
  });

  it('says whether the brand filter shows (hideBrandFilter)', async () => {
    expect((await harness.app.inject({ url: '/api/brands/get-filter', headers: { 'business-slug': 'styled' } })).json()).toEqual({ data: { show: false } });
    expect((await harness.app.inject({ url: '/api/brands/get-filter', headers: { 'business-slug': 'plain' } })).json()).toEqual({ data: { show: true } });
  });

  it('returns the header navigation in order', async () => {
    const nav = (await harness.app.inject({ url: '/api/custom-navigation', headers: { 'business-slug': 'styled' } })).json().data;
    expect(nav.map((n: { name: string }) => n.name)).toEqual(['Home', 'Brands']);
  });

  it('returns business details with locations and fulfilment flags', async () => {
    const data = (await harness.app.inject({ url: '/api/business-details2', headers: { 'business-slug': 'styled' } })).json().data;
    expect(data).toMatchObject({ pickup_enabled: true, delivery_enabled: true, shipping_enabled: false, departments_hierarchy_level: 3 });
    expect(data.about_us.locations).toEqual([expect.objectContaining({ id: 7, name: 'Styled Downtown', hours: { mon: { open: '08:00', close: '17:00', closed: false } } })]);
  });
});

describe('store distances', () => {
  it('lists the locations nearest first, in whole miles from the shopper or from the selected store', async () => {
    const t = await createTenant('distances');
    await Location.insertMany([
      { tenantId: t.id, locationId: 1, name: 'Salem', address: '1 Court St', latitude: 44.94, longitude: -123.04 },
      { tenantId: t.id, locationId: 2, name: 'Portland', address: '2 Burnside', latitude: 45.52, longitude: -122.68 },
    ]);
    const headers = { 'business-slug': 'distances' };
    const fromPortland = (await harness.app.inject({ url: '/api/nearby-stores', headers: { ...headers, 'store-id': '2' } })).json().data;
    expect(fromPortland.map((l: { name: string; distance: number }) => [l.name, l.distance])).toEqual([['Portland', 0], ['Salem', 58]]);
    const shopper = (await harness.app.inject({ url: '/api/nearby-stores?lat=44.95&lng=-123.03', headers })).json().data;
    expect(shopper[0]).toMatchObject({ name: 'Salem', distance: 1, hours: {} });
    expect((await harness.app.inject({ url: '/api/store-distance/2', headers })).json()).toEqual({ data: { id: 2, distance: 58 } });
    const unknown = await harness.app.inject({ url: '/api/store-distance/9', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Store not found.');
    expect((await harness.app.inject({ url: '/api/nearby-stores?lat=95&lng=0', headers })).statusCode).toBe(400);
  });
});

describe('tenant resolution', () => {
  it('finds the tenant by custom domain in Host', async () => {
    const data = (await harness.app.inject({ url: '/api/settings', headers: { host: 'shop.styled.test' } })).json().data;
    expect(data.businessSlug).toBe('styled');
  });

  it('finds the tenant by platform sub-domain', async () => {
    const data = (await harness.app.inject({ url: '/api/settings', headers: { host: 'plain.localhost:8080' } })).json().data;
    expect(data.businessSlug).toBe('plain');
  });

  it('answers 404 Store not found for an unknown tenant, never another store', async () => {
    for (const headers of [{ 'business-slug': 'nobody' }, { host: 'nobody.localhost' }, { host: 'elsewhere.example.com' }]) {
      const res = await harness.app.inject({ url: '/api/settings', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Store not found' });
    }
  });
});
