import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createRedis } from './index';

let redis: Redis;
let duplicate: Redis;
const key = `connection-test:${process.pid}:${Date.now()}`;

beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!);
  duplicate = redis.duplicate();
});
afterAll(async () => { await redis.del(key); await redis.quit(); await duplicate.quit(); });

describe('createRedis', () => {
  it('sends the commands of one turn together, in order, each with its own answer', async () => {
    await redis.ping(); // connected: commands are queued for the turn's pipeline, not for the connection
    const answers = [redis.incr(key), redis.incrby(key, 5), redis.get(key), redis.evalsha('0'.repeat(40), 0).catch((err: Error) => err.message)];
    expect(redis.autoPipelineQueueSize).toBe(4); // the four wait for the turn's one write
    expect(await Promise.all(answers)).toEqual([1, 6, '6', expect.stringContaining('NOSCRIPT')]);
  });

  it('gives duplicates (BullMQ workers, subscribers) that send each command alone', async () => {
    await duplicate.ping();
    const answers = [duplicate.incr(key), duplicate.get(key)];
    expect(duplicate.autoPipelineQueueSize).toBe(0);
    expect(await Promise.all(answers)).toEqual([7, '7']);
  });
});
