import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from '@platform/db';
import type { NotificationJob } from '@platform/queue';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { Customer } from '@platform/identity';
import { StoreProfile, tenantSettingsService, WizardProgress } from '@platform/tenant-settings';
import { storeAddress } from '@platform/domain';
import { sendWizardReminders } from './wizard-reminders';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantA = '';
const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  harness = await createTestApp([tenantSettingsService], 'reminders');
  // A: wizard on, nothing done, an owner, a staff sub-account and a shopper.
  tenantA = (await createTenant('wiz-a', { plan: 'E2P', domains: ['www.wiz-a.test'] })).id;
  await StoreProfile.create({ tenantId: tenantA, business: { wizard_enabled: true } });
  await Customer.insertMany([
    { tenantId: tenantA, slug: 'owner', email: 'owner@wiz-a.test', passwordHash: 'x', isAdmin: true },
    { tenantId: tenantA, slug: 'staff', email: 'staff@wiz-a.test', passwordHash: 'x', isAdmin: true, isSubAccount: true },
    { tenantId: tenantA, slug: 'shopper', email: 'shopper@wiz-a.test', passwordHash: 'x' },
  ]);
  // B: reminders turned off; C: every step done (no acknowledgement on its plan); D: no wizard.
  const b = await createTenant('wiz-b');
  await StoreProfile.create({ tenantId: b.id, business: { wizard_enabled: true, wizard_reminders: false } });
  const c = await createTenant('wiz-c');
  await StoreProfile.create({ tenantId: c.id, business: { wizard_enabled: true } });
  await WizardProgress.create({ tenantId: c.id, items: { 'fulfillment-options': 'completed', 'payment-options': 'completed', 'special-order-items': 'completed', 'tax-rate': 'completed' } });
  const d = await createTenant('wiz-d');
  await StoreProfile.create({ tenantId: d.id, business: {} });
  for (const [id, slug] of [[b.id, 'b'], [c.id, 'c'], [d.id, 'd']]) {
    await Customer.create({ tenantId: id, slug: 'owner', email: `owner@wiz-${slug}.test`, passwordHash: 'x', isAdmin: true });
  }
});
afterAll(async () => { await harness?.close(); });

const queued = async () => (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed'])).map((j) => j.data as NotificationJob);
// As the worker runs it: a job, inBackground.
const run = (now: Date) => inBackground('job wizard-reminders', () => sendWizardReminders(harness.resources.queues, 'http://localhost:8080', now));

describe('setup wizard reminders', () => {
  it("e-mail the owners of a store whose wizard asks something: its open steps, the wizard's link and a stop link", async () => {
    expect(await run(start)).toBe(1);
    const sent = await queued();
    expect(sent.map((m) => [m.tenantId, m.to, m.kind])).toEqual([[tenantA, 'owner@wiz-a.test', 'wizard-reminder']]);
    expect(sent[0].subject).toBe('wiz-a store: New Actions Required on Your Setup Wizard');
    expect(sent[0].text).toContain('Still to do:\n- Special Order Items\n- Tax Rate');
    expect(sent[0].text).toContain('Continue your setup: https://www.wiz-a.test/admin/wizard');
    const token = /https:\/\/www\.wiz-a\.test\/wizard-unsubscribe\?token=([\w-]+)/.exec(sent[0].text)?.[1];
    expect(token).toBeTruthy();

    // Not again within the week; again after it.
    expect(await run(new Date(start.getTime() + 6 * DAY))).toBe(0);
    expect(await run(new Date(start.getTime() + 7 * DAY))).toBe(1);
    expect(await queued()).toHaveLength(2);

    // The stop link turns them off for good.
    const stop = await harness.app.inject({ method: 'POST', url: '/api/wizard-unsubscribe', headers: { 'business-slug': 'wiz-a' }, payload: { token } });
    expect(stop.statusCode).toBe(200);
    expect(await run(new Date(start.getTime() + 30 * DAY))).toBe(0);
  });

  it('link a store without a domain of its own at its platform sub-domain', () => {
    expect(storeAddress({ slug: 'wiz-d' }, 'http://localhost:8080')).toBe('http://wiz-d.localhost:8080');
    expect(storeAddress({ slug: 'wiz-a', domains: ['www.wiz-a.test'] }, 'http://localhost:8080')).toBe('https://www.wiz-a.test');
  });
});
