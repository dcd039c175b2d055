import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { StoreProfile } from '@platform/tenant-settings';
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
  const match = /<script>window\.__STARTUP__=(.*?)<\/script><\/head>/s.exec(html);
  return match ? JSON.parse(match[1]) : null;
};

beforeAll(async () => {
  const site = staticSite({ root: builtShell(), remotes: { checkout: '/c.json', admin: '/a.json' } });
  harness = await createTestApp(allServices, 'static', { extend: site.plugin, notFoundHandler: site.page });
  for (const slug of ['page-a', 'page-b']) {
    const tenant = await createTenant(slug, { domains: [`shop.${slug}.test`] });
    await StoreProfile.create({ tenantId: tenant.id, settings: { font: `${slug}-font`, homeAlert: { text: `${slug} </script><script>alert(1)</script>`, fontSize: 13 } } });
  }
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

  it("cannot be broken out of: '<' in the store's texts is escaped inside the script", async () => {
    const res = await page('shop.page-a.test');
    expect(res.body.match(/<script>/g)).toHaveLength(1);
    expect(res.body).not.toContain('alert(1)</script>');
    expect(inlineBundle(res.body).settings.homeAlert.text).toBe('page-a </script><script>alert(1)</script>');
  });

  it('answers an unknown store with the 404 page, and unknown API paths with the JSON 404', async () => {
    const unknown = await page('shop.nobody.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Store not found');
    const api = await page('shop.page-a.test', '/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
