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
  // The producers on a connection of their own: BullMQ defines its ~50 scripts as commands on the connection it is
  // given, and ioredis copies every defined command into each MULTI and pipeline made on it (5% of the gateway's
  // CPU at 50 orders a second went into those copies).
  const queueConnection = redis.duplicate({ enableAutoPipelining: true });
  const queues = createQueues(queueConnection, queuePrefix);
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
      queueConnection.disconnect();
      redis.disconnect();
      await disconnectMongo();
    },
  };
}
