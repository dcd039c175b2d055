import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Location } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from '../index';
import { WIDGET_TYPES } from './service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const hours = { mon: { open: '08:00', close: '18:00', closed: false } };
const get = async (url: string, slug = 'content-a') => harness.app.inject({ url: `/api/${url}`, headers: { 'business-slug': slug } });

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'store-content');
  const a = await createTenant('content-a');
  await StoreProfile.create({
    tenantId: a.id,
    business: { contact_email: 'hello@content-a.test', facebook_link: 'https://www.facebook.com/content-a', twitter_link: 'javascript:alert(1)' },
    content: {
      about: { title: 'Our story', body: '<p>Family owned since 1952.</p><script>alert(1)</script>', images: [{ url: 'https://img.test/shop.jpg', alt: 'The shop' }, { url: 'data:image/png;base64,AAAA', alt: 'bad' }] },
      banner: { text: 'Spring hours start Monday', link: '/store-info', link_text: 'See hours', background: '1f5f99' },
      seo: { site_title: 'Content Hardware | Tools & Garden', meta_description: 'Tools, paint and garden supplies in Salem.', og_image: 'https://img.test/og.jpg' },
    },
  });
  await Location.insertMany([
    { tenantId: a.id, locationId: 1, name: 'Main Street', address: '1 Main', city: 'Salem', state: 'OR', zip: '97301', phone: '', hours, latitude: 44.94, longitude: -123.03 },
    { tenantId: a.id, locationId: 2, name: 'Harbor', address: '2 Harbor', city: 'Salem', state: 'OR', zip: '97302', phone: '(503) 555-0200', hours, latitude: 44.9, longitude: -123 },
  ]);
  const b = await createTenant('content-b');
  await Location.create({ tenantId: b.id, locationId: 3, name: 'Elsewhere', address: '3 Away', phone: '(206) 555-0300', hours });
});
afterAll(async () => { await harness?.close(); });

describe('store content reads (spec 1 §7)', () => {
  it("about-us: the store's story sanitized, and only photos with a web address", async () => {
    const res = await get('about-us');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ title: 'Our story', body: '<p>Family owned since 1952.</p>', images: [{ url: 'https://img.test/shop.jpg', alt: 'The shop' }] });
    // A store that wrote none: the default title, nothing else.
    expect((await get('about-us', 'content-b')).json().data).toEqual({ title: 'About Us', body: '', images: [] });
  });

  it("business-about-us: name, contact e-mail, first phone, web social links and this store's locations", async () => {
    const data = (await get('business-about-us')).json().data;
    expect(data).toMatchObject({ business_name: 'content-a store', contact_email: 'hello@content-a.test', phone: '(503) 555-0200' });
    expect(data.social).toEqual([{ network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/content-a' }]);
    expect(data.locations.map((l: { name: string }) => l.name)).toEqual(['Main Street', 'Harbor']);
    expect(data.locations[1]).toMatchObject({ zip: '97302', hours: { mon: { open: '08:00', close: '18:00', closed: false } } });
    const other = (await get('business-about-us', 'content-b')).json().data;
    expect(other).toMatchObject({ business_name: 'content-b store', contact_email: '', phone: '(206) 555-0300', social: [] });
    expect(other.locations.map((l: { name: string }) => l.name)).toEqual(['Elsewhere']);
  });

  it('store-information: the title, description and sharing image; the business name when the store set no title', async () => {
    expect((await get('store-information')).json().data).toEqual({
      business_name: 'content-a store', site_title: 'Content Hardware | Tools & Garden', meta_description: 'Tools, paint and garden supplies in Salem.', og_image: 'https://img.test/og.jpg',
    });
    expect((await get('store-information', 'content-b')).json().data).toEqual({ business_name: 'content-b store', site_title: 'content-b store', meta_description: '', og_image: null });
  });

  it('home-banner: the line with its link and colours; null when the store has none or turned it off', async () => {
    expect((await get('home-banner')).json().data).toEqual({ text: 'Spring hours start Monday', link: '/store-info', link_text: 'See hours', background: '1f5f99', color: '#ffffff' });
    expect((await get('home-banner', 'content-b')).json()).toEqual({ data: null });
    const tenantId = (await createTenant('content-c')).id;
    await StoreProfile.create({ tenantId, content: { banner: { text: 'Old news', enabled: false } } });
    expect((await get('home-banner', 'content-c')).json()).toEqual({ data: null });
  });

  it('widget-type/get: the four kinds of home page section', async () => {
    const res = await get('widget-type/get');
    expect(res.json().data).toEqual(WIDGET_TYPES);
    expect(WIDGET_TYPES.map((t) => t.id).sort()).toEqual(['1', '2', '4', '5']);
  });

  it('an unknown store is 404', async () => {
    for (const url of ['about-us', 'business-about-us', 'store-information', 'home-banner', 'widget-type/get']) {
      expect((await get(url, 'no-such-store')).statusCode, url).toBe(404);
    }
  });
});
