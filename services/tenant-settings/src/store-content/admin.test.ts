import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_LINK, BAD_WEB_ADDRESS, BANNER_TEXT_NEEDED, IMAGE_ALT_NEEDED, LOW_STOCK_RANGE, NO_PERMISSION, TOO_MANY_HASH_ROUTING_HOSTS, UNKNOWN_SORT } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from '../index';
import { BANNER_OFF, BANNER_SAVED, BROWSE_SETTINGS_SAVED, HASH_ROUTING_SAVED, OG_IMAGE_REMOVED, SEO_SAVED, SOCIAL_SAVED, STORY_SAVED } from './admin';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let otherOwner = '';
let tenantId = '';

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'content-admin');
  tenantId = (await createTenant('cadmin-a')).id;
  const other = await createTenant('cadmin-b');
  await StoreProfile.create({ tenantId: other.id, settings: { products: { defaultSort: 'latest' } }, content: { banner: { text: 'B news' } }, business: { facebook_link: 'https://facebook.com/b' } });
  owner = await issueToken(tenantId, { isAdmin: true });
  otherOwner = await issueToken(other.id, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, slug = 'cadmin-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const read = async (url: string, slug = 'cadmin-a') => (await call('GET', url, null, undefined, slug)).json().data;

describe('browse settings (admin/settings/browse)', () => {
  it("saves the default sort, the out-of-stock rule and the 'Only N Left' threshold; GET settings answers them at once", async () => {
    expect((await read('settings')).products).toMatchObject({ defaultSort: 'relevancy', lowStockThreshold: 5 });
    const res = await call('POST', 'admin/settings/browse', owner, { defaultSort: 'price-asc', filterShowOutOfStock: true, lowStockThreshold: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: BROWSE_SETTINGS_SAVED, data: { filterShowOutOfStock: true, products: { defaultSort: 'price-asc', lowStockThreshold: 0, itemsPerPage: 96 } } });
    expect(await read('settings')).toMatchObject({ filterShowOutOfStock: true, products: { defaultSort: 'price-asc', lowStockThreshold: 0 } });
    // The start-up bundle (cached in Redis) follows too; the other store keeps its own.
    expect((await read('startup')).settings.products.defaultSort).toBe('price-asc');
    expect((await read('settings', 'cadmin-b')).products.defaultSort).toBe('latest');
  });

  it('names an unknown sort and a threshold out of range by their fields, and saves nothing', async () => {
    const res = await call('POST', 'admin/settings/browse', owner, { defaultSort: 'cheapest', filterShowOutOfStock: false, lowStockThreshold: 1000 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ defaultSort: [UNKNOWN_SORT], lowStockThreshold: [LOW_STOCK_RANGE] });
    expect(await read('settings')).toMatchObject({ filterShowOutOfStock: true, products: { defaultSort: 'price-asc', lowStockThreshold: 0 } });
  });
});

describe('hash-routing hosts (admin/settings/hash-routing-hosts)', () => {
  it('keeps the host names in the form browsers compare; GET settings and the start-up bundle answer them at once', async () => {
    expect((await read('settings')).hashRoutingHosts).toEqual([]);
    const res = await call('POST', 'admin/settings/hash-routing-hosts', owner, { hashRoutingHosts: [' Shop.Example.com ', '', 'front.hosted.example.', 'shop.example.com'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: HASH_ROUTING_SAVED, data: { hashRoutingHosts: ['shop.example.com', 'front.hosted.example'] } });
    expect((await read('settings')).hashRoutingHosts).toEqual(['shop.example.com', 'front.hosted.example']);
    expect((await read('startup')).settings.hashRoutingHosts).toEqual(['shop.example.com', 'front.hosted.example']);
    expect((await read('settings', 'cadmin-b')).hashRoutingHosts).toEqual([]);
  });

  it('refuses a web address, a port or too many hosts with a 422 naming the entry, and saves nothing', async () => {
    for (const [hosts, message] of [
      [['shop.example.com', 'https://shop.example.com/store'], "'https://shop.example.com/store' is a web address: enter its host name alone, e.g. shop.example.com."],
      [['shop.example.com:8080'], "'shop.example.com:8080': enter the host name without a port."],
      [['shop example.com'], "'shop example.com' is not a host name: use letters, digits, hyphens and dots, e.g. shop.example.com."],
      [Array.from({ length: 21 }, (_, i) => `h${i}.example.com`), TOO_MANY_HASH_ROUTING_HOSTS],
    ] as const) {
      const res = await call('POST', 'admin/settings/hash-routing-hosts', owner, { hashRoutingHosts: hosts });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: { hashRoutingHosts: [message] } });
    }
    expect((await read('settings')).hashRoutingHosts).toEqual(['shop.example.com', 'front.hosted.example']);
    // An empty list turns it off.
    const off = await call('POST', 'admin/settings/hash-routing-hosts', owner, { hashRoutingHosts: [] });
    expect(off.json().data.hashRoutingHosts).toEqual([]);
  });
});

describe('home banner (admin/home-banner, home-banner/update)', () => {
  it('shows the banner to shoppers with a readable text colour on a custom colour; off keeps the words for later', async () => {
    expect((await call('GET', 'admin/home-banner', owner)).json().data).toEqual({ enabled: false, text: '', link: '', link_text: '', background: '' });
    const saved = await call('POST', 'home-banner/update', owner, { enabled: true, text: ' Spring sale this weekend ', link: '/promotions', link_text: 'See deals', background: 'FFE08A' });
    expect(saved.json()).toMatchObject({ message: BANNER_SAVED, data: { enabled: true, text: 'Spring sale this weekend', background: '#ffe08a' } });
    expect(await read('home-banner')).toEqual({ text: 'Spring sale this weekend', link: '/promotions', link_text: 'See deals', background: '#ffe08a', color: '#000000' });
    const off = await call('POST', 'home-banner/update', owner, { enabled: false, text: 'Spring sale this weekend', link: '/promotions', link_text: 'See deals', background: '' });
    expect(off.json().message).toBe(BANNER_OFF);
    expect(await read('home-banner')).toBeNull();
    expect((await call('GET', 'admin/home-banner', owner)).json().data).toEqual({ enabled: false, text: 'Spring sale this weekend', link: '/promotions', link_text: 'See deals', background: '' });
  });

  it('refuses a banner on without words, a script link and a colour that is not one, by field', async () => {
    const res = await call('POST', 'home-banner/update', owner, { enabled: true, text: ' ', link: 'javascript:alert(1)', link_text: '', background: 'pink' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['background', 'link', 'text']);
    expect(res.json().errors.text).toEqual([BANNER_TEXT_NEEDED]);
    expect(res.json().errors.link).toEqual([BAD_LINK]);
    expect(await read('home-banner')).toBeNull();
  });
});

describe('About us story, store information and social links', () => {
  it('keeps the story sanitized: GET about-us answers what was kept', async () => {
    const res = await call('POST', 'about-us/story', owner, {
      title: 'Our story', body: '<p>Since 1952.</p><script>alert(1)</script><img src="x" onerror="alert(1)">', images: [{ url: 'https://img.test/shop.jpg', alt: 'The shop front' }],
    });
    expect(res.json()).toMatchObject({ message: STORY_SAVED, data: { title: 'Our story', body: '<p>Since 1952.</p><img src="x" />' } });
    expect(await read('about-us')).toEqual({ title: 'Our story', body: '<p>Since 1952.</p><img src="x" />', images: [{ url: 'https://img.test/shop.jpg', alt: 'The shop front' }] });
    const bad = await call('POST', 'about-us/story', owner, { title: 'x', body: '', images: [{ url: 'data:image/png;base64,AAAA', alt: ' ' }] });
    expect(bad.json().errors).toEqual({ 'images.0.url': [BAD_WEB_ADDRESS], 'images.0.alt': [IMAGE_ALT_NEEDED] });
    expect((await read('about-us')).title).toBe('Our story');
  });

  it('sets the page title, description and sharing image, and removes the image', async () => {
    const res = await call('POST', 'store-information/update', owner, { site_title: 'Cadmin Hardware', meta_description: 'Tools in Salem.', og_image: 'https://img.test/og.jpg' });
    expect(res.json()).toMatchObject({ message: SEO_SAVED, data: { site_title: 'Cadmin Hardware', og_image: 'https://img.test/og.jpg' } });
    expect(await read('store-information')).toMatchObject({ site_title: 'Cadmin Hardware', meta_description: 'Tools in Salem.', og_image: 'https://img.test/og.jpg' });
    const removed = await call('POST', 'store-information/delete-og-image', owner);
    expect(removed.json()).toMatchObject({ message: OG_IMAGE_REMOVED, data: { site_title: 'Cadmin Hardware', og_image: '' } });
    expect((await read('store-information')).og_image).toBeNull();
    expect((await call('GET', 'admin/store-information', owner)).json().data).toEqual({ site_title: 'Cadmin Hardware', meta_description: 'Tools in Salem.', og_image: '' });
  });

  it('saves the social links business-about-us lists; a link that is not a web address is refused by its field', async () => {
    const links = { facebook_link: 'https://facebook.com/cadmin', twitter_link: '', instagram_link: 'https://instagram.com/cadmin', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '' };
    const res = await call('POST', 'social/update', owner, links);
    expect(res.json()).toMatchObject({ message: SOCIAL_SAVED, data: links });
    expect((await read('business-about-us')).social.map((s: { network: string }) => s.network)).toEqual(['facebook', 'instagram']);
    const bad = await call('POST', 'social/update', owner, { ...links, tiktok_link: 'tiktok.com/@cadmin' });
    expect(bad.json().errors).toEqual({ tiktok_link: [BAD_WEB_ADDRESS] });
    expect((await read('business-about-us', 'cadmin-b')).social).toEqual([{ network: 'facebook', label: 'Facebook', url: 'https://facebook.com/b' }]);
  });
});

describe('who may change them', () => {
  it('asks a guest to sign in, refuses staff without the permission (403) and another store\'s token (401)', async () => {
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['view_emails'] });
    const routes: [string, string, object | undefined, string][] = [
      ['POST', 'admin/settings/browse', { defaultSort: 'latest', filterShowOutOfStock: false, lowStockThreshold: 3 }, 'edit_products'],
      ['GET', 'admin/home-banner', undefined, 'edit_landing_page'],
      ['POST', 'home-banner/update', { enabled: true, text: 'Staff news', link: '', link_text: '', background: '' }, 'edit_landing_page'],
      ['POST', 'about-us/story', { title: 'Staff', body: '', images: [] }, 'edit_about_us'],
      ['POST', 'admin/settings/hash-routing-hosts', { hashRoutingHosts: ['staff.example.com'] }, 'edit_about_us'],
      ['GET', 'admin/store-information', undefined, 'edit_about_us'],
      ['POST', 'store-information/update', { site_title: 'Staff', meta_description: '', og_image: '' }, 'edit_about_us'],
      ['POST', 'store-information/delete-og-image', undefined, 'edit_about_us'],
      ['POST', 'social/update', { facebook_link: '', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '' }, 'manage_social_media'],
    ];
    for (const [method, url, payload, permission] of routes) {
      expect((await call(method as 'GET', url, null, payload)).statusCode, url).toBe(401);
      const refused = await call(method as 'GET', url, staff, payload);
      expect([refused.statusCode, refused.json().message], url).toEqual([403, NO_PERMISSION]);
      expect((await call(method as 'GET', url, otherOwner, payload)).statusCode, url).toBe(401);
      // The permission alone opens it.
      const allowed = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: [permission] });
      expect((await call(method as 'GET', url, allowed, payload)).statusCode, url).toBe(200);
    }
    expect((await read('home-banner', 'cadmin-b'))?.text).toBe('B news');
  });
});
