import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALIAS_ADDED, ALIAS_REMOVED, ALIAS_TOO_SHORT, ALL_BRANDS_HIDDEN, ALL_BRANDS_SHOWN, BRAND_ALIAS_OR_ALT_NEEDED, BRAND_HIDDEN, BRAND_LOGO_NOT_AN_IMAGE,
  BRAND_LOGO_UPDATED, BRAND_NAME_NEEDED, BRAND_NOT_FOUND, BRAND_PRODUCTS_HIDDEN, BRAND_PRODUCTS_SHOWN, BRAND_SHOWN, BRAND_UPDATE_EMPTY, BRAND_UPDATED,
  BRANDS_UPDATE_EMPTY, BRANDS_UPDATED, NO_PERMISSION,
} from '@platform/domain';
import { inBackground } from '@platform/db';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { catalogueService } from './index';
import { createCatalogueFixture } from './testing';
import { Brand } from './models';
import { announceBrandsChange } from './search/changes';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let otherOwner = '';
let otherTenant = '';
let tenantA = '';

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'brand-settings');
  const a = await createTenant('brands-a');
  const b = await createTenant('brands-b');
  otherTenant = b.id;
  tenantA = a.id;
  await createCatalogueFixture(a.id, 'brands-a');
  await createCatalogueFixture(b.id, 'brands-b');
  // A brand only the other store has.
  await Brand.create({ tenantId: b.id, brandId: 9, name: 'brands-b Only Brand', slug: 'brands-b-only-brand' });
  owner = await issueToken(a.id, { isAdmin: true, permissions: ['edit_brands_settings'] });
  otherOwner = await issueToken(b.id, { isAdmin: true, permissions: ['edit_brands_settings'] });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, slug = 'brands-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const brandsOf = async (token = owner, slug = 'brands-a') => (await call('POST', 'admin/brands/get-business-brands', token, undefined, slug)).json().data as { brand_id: number; brand_name: string; alias: string | null; altTextLogo: string | null; image: string | null; hidden: boolean }[];
/** What shoppers see: the Brands list, one brand's page, and the brands type-ahead offers. */
const shopperBrands = async (slug = 'brands-a') => (await call('GET', 'brands', null, undefined, slug)).json().data.map((b: { brand_id: number }) => b.brand_id) as number[];
const brandPage = async (id: number, slug = 'brands-a') => (await call('GET', `brands/brand?param=${id}`, null, undefined, slug)).statusCode;
const search = async (keyword: string, slug = 'brands-a') =>
  ((await call('GET', `products?search=${encodeURIComponent(keyword)}`, null, undefined, slug)).json().products.data as { sku: string }[]).map((p) => p.sku).sort();
const poll = { timeout: 2000, interval: 50 };

describe("the owner's Brands settings (spec 3 brands-settings, admin/brands/*)", () => {
  it('lists every brand of the store by name, hidden ones too, with alias, alt text, logo and hidden', async () => {
    const res = await call('POST', 'admin/brands/get-business-brands', owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.data.map((b: { brand_name: string }) => b.brand_name)).toEqual(['brands-a Brand', 'brands-a Empty Brand', 'brands-a Hidden Brand']);
    expect(body.data[0]).toMatchObject({ brand_id: 1, slug: expect.stringMatching(/-1$/), alias: 'House Brand', altTextLogo: null, image: null, hidden: false });
    expect(typeof body.data[0].id).toBe('string');
    expect(body.data[2]).toMatchObject({ brand_id: 3, hidden: true });
    expect(res.body).not.toContain('brands-b');
  });

  it("hides a brand: it leaves the shoppers' Brands list, its page answers 404, and showing it brings both back", async () => {
    expect(await shopperBrands()).toEqual([1]);
    expect(await brandPage(1)).toBe(200);
    const hidden = await call('POST', 'admin/brands/set-brand-hidden', owner, { brand_id: 1, hidden: true });
    expect(hidden.json()).toMatchObject({ status: 'success', message: BRAND_HIDDEN, data: { brand_id: 1, hidden: true } });
    expect(await shopperBrands()).toEqual([]);
    expect(await brandPage(1)).toBe(404);
    expect((await call('GET', 'get-suggestions?search=brands-a', null)).json().brands.map((b: { brand_id: number }) => b.brand_id)).toEqual([2]);
    // Its products stay on sale and are still found.
    expect(await search('hammer')).toEqual(['1002']);
    // The other store's brand 1 is untouched.
    expect(await shopperBrands('brands-b')).toEqual([1]);
    const shown = await call('POST', 'admin/brands/set-brand-hidden', owner, { brand_id: 1, hidden: false });
    expect(shown.json()).toMatchObject({ message: BRAND_SHOWN, data: { hidden: false } });
    expect(await shopperBrands()).toEqual([1]);
    expect(await brandPage(1)).toBe(200);
  });

  it("drops every API process's copy of the store's brands when a change is announced (another process's write)", async () => {
    expect(await shopperBrands()).toEqual([1]); // this process holds the store's visible brands now
    await Brand.updateOne({ tenantId: tenantA, brandId: 1 }, { $set: { hidden: true } }); // as another process writes it
    expect(await shopperBrands()).toEqual([1]);
    await announceBrandsChange(harness.resources, tenantA, false);
    await expect.poll(() => shopperBrands(), poll).toEqual([]);
    await Brand.updateOne({ tenantId: tenantA, brandId: 1 }, { $set: { hidden: false } });
    await announceBrandsChange(harness.resources, tenantA, false);
    await expect.poll(() => shopperBrands(), poll).toEqual([1]);
  });

  it('hides and shows every brand at once', async () => {
    const all = await call('POST', 'admin/brands/set-all-brands-hidden', owner, { hidden: true });
    expect(all.json().message).toBe(ALL_BRANDS_HIDDEN);
    expect(all.json().data.map((b: { hidden: boolean }) => b.hidden)).toEqual([true, true, true]);
    expect(await shopperBrands()).toEqual([]);
    expect((await brandsOf(otherOwner, 'brands-b')).filter((b) => b.hidden).map((b) => b.brand_id)).toEqual([3]);
    const back = await call('POST', 'admin/brands/set-all-brands-hidden', owner, { hidden: false });
    expect(back.json().message).toBe(ALL_BRANDS_SHOWN);
    expect((await brandsOf()).every((b) => !b.hidden)).toBe(true);
    expect(await shopperBrands()).toEqual([1]);
  });

  it("sets a brand's alias and alt text (status 'ok'): shoppers find its products by the alias at once; removing it forgets it", async () => {
    expect(await search('workbench')).toEqual([]); // the index is loaded: the alias below reaches it as a change
    const added = await call('POST', 'admin/brands/add-brand-alias', owner, { brand_id: 1, alias: '  Workbench  Pro ', altTextLogo: 'Brand A logo' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ status: 'ok', message: ALIAS_ADDED, data: { brand_id: 1, alias: 'Workbench Pro', altTextLogo: 'Brand A logo' } });
    await expect.poll(() => search('workbench'), poll).toEqual(['1001', '1002', '1003']);
    expect(await search('house')).toEqual([]); // the alias it had before is gone
    expect((await call('GET', 'get-suggestions?search=workb', null)).json().brands).toEqual([{ brand_id: 1, brand_name: 'brands-a Brand', image: null, alias: 'Workbench Pro' }]);
    expect((await call('GET', 'brands?search=workbench', null)).json().data[0]).toMatchObject({ brand_id: 1, alias: 'Workbench Pro', altTextLogo: 'Brand A logo' });
    expect(await search('workbench', 'brands-b')).toEqual([]);

    const removed = await call('POST', 'admin/brands/remove-brand-alias', owner, { brand_id: 1 });
    expect(removed.json()).toMatchObject({ status: 'ok', message: ALIAS_REMOVED, data: { alias: null, altTextLogo: 'Brand A logo' } });
    await expect.poll(() => search('workbench'), poll).toEqual([]);
    // Removing it again changes nothing.
    expect((await call('POST', 'admin/brands/remove-brand-alias', owner, { brand_id: 1 })).statusCode).toBe(200);
  });

  it('takes alt text alone, refuses a short or missing alias by its field, and changes nothing then', async () => {
    const altOnly = await call('POST', 'admin/brands/add-brand-alias', owner, { brand_id: 2, alias: '', altTextLogo: 'Empty brand logo' });
    expect(altOnly.json()).toMatchObject({ status: 'ok', data: { alias: null, altTextLogo: 'Empty brand logo' } });
    const short = await call('POST', 'admin/brands/add-brand-alias', owner, { brand_id: 2, alias: 'x', altTextLogo: 'Other' });
    expect([short.statusCode, short.json().errors]).toEqual([422, { alias: [ALIAS_TOO_SHORT] }]);
    const none = await call('POST', 'admin/brands/add-brand-alias', owner, { brand_id: 2, alias: ' ' });
    expect([none.statusCode, none.json().errors]).toEqual([422, { alias: [BRAND_ALIAS_OR_ALT_NEEDED] }]);
    expect((await brandsOf()).find((b) => b.brand_id === 2)).toMatchObject({ alias: null, altTextLogo: 'Empty brand logo' });
  });

  it("sets a brand's logo by its image's address ('Brand logo updated'); shoppers' brand page shows it", async () => {
    const bad = await call('POST', 'admin/brands/update-brand-img', owner, { brand_id: 1, image: 'javascript:alert(1)' });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { image: [BRAND_LOGO_NOT_AN_IMAGE] }]);
    const res = await call('POST', 'admin/brands/update-brand-img', owner, { brand_id: 1, image: 'https://cdn.example.com/brand-a.png' });
    expect(res.json()).toMatchObject({ status: 'success', message: BRAND_LOGO_UPDATED, data: { image: 'https://cdn.example.com/brand-a.png' } });
    expect((await call('GET', 'brands/brand?param=1', null)).json().data.image).toBe('https://cdn.example.com/brand-a.png');
  });

  it("answers 404 for an unknown brand and for another store's brand, which stays as it was", async () => {
    for (const [url, payload] of [
      ['set-brand-hidden', { brand_id: 9, hidden: true }], ['add-brand-alias', { brand_id: 9, alias: 'Sneaky' }], ['remove-brand-alias', { brand_id: 9 }],
      ['update-brand-img', { brand_id: 9, image: 'https://cdn.example.com/x.png' }], ['set-brand-hidden', { brand_id: 999, hidden: true }],
      ['hide-brand-products', { brand_id: 9, hidden: true }], ['update-brand', { brand_id: 9, brand_name: 'Sneaky' }],
      ['update-all-brands', { brand_ids: [1, 9], hidden: true }],
    ] as const) {
      const res = await call('POST', `admin/brands/${url}`, owner, payload);
      expect([res.statusCode, res.json().message], url).toEqual([404, BRAND_NOT_FOUND]);
    }
    const theirs = await inBackground('test: check the database', () => Brand.findOne({ tenantId: otherTenant, brandId: 9 }).lean()) as { hidden: boolean; alias: string | null; image: string | null };
    expect(theirs).toMatchObject({ hidden: false, alias: null, image: null, name: 'brands-b Only Brand' });
    expect((await brandsOf()).find((b) => b.brand_id === 1)).toMatchObject({ hidden: false }); // the list with B's brand changed none of A's
    // B's token is not a session at A.
    expect((await call('POST', 'admin/brands/set-brand-hidden', otherOwner, { brand_id: 1, hidden: true })).statusCode).toBe(401);
  });

  it('asks a guest to sign in (401) and refuses staff without edit_brands_settings (403), changing nothing', async () => {
    expect((await call('POST', 'admin/brands/get-business-brands', null)).statusCode).toBe(401);
    const tenantId = (await createTenant('brands-c')).id;
    await createCatalogueFixture(tenantId, 'brands-c');
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_department_mapping'] });
    for (const [url, payload] of [
      ['get-business-brands', undefined], ['set-brand-hidden', { brand_id: 1, hidden: true }], ['set-all-brands-hidden', { hidden: true }],
      ['add-brand-alias', { brand_id: 1, alias: 'Staff' }], ['remove-brand-alias', { brand_id: 1 }], ['update-brand-img', { brand_id: 1, image: 'https://cdn.example.com/x.png' }],
      ['hide-brand-products', { brand_id: 1, hidden: true }], ['update-brand', { brand_id: 1, brand_name: 'Staff' }], ['update-all-brands', { brand_ids: [1], hidden: true }],
    ] as const) {
      const res = await call('POST', `admin/brands/${url}`, staff, payload, 'brands-c');
      expect([res.statusCode, res.json().message], url).toEqual([403, NO_PERMISSION]);
    }
    expect(await shopperBrands('brands-c')).toEqual([1]);
    expect(await search('hammer', 'brands-c')).toEqual(['1002']);
    const allowed = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_brands_settings'] });
    expect((await call('POST', 'admin/brands/get-business-brands', allowed, undefined, 'brands-c')).statusCode).toBe(200);
  });
});

describe("a brand's products on and off the storefront, renaming, and several brands at once", () => {
  const productPage = async (id: number, slug = 'brands-a') => (await call('GET', `products/product?param=${id}`, null, undefined, slug)).statusCode;
  const suggested = async (prefix: string) => ((await call('GET', `get-suggestions?search=${prefix}`, null)).json().products as { sku: string }[]).map((p) => p.sku);

  it("hide-brand-products takes every product of the brand off the storefront at once, and showing them brings them back", async () => {
    expect(await search('hammer')).toEqual(['1002']); // the index is loaded
    const hidden = await call('POST', 'admin/brands/hide-brand-products', owner, { brand_id: 1, hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'success', message: BRAND_PRODUCTS_HIDDEN, data: { brand_id: 1, hide_products: true, hidden: false } });
    expect(await search('hammer')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await productPage(2)).toBe(404);
    expect(await suggested('hamm')).toEqual([]);
    expect(await shopperBrands()).toEqual([]); // nothing of it on sale: it leaves the Brands list too
    expect((await brandsOf()).find((b) => b.brand_id === 1)).toMatchObject({ hide_products: true });
    // The other store's brand 1 sells on.
    expect(await search('hammer', 'brands-b')).toEqual(['1002']);
    expect(await productPage(2, 'brands-b')).toBe(200);

    const shown = await call('POST', 'admin/brands/hide-brand-products', owner, { brand_id: 1, hidden: false });
    expect(shown.json()).toMatchObject({ message: BRAND_PRODUCTS_SHOWN, data: { hide_products: false } });
    expect(await search('hammer')).toEqual(['1002']);
    expect(await productPage(2)).toBe(200);
    expect(await suggested('hamm')).toEqual(['1002']);
    expect(await shopperBrands()).toEqual([1]);
  });

  it("reaches every API process's index when announced (another process's write)", async () => {
    expect(await search('hammer')).toEqual(['1002']);
    await Brand.updateOne({ tenantId: tenantA, brandId: 1 }, { $set: { hideProducts: true } }); // as another process writes it
    expect(await search('hammer')).toEqual(['1002']); // held in memory: no read per request
    await announceBrandsChange(harness.resources, tenantA, false, true);
    await expect.poll(() => search('hammer'), poll).toEqual([]);
    await Brand.updateOne({ tenantId: tenantA, brandId: 1 }, { $set: { hideProducts: false } });
    await announceBrandsChange(harness.resources, tenantA, false, true);
    await expect.poll(() => search('hammer'), poll).toEqual(['1002']);
  });

  it("update-brand renames the brand shoppers see (its page and the Brands list), keeps the supplier's name, and search finds it by the new name", async () => {
    expect(await search('acme')).toEqual([]);
    const res = await call('POST', 'admin/brands/update-brand', owner, { brand_id: 1, brand_name: '  Acme   Tools ', altTextLogo: 'Acme logo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success', message: BRAND_UPDATED,
      data: { brand_id: 1, brand_name: 'Acme Tools', original_brand: 'brands-a Brand', slug: 'acme-tools-1', altTextLogo: 'Acme logo' },
    });
    expect((await call('GET', 'brands/brand?param=acme-tools-1', null)).json().data).toMatchObject({ brand_name: 'Acme Tools', original_brand: 'brands-a Brand', altTextLogo: 'Acme logo' });
    expect(await brandPage(1)).toBe(200); // the old address (by its id) still opens it
    expect((await call('GET', 'brands', null)).json().data[0].brand_name).toBe('Acme Tools');
    await expect.poll(() => search('acme'), poll).toEqual(['1001', '1002', '1003']);
    expect(await search('acme', 'brands-b')).toEqual([]);

    // Renaming again keeps the supplier's name; an empty alt text is none; the logo as update-brand-img takes it.
    const again = await call('POST', 'admin/brands/update-brand', owner, { brand_id: 1, brand_name: 'brands-a Brand', altTextLogo: ' ', image: 'https://cdn.example.com/a.png' });
    expect(again.json().data).toMatchObject({ brand_name: 'brands-a Brand', original_brand: 'brands-a Brand', altTextLogo: null, image: 'https://cdn.example.com/a.png' });
    await expect.poll(() => search('acme'), poll).toEqual([]);
  });

  it('update-brand refuses a blank name, a bad logo or nothing to change (422 by field), changing nothing', async () => {
    const blank = await call('POST', 'admin/brands/update-brand', owner, { brand_id: 2, brand_name: '  ', altTextLogo: 'Changed' });
    expect([blank.statusCode, blank.json().errors]).toEqual([422, { brand_name: [BRAND_NAME_NEEDED] }]);
    const logo = await call('POST', 'admin/brands/update-brand', owner, { brand_id: 2, image: 'data:image/png;base64,xx' });
    expect([logo.statusCode, logo.json().errors]).toEqual([422, { image: [BRAND_LOGO_NOT_AN_IMAGE] }]);
    const empty = await call('POST', 'admin/brands/update-brand', owner, { brand_id: 2 });
    expect([empty.statusCode, empty.json().errors]).toEqual([422, { brand_name: [BRAND_UPDATE_EMPTY] }]);
    expect((await brandsOf()).find((b) => b.brand_id === 2)).toMatchObject({ brand_name: 'brands-a Empty Brand', altTextLogo: 'Empty brand logo', image: null });
  });

  it('update-all-brands hides or shows several brands, or their products, at once; an id not of the store changes nothing (404)', async () => {
    const hidden = await call('POST', 'admin/brands/update-all-brands', owner, { brand_ids: [1, 2, 1], hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().message).toBe(BRANDS_UPDATED(2));
    expect(hidden.json().data.map((b: { brand_id: number; hidden: boolean }) => [b.brand_id, b.hidden])).toEqual([[1, true], [2, true], [3, false]]); // 3 was shown by 'hides and shows every brand at once'
    expect(await shopperBrands()).toEqual([]);
    expect(await search('hammer')).toEqual(['1002']); // hidden brands' products stay on sale

    const products = await call('POST', 'admin/brands/update-all-brands', owner, { brand_ids: [1], hidden: false, hide_products: true });
    expect(products.json().data.find((b: { brand_id: number }) => b.brand_id === 1)).toMatchObject({ hidden: false, hide_products: true });
    expect(await search('hammer')).toEqual([]);

    const theirs = await call('POST', 'admin/brands/update-all-brands', owner, { brand_ids: [2, 9], hidden: false, hide_products: false });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, BRAND_NOT_FOUND]);
    expect((await brandsOf()).find((b) => b.brand_id === 2)).toMatchObject({ hidden: true });
    const nothing = await call('POST', 'admin/brands/update-all-brands', owner, { brand_ids: [1] });
    expect([nothing.statusCode, nothing.json().errors]).toEqual([422, { hidden: [BRANDS_UPDATE_EMPTY] }]);

    const back = await call('POST', 'admin/brands/update-all-brands', owner, { brand_ids: [1, 2], hidden: false, hide_products: false });
    expect(back.json().data.filter((b: { hidden: boolean; hide_products: boolean }) => !b.hidden && !b.hide_products).map((b: { brand_id: number }) => b.brand_id)).toEqual([1, 2, 3]);
    expect(await search('hammer')).toEqual(['1002']);
    expect(await shopperBrands()).toEqual([1]);
  });
});

