import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

const shas = new Map<string, string>();

/**
 * Runs a Lua script by its hash (EVALSHA), so its text is sent and hashed by Redis once, not on every call (checkout
 * runs several per order). A Redis that does not know it yet (NOSCRIPT: restarted, flushed) gets the text (EVAL),
 * which also loads it.
 */
export async function runScript(redis: Redis, script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown> {
  let sha = shas.get(script);
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  try {
    return await redis.evalsha(sha, numKeys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(script, numKeys, ...args);
  }
}
