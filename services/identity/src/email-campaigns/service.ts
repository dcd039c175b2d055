import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { inBackground, keyedId, scoped } from '@platform/db';
import {
  audienceLabel, CAMPAIGN_ALREADY_SENT, CAMPAIGN_AUDIENCE_CHANGED, CAMPAIGN_DELETED, CAMPAIGN_NO_AUDIENCE, CAMPAIGN_NOT_FOUND, CAMPAIGN_SAVED,
  campaignEmail, campaignProblems, OPT_OUT_LINK_INVALID, testCampaignSubject, UNSUBSCRIBE_PATH, unsubscribedMessage, type CampaignStatus,
} from '@platform/domain';
import type { PlatformQueues } from '@platform/queue';
import { AppError, hashToken, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { Customer } from '../models';
import { EmailCampaign, UnsubscribeLink } from './models';
import { customerTotals, refreshCustomer, type CustomerIndexStore } from '../customers-admin/customer-index';
import { NEWSLETTER_LINKS, unsubscribeNewsletter } from '../newsletter/service';

type CampaignQueues = Pick<PlatformQueues, 'notifications' | 'emailCampaigns'>;
interface CampaignDoc {
  _id: unknown; subject: string; body: string; status: CampaignStatus; recipients: number; cursor: string | null;
  createdAt: Date; updatedAt: Date; sentAt: Date | null; sendRequestedAt: Date | null; sentBy: string | null;
}

const view = (c: CampaignDoc) => ({
  id: String(c._id), subject: c.subject, body: c.body, status: c.status, recipients: c.recipients ?? 0,
  created_at: c.createdAt.toISOString(), updated_at: c.updatedAt.toISOString(),
  sent_at: (c.sentAt ?? c.sendRequestedAt)?.toISOString() ?? null, sent_by: c.sentBy ?? null,
});

/**
 * How many customers a campaign would reach: the shoppers (not the store's admins) who agreed to marketing e-mails,
 * counted by the store's customer index in Redis (one ZCARD; docs/DATA-ACCESS.md rule 3), kept by every write of
 * a customer's consent. The worker's walk (deliverCampaign) reads the same people from the database.
 */
/** The customers a campaign goes to, as the worker reads them: shoppers (not the store's admins) who agreed to marketing e-mails. */
const audienceFilter = { isAdmin: false, receiveMarketing: true };
const audienceCount = async (ctx: RequestContext, lists: CustomerIndexStore) => (await customerTotals(lists, ctx.tenantId)).marketing;
/** An unsubscribe link's record is found by its token's hash as its `_id`. */
export const unsubscribeLinkId = (tenantId: string, tokenHash: string): string => keyedId(tenantId, 'unsubscribe', tokenHash);

async function findCampaign(ctx: RequestContext, id: string): Promise<CampaignDoc> {
  const campaign = mongoose.isValidObjectId(id) ? await EmailCampaign.findOne(scoped(ctx, { _id: id })).lean() as CampaignDoc | null : null;
  if (!campaign) throw new AppError('not_found', CAMPAIGN_NOT_FOUND);
  return campaign;
}

async function findDraft(ctx: RequestContext, id: string): Promise<CampaignDoc> {
  const campaign = await findCampaign(ctx, id);
  if (campaign.status !== 'draft') throw new AppError('conflict', CAMPAIGN_ALREADY_SENT);
  return campaign;
}

/** GET admin/email-campaigns: newest first, with how many customers a campaign would reach today. */
export async function listCampaigns(ctx: RequestContext, lists: CustomerIndexStore) {
  const campaigns = await EmailCampaign.find(scoped(ctx)).sort({ updatedAt: -1 }).limit(500).lean() as CampaignDoc[];
  return { data: campaigns.map(view), audience: await audienceCount(ctx, lists) };
}

export async function readCampaign(ctx: RequestContext, lists: CustomerIndexStore, id: string) {
  return { data: view(await findCampaign(ctx, id)), audience: await audienceCount(ctx, lists) };
}

interface CampaignInput { subject: string; body: string }
const cleaned = (input: CampaignInput) => ({ subject: input.subject.trim(), body: input.body.replace(/\s+$/, '') });

export async function createCampaign(ctx: RequestContext, input: CampaignInput) {
  rejectFieldProblems(campaignProblems(input));
  const by = ctx.caller?.slug ?? null;
  const created = await EmailCampaign.create({ tenantId: ctx.tenantId, ...cleaned(input), createdBy: by, updatedBy: by });
  return { status: 'success', message: CAMPAIGN_SAVED, data: view(created.toObject() as CampaignDoc) };
}

export async function updateCampaign(ctx: RequestContext, id: string, input: CampaignInput) {
  await findDraft(ctx, id);
  rejectFieldProblems(campaignProblems(input));
  await EmailCampaign.updateOne(scoped(ctx, { _id: id, status: 'draft' }), { $set: { ...cleaned(input), updatedBy: ctx.caller?.slug ?? null } });
  return { status: 'success', message: CAMPAIGN_SAVED, data: view(await findCampaign(ctx, id)) };
}

export async function deleteCampaign(ctx: RequestContext, id: string) {
  await findDraft(ctx, id);
  await EmailCampaign.deleteOne(scoped(ctx, { _id: id, status: 'draft' }));
  return { status: 'success', message: CAMPAIGN_DELETED };
}

/** The saved campaign to one address, marked as a test; its unsubscribe line says each customer gets their own link. */
export async function sendTestCampaign(ctx: RequestContext, queues: CampaignQueues, id: string, to: string, origin: string) {
  const campaign = await findCampaign(ctx, id);
  const email = campaignEmail({
    storeName: ctx.tenant.name, subject: testCampaignSubject(campaign.subject), body: campaign.body,
    unsubscribeUrl: `${origin}${UNSUBSCRIBE_PATH} (each customer gets a link of their own)`, postalAddress: null,
  });
  await queues.notifications.add('campaign-test', { tenantId: ctx.tenantId, channel: 'email', to, kind: 'campaign-test', ...email });
  return { status: 'success', message: `A test was sent to ${to}.` };
}

/**
 * POST admin/email-campaigns/{id}/send: the draft goes to the worker, once. `audience` is the count the admin
 * confirmed; if it changed meanwhile, nothing is sent. The job's id is the campaign's, so a second press
 * (or two admins at once) queues nothing more.
 */
export async function sendCampaign(ctx: RequestContext, queues: CampaignQueues, lists: CustomerIndexStore, id: string, audience: number) {
  const campaign = await findDraft(ctx, id);
  rejectFieldProblems(campaignProblems(campaign));
  const count = await audienceCount(ctx, lists);
  if (count === 0) throw new AppError('conflict', CAMPAIGN_NO_AUDIENCE);
  if (count !== audience) throw new AppError('conflict', CAMPAIGN_AUDIENCE_CHANGED);
  await EmailCampaign.updateOne(scoped(ctx, { _id: id, status: 'draft' }), { $set: { status: 'sending', sentBy: ctx.caller?.slug ?? null, sendRequestedAt: new Date() } });
  try {
    await queues.emailCampaigns.add('send', { tenantId: ctx.tenantId, campaignId: id }, { jobId: `campaign-${id}` });
  } catch (err) {
    await EmailCampaign.updateOne(scoped(ctx, { _id: id }), { $set: { status: 'draft', sentBy: null, sendRequestedAt: null } });
    throw err;
  }
  return { status: 'success', message: `Your e-mail is on its way to ${audienceLabel(count)}.`, data: view(await findCampaign(ctx, id)) };
}

/**
 * POST unsubscribe {token}: the customer the link was made for stops getting marketing e-mails (or the newsletter
 * sign-up it was made for is unsubscribed); the same link again says the same.
 */
export async function unsubscribe(ctx: RequestContext, token: string, customerLists?: CustomerIndexStore) {
  const link = await UnsubscribeLink.findOne(scoped(ctx, { _id: unsubscribeLinkId(ctx.tenantId, hashToken(token)) })).lean() as { _id: string; customerId: string; campaignId: string; usedAt: Date | null } | null;
  if (!link) throw new AppError('not_found', OPT_OUT_LINK_INVALID);
  if (!link.usedAt && link.campaignId === NEWSLETTER_LINKS) {
    // A footer newsletter sign-up's link: that address is taken off the list.
    await unsubscribeNewsletter(ctx, link.customerId, customerLists);
    await UnsubscribeLink.updateOne(scoped(ctx, { _id: link._id }), { $set: { usedAt: new Date() } });
  } else if (!link.usedAt) {
    await Customer.updateOne(scoped(ctx, { _id: link.customerId }), { $set: { receiveMarketing: false } });
    if (customerLists) await refreshCustomer(customerLists, ctx.tenantId, link.customerId);
    await UnsubscribeLink.updateOne(scoped(ctx, { _id: link._id }), { $set: { usedAt: new Date() } });
  }
  return { status: 'success', message: unsubscribedMessage(ctx.tenant.name) };
}

/** Customers read per batch: on FerretDB each batch reads the whole customers table (~9 s at 50,000), so few, large batches. */
const BATCH = 2000;

/** RFC 8058: mail apps show their own unsubscribe button, which posts to this address (no page, no sign-in). */
const oneClickUnsubscribe = (origin: string, token: string) => ({
  'List-Unsubscribe': `<${origin}/api${UNSUBSCRIBE_PATH}?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The worker's part: writes the campaign to its audience in batches, each e-mail with its own unsubscribe
 * link (also in the List-Unsubscribe headers, for mail apps' one-click button), and marks it sent. A retried job starts
 * after the last customer done; each e-mail's job id names campaign and customer, so none goes twice.
 * `origin`: the store's address for links; `postalAddress`: the store's, for the footer.
 */
export async function deliverCampaign(queues: Pick<PlatformQueues, 'notifications'>, ctx: RequestContext, campaignId: string, store: { origin: string; postalAddress: string | null }) {
  // A queued job walking the audience in _id order: background work (docs/DATA-ACCESS.md rule 5).
  return inBackground('identity: send an e-mail campaign', () => deliver(queues, ctx, campaignId, store));
}

async function deliver(queues: Pick<PlatformQueues, 'notifications'>, ctx: RequestContext, campaignId: string, store: { origin: string; postalAddress: string | null }): Promise<number> {
  const campaign = await EmailCampaign.findOne(scoped(ctx, { _id: campaignId })).lean() as CampaignDoc | null;
  if (!campaign || campaign.status !== 'sending') return 0;
  let { cursor, recipients } = campaign;
  for (;;) {
    const filter = cursor ? { ...audienceFilter, _id: { $gt: new mongoose.Types.ObjectId(cursor) } } : audienceFilter;
    const batch = await Customer.find(scoped(ctx, filter), { email: 1 }).sort({ _id: 1 }).limit(BATCH).lean() as { _id: unknown; email: string }[];
    if (!batch.length) break;
    const tokens = batch.map(() => randomBytes(24).toString('base64url'));
    const now = new Date();
    await UnsubscribeLink.insertMany(batch.map((c, i) => {
      const tokenHash = hashToken(tokens[i]);
      return { _id: unsubscribeLinkId(ctx.tenantId, tokenHash), tenantId: ctx.tenantId, customerId: String(c._id), campaignId, tokenHash, createdAt: now };
    }));
    await queues.notifications.addBulk(batch.map((c, i) => {
      const unsubscribeUrl = `${store.origin}${UNSUBSCRIBE_PATH}?token=${tokens[i]}`;
      const email = campaignEmail({ storeName: ctx.tenant.name, subject: campaign.subject, body: campaign.body, unsubscribeUrl, postalAddress: store.postalAddress });
      return {
        name: 'campaign',
        data: { tenantId: ctx.tenantId, channel: 'email' as const, to: c.email, kind: 'campaign', ...email, headers: oneClickUnsubscribe(store.origin, tokens[i]) },
        opts: { jobId: `campaign-${campaignId}-${String(c._id)}` },
      };
    }));
    cursor = String(batch[batch.length - 1]._id);
    recipients += batch.length;
    await EmailCampaign.updateOne(scoped(ctx, { _id: campaignId }), { $set: { cursor, recipients } });
  }
  await EmailCampaign.updateOne(scoped(ctx, { _id: campaignId }), { $set: { status: 'sent', sentAt: new Date() } });
  return recipients;
}
