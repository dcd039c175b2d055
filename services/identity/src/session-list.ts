import type { Redis } from 'ioredis';
import { AccessToken, findByIds, inBackground, scoped, type TenantContext } from '@platform/db';
import { sessionsChanged } from '@platform/server-kit';

/**
 * Each customer's sessions (docs/DATA-ACCESS.md rule 3): a Redis set of their AccessToken `_id`s, kept by the code
 * that starts sessions (startSession); ended or cleaned-up ones are dropped when next read. A missing set (Redis
 * emptied, older sessions, tokens made elsewhere) is rebuilt from the database in the background: rare. A marker
 * member says the list is complete (a rebuild ran); a read of a list without it rebuilds it first.
 */
const MARKER = '-';
/** A set unused this long goes (the longest session lasts less); the next read rebuilds it. */
const KEEP_S = 120 * 86_400;

export interface SessionStore { redis: Redis; prefix: string }

export const sessionSetKey = (io: SessionStore, tenantId: string, customerSlug: string): string => `${io.prefix}:sessions:${tenantId}:${customerSlug}`;

async function rebuild(ctx: TenantContext, io: SessionStore, key: string, customerSlug: string): Promise<string[]> {
  const docs = (await inBackground('identity: rebuild a customer\'s list of sessions', () =>
    AccessToken.find(scoped(ctx, { customerSlug }), { _id: 1 }).lean())) as unknown as { _id: string }[];
  const ids = docs.map((d) => String(d._id));
  await io.redis.multi().sadd(key, MARKER, ...ids).expire(key, KEEP_S).exec();
  return ids;
}

/** A new account has no sessions yet: its (empty) list is complete, so its first sign-in starts no rebuild. */
export async function startSessionList(ctx: TenantContext, io: SessionStore, customerSlug: string): Promise<void> {
  await startSessionLists(ctx.tenantId, io, [customerSlug]);
}

/** The same for many accounts at once (the seed's bulk customers, made without sessions). */
export async function startSessionLists(tenantId: string, io: SessionStore, customerSlugs: string[]): Promise<void> {
  const batch = io.redis.multi();
  for (const slug of customerSlugs) batch.sadd(sessionSetKey(io, tenantId, slug), MARKER).expire(sessionSetKey(io, tenantId, slug), KEEP_S);
  await batch.exec();
}

/** The `_id`s of a customer's sessions (any state: callers check revokedAt and expiresAt on the documents). */
export async function sessionIds(ctx: TenantContext, io: SessionStore, customerSlug: string): Promise<string[]> {
  const key = sessionSetKey(io, ctx.tenantId, customerSlug);
  const members = await io.redis.smembers(key);
  if (!members.includes(MARKER)) return rebuild(ctx, io, key, customerSlug); // not known complete
  return members.filter((m) => m !== MARKER);
}

/** Records a new session of the customer (its record is written already, so a rebuild includes it too). */
export async function rememberSession(ctx: TenantContext, io: SessionStore, customerSlug: string, id: string, firstSignIn = false): Promise<void> {
  const key = sessionSetKey(io, ctx.tenantId, customerSlug);
  // An account never signed in before (no lastSignInAt) has no other session: its list is complete as it stands.
  const members = firstSignIn ? [id, MARKER] : [id];
  const [, , [, complete]] = (await io.redis.multi().sadd(key, ...members).expire(key, KEEP_S).sismember(key, MARKER).exec()) as [unknown, unknown, [unknown, number]];
  // A list not known complete (none yet, or Redis lost it) gets its older sessions in the background: signing in
  // does not wait on that scan, and a read before it ends rebuilds the list itself.
  if (!complete) void rebuild(ctx, io, key, customerSlug).catch((err) => console.error(`[identity] sessions of ${customerSlug} not rebuilt: ${String(err)}`));
}

export interface SessionDoc {
  _id: string; tokenHash: string; customerSlug: string; userAgent?: string; createdAt: Date; lastUsedAt?: Date | null;
  expiresAt: Date; revokedAt?: Date | null;
}

/** The customer's session records, each by `_id`; records gone (cleaned up) leave the set. */
export async function customerSessions(ctx: TenantContext, io: SessionStore, customerSlug: string): Promise<SessionDoc[]> {
  const ids = await sessionIds(ctx, io, customerSlug);
  const docs = (await findByIds<SessionDoc>(AccessToken, ctx, ids)).filter((d) => d.customerSlug === customerSlug);
  const gone = ids.filter((id) => !docs.some((d) => d._id === id));
  if (gone.length) await io.redis.srem(sessionSetKey(io, ctx.tenantId, customerSlug), ...gone);
  return docs;
}

/** The sessions still in force (not ended, not expired). */
export async function liveSessions(ctx: TenantContext, io: SessionStore, customerSlug: string): Promise<SessionDoc[]> {
  const now = Date.now();
  return (await customerSessions(ctx, io, customerSlug)).filter((d) => !d.revokedAt && d.expiresAt.getTime() > now);
}

/** Ends the customer's sessions in force, but `keep` (this device); answers how many ended. Each by `_id`. */
export async function endSessions(ctx: TenantContext, io: SessionStore, customerSlug: string, keep?: string): Promise<number> {
  const ending = (await liveSessions(ctx, io, customerSlug)).filter((d) => d.tokenHash !== keep);
  const now = new Date();
  await Promise.all(ending.map((d) => AccessToken.updateOne(scoped(ctx, { _id: d._id }), { $set: { revokedAt: now } })));
  await sessionsChanged(io, ending.map((d) => d._id));
  return ending.length;
}

/** Changes every live session of the customer (a sub-account's new permissions), each by `_id`. */
export async function updateSessions(ctx: TenantContext, io: SessionStore, customerSlug: string, set: Record<string, unknown>): Promise<void> {
  const live = await liveSessions(ctx, io, customerSlug);
  await Promise.all(live.map((d) => AccessToken.updateOne(scoped(ctx, { _id: d._id }), { $set: set })));
  await sessionsChanged(io, live.map((d) => d._id));
}

/** Deletes every session record of the customer and its list (the account was deleted). */
export async function deleteSessions(ctx: TenantContext, io: SessionStore, customerSlug: string): Promise<void> {
  const ids = await sessionIds(ctx, io, customerSlug);
  await Promise.all(ids.map((id) => AccessToken.deleteOne(scoped(ctx, { _id: id }))));
  await sessionsChanged(io, ids);
  await io.redis.del(sessionSetKey(io, ctx.tenantId, customerSlug));
}
