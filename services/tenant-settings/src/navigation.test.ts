import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { CustomPageModel, tenantSettingsService, StoreProfile } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const get = (url: string, slug = 'nav-a') => harness.app.inject({ url: `/api/${url}`, headers: { 'business-slug': slug } });

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'navigation');
  const a = await createTenant('nav-a');
  await StoreProfile.create({
    tenantId: a.id,
    business: { local_ad: { enabled: true, title: 'This Week', valid_from: '2026-11-18', valid_to: '2026-11-24', pages: [{ image: '/ad-1.png', alt: 'Page 1' }] } },
    navigation: [
      { id: 3, name: 'Services', target: '', order: 3, dropdown: { items: [
        { id: 32, name: 'Key Cutting', target: 'key-cutting', custom: true, sub_target: '4', order: 2 },
        { id: 31, name: 'Call the store', target: 'tel:5035550100', order: 1, hide_on_locations: '2, 3' },
        { id: 33, name: 'Broken', target: 'javascript:alert(1)', order: 3 },
      ], config: { search: true, width: 320 } } },
      { id: 1, name: 'Home', target: '/', order: 1 },
      { id: 2, name: 'Our Story', target: 'our-story', custom: true, sub_target: '7', order: 2, align: 'right', show_in_header: false },
      { id: 4, name: '', target: '/nowhere', order: 4 },
      { id: 5, name: 'No page', target: 'no-page', custom: true, order: 5 },
      { id: 7, name: 'Deleted page', target: 'deleted', custom: true, sub_target: '99', order: 7 },
      { id: 6, name: 'Spaces', target: '/has spaces', order: 6, hide_on_locations: 'two' },
    ],
    navGroups: [
      { id: 2, name: 'Resources', order: 2, hide: false, hide_on_locations: '3', items: [{ id: 1, name: 'Paint Care', target: '', custom: true, sub_target: 9 }] },
      { id: 1, name: 'Old menu', order: 1, hide: true, items: [] },
      { id: 3, name: '', order: 3, items: [] },
    ],
  });
  await CustomPageModel.insertMany([4, 7, 9].map((pageId) => ({ tenantId: a.id, pageId, title: `Page ${pageId}`, link: `page-${pageId}`, body: '<p>x</p>' })));
  await createTenant('nav-b', { variant: 'paint-brand' });
});
afterAll(async () => { await harness?.close(); });

describe('header navigation', () => {
  it('answers items in order with paths resolved and dropdown links, leaving broken ones out', async () => {
    const res = await get('custom-navigation');
    expect(res.statusCode).toBe(200);
    const items = res.json().data;
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Home', 'Our Story', 'Services']);
    expect(items[1]).toMatchObject({ target: '/our-story', custom: true, sub_target: '7', align: 'right', show_in_header: false, dropdown: null });
    expect(items[2]).toMatchObject({ target: '/services', dropdown: { config: { search: true, width: 320 } } });
    expect(items[2].dropdown.items).toEqual([
      { id: 31, name: 'Call the store', target: 'tel:5035550100', custom: false, sub_target: null, hide_on_locations: '2,3' },
      { id: 32, name: 'Key Cutting', target: '/key-cutting', custom: true, sub_target: '4', hide_on_locations: null },
    ]);
  });

  it('answers the menus the store added, hidden ones flagged, nameless ones left out', async () => {
    const groups = (await get('custom-nav')).json().data;
    expect(groups).toEqual([
      { id: 1, name: 'Old menu', hide: true, hide_on_locations: null, items: [] },
      { id: 2, name: 'Resources', hide: false, hide_on_locations: '3', items: [{ id: 1, name: 'Paint Care', target: '/paint-care', custom: true, sub_target: '9', hide_on_locations: null }] },
    ]);
  });

  it('carries the header menus in the start-up bundle', async () => {
    const bundle = (await get('startup')).json().data;
    expect(bundle.navigation).toHaveLength(3);
    expect(bundle.navGroups.map((g: { name: string }) => g.name)).toEqual(['Old menu', 'Resources']);
  });

  it('lists the built-in pages a navigation item may point at, per variant', async () => {
    const hardware = (await get('pages')).json().data.map((p: { link: string }) => p.link);
    expect(hardware).toEqual(expect.arrayContaining(['/', '/departments', '/brands', '/promotions', '/store-info', '/contact-us']));
    expect(hardware).not.toContain('/colors');
    expect(hardware).toContain('/local-ad');
    expect((await get('business-details2')).json().data.local_ad).toEqual({ enabled: true, title: 'This Week', valid_from: '2026-11-18', valid_to: '2026-11-24', pages: [{ image: '/ad-1.png', alt: 'Page 1' }] });
    const paint = (await get('pages', 'nav-b')).json().data;
    expect(paint).toEqual(expect.arrayContaining([{ name: 'Colors', link: '/colors' }, { name: 'Paint Products', link: '/paint-products' }]));
    expect(paint).not.toContainEqual({ name: 'Weekly Ad', link: '/local-ad' });
    expect((await get('business-details2', 'nav-b')).json().data.local_ad).toMatchObject({ enabled: false, title: 'Weekly Ad', pages: [] });
    expect((await get('custom-nav', 'nav-b')).json().data).toEqual([]);
  });
});
