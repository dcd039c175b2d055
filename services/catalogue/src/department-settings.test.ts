import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENT_NOT_FOUND, DEPARTMENT_SETTING_FIELDS, DEPARTMENT_SETTINGS_EMPTY, DEPARTMENT_SETTINGS_SAVED, NO_PERMISSION } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { catalogueService } from './index';
import { createCatalogueFixture } from './testing';
import { Department } from './models';
import { announceDepartmentsChange } from './search/changes';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let tenantA = '';
let tenantB = '';

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'department-settings');
  const a = await createTenant('dset-a');
  const b = await createTenant('dset-b');
  tenantA = a.id;
  tenantB = b.id;
  await createCatalogueFixture(a.id, 'dset-a');
  await createCatalogueFixture(b.id, 'dset-b');
  // A department only the other store has.
  await Department.create({ tenantId: b.id, deptId: 9, name: 'Only B', slug: 'only-b', parentId: null, level: 1 });
  owner = await issueToken(a.id, { isAdmin: true, permissions: ['edit_department_mapping'] });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, slug = 'dset-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const hideProducts = (deptId: number, value: boolean, token = owner) =>
  call('POST', 'v1/admin/department/save-department-settings', token, { dept_id: deptId, settings: [{ key: 'hideProducts', value }] });
const skus = async (query: string, slug = 'dset-a') => {
  const res = await call('GET', `products?${query}`, null, undefined, slug);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().products.data as { sku: string }[]).map((p) => p.sku).sort();
};
const search = (keyword: string, slug = 'dset-a') => skus(`search=${encodeURIComponent(keyword)}`, slug);
const productPage = async (id: number, slug = 'dset-a') => (await call('GET', `products/product?param=${id}`, null, undefined, slug)).statusCode;
const suggested = async (prefix: string) => ((await call('GET', `get-suggestions?search=${prefix}`, null)).json().products as { sku: string }[]).map((p) => p.sku);
const hideProductsOf = async (parent: number | null) =>
  ((await call('GET', `departments${parent ? `?dept_id=${parent}` : ''}`, null)).json().data as { dept_id: number; hide_products: boolean }[]).map((d) => [d.dept_id, d.hide_products]);
const poll = { timeout: 2000, interval: 50 };

describe("a department's settings (spec 3 §3 Department setting field, v1/admin/department/*)", () => {
  it('lists the settings the platform applies, each with its key, type, editor name, description and value', async () => {
    const res = await call('GET', 'v1/admin/department/department-settings?dept_id=2', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ dept_id: 2, settings: DEPARTMENT_SETTING_FIELDS.map((f) => ({ ...f, value: false })) });
    expect(res.json().data.settings.map((s: { key: string; type: string }) => [s.key, s.type])).toEqual([['hideProducts', 'bool']]);
  });

  it("hideProducts takes the department's products (and those of the departments under it) out of search, lists, suggestions and product pages, and showing brings them back", async () => {
    expect(await search('drill')).toEqual(['1001']); // the index is loaded
    expect(await search('')).toEqual(['1001', '1002', '1003']);

    const hidden = await hideProducts(2, true); // Power Tools: the drill is under it (Tools > Power Tools > Drills), the hammer is not
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'success', message: DEPARTMENT_SETTINGS_SAVED, data: { dept_id: 2, settings: [{ key: 'hideProducts', value: true }] } });
    expect(await search('drill')).toEqual([]);
    expect(await search('')).toEqual(['1002', '1003']);
    expect(await skus('dept_id=1')).toEqual(['1002']);
    expect(await skus('dept_id=3')).toEqual([]);
    expect(await productPage(1)).toBe(404);
    expect(await suggested('dril')).toEqual([]);
    expect(await productPage(2)).toBe(200);
    // The storefront's department lists say so (its page shows no products).
    expect(await hideProductsOf(1)).toEqual([[2, true]]);
    // The other store's Power Tools sells on.
    expect(await search('drill', 'dset-b')).toEqual(['1001']);
    expect(await productPage(1, 'dset-b')).toBe(200);

    const shown = await hideProducts(2, false);
    expect(shown.json().data.settings[0]).toMatchObject({ key: 'hideProducts', value: false });
    expect(await search('drill')).toEqual(['1001']);
    expect(await search('')).toEqual(['1001', '1002', '1003']);
    expect(await productPage(1)).toBe(200);
    expect(await suggested('dril')).toEqual(['1001']);
    expect(await hideProductsOf(1)).toEqual([[2, false]]);
  });

  it('a top department hidden takes every product under it; another department hidden alongside keeps its own hidden until shown', async () => {
    await hideProducts(1, true);
    await hideProducts(4, true);
    expect(await search('')).toEqual([]);
    await hideProducts(1, false);
    expect(await search('')).toEqual(['1001', '1002']);
    await hideProducts(4, false);
    expect(await search('')).toEqual(['1001', '1002', '1003']);
  });

  it("reaches every API process's index when announced (another process's write), with no read per request", async () => {
    expect(await search('hammer')).toEqual(['1002']);
    await Department.updateOne({ tenantId: tenantA, deptId: 1 }, { $set: { hideProducts: true } }); // as another process writes it
    expect(await search('hammer')).toEqual(['1002']); // held in memory
    await announceDepartmentsChange(harness.resources, tenantA, true);
    await expect.poll(() => search('hammer'), poll).toEqual([]);
    await expect.poll(() => hideProductsOf(null), poll).toEqual([[1, true], [4, false]]);
    await Department.updateOne({ tenantId: tenantA, deptId: 1 }, { $set: { hideProducts: false } });
    await announceDepartmentsChange(harness.resources, tenantA, true);
    await expect.poll(() => search('hammer'), poll).toEqual(['1002']);
  });

  it("answers 404 for an unknown department and for another store's, which stays as it was", async () => {
    for (const deptId of [77, 9]) {
      const read = await call('GET', `v1/admin/department/department-settings?dept_id=${deptId}`, owner);
      expect([read.statusCode, read.json().message]).toEqual([404, DEPARTMENT_NOT_FOUND]);
      const save = await hideProducts(deptId, true);
      expect([save.statusCode, save.json().message]).toEqual([404, DEPARTMENT_NOT_FOUND]);
    }
    expect((await Department.findOne({ tenantId: tenantB, deptId: 9 }).lean() as unknown as { hideProducts: boolean }).hideProducts).toBe(false);
  });

  it('refuses nothing to save, a setting twice or one it does not know, changing nothing', async () => {
    const empty = await call('POST', 'v1/admin/department/save-department-settings', owner, { dept_id: 2, settings: [] });
    expect([empty.statusCode, empty.json().errors]).toEqual([422, { settings: [DEPARTMENT_SETTINGS_EMPTY] }]);
    const twice = await call('POST', 'v1/admin/department/save-department-settings', owner, {
      dept_id: 2, settings: [{ key: 'hideProducts', value: true }, { key: 'hideProducts', value: false }],
    });
    expect(twice.statusCode).toBe(400); // more settings than there are
    const unknown = await call('POST', 'v1/admin/department/save-department-settings', owner, { dept_id: 2, settings: [{ key: 'qtyMessage', value: 'Only a few' }] });
    expect(unknown.statusCode).toBe(400);
    expect(await search('drill')).toEqual(['1001']);
  });

  it('asks a guest to sign in (401) and refuses staff without edit_department_mapping (403), changing nothing', async () => {
    const staff = await issueToken(tenantA, { isAdmin: true, isSubAccount: true, permissions: ['edit_brands_settings'] });
    expect((await hideProducts(2, true, '')).statusCode).toBe(401);
    const refused = await hideProducts(2, true, staff);
    expect([refused.statusCode, refused.json().message]).toEqual([403, NO_PERMISSION]);
    expect((await call('GET', 'v1/admin/department/department-settings?dept_id=2', staff)).statusCode).toBe(403);
    expect(await search('drill')).toEqual(['1001']);
  });
});
