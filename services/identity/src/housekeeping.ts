import { AccessToken, scoped, Tenant } from '@platform/db';
import { backgroundContext, resolvedTenant } from '@platform/server-kit';
import { OneTimeSecret } from './models';

const DAY_MS = 86_400_000;
/** Ended sessions stay this long (the account's last activity and "a new kind of device" read them), then go. */
export const ENDED_SESSION_KEEP_DAYS = 30;

/**
 * The daily clean-up: sessions that expired or were ended more than 30 days ago, and sign-in codes, links and
 * reset codes past their expiry, are deleted in every store, so neither grows without end and old devices are
 * not kept. Answers how many of each went.
 */
export async function forgetEndedSessions(now = new Date()): Promise<{ sessions: number; codes: number }> {
  const cutoff = new Date(now.getTime() - ENDED_SESSION_KEEP_DAYS * DAY_MS);
  let sessions = 0;
  let codes = 0;
  for (const doc of await Tenant.find({}).lean() as never[]) {
    const ctx = backgroundContext(resolvedTenant(doc));
    sessions += (await AccessToken.deleteMany(scoped(ctx, { $or: [{ expiresAt: { $lt: cutoff } }, { revokedAt: { $lt: cutoff } }] }))).deletedCount;
    codes += (await OneTimeSecret.deleteMany(scoped(ctx, { expiresAt: { $lt: now } }))).deletedCount;
  }
  return { sessions, codes };
}
