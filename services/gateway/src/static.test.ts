import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret } from '@platform/server-kit';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { Tenant } from '@platform/db';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { preloadKey } from '@platform/domain';
import { forgetStoreProfile, HomepageWidgetModel, StoreProfile } from '@platform/tenant-settings';
import { allServices } from './index';
import { staticSite } from './static';

/** A stand-in build of the shell: the page handler only needs its index.html. */
function builtShell(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'shell-'));
  mkdirSync(path.join(root, 'apps/storefront-shell/dist'), { recursive: true });
  writeFileSync(path.join(root, 'apps/storefront-shell/dist/index.html'), '<!doctype html><html><head><title>Store</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>');
  return root;
}

let harness: Awaited<ReturnType<typeof createTestApp>>;
const page = async (host: string, url = '/') => harness.app.inject({ method: 'GET', url, headers: { host } });
/** The bundle the page carries, read back the way the browser would. */
const inlineBundle = (html: string) => {
  const match = /<script nonce="[^"]+">window\.__STARTUP__=(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]) : null;
};
/** The first-screen answers the home page carries ('<' is escaped inside, so the first '</script>' ends them). */
const inlineAnswers = (html: string) => {
  const match = /<script nonce="[^"]+">window\.__PRELOADED__=(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]) : null;
};

beforeAll(async () => {
  const site = staticSite({ root: builtShell(), remotes: { checkout: 'http://remotes.test:4301/mf-manifest.json', admin: '/a.json' } });
  harness = await createTestApp(allServices, 'static', { extend: site.plugin, notFoundHandler: site.page });
  for (const slug of ['page-a', 'page-b']) {
    const tenant = await createTenant(slug, { domains: [`shop.${slug}.test`] });
    await StoreProfile.create({ tenantId: tenant.id, settings: { font: `${slug}-font`, homeAlert: { text: `${slug} </script><script>alert(1)</script>`, fontSize: 13 } } });
  }
  // A store with two locations, a carousel and a product row shown at both, and one shown only at the second.
  const home = await createTenant('page-home', { domains: ['shop.page-home.test'] });
  await createCatalogueFixture(home.id, 'page-home');
  await HomepageWidgetModel.insertMany([
    { tenantId: home.id, widgetId: 1, name: 'Hero', type: '4', sequence: 1, value: { title: 'Fall', slides: [{ image: '/hero.jpg', imageMobile: '/hero-m.jpg' }] } },
    { tenantId: home.id, widgetId: 2, name: 'Tools', type: '2', sequence: 2, value: { title: 'Tools', skus: ['1001', '1002'] } },
    { tenantId: home.id, widgetId: 3, name: 'Store 2 paint', type: '2', sequence: 3, associatedLocations: [2], value: { title: 'Paint', skus: ['1003'] } },
  ]);
});
afterAll(async () => { await harness.close(); });

describe('the storefront page', () => {
  it("carries its own store's start-up bundle, and no other store's", async () => {
    for (const [host, own, other] of [['shop.page-a.test', 'page-a', 'page-b'], ['shop.page-b.test', 'page-b', 'page-a']]) {
      const res = await page(host, '/departments');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      const bundle = inlineBundle(res.body);
      const api = (await page(host, '/api/startup')).json().data;
      expect(bundle).toEqual(api);
      expect(bundle.settings.font).toBe(`${own}-font`);
      expect(res.body).not.toContain(other);
    }
  });

  it("carries the home page's first-screen answers for the store the shopper will see, exactly as the API gives them", async () => {
    const host = 'shop.page-home.test';
    const api = (method: 'GET' | 'POST', url: string, store: string, body?: Record<string, unknown>) =>
      harness.app.inject({ method, url: `/api/${url}`, headers: { host, 'store-id': store }, ...(body ? { payload: body } : {}) }).then((r) => r.json());
    // A first visit: the first location. Its sections and the product row, coupons and the department tree.
    const first = await page(host);
    const preloaded = inlineAnswers(first.body);
    expect(preloaded.storeId).toBe(1);
    const row = { skus: ['1001', '1002'], limit: 12 };
    expect(Object.keys(preloaded.answers).sort()).toEqual([
      preloadKey('GET', 'coupon-widgets'), preloadKey('GET', 'full-departments?depth=3'), preloadKey('GET', 'home-banner'), preloadKey('GET', 'homepage-widgets'),
      preloadKey('POST', 'widget/getProducts', row),
    ].sort());
    expect(preloaded.answers[preloadKey('GET', 'homepage-widgets')]).toEqual(await api('GET', 'homepage-widgets', '1'));
    expect(preloaded.answers[preloadKey('POST', 'widget/getProducts', row)]).toEqual(await api('POST', 'widget/getProducts', '1', row));
    expect(preloaded.answers[preloadKey('POST', 'widget/getProducts', row)].data.map((p: { price: string }) => p.price)).toEqual(['129.99', '19.99']);
    // The images the first screen opens with are fetched while the script loads.
    expect(first.body).toContain('<link rel="preload" as="image" href="/hero-m.jpg" media="(max-width: 768px)" fetchpriority="high">');
    expect(first.body).toContain('<link rel="preload" as="image" href="/hero.jpg" media="(min-width: 769px)" fetchpriority="high">');
    expect(first.body).toContain('<link rel="preload" as="image" href="/img/1.svg" fetchpriority="high">');

    // The store the shopper chose (selectedStore cookie): its own sections and prices.
    const second = inlineAnswers((await harness.app.inject({ method: 'GET', url: '/', headers: { host, cookie: 'poweredby=1; selectedStore=2' } })).body);
    expect(second.storeId).toBe(2);
    expect(second.answers[preloadKey('GET', 'homepage-widgets')].data.map((w: { id: number }) => w.id)).toEqual([1, 2, 3]);
    expect(second.answers[preloadKey('POST', 'widget/getProducts', row)].data.map((p: { price: string }) => p.price)).toEqual(['134.99', '19.99']);
    expect(second.answers[preloadKey('POST', 'widget/getProducts', { skus: ['1003'], limit: 12 })]).toEqual(await api('POST', 'widget/getProducts', '2', { skus: ['1003'], limit: 12 }));
    // A location the store does not have counts as a first visit.
    expect(inlineAnswers((await harness.app.inject({ method: 'GET', url: '/', headers: { host, cookie: 'selectedStore=9' } })).body).storeId).toBe(1);
    // Other pages carry the start-up bundle only.
    const other = await page(host, '/brands');
    expect(inlineBundle(other.body)).not.toBeNull();
    expect(inlineAnswers(other.body)).toBeNull();
  });

  it("cannot be broken out of: '<' in the store's texts is escaped inside the script", async () => {
    const res = await page('shop.page-a.test');
    expect(res.body.match(/<script nonce=/g)).toHaveLength(1);
    expect(res.body.match(/<script>/g)).toBeNull();
    expect(res.body).not.toContain('alert(1)</script>');
    expect(inlineBundle(res.body).settings.homeAlert.text).toBe('page-a </script><script>alert(1)</script>');
  });

  it('lets the page run only its own scripts: a fresh nonce per page on its inline start-up, framed only by the store and its own sites', async () => {
    await Tenant.updateOne({ slug: 'page-a' }, { $set: { embedOrigins: ['https://www.page-a-hardware.test'] } });
    harness.app.tenants.clear();
    const [first, second] = [await page('shop.page-a.test', '/departments'), await page('shop.page-a.test', '/departments')];
    const policy = String(first.headers['content-security-policy']);
    const nonce = /<script nonce="([^"]+)">/.exec(first.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' http://remotes.test:4301`);
    expect(policy).toContain("frame-ancestors 'self' https://shop.page-a.test https://www.page-a-hardware.test");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(/<script nonce="([^"]+)">/.exec(second.body)?.[1]).not.toBe(nonce);
    expect(first.headers['x-frame-options']).toBeUndefined();
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['strict-transport-security']).toBeUndefined(); // plain http here
  });

  it("lets Stripe.js in only for a store that takes live cards through Stripe (its card fields are Stripe's)", async () => {
    const tenantId = String(((await Tenant.findOne({ slug: 'page-a' }).lean()) as unknown as { _id: unknown })._id);
    const policyNow = async () => String((await page('shop.page-a.test', '/cart')).headers['content-security-policy']);
    expect(await policyNow()).not.toContain('stripe.com');
    // Without its secret key the store offers no cards (libs/domain cardSetupMissing): nothing of Stripe's is let in.
    await StoreProfile.updateOne({ tenantId }, { $set: { payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_live_page', is_live: true } } } }, { upsert: true });
    forgetStoreProfile(tenantId);
    expect(await policyNow()).not.toContain('stripe.com');
    await StoreProfile.updateOne({ tenantId }, { $set: { 'payment.stripe.secret_key': sealSecret('sk_live_page') } });
    forgetStoreProfile(tenantId);
    const live = await policyNow();
    expect(live).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/remotes\.test:4301 https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/);
    expect(live).toContain('connect-src \'self\' http://remotes.test:4301 https://api.stripe.com');
    // Test mode: Stripe's test cards, no third-party script.
    await StoreProfile.updateOne({ tenantId }, { $set: { 'payment.stripe.is_live': false } });
    forgetStoreProfile(tenantId);
    expect(await policyNow()).not.toContain('stripe.com');
    expect(String((await page('shop.page-b.test', '/cart')).headers['content-security-policy'])).not.toContain('stripe.com');
  });

  it("lets in only the chosen provider's script, for live stores whose card is typed into the provider's fields", async () => {
    const tenantId = String(((await Tenant.findOne({ slug: 'page-a' }).lean()) as unknown as { _id: unknown })._id);
    const policyWith = async (payment: object) => {
      await StoreProfile.updateOne({ tenantId }, { $set: { payment } }, { upsert: true });
      forgetStoreProfile(tenantId);
      return String((await page('shop.page-a.test', '/cart')).headers['content-security-policy']);
    };
    // Each with the credentials its adapter needs: a provider lacking one offers no cards, so lets in nothing.
    const adyen = await policyWith({ payment_provider: 'adyen', adyen: { origin_key: 'live_ABCDEFGHIJKLMNOP', environment: 'live', api_key: sealSecret('ak'), merchant_account: 'PageECOM', live_url_prefix: 'abc-Page' } });
    expect(adyen).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/remotes\.test:4301 https:\/\/checkoutshopper-live\.adyen\.com;/);
    expect(adyen).not.toMatch(/stripe|authorize\.net/);
    const anet = await policyWith({ payment_provider: 'authorize_net', authorize_net: { login_id: 'login123', client_key: 'k'.repeat(50), is_live: true, transaction_key: sealSecret('t'.repeat(16)) } });
    expect(anet).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/remotes\.test:4301 https:\/\/js\.authorize\.net;/);
    expect(anet).not.toMatch(/stripe|adyen/);
    // A live Fiserv store posts the shopper's payment form to Connect's page: no script, the page in form-action.
    const fiserv = await policyWith({ payment_provider: 'fiserv', fiserv: { is_live: true, api_key: sealSecret('fk'), api_secret: sealSecret('fs') } });
    expect(fiserv).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/remotes\.test:4301;/);
    expect(fiserv).toContain("form-action 'self' https://www.ipg-online.com;");
    // Test mode (the providers' test cards) loads nothing from the provider.
    for (const payment of [
      { payment_provider: 'adyen', adyen: { origin_key: 'test_ABCDEFGHIJKLMNOP', environment: 'test' } },
      { payment_provider: 'authorize_net', authorize_net: { login_id: 'login123', client_key: 'k'.repeat(50), is_live: false } },
      { payment_provider: 'fiserv', fiserv: { is_live: false } },
      { payment_provider: 'plugnpay', plugnpay: { username: 'pnpdemo' } },
    ]) {
      const policy = await policyWith(payment);
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/remotes\.test:4301;/);
      expect(policy).toContain("form-action 'self';");
    }
    await policyWith({});
  });

  it('answers HEAD like GET: the same status and type, no body', async () => {
    for (const url of ['/', '/departments']) {
      const head = await harness.app.inject({ method: 'HEAD', url, headers: { host: 'shop.page-b.test' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');
      expect(head.body).toBe('');
    }
    const unknown = await harness.app.inject({ method: 'HEAD', url: '/', headers: { host: 'shop.nobody.test' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives API answers a policy that allows nothing, as they are never a page', async () => {
    const api = await page('shop.page-a.test', '/api/startup');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown store with the 404 page, and unknown API paths with the JSON 404', async () => {
    const unknown = await page('shop.nobody.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Store not found');
    expect(unknown.headers['content-security-policy']).toContain("connect-src 'self'");
    const api = await page('shop.page-a.test', '/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
