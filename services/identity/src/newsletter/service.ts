import { createHash, randomBytes } from 'node:crypto';
import { inBackground, keyedId, scoped } from '@platform/db';
import { newsletterAddress, newsletterConsentText, newsletterProblems, newsletterSignedUpMessage, newsletterWelcomeEmail, UNSUBSCRIBE_PATH } from '@platform/domain';
import type { AccountClosedJob, PlatformQueues } from '@platform/queue';
import { hashToken, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { UnsubscribeLink } from '../email-campaigns/models';
import { indexNewsletterSubscriber, newsletterRowId, unindexNewsletterSubscriber, type CustomerIndexStore, type NewsletterEntry } from '../customers-admin/customer-index';
import { NewsletterSubscriber } from './models';

/** The campaign id an unsubscribe link of a newsletter sign-up carries (its customerId is the sign-up's `_id`). */
export const NEWSLETTER_LINKS = 'newsletter';

const addressHash = (address: string) => createHash('sha256').update(address).digest('hex');
/** A sign-up is found by its store and the SHA-256 of its lower-cased address. */
export const newsletterSubscriberId = (tenantId: string, address: string) => keyedId(tenantId, 'newsletter', addressHash(address));

interface SubscriberDoc { _id: string; email: string; createdAt: Date; unsubscribedAt: Date | null }
const entryOf = (doc: SubscriberDoc): NewsletterEntry => ({ id: newsletterRowId(addressHash(doc.email)), email: doc.email, createdAt: doc.createdAt, unsubscribedAt: doc.unsubscribedAt });

/**
 * POST newsletter/subscribe: keeps the address with the consent given (the words, the time, the page), and e-mails
 * a confirmation with a link that takes it off the list. An address already on the list gets no second e-mail
 * (nobody can flood a stranger's inbox from the footer); one that unsubscribed before is signed up again. Every
 * accepted sign-up answers the same, so the form does not tell who is on the list.
 */
export async function subscribeToNewsletter(
  ctx: RequestContext, queues: Pick<PlatformQueues, 'notifications'>, lists: CustomerIndexStore,
  input: { email: string; consent: boolean; page?: string }, origin: string,
) {
  rejectFieldProblems(newsletterProblems(input));
  const address = newsletterAddress(input.email);
  const id = newsletterSubscriberId(ctx.tenantId, address);
  const existing = await NewsletterSubscriber.findOne(scoped(ctx, { _id: id })).lean() as SubscriberDoc | null;
  if (existing && !existing.unsubscribedAt) return { status: 'success', message: newsletterSignedUpMessage(address) };

  const now = new Date();
  const consent = { consentText: newsletterConsentText(ctx.tenant.name), consentAt: now, source: `footer ${input.page ?? '/'}`.slice(0, 200), unsubscribedAt: null };
  await NewsletterSubscriber.updateOne(scoped(ctx, { _id: id }), { $set: { email: address, ...consent }, $setOnInsert: { createdAt: now } }, { upsert: true });
  const token = randomBytes(24).toString('base64url');
  const tokenHash = hashToken(token);
  await UnsubscribeLink.create({ _id: keyedId(ctx.tenantId, 'unsubscribe', tokenHash), tenantId: ctx.tenantId, customerId: id, campaignId: NEWSLETTER_LINKS, tokenHash, createdAt: now });
  await indexNewsletterSubscriber(lists, ctx.tenantId, entryOf({ _id: id, email: address, createdAt: existing?.createdAt ?? now, unsubscribedAt: null }));
  const email = newsletterWelcomeEmail({ storeName: ctx.tenant.name, unsubscribeUrl: `${origin}${UNSUBSCRIBE_PATH}?token=${token}` });
  await queues.notifications.add('newsletter-welcome', { tenantId: ctx.tenantId, channel: 'email', to: address, kind: 'newsletter-welcome', ...email });
  return { status: 'success', message: newsletterSignedUpMessage(address) };
}

/** An unsubscribe link of a newsletter sign-up was used: the address is marked unsubscribed (and listed so). */
export async function unsubscribeNewsletter(ctx: RequestContext, subscriberId: string, lists?: CustomerIndexStore): Promise<void> {
  const now = new Date();
  await NewsletterSubscriber.updateOne(scoped(ctx, { _id: subscriberId }), { $set: { unsubscribedAt: now } });
  const doc = await NewsletterSubscriber.findOne(scoped(ctx, { _id: subscriberId })).lean() as SubscriberDoc | null;
  if (doc && lists) await indexNewsletterSubscriber(lists, ctx.tenantId, entryOf(doc));
}

/**
 * accounts-closed job: a closed or erased account's address leaves the newsletter too (the sign-up, its unsubscribe
 * links, its row in the subscribers list). The job names the address only by its SHA-256, which is the sign-up's key.
 */
export async function forgetNewsletterSignUp(lists: CustomerIndexStore, job: { data: AccountClosedJob }): Promise<void> {
  const { tenantId, emailHash } = job.data;
  if (!emailHash) return;
  const id = keyedId(tenantId, 'newsletter', emailHash);
  await inBackground('job accounts-closed: forget the newsletter sign-up\'s unsubscribe links', () => UnsubscribeLink.deleteMany(scoped({ tenantId }, { customerId: id, campaignId: NEWSLETTER_LINKS })));
  await NewsletterSubscriber.deleteOne(scoped({ tenantId }, { _id: id }));
  await unindexNewsletterSubscriber(lists, tenantId, newsletterRowId(emailHash));
}
