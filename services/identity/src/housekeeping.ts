import { AccessToken, inBackground, scoped, Tenant } from '@platform/db';
import { backgroundContext, resolvedTenant } from '@platform/server-kit';
import { OneTimeSecret } from './models';
import { UnsubscribeLink } from './email-campaigns/models';
import { NEWSLETTER_LINKS } from './newsletter/service';

const DAY_MS = 86_400_000;
/** Ended sessions stay this long (the account's last activity and "a new kind of device" read them), then go. */
export const ENDED_SESSION_KEEP_DAYS = 30;
/** A campaign e-mail's unsubscribe link works this long (the law asks for 30 days at least), then goes. */
export const UNSUBSCRIBE_LINK_KEEP_DAYS = 365;

/**
 * The daily clean-up: sessions that expired or were ended more than 30 days ago, and sign-in codes, links and
 * reset codes past their expiry, and campaign e-mails' unsubscribe links over a year old, are deleted in every
 * store, so none grows without end and old devices are not kept. Answers how many of each went.
 */
export async function forgetEndedSessions(now = new Date()): Promise<{ sessions: number; codes: number; unsubscribeLinks: number }> {
  return inBackground('identity: daily clean-up of ended sessions, codes and unsubscribe links', () => forget(now));
}

/** Customers' lists of sessions (Redis) drop the deleted ones when next read (session-list.ts). */
async function forget(now: Date): Promise<{ sessions: number; codes: number; unsubscribeLinks: number }> {
  const cutoff = new Date(now.getTime() - ENDED_SESSION_KEEP_DAYS * DAY_MS);
  const linkCutoff = new Date(now.getTime() - UNSUBSCRIBE_LINK_KEEP_DAYS * DAY_MS);
  let sessions = 0;
  let codes = 0;
  let unsubscribeLinks = 0;
  for (const doc of await Tenant.find({}).lean() as never[]) {
    const ctx = backgroundContext(resolvedTenant(doc));
    sessions += (await AccessToken.deleteMany(scoped(ctx, { $or: [{ expiresAt: { $lt: cutoff } }, { revokedAt: { $lt: cutoff } }] }))).deletedCount;
    codes += (await OneTimeSecret.deleteMany(scoped(ctx, { expiresAt: { $lt: now } }))).deletedCount;
    // A newsletter sign-up's one link stays valid as long as the sign-up is kept.
    unsubscribeLinks += (await UnsubscribeLink.deleteMany(scoped(ctx, { createdAt: { $lt: linkCutoff }, campaignId: { $ne: NEWSLETTER_LINKS } }))).deletedCount;
  }
  return { sessions, codes, unsubscribeLinks };
}
