import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bg } from '../test-db';
import { Worker } from 'bullmq';
import {
  CAMPAIGN_ALREADY_SENT, CAMPAIGN_AUDIENCE_CHANGED, CAMPAIGN_NO_AUDIENCE, CAMPAIGN_NOT_FOUND, INVALID_EMAIL, NO_PERMISSION, OPT_OUT_LINK_INVALID,
} from '@platform/domain';
import { OutboxMessage } from '@platform/notifications';
import { QUEUE_NAMES, type EmailCampaignJob } from '@platform/queue';
import { backgroundContext, resolvedTenant } from '@platform/server-kit';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { Tenant } from '@platform/db';
import { Customer, identityService } from '../index';
import { delivered, startOutbox } from '../test-outbox';
import { EmailCampaign } from './models';
import { deliverCampaign } from './service';

let harness: Awaited<ReturnType<typeof createTestApp>>;
let outbox: ReturnType<typeof startOutbox>;
let sender: Worker<EmailCampaignJob>;
let tenantId = '';
let otherId = '';
let owner = '';
const STORE = { origin: 'https://mail-a.test', postalAddress: '12 Main St, Portland, OR 97201' };
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object, slug = 'mail-a') =>
  harness.app.inject({ method, url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload ? { payload } : {}) });
const shopper = (tenant: string, slug: string, receiveMarketing: boolean, isAdmin = false) =>
  Customer.create({ tenantId: tenant, slug, email: `${slug}@mail.test`, passwordHash: 'x', receiveMarketing, isAdmin });
const campaignMails = (after: Date) => bg(() => OutboxMessage.find({ tenantId, kind: 'campaign', createdAt: { $gte: after } }).lean()) as Promise<{ to: string; subject: string; text: string; raw: string }[]>;
const ctxOf = async (id: string) => backgroundContext(resolvedTenant(await Tenant.findById(id).lean() as never));

beforeAll(async () => {
  harness = await createTestApp([identityService], 'campaigns');
  outbox = startOutbox(harness);
  // The worker's part, as services/worker runs it, with the store's address given.
  sender = new Worker<EmailCampaignJob>(QUEUE_NAMES.emailCampaigns, async (job) => {
    await deliverCampaign(harness.resources.queues, await ctxOf(job.data.tenantId), job.data.campaignId, STORE);
  }, { connection: harness.resources.redis.duplicate(), prefix: harness.resources.queuePrefix });
  tenantId = (await createTenant('mail-a')).id;
  otherId = (await createTenant('mail-b')).id;
  await shopper(tenantId, 'ann', true);
  await shopper(tenantId, 'bob', true);
  await shopper(tenantId, 'cy', false);
  await shopper(tenantId, 'boss', true, true);
  await shopper(otherId, 'b-ann', true);
  owner = await issueToken(tenantId, { slug: 'boss', isAdmin: true });
});
afterAll(async () => { await sender?.close(); await outbox?.close(); await harness?.close(); });

describe('e-mail campaigns (admin › Emails)', () => {
  let id = '';

  it('are for admins with view_emails only', async () => {
    const draft = { subject: 'Spring sale', body: 'Mulch is 20% off.' };
    expect((await call('POST', 'admin/email-campaigns', undefined, draft)).statusCode).toBe(401);
    const staff = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
    const refused = await call('POST', 'admin/email-campaigns', staff, draft);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_PERMISSION);
    expect((await call('GET', 'admin/email-campaigns', await issueToken(tenantId, { slug: 'ann' }))).statusCode).toBe(403);
    const allowed = await issueToken(tenantId, { isAdmin: true, isSubAccount: true, permissions: ['view_emails'] });
    expect((await call('GET', 'admin/email-campaigns', allowed)).statusCode).toBe(200);
    expect(await EmailCampaign.countDocuments({ tenantId })).toBe(0);
  });

  it('saves a draft with a subject and a message, naming every problem and saving nothing until both are there', async () => {
    const bad = await call('POST', 'admin/email-campaigns', owner, { subject: ' ', body: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ subject: ['Please write a subject.'], body: ['Please write your message.'] });
    expect(await EmailCampaign.countDocuments({ tenantId })).toBe(0);
    const made = await call('POST', 'admin/email-campaigns', owner, { subject: ' Spring sale ', body: 'Mulch is 20% off.\nSee https://mail-a.test/d/garden\n' });
    expect(made.json()).toMatchObject({ message: 'Your e-mail has been saved.', data: { subject: 'Spring sale', body: 'Mulch is 20% off.\nSee https://mail-a.test/d/garden', status: 'draft', recipients: 0 } });
    id = made.json().data.id;
    // Two shoppers agreed to marketing e-mails; the one who did not and the store's own admin are not counted.
    expect((await call('GET', 'admin/email-campaigns', owner)).json()).toMatchObject({ audience: 2, data: [{ id, status: 'draft' }] });
  });

  it('changes a draft; an unknown or another store\'s campaign is not found', async () => {
    const changed = await call('POST', `admin/email-campaigns/${id}`, owner, { subject: 'Spring sale: mulch', body: 'Mulch is 20% off this week.' });
    expect(changed.json().data).toMatchObject({ subject: 'Spring sale: mulch', body: 'Mulch is 20% off this week.' });
    expect((await call('GET', `admin/email-campaigns/${id}`, owner)).json()).toMatchObject({ audience: 2, data: { subject: 'Spring sale: mulch' } });
    const otherOwner = await issueToken(otherId, { isAdmin: true });
    for (const res of [
      await call('GET', `admin/email-campaigns/${id}`, otherOwner, undefined, 'mail-b'),
      await call('POST', `admin/email-campaigns/${id}`, otherOwner, { subject: 'Taken over', body: 'x' }, 'mail-b'),
      await call('DELETE', `admin/email-campaigns/${id}`, otherOwner, undefined, 'mail-b'),
      await call('GET', 'admin/email-campaigns/not-an-id', owner),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CAMPAIGN_NOT_FOUND);
    }
    expect((await EmailCampaign.findOne({ tenantId, _id: id }).lean() as { subject: string }).subject).toBe('Spring sale: mulch');
  });

  it('sends a test to one address, marked as a test', async () => {
    const after = new Date();
    expect((await call('POST', `admin/email-campaigns/${id}/test`, owner, { to: 'nope' })).json()).toMatchObject({ message: INVALID_EMAIL, errors: { to: [INVALID_EMAIL] } });
    expect((await call('POST', `admin/email-campaigns/${id}/test`, owner, { to: 'Boss@Mail.test' })).json().message).toBe('A test was sent to boss@mail.test.');
    const test = await delivered(tenantId, 'boss@mail.test', after);
    expect(test.subject).toBe('[Test] Spring sale: mulch');
    expect(test.text).toContain('Mulch is 20% off this week.');
    expect(await campaignMails(after)).toHaveLength(0);
    // 20 an hour per store: this was the first; the 21st is refused and sends nothing.
    for (let i = 2; i <= 20; i += 1) expect((await call('POST', `admin/email-campaigns/${id}/test`, owner, { to: `t${i}@mail.test` })).statusCode).toBe(200);
    const over = await call('POST', `admin/email-campaigns/${id}/test`, owner, { to: 't21@mail.test' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Too many attempts. Please try again in 60 minutes.');
    await delivered(tenantId, 't20@mail.test', after);
    expect(await bg(() => OutboxMessage.countDocuments({ tenantId, to: 't21@mail.test' }))).toBe(0);
  });

  it('sends to the customers who agreed, once, each with a link of their own to unsubscribe', async () => {
    const after = new Date();
    const changed = await call('POST', `admin/email-campaigns/${id}/send`, owner, { audience: 3 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(CAMPAIGN_AUDIENCE_CHANGED);
    expect((await EmailCampaign.findOne({ tenantId, _id: id }).lean() as { status: string }).status).toBe('draft');
    const sent = await call('POST', `admin/email-campaigns/${id}/send`, owner, { audience: 2 });
    expect(sent.json()).toMatchObject({ message: 'Your e-mail is on its way to 2 customers.', data: { status: 'sending', sent_by: 'boss' } });
    const again = await call('POST', `admin/email-campaigns/${id}/send`, owner, { audience: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CAMPAIGN_ALREADY_SENT);
    await expect.poll(async () => (await call('GET', `admin/email-campaigns/${id}`, owner)).json().data, { timeout: 10000 }).toMatchObject({ status: 'sent', recipients: 2 });
    await expect.poll(async () => (await campaignMails(after)).length, { timeout: 10000 }).toBe(2);
    const mails = await campaignMails(after);
    expect(mails.map((m) => m.to).sort()).toEqual(['ann@mail.test', 'bob@mail.test']);
    const links = mails.map((m) => m.text.match(/https:\/\/mail-a\.test\/unsubscribe\?token=([\w-]+)/)![1]);
    expect(new Set(links).size).toBe(2);
    for (const [i, mail] of mails.entries()) {
      expect(mail.subject).toBe('Spring sale: mulch');
      expect(mail.text).toContain('Mulch is 20% off this week.');
      expect(mail.text).toContain('mail-a store, 12 Main St, Portland, OR 97201');
      const headers = mail.raw.replace(/\r?\n\s+/g, ' ');
      expect(headers).toContain(`List-Unsubscribe: <https://mail-a.test/api/unsubscribe?token=${links[i]}>`);
      expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
    for (const res of [await call('POST', `admin/email-campaigns/${id}`, owner, { subject: 'Late', body: 'change' }), await call('DELETE', `admin/email-campaigns/${id}`, owner)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CAMPAIGN_ALREADY_SENT);
    }

    // The link unsubscribes its customer alone, says the same when followed again, and works only at its store.
    const bobLink = links[mails.findIndex((m) => m.to === 'bob@mail.test')];
    expect((await call('POST', 'unsubscribe', undefined, { token: bobLink }, 'mail-b')).json().message).toBe(OPT_OUT_LINK_INVALID);
    expect((await call('POST', 'unsubscribe', undefined, { token: 'made-up' })).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      expect((await call('POST', 'unsubscribe', undefined, { token: bobLink })).json().message).toBe('You will no longer receive marketing e-mails from mail-a store.');
    }
    expect(await bg(() => Customer.find({ tenantId, receiveMarketing: true, isAdmin: false }, { slug: 1 }).lean())).toMatchObject([{ slug: 'ann' }]);
    expect((await call('GET', 'admin/email-campaigns', owner)).json().audience).toBe(1);

    // A mail app's one-click button posts the form RFC 8058 names to the List-Unsubscribe address.
    const annLink = links[mails.findIndex((m) => m.to === 'ann@mail.test')];
    const oneClick = await harness.app.inject({
      method: 'POST', url: `/api/unsubscribe?token=${annLink}`, headers: { 'business-slug': 'mail-a', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json()).toMatchObject({ message: 'You will no longer receive marketing e-mails from mail-a store.' });
    expect((await call('GET', 'admin/email-campaigns', owner)).json().audience).toBe(0);
    expect((await call('POST', 'unsubscribe', undefined, {})).json().message).toBe(OPT_OUT_LINK_INVALID);
    await bg(() => Customer.updateOne({ tenantId, slug: 'ann' }, { $set: { receiveMarketing: true } }));
  });

  it('carries on after the last customer written to when a send is retried, and never writes to anyone twice', async () => {
    await shopper(tenantId, 'dee', true);
    const made = await EmailCampaign.create({ tenantId, subject: 'Retried', body: 'Hello', status: 'sending' });
    const ann = await bg(() => Customer.findOne({ tenantId, slug: 'ann' }).lean()) as { _id: unknown };
    await EmailCampaign.updateOne({ tenantId, _id: made._id }, { $set: { cursor: String(ann._id), recipients: 1 } });
    const after = new Date();
    const ctx = await ctxOf(tenantId);
    expect(await deliverCampaign(harness.resources.queues, ctx, String(made._id), STORE)).toBe(2);
    await delivered(tenantId, 'dee@mail.test', after, 'Retried');
    await EmailCampaign.updateOne({ tenantId, _id: made._id }, { $set: { status: 'sending', cursor: null, recipients: 0 } });
    await deliverCampaign(harness.resources.queues, ctx, String(made._id), STORE);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await campaignMails(after)).map((m) => m.to).sort()).toEqual(['ann@mail.test', 'dee@mail.test']);
  });

  it('deletes a draft, and sends nothing where no customer agreed', async () => {
    const otherOwner = await issueToken(otherId, { isAdmin: true });
    await bg(() => Customer.updateOne({ tenantId: otherId, slug: 'b-ann' }, { $set: { receiveMarketing: false } }));
    const draft = (await call('POST', 'admin/email-campaigns', otherOwner, { subject: 'Hi', body: 'There' }, 'mail-b')).json().data.id;
    const none = await call('POST', `admin/email-campaigns/${draft}/send`, otherOwner, { audience: 0 }, 'mail-b');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(CAMPAIGN_NO_AUDIENCE);
    expect((await call('DELETE', `admin/email-campaigns/${draft}`, otherOwner, undefined, 'mail-b')).json().message).toBe('The draft has been deleted.');
    expect(await EmailCampaign.countDocuments({ tenantId: otherId })).toBe(0);
  });
});
