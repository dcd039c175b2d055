import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_STOREFRONT_SAVED, NO_PERMISSION } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let staff = '';
let otherOwner = '';

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'brand-storefront');
  const a = await createTenant('brandnav-a');
  const b = await createTenant('brandnav-b');
  owner = await issueToken(a.id, { isAdmin: true, permissions: ['edit_brands_settings'] });
  staff = await issueToken(a.id, { isAdmin: true, isSubAccount: true, permissions: ['edit_department_mapping'] });
  otherOwner = await issueToken(b.id, { isAdmin: true, permissions: ['edit_brands_settings'] });
});
afterAll(async () => { await harness?.close(); });

const call = (url: string, token: string | null, payload?: object, slug = 'brandnav-a') =>
  harness.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const brandOptions = async (slug = 'brandnav-a') => {
  const { hideBrandsNav, brandsShowLogo, hideBrandFilter } = (await call('settings', null, undefined, slug)).json().data;
  return { hideBrandsNav, brandsShowLogo, hideBrandFilter };
};

describe("the storefront's brand options on Brand Settings (hide-brands-nav, set-brands-show-logo, set-brands-filter)", () => {
  it('starts with the Brands links shown, logos shown and the brand filter offered', async () => {
    expect(await brandOptions()).toEqual({ hideBrandsNav: false, brandsShowLogo: true, hideBrandFilter: false });
    expect((await call('brands/get-filter', null)).json()).toEqual({ data: { show: true } });
  });

  it("saves each option into the store settings shoppers load (GET settings, the start-up bundle, brands/get-filter) at once, for this store only", async () => {
    expect((await call('startup', null)).statusCode).toBe(200); // the bundle is kept now: a save must drop it
    const nav = await call('admin/brands/hide-brands-nav', owner, { hidden: true });
    expect(nav.statusCode, nav.body).toBe(200);
    expect(nav.json()).toMatchObject({ status: 'success', message: BRAND_STOREFRONT_SAVED, data: { hideBrandsNav: true, brandsShowLogo: true, hideBrandFilter: false } });
    const logo = await call('admin/brands/set-brands-show-logo', owner, { show_logo: false });
    expect(logo.json().data).toMatchObject({ hideBrandsNav: true, brandsShowLogo: false });
    const filter = await call('admin/brands/set-brands-filter', owner, { show: false });
    expect(filter.json().data).toMatchObject({ hideBrandFilter: true });

    expect(await brandOptions()).toEqual({ hideBrandsNav: true, brandsShowLogo: false, hideBrandFilter: true });
    expect((await call('startup', null)).json().data.settings).toMatchObject({ hideBrandsNav: true, brandsShowLogo: false, hideBrandFilter: true });
    expect((await call('brands/get-filter', null)).json()).toEqual({ data: { show: false } });
    // The other store keeps its own.
    expect(await brandOptions('brandnav-b')).toEqual({ hideBrandsNav: false, brandsShowLogo: true, hideBrandFilter: false });

    await call('admin/brands/hide-brands-nav', owner, { hidden: false });
    await call('admin/brands/set-brands-show-logo', owner, { show_logo: true });
    await call('admin/brands/set-brands-filter', owner, { show: true });
    expect(await brandOptions()).toEqual({ hideBrandsNav: false, brandsShowLogo: true, hideBrandFilter: false });
  });

  it("asks a guest to sign in (401), refuses staff without edit_brands_settings (403) and another store's owner (401), changing nothing", async () => {
    for (const [url, payload] of [['hide-brands-nav', { hidden: true }], ['set-brands-show-logo', { show_logo: false }], ['set-brands-filter', { show: false }]] as const) {
      expect((await call(`admin/brands/${url}`, null, payload)).statusCode, url).toBe(401);
      const refused = await call(`admin/brands/${url}`, staff, payload);
      expect([refused.statusCode, refused.json().message], url).toEqual([403, NO_PERMISSION]);
      expect((await call(`admin/brands/${url}`, otherOwner, payload)).statusCode, url).toBe(401);
      expect((await call(`admin/brands/${url}`, owner, { ...payload, extra: 1 })).statusCode, url).toBe(400);
    }
    expect(await brandOptions()).toEqual({ hideBrandsNav: false, brandsShowLogo: true, hideBrandFilter: false });
  });
});
