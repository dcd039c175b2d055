import type { Redis } from 'ioredis';
import { connectMongo, disconnectMongo, mongoReady } from '@platform/db';
import { createQueues, createRedis, type PlatformQueues } from '@platform/queue';

/** The shared connections a process holds: the database, Redis and the producer queues. */
export interface PlatformResources {
  redis: Redis;
  queues: PlatformQueues;
  queuePrefix: string;
  ready(): Promise<{ mongo: boolean; redis: boolean }>;
  close(): Promise<void>;
}

export async function openResources(options: { mongoUri: string; redisUrl: string; dbName?: string; queuePrefix?: string }): Promise<PlatformResources> {
  await connectMongo(options.mongoUri, options.dbName);
  const redis = createRedis(options.redisUrl);
  const queuePrefix = options.queuePrefix ?? 'bull';
  const queues = createQueues(redis, queuePrefix);
  return {
    redis,
    queues,
    queuePrefix,
    async ready() {
      const [mongo, redisOk] = await Promise.all([
        mongoReady(),
        redis.ping().then((r: string) => r === 'PONG').catch(() => false),
      ]);
      return { mongo, redis: redisOk };
    },
    async close() {
      await queues.close();
      redis.disconnect();
      await disconnectMongo();
    },
  };
}
