import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '@platform/db';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { optOutLink, OptOutToken, tenantSettingsService } from './index';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
const post = (url: string, payload: object, slug = 'optout-a') => harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: { 'business-slug': slug }, payload });
const business = async (slug = 'optout-a') => (await harness.app.inject({ url: '/api/business-details2', headers: { 'business-slug': slug } })).json().data;
/** The tests read links by tenant, not by _id: development reads, inBackground (docs/DATA-ACCESS.md). */
const read = <T>(work: () => PromiseLike<T>) => inBackground('test: check the opt-out links', work);
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'optouts');
  tenantId = (await createTenant('optout-a')).id;
  await createTenant('optout-b');
});
afterAll(async () => { await harness?.close(); });

describe('owner opt-out links', () => {
  it('turns setup wizard reminders off through the link, records when, and says the same when followed again', async () => {
    expect((await business()).wizard_reminders).toBe(true);
    const link = await optOutLink(tenantId, 'wizard-reminders');
    expect(link).toMatch(/^\/wizard-unsubscribe\?token=[\w-]{32}$/);
    const stored = await read(() => OptOutToken.findOne({ tenantId }).lean()) as { tokenHash: string };
    expect(stored.tokenHash).not.toContain(tokenOf(link));
    for (let i = 0; i < 2; i += 1) {
      const res = await post('wizard-unsubscribe', { token: tokenOf(link) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: 'You will no longer get setup wizard reminders by e-mail.' });
    }
    expect(await business()).toMatchObject({ wizard_reminders: false, landing_page_auto_update: true });
    expect(await read(() => OptOutToken.findOne({ tenantId }).lean())).toMatchObject({ usedAt: expect.any(Date) });
  });

  it('turns automatic landing page updates off with its own link only', async () => {
    const wizardLink = await optOutLink(tenantId, 'wizard-reminders');
    const wrongKind = await post('landing-page-auto-update-opt-out', { token: tokenOf(wizardLink) });
    expect(wrongKind.statusCode).toBe(404);
    const link = await optOutLink(tenantId, 'landing-page-auto-update');
    expect(link.startsWith('/landing-page-auto-update-opt-out?token=')).toBe(true);
    expect((await post('landing-page-auto-update-opt-out', { token: tokenOf(link) })).json().message).toBe('Automatic updates of your landing page are turned off. Your home page stays as you left it.');
    expect((await business()).landing_page_auto_update).toBe(false);
  });

  it("refuses a made-up or another store's token and changes nothing", async () => {
    const link = await optOutLink(tenantId, 'wizard-reminders');
    const elsewhere = await post('wizard-unsubscribe', { token: tokenOf(link) }, 'optout-b');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('This link is not valid for this store. Open the link from your latest e-mail, or sign in to change it in your settings.');
    expect((await post('wizard-unsubscribe', { token: 'made-up' }, 'optout-b')).statusCode).toBe(404);
    expect((await post('wizard-unsubscribe', { token: '' })).statusCode).toBe(400);
    expect((await business('optout-b')).wizard_reminders).toBe(true);
  });
});
