import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIAS_ADDED, ALIAS_ALREADY_THERE, ALIAS_REMOVED, ALIAS_TOO_SHORT, NO_PERMISSION } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { catalogueService } from './index';
import { createCatalogueFixture } from './testing';
import { ALIAS_NOT_FOUND, DEPARTMENT_NOT_FOUND } from './department-aliases';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let owner = '';
let otherOwner = '';

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'dept-aliases');
  const a = await createTenant('alias-a');
  const b = await createTenant('alias-b');
  await createCatalogueFixture(a.id, 'alias-a');
  await createCatalogueFixture(b.id, 'alias-b');
  owner = await issueToken(a.id, { isAdmin: true, permissions: ['edit_department_mapping'] });
  otherOwner = await issueToken(b.id, { isAdmin: true, permissions: ['edit_department_mapping'] });
});
afterAll(async () => { await harness?.close(); });

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, slug = 'alias-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
type Node = { dept_id: number; aliases: { id: number; alias_id: number; name: string }[]; children: Node[] };
/** What the storefront's tree answers for one department (get-department-hierarchy-with-alias). */
async function aliasesOf(deptId: number, slug = 'alias-a') {
  const walk = (nodes: Node[]): Node | undefined => nodes.map((n) => (n.dept_id === deptId ? n : walk(n.children))).find(Boolean);
  return walk((await call('GET', 'get-department-hierarchy-with-alias', null, undefined, slug)).json().data)?.aliases.map((a) => a.name);
}

describe('department aliases (spec 3 alias modal, v1/admin/department)', () => {
  it('adds an alias to a department: the tree answers it at once, with its mapping id and alias id', async () => {
    const res = await call('POST', 'v1/admin/department/add-alias', owner, { name: '  Paint   supplies ', dept_id: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', message: ALIAS_ADDED, data: { aliases: [{ name: 'Paint supplies', dept_id: 4 }] } });
    // Numbered past the store's highest (the fixture's alias is mapping 31, alias 7).
    expect(body.data.alias_mapped_id).toBeGreaterThan(31);
    expect(body.data.alias_id).toBeGreaterThan(31);
    expect(body.data.aliases[0]).toMatchObject({ id: body.data.alias_mapped_id, alias_id: body.data.alias_id });
    expect(await aliasesOf(4)).toEqual(['Paint supplies']);
    // The other store's department 4 is untouched.
    expect(await aliasesOf(4, 'alias-b')).toEqual([]);
  });

  it('reuses the alias id of a name the store already uses, and suggests the names used elsewhere', async () => {
    const suggestions = (await call('GET', 'v1/admin/department/prev-aliases?name=drill&dept_id=1', owner)).json().data.data;
    expect(suggestions).toEqual([{ id: 7, name: 'alias-a drill drivers' }]);
    const res = await call('POST', 'v1/admin/department/add-alias', owner, { name: 'ALIAS-A drill drivers', dept_id: 1 });
    expect(res.json().data).toMatchObject({ alias_id: 7, aliases: [{ alias_id: 7, name: 'alias-a drill drivers' }] });
    // Now on department 1 too: no longer suggested for it, still for another.
    expect((await call('GET', 'v1/admin/department/prev-aliases?dept_id=1', owner)).json().data.data.map((a: { name: string }) => a.name)).toEqual(['Paint supplies']);
    expect((await call('GET', 'v1/admin/department/prev-aliases?dept_id=4', owner)).json().data.data.map((a: { name: string }) => a.name)).toEqual(['alias-a drill drivers']);
  });

  it('refuses a name under 2 characters or one the department has, by the name field, and changes nothing', async () => {
    const short = await call('POST', 'v1/admin/department/add-alias', owner, { name: ' x ', dept_id: 2 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ name: [ALIAS_TOO_SHORT] });
    const twice = await call('POST', 'v1/admin/department/add-alias', owner, { name: 'paint SUPPLIES', dept_id: 4 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ name: [ALIAS_ALREADY_THERE] });
    expect(await aliasesOf(2)).toEqual([]);
    expect(await aliasesOf(4)).toEqual(['Paint supplies']);
  });

  it('removes an alias by its mapping id; an unknown one or department answers 404', async () => {
    const [alias] = (await call('POST', 'v1/admin/department/add-alias', owner, { name: 'Bits', dept_id: 3 })).json().data.aliases.slice(-1);
    const removed = await call('POST', 'v1/admin/department/remove-alias', owner, { id: alias.id, dept_id: 3 });
    expect(removed.json()).toMatchObject({ status: 'ok', message: ALIAS_REMOVED, data: { aliases: [{ name: 'alias-a drill drivers' }] } });
    expect(await aliasesOf(3)).toEqual(['alias-a drill drivers']);
    const again = await call('POST', 'v1/admin/department/remove-alias', owner, { id: alias.id, dept_id: 3 });
    expect([again.statusCode, again.json().message]).toEqual([404, ALIAS_NOT_FOUND]);
    const nowhere = await call('POST', 'v1/admin/department/add-alias', owner, { name: 'Nowhere', dept_id: 999 });
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([404, DEPARTMENT_NOT_FOUND]);
  });

  it("never reaches another store's departments: its alias ids answer 404 here", async () => {
    const theirs = (await call('POST', 'v1/admin/department/add-alias', otherOwner, { name: 'Only at B', dept_id: 2 }, 'alias-b')).json().data.alias_mapped_id;
    expect((await call('POST', 'v1/admin/department/remove-alias', owner, { id: theirs, dept_id: 2 })).statusCode).toBe(404);
    expect(await aliasesOf(2, 'alias-b')).toEqual(['Only at B']);
    // B's token is not a session at A.
    expect((await call('POST', 'v1/admin/department/add-alias', otherOwner, { name: 'Sneaky', dept_id: 2 })).statusCode).toBe(401);
  });

  it('asks a guest to sign in (401) and refuses staff without edit_department_mapping (403)', async () => {
    expect((await call('POST', 'v1/admin/department/add-alias', null, { name: 'Guest', dept_id: 1 })).statusCode).toBe(401);
    const tenantId = (await createTenant('alias-c')).id;
    await createCatalogueFixture(tenantId, 'alias-c');
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
    for (const [method, url, payload] of [['POST', 'v1/admin/department/add-alias', { name: 'Staff', dept_id: 1 }], ['POST', 'v1/admin/department/remove-alias', { id: 31, dept_id: 3 }], ['GET', 'v1/admin/department/prev-aliases', undefined]] as const) {
      const res = await call(method, url, staff, payload, 'alias-c');
      expect([res.statusCode, res.json().message], url).toEqual([403, NO_PERMISSION]);
    }
    expect(await aliasesOf(3, 'alias-c')).toEqual(['alias-c drill drivers']);
  });
});

describe("shoppers' search by a department's or brand's alias", () => {
  const search = async (keyword: string, slug = 'alias-a') =>
    (await call('GET', `products?search=${encodeURIComponent(keyword)}`, null, undefined, slug)).json().products.data.map((p: { sku: string }) => p.sku) as string[];
  const suggest = async (text: string) => (await call('GET', `get-suggestions?search=${text}`, null)).json();
  const poll = { timeout: 2000, interval: 50 };

  it("finds the department's products after those named so, offers the department under its alias, and forgets a removed alias", async () => {
    expect(await search('workshop')).toEqual([]); // the index is loaded: the aliases below reach it as changes
    const workshop = (await call('POST', 'v1/admin/department/add-alias', owner, { name: 'Workshop', dept_id: 1 })).json().data.alias_mapped_id;
    const hammers = (await call('POST', 'v1/admin/department/add-alias', owner, { name: 'Hammers', dept_id: 1 })).json().data.alias_mapped_id;
    // Tools, with what is under it (Power Tools > Drills); the paint is not in it.
    await expect.poll(async () => (await search('workshop')).sort(), poll).toEqual(['1001', '1002']);
    await expect.poll(() => search('hammers'), poll).toEqual(['1002', '1001']); // the hammer names the word: first
    expect((await search('workshpo')).sort()).toEqual(['1001', '1002']); // a typo, as for product words
    expect(await search('workshop cordless')).toEqual(['1001']); // every word must match, by the product's words or an alias
    const offered = await suggest('works');
    expect(offered.departments).toEqual([{ dept_id: 1, name: 'Tools', alias: 'Workshop' }]);
    expect(offered.products.map((p: { sku: string }) => p.sku).sort()).toEqual(['1001', '1002']);
    // The brand's alias (the brand data's own) likewise.
    expect((await search('house')).sort()).toEqual(['1001', '1002', '1003']);
    expect((await suggest('hous')).brands).toEqual([{ brand_id: 1, brand_name: 'alias-a Brand', image: null, alias: 'House Brand' }]);

    for (const id of [workshop, hammers]) expect((await call('POST', 'v1/admin/department/remove-alias', owner, { id, dept_id: 1 })).statusCode).toBe(200);
    await expect.poll(async () => [await search('workshop'), await search('hammers')], poll).toEqual([[], ['1002']]);
    expect((await suggest('works')).departments).toEqual([]);
  });

  it("never lets another store's alias change this store's search", async () => {
    expect(await search('garage')).toEqual([]);
    expect(await search('garage', 'alias-b')).toEqual([]);
    expect((await call('POST', 'v1/admin/department/add-alias', otherOwner, { name: 'Garage', dept_id: 4 }, 'alias-b')).statusCode).toBe(200);
    await expect.poll(() => search('garage', 'alias-b'), poll).toEqual(['1003']);
    expect(await search('garage')).toEqual([]);
  });
});
