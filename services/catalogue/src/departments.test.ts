import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { catalogueService } from './index';
import { createCatalogueFixture } from './testing';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenant: { id: string; slug: string; businessId: number };
let other: { id: string; slug: string; businessId: number };
const get = (url: string, extra: Record<string, string> = {}) => harness.app.inject({ url, headers: { 'business-slug': 'dep-a', ...extra } });
const names = (nodes: { name: string; children?: unknown[] }[]): unknown[] => nodes.map((n) => (n.children?.length ? [n.name, names(n.children as never)] : n.name));

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'departments');
  tenant = await createTenant('dep-a');
  other = await createTenant('dep-b');
  await createCatalogueFixture(tenant.id, 'dep-a');
  await createCatalogueFixture(other.id, 'dep-b');
});
afterAll(async () => { await harness?.close(); });

describe('GET get-all-departments', () => {
  it('lists every visible department of every level, parents before their children, with its level', async () => {
    const res = await get('/api/get-all-departments');
    expect(res.statusCode).toBe(200);
    expect(res.json().pregenerated).toBe(false);
    expect(res.json().data.map((d: { name: string; level: number; parent: number | null }) => [d.name, d.level, d.parent]))
      .toEqual([['Tools', 1, null], ['Power Tools', 2, 1], ['Drills', 3, 2], ['Paint', 1, null]]);
    expect(res.json().data[2]).toMatchObject({ dept_id: 3, slug: 'drills-3' });
  });

  it('answers the same departments nested when pregenerated is asked for', async () => {
    for (const flag of ['1', 'true']) {
      const res = (await get(`/api/get-all-departments?pregenerated=${flag}`)).json();
      expect(res.pregenerated).toBe(true);
      expect(names(res.data)).toEqual([['Tools', [['Power Tools', ['Drills']]]], 'Paint']);
    }
  });

  it('refuses a flag that is not 0/1/true/false', async () => {
    const res = await get('/api/get-all-departments?pregenerated=yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('pregenerated');
  });
});

describe('GET get-department-hierarchy-with-alias', () => {
  it("gives the tree with each department's aliases, hidden departments left out for shoppers", async () => {
    const res = await get('/api/get-department-hierarchy-with-alias');
    expect(res.statusCode).toBe(200);
    const [tools, paint] = res.json().data;
    expect(names(res.json().data)).toEqual([['Tools', [['Power Tools', ['Drills']]]], 'Paint']);
    expect(tools.children[0].children[0]).toMatchObject({ dept_id: 3, level: 3, hidden: false, aliases: [{ id: 31, alias_id: 7, name: 'dep-a drill drivers', dept_id: 3 }], children: [] });
    expect(paint.aliases).toEqual([]);
    // Another store's aliases never show.
    expect(res.body).not.toContain('dep-b');
  });

  it('adds hidden departments, marked, for staff who map departments', async () => {
    const owner = await issueToken(tenant.id, { isAdmin: true, permissions: ['edit_department_mapping'] });
    const res = await get('/api/get-department-hierarchy-with-alias?showHiddenDept=1', { authorization: `Bearer ${owner}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { name: string; hidden: boolean }) => [d.name, d.hidden])).toEqual([['Secret', true], ['Tools', false], ['Paint', false]]);
  });

  it('refuses hidden departments to guests (401), shoppers and staff without the permission (403)', async () => {
    expect((await get('/api/get-department-hierarchy-with-alias?showHiddenDept=1')).statusCode).toBe(401);
    const shopper = await issueToken(tenant.id);
    const staff = await issueToken(tenant.id, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
    for (const token of [shopper, staff]) {
      const res = await get('/api/get-department-hierarchy-with-alias?showHiddenDept=true', { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Secret');
    }
  });

  it("answers for its own business id as partner, and 404 for another store's", async () => {
    const own = await get(`/api/get-department-hierarchy-with-alias?partner=${tenant.businessId}`);
    expect(own.statusCode).toBe(200);
    const foreign = await get(`/api/get-department-hierarchy-with-alias?partner=${other.businessId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('dep-b');
  });
});
