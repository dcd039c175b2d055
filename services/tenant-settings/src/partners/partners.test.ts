import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLY_STORE_OWNER_PARTNERS, PARTNERS_SAVED } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService } from '../index';

/** The owner's partner list (admin/settings/partner-businesses; docs/PARTNER-INVENTORY.md), against the real database. */
let harness: Awaited<ReturnType<typeof createTestApp>>;
const stores = {} as Record<'a' | 'b' | 'c', { id: string; businessId: number; owner: string }>;
const URL = '/api/admin/settings/partner-businesses';
const call = (store: 'a' | 'b' | 'c', token: string | null, payload?: object) => harness.app.inject({
  method: payload ? 'POST' : 'GET', url: URL, payload,
  headers: { 'business-slug': `partners-${store}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
});

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'partner-admin');
  for (const key of ['a', 'b', 'c'] as const) {
    const tenant = await createTenant(`partners-${key}`);
    stores[key] = { id: tenant.id, businessId: tenant.businessId, owner: await issueToken(tenant.id, { isAdmin: true }) };
  }
});
afterAll(async () => { await harness?.close(); });

describe('admin/settings/partner-businesses', () => {
  it("keeps the owner's list (its own business left out, each once); another store is named only once it lists this one back", async () => {
    const { a, b, c } = stores;
    expect((await call('a', a.owner)).json()).toEqual({ data: { business_id: a.businessId, partners: [] } });
    const saved = await call('a', a.owner, { business_ids: [b.businessId, a.businessId, b.businessId, c.businessId, 987654] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: 'success', message: PARTNERS_SAVED, data: { business_id: a.businessId, partners: [
      { business_id: b.businessId, shown: false, name: null },
      { business_id: c.businessId, shown: false, name: null },
      { business_id: 987654, shown: false, name: null },
    ] } });
    // B lists A back: each now shows the other.
    expect((await call('b', b.owner, { business_ids: [a.businessId] })).json().data.partners).toEqual([{ business_id: a.businessId, shown: true, name: 'partners-a store' }]);
    expect((await call('a', a.owner)).json().data.partners[0]).toEqual({ business_id: b.businessId, shown: true, name: 'partners-b store' });
    // C's list is C's own: A listing C changes nothing there.
    expect((await call('c', c.owner)).json().data.partners).toEqual([]);
  });

  it("is the owner's alone: a sub-account is refused (403), a guest asked to sign in (401), nothing changes", async () => {
    const sub = await issueToken(stores.c.id, { slug: 'partners-staff', isAdmin: true, isSubAccount: true, permissions: ['edit_locations'] });
    const refused = await call('c', sub, { business_ids: [stores.a.businessId] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ONLY_STORE_OWNER_PARTNERS);
    expect((await call('c', null, { business_ids: [stores.a.businessId] })).statusCode).toBe(401);
    expect((await call('c', stores.c.owner)).json().data.partners).toEqual([]);
  });

  it('takes at most ten whole business ids', async () => {
    expect((await call('c', stores.c.owner, { business_ids: Array.from({ length: 11 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await call('c', stores.c.owner, { business_ids: ['x'] })).statusCode).toBe(400);
    expect((await call('c', stores.c.owner)).json().data.partners).toEqual([]);
  });
});
