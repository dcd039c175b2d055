import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, HomepageWidgetModel } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const get = (url: string, { slug = 'widgets-a', store }: { slug?: string; store?: string } = {}) =>
  harness.app.inject({ url: `/api/${url}`, headers: { 'business-slug': slug, ...(store ? { 'store-id': store } : {}) } });
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((w) => w.id);

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'widgets');
  const a = await createTenant('widgets-a');
  await Location.insertMany([1, 2].map((locationId) => ({ tenantId: a.id, locationId, name: `Store ${locationId}`, address: `${locationId} Main St`, sortOrder: locationId })));
  await HomepageWidgetModel.insertMany([
    { tenantId: a.id, widgetId: 1, name: 'Hero', type: '4', sequence: 1, value: { title: 'Fall', slides: [
      { image: '/b.jpg', sequence: 2, redirect_url: '/promotions' }, { image: '/a.jpg', imageMobile: '/a-m.jpg', sequence: 1, alt: 'Leaf blowers' }, { redirect_url: '/no-image' },
    ] } },
    { tenantId: a.id, widgetId: 2, name: 'Welcome', type: '1', sequence: 2, value: { body: '<p>Hello</p><script>alert(1)</script><img src="/x.png" onerror="steal()">' } },
    { tenantId: a.id, widgetId: 3, name: 'Deals at store 2', type: '2', sequence: 3, associatedLocations: [2], value: { title: 'Store 2 deals', skus: ['1001', '1002'] } },
    { tenantId: a.id, widgetId: 4, name: 'Hidden', type: '1', sequence: 0, hidden: true, value: { body: '<p>Secret</p>' } },
    { tenantId: a.id, widgetId: 5, name: 'Empty carousel', type: '4', sequence: 4, value: { slides: [] } },
    { tenantId: a.id, widgetId: 6, name: 'Below', type: '2', area: 2, sequence: 1, value: { title: 'Paint picks', dept_id: 7, limit: 500 } },
  ]);
  const b = await createTenant('widgets-b');
  await HomepageWidgetModel.create({ tenantId: b.id, widgetId: 1, name: 'B hero', type: '1', value: { body: '<p>B</p>' } });
});
afterAll(async () => { await harness?.close(); });

describe('homepage widgets', () => {
  it('answers the visible sections of the selected location in order, leaving out hidden and empty ones', async () => {
    expect(ids(await get('homepage-widgets', { store: '1' }))).toEqual([1, 2]);
    expect(ids(await get('homepage-widgets', { store: '2' }))).toEqual([1, 2, 3]);
    // Without a store, the first location counts.
    expect(ids(await get('homepage-widgets'))).toEqual([1, 2]);
    expect(ids(await get('homepage-widgets-two'))).toEqual([6]);
  });

  it('gives carousel slides in order with their alt text, sanitizes HTML and bounds product rows', async () => {
    const [carousel, html] = (await get('homepage-widgets')).json().data;
    expect(carousel).toMatchObject({ type: '4', loop: true, value: { title: 'Fall' } });
    expect(carousel.value.slides).toEqual([
      { image: '/a.jpg', imageMobile: '/a-m.jpg', width: null, height: null, widthMobile: null, heightMobile: null, redirect_url: null, alt: 'Leaf blowers', sequence: 1 },
      expect.objectContaining({ image: '/b.jpg', alt: 'Fall', redirect_url: '/promotions' }),
    ]);
    expect(html.value.body).toBe('<p>Hello</p><img src="/x.png" />');
    expect((await get('homepage-widgets-two')).json().data[0].value).toEqual({ title: 'Paint picks', dept_id: 7, limit: 48 });
  });

  it('answers one widget by id where it shows, 404 elsewhere, and never another store\'s', async () => {
    expect((await get('widget/3', { store: '2' })).json().data.name).toBe('Deals at store 2');
    const elsewhere = await get('widget/3', { store: '1' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Widget not found.');
    expect((await get('widget/4')).statusCode).toBe(404);
    expect((await get('homepage-widgets', { slug: 'widgets-b' })).json().data.map((w: { name: string }) => w.name)).toEqual(['B hero']);
    expect((await get('widget/abc')).statusCode).toBe(400);
  });
});
