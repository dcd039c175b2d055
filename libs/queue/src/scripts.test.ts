import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createRedis } from './index';
import { runScript } from './scripts';

const INCR_BY = "return redis.call('INCRBY', KEYS[1], ARGV[1])";
let redis: Redis;
const key = `scripts-test:${process.pid}:${Date.now()}`;

beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!);
});
afterAll(async () => { await redis.del(key); await redis.quit(); });

describe('runScript', () => {
  it('runs a script by its hash, and again after Redis has forgotten its scripts', async () => {
    expect(await runScript(redis, INCR_BY, 1, key, 2)).toBe(2);
    const sha = (await redis.call('SCRIPT', 'LOAD', INCR_BY)) as string;
    expect(await redis.evalsha(sha, 1, key, 3)).toBe(5); // the hash runScript sends names this script
    await redis.call('SCRIPT', 'FLUSH');
    expect(await runScript(redis, INCR_BY, 1, key, 4)).toBe(9);
    expect(await redis.call('SCRIPT', 'EXISTS', sha)).toEqual([1]); // the fallback loaded it again
  });

  it('passes the script\'s own errors on', async () => {
    await expect(runScript(redis, "return redis.error_reply('out of stock')", 0)).rejects.toThrow('out of stock');
  });
});
