import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '@platform/server-kit';

/** A repeat within a day (a double click, a network retry, a reload) gets the first answer. */
const KEPT_S = 24 * 3600;
/** How long a repeat waits for the first attempt, still running, to answer. */
const WAIT_MS = 15_000;

export const KEY_REUSED = 'This order was already sent with other details. Please check your order and place it again.';
export const STILL_PLACING = 'Your order is still being placed. Please wait a moment, then look in your orders before trying again.';

type Kept<T> = { state: 'running'; body: string } | { state: 'done'; body: string; answer: T };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request body's fingerprint: the same fields and values in any order give the same one. */
export function bodyFingerprint(body: unknown): string {
  const sorted = (value: unknown): unknown => Array.isArray(value) ? value.map(sorted)
    : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])])) : value;
  return createHash('sha256').update(JSON.stringify(sorted(body))).digest('hex');
}

/**
 * Runs `work` once per idempotency key (Idempotency-Key header, scoped by the caller to the store and shopper):
 * the first request claims the key (SET NX) and keeps its answer a day; a repeat with the same body gets that
 * answer (waiting while the first still runs), a repeat with another body is refused (409). A failed first
 * attempt keeps nothing, so the same attempt may be sent again. Without a key, `work` just runs.
 */
export async function runOnce<T>(redis: Redis, key: string | null, body: unknown, work: () => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
  if (!key) return { answer: await work(), replayed: false };
  const fingerprint = bodyFingerprint(body);
  const running: Kept<T> = { state: 'running', body: fingerprint };
  for (const started = Date.now(); ;) {
    if (await redis.set(key, JSON.stringify(running), 'EX', KEPT_S, 'NX')) break;
    const kept = JSON.parse((await redis.get(key)) ?? 'null') as Kept<T> | null;
    if (!kept) continue; // the first attempt failed meanwhile: this one runs
    if (kept.body !== fingerprint) throw new AppError('conflict', KEY_REUSED);
    if (kept.state === 'done') return { answer: kept.answer, replayed: true };
    if (Date.now() - started > WAIT_MS) throw new AppError('conflict', STILL_PLACING);
    await sleep(100);
  }
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    await redis.del(key);
    throw error;
  }
  await redis.set(key, JSON.stringify({ state: 'done', body: fingerprint, answer } satisfies Kept<T>), 'EX', KEPT_S);
  return { answer, replayed: false };
}
