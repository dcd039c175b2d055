import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIZARD_ALERTS, WIZARD_STEP_NOT_FOUND } from '@platform/domain';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { tenantSettingsService, StoreProfile } from '../index';
import { WIZARD_NOT_FINISHED, WizardProgress } from './wizard';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let admin = '';
let basicAdmin = '';

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'wizard');
  tenantId = (await createTenant('wizard-store', { plan: 'E1P' })).id;
  await StoreProfile.create({ tenantId, business: { wizard_enabled: true } });
  admin = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, slug: 'staff-1', permissions: [] });
  const basic = await createTenant('wizard-basic', { plan: 'LEB' });
  basicAdmin = await issueToken(basic.id, { isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

const call = (store: string, token: string | null, url: string, payload?: object) => harness.app.inject({
  method: payload ? 'POST' : 'GET', url: `/api/setup-wizard/${url}`, payload,
  headers: { 'business-slug': store, ...(token ? { authorization: `Bearer ${token}` } : {}) },
});
const state = async (store = 'wizard-store', token = admin) => (await call(store, token, 'get')).json().data;

describe('setup wizard', () => {
  it('is for the store admins only', async () => {
    expect((await call('wizard-store', null, 'get')).statusCode).toBe(401);
    expect((await call('wizard-store', await issueToken(tenantId), 'get')).statusCode).toBe(403);
    expect((await call('wizard-store', await issueToken(tenantId), 'mark-item-started', { slug: 'tax-rate' })).statusCode).toBe(403);
    expect(await WizardProgress.countDocuments({ tenantId })).toBe(0);
  });

  it('lists the plan steps, not begun, with the actions alert', async () => {
    const fresh = await state();
    expect(fresh).toMatchObject({ wizard_enabled: true, is_wizard_begin: false, needs_acknowledgement: true, acknowledged: false, alert: WIZARD_ALERTS.actions });
    expect(fresh.steps.map((s: { slug: string; status: string }) => [s.slug, s.status])).toEqual([
      ['fulfillment-options', 'not_started'], ['payment-options', 'not_started'], ['special-order-items', 'not_started'], ['tax-rate', 'not_started'],
    ]);
    expect((await state('wizard-basic', basicAdmin)).steps.map((s: { slug: string }) => s.slug)).toEqual(['special-order-items', 'tax-rate']);
  });

  it('is begun once a step is opened; a finished step stays finished when opened again', async () => {
    expect((await call('wizard-store', admin, 'mark-item-started', { slug: 'fulfillment-options' })).json().data.is_wizard_begin).toBe(true);
    await call('wizard-store', admin, 'mark-item-completed', { slug: 'fulfillment-options' });
    const again = (await call('wizard-store', admin, 'mark-item-started', { slug: 'fulfillment-options' })).json().data;
    expect(again.steps[0].status).toBe('completed');
    expect((await state('wizard-basic', basicAdmin)).is_wizard_begin).toBe(false);
  });

  it("refuses a step the plan does not have, and another store's state is its own", async () => {
    const res = await call('wizard-basic', basicAdmin, 'mark-item-started', { slug: 'fulfillment-options' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(WIZARD_STEP_NOT_FOUND);
    expect((await call('wizard-basic', admin, 'get')).statusCode).toBe(401);
  });

  it('asks for the acknowledgement once every step is done, and takes it with comments', async () => {
    const early = await call('wizard-store', admin, 'acknowledge', { comments: 'Too soon' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(WIZARD_NOT_FINISHED);
    for (const slug of ['payment-options', 'special-order-items', 'tax-rate']) await call('wizard-store', admin, 'mark-item-completed', { slug });
    expect((await state()).alert).toBe('Acknowledgement Required on Your Setup Wizard');
    const done = await call('wizard-store', admin, 'acknowledge', { comments: 'All set, thanks.' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ acknowledged: true, alert: null });
    const stored = await WizardProgress.findOne({ tenantId }).lean() as { comments: { text: string; by: string }[] };
    expect(stored.comments).toEqual([expect.objectContaining({ text: 'All set, thanks.', by: 'staff-1' })]);
  });

  it('shows no alert where the store does not have the wizard', async () => {
    const plain = await createTenant('wizard-off');
    const data = await state('wizard-off', await issueToken(plain.id, { isAdmin: true }));
    expect(data).toMatchObject({ wizard_enabled: false, alert: null });
  });
});
