import type { Redis } from 'ioredis';

/**
 * Sessions (AccessToken documents) kept in Redis for the sign-in check of every request: a signed-in request
 * reads one Redis key instead of the database (a FerretDB read by _id cost 12x a Redis GET, measured). The database
 * stays the truth. Every write to a session marks its key changed for CHANGED_S (sessionsChanged); a reader that
 * finds the mark reads the database, and a copy from the database is only kept where no key is (SET NX). So a
 * session ended or narrowed is never answered from an older copy: the mark outlives any read begun before it.
 */
export interface SessionCacheStore { redis: Redis; prefix: string }

/** A copy read from the database is kept this long, or until the session expires if sooner. */
const KEPT_S = 600;
/** After a write, readers go to the database this long. */
const CHANGED_S = 60;
const CHANGED = '-';

const sessionKey = (s: SessionCacheStore, id: string) => `${s.prefix}:session:${id}`;

type Dated = { expiresAt: Date; lastUsedAt?: Date | null; revokedAt?: Date | null };
const DATES = ['expiresAt', 'lastUsedAt', 'revokedAt'] as const;

/** The session by its _id: Redis's copy, else the database's (`load`), kept for the next request. */
export async function cachedSession<T extends Dated>(s: SessionCacheStore, id: string, load: () => Promise<T | null>): Promise<T | null> {
  const key = sessionKey(s, id);
  const raw = await s.redis.get(key);
  if (raw && raw !== CHANGED) {
    const doc = JSON.parse(raw) as T;
    for (const field of DATES) if (doc[field]) (doc as Record<string, unknown>)[field] = new Date(doc[field] as unknown as string);
    return doc;
  }
  const doc = await load();
  const seconds = doc ? Math.min(KEPT_S, Math.floor((doc.expiresAt.getTime() - Date.now()) / 1000)) : 0;
  if (doc && raw === null && seconds > 0) await s.redis.set(key, JSON.stringify(doc), 'EX', seconds, 'NX');
  return doc;
}

/** Call after writing sessions (ended, narrowed, renewed, deleted): their next readers go to the database. */
export async function sessionsChanged(s: SessionCacheStore, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const multi = s.redis.multi();
  for (const id of ids) multi.set(sessionKey(s, id), CHANGED, 'EX', CHANGED_S);
  await multi.exec();
}
