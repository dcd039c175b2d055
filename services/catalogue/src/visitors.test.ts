import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { catalogueService } from './index';
import { NO_VISITOR, visitorsOn } from './visitors';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let otherId = '';
const today = () => new Date().toISOString().slice(0, 10);
const visit = (query: string, slug = 'visits-a', token?: string) =>
  harness.app.inject({ url: `/api/track-visitor${query}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const counted = (tenant: string) => visitorsOn(harness.app.resources.redis, harness.app.resources.queuePrefix, tenant, today());

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'visits');
  tenantId = (await createTenant('visits-a')).id;
  otherId = (await createTenant('visits-b')).id;
});
afterAll(async () => { await harness?.close(); });

describe('GET track-visitor', () => {
  it("answers {res: 1} and counts each browser or account once a day, in this store's count only", async () => {
    for (const query of ['?device_id=AbCdE12345', '?device_id=AbCdE12345', '?device_id=ZzYyX98765', '?customer_slug=pat-lee-1']) {
      const res = await visit(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ res: 1 });
    }
    expect(await counted(tenantId)).toBe(3);
    expect(await counted(otherId)).toBe(0);
  });

  it('does not count staff', async () => {
    const before = await counted(tenantId);
    const admin = await issueToken(tenantId, { isAdmin: true });
    expect((await visit('?device_id=Staff00001', 'visits-a', admin)).json()).toEqual({ res: 1 });
    expect(await counted(tenantId)).toBe(before);
  });

  it('needs a customer_slug or a device id of 10 letters and digits (400, nothing counted)', async () => {
    const before = await counted(tenantId);
    const none = await visit('');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: NO_VISITOR, errors: { device_id: [NO_VISITOR] } });
    expect((await visit('?device_id=short')).statusCode).toBe(400);
    expect((await visit('?customer_slug=%24where')).statusCode).toBe(400);
    expect(await counted(tenantId)).toBe(before);
  });
});
