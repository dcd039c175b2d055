import { runScript } from '@platform/queue';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '@platform/server-kit';

const LOCK_TTL_MS = 5000;
const WAIT_MS = 3000;
// Deletes the lock only if this caller still holds it (its token), so an expired lock taken over by another is left alone.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs `work` while holding this cart's lock in Redis. Cart writes read, change and write the whole line
 * list; FerretDB v1 does not apply concurrent updates atomically (docs/ARCHITECTURE.md), so two requests
 * for one cart take turns. Different carts never wait for each other.
 */
export function withCartLock<T>(redis: Redis, key: string, work: () => Promise<T>): Promise<T> {
  return withRedisLock(redis, key, work, { waitMs: WAIT_MS, busyMessage: 'Your cart is busy with another change. Please try again.' });
}

/** Runs `work` while holding the lock `key` in Redis, waiting up to `waitMs` for it; a 409 with `busyMessage` after that. */
export async function withRedisLock<T>(redis: Redis, key: string, work: () => Promise<T>, options: { waitMs: number; busyMessage: string }): Promise<T> {
  const token = randomBytes(12).toString('hex');
  const deadline = Date.now() + options.waitMs;
  let delay = 5;
  while ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new AppError('conflict', options.busyMessage);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 50);
  }
  try {
    return await work();
  } finally {
    await runScript(redis, RELEASE, 1, key, token);
  }
}
