import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from './test-db';
import { AccessToken } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { forgetEndedSessions, identityService } from './index';
import { OneTimeSecret } from './models';
import { UnsubscribeLink } from './email-campaigns/models';

let harness: Awaited<ReturnType<typeof createTestApp>>;
const now = new Date('2026-11-23T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

beforeAll(async () => { harness = await createTestApp([identityService], 'housekeeping'); });
afterAll(async () => { await harness?.close(); });

describe('the daily clean-up of ended sessions and codes', () => {
  it('deletes, in every store, sessions ended over 30 days ago, codes past their expiry and unsubscribe links over a year old; keeps the rest', async () => {
    const stores = [await createTenant('keep-a'), await createTenant('keep-b')];
    for (const [i, store] of stores.entries()) {
      const session = (name: string, expiresAt: Date, revokedAt: Date | null = null) =>
        AccessToken.create({ tenantId: store.id, tokenHash: `${name}-${i}`, customerId: 'c1', customerSlug: 'kim', expiresAt, revokedAt });
      await session('expired-long-ago', days(-31));
      await session('signed-out-long-ago', days(10), days(-45));
      await session('expired-lately', days(-3));
      await session('signed-out-lately', days(10), days(-29));
      await session('live', days(10));
      const code = (subject: string, expiresAt: Date) => OneTimeSecret.create({ tenantId: store.id, purpose: 'otp', subject, secretHash: 'x', expiresAt, createdAt: days(-1) });
      await code('5035550100', days(-0.01));
      await code('5035550101', days(0.005));
      const link = (tokenHash: string, createdAt: Date) => UnsubscribeLink.create({ tenantId: store.id, customerId: 'c1', campaignId: 'k1', tokenHash: `${tokenHash}-${i}`, createdAt });
      await link('over-a-year-old', days(-366));
      await link('eleven-months-old', days(-330));
    }
    expect(await forgetEndedSessions(now)).toEqual({ sessions: 4, codes: 2, unsubscribeLinks: 2 });
    for (const [i, store] of stores.entries()) {
      expect((await bg(() => AccessToken.find({ tenantId: store.id }).lean()) as { tokenHash: string }[]).map((t) => t.tokenHash).sort())
        .toEqual([`expired-lately-${i}`, `live-${i}`, `signed-out-lately-${i}`]);
      expect((await bg(() => OneTimeSecret.find({ tenantId: store.id }).lean()) as { subject: string }[]).map((c) => c.subject)).toEqual(['5035550101']);
      expect((await bg(() => UnsubscribeLink.find({ tenantId: store.id }).lean()) as { tokenHash: string }[]).map((l) => l.tokenHash)).toEqual([`eleven-months-old-${i}`]);
    }
  });
});
