import type { Redis } from 'ioredis';
import { connectMongo, disconnectMongo, mongoReady } from '@platform/db';
import { createQueues, createRedis, redisReady, REDIS_READY_TIMEOUT_MS, type PlatformQueues } from '@platform/queue';

/** The shared connections a process holds: the database, Redis and the producer queues. */
export interface PlatformResources {
  redis: Redis;
  queues: PlatformQueues;
  queuePrefix: string;
  ready(): Promise<{ mongo: boolean; redis: boolean }>;
  close(): Promise<void>;
}

/**
 * Opens them and waits until Redis is ready: a Redis restarted with a big append-only file answers LOADING for
 * a while, and the services' plugins read Redis as they register (under Fastify's 10 s plugin timeout), so start-up
 * waits here first, saying so, for up to REDIS_READY_TIMEOUT_MS (5 minutes by default).
 */
export async function openResources(options: {
  mongoUri: string; redisUrl: string; dbName?: string; queuePrefix?: string; redisReadyTimeoutMs?: number; log?: (message: string) => void;
}): Promise<PlatformResources> {
  await connectMongo(options.mongoUri, options.dbName);
  const redis = createRedis(options.redisUrl);
  const queuePrefix = options.queuePrefix ?? 'bull';
  // The producers on a connection of their own: BullMQ defines its ~50 scripts as commands on the connection it is
  // given, and ioredis copies every defined command into each MULTI and pipeline made on it (5% of the gateway's
  // CPU at 50 orders a second went into those copies).
  const queueConnection = redis.duplicate({ enableAutoPipelining: true });
  const queues = createQueues(queueConnection, queuePrefix);
  const wait = { timeoutMs: options.redisReadyTimeoutMs ?? (Number(process.env.REDIS_READY_TIMEOUT_MS) || REDIS_READY_TIMEOUT_MS), log: options.log };
  try {
    await Promise.all([redisReady(redis, wait), redisReady(queueConnection, { ...wait, log: () => undefined })]);
  } catch (err) {
    queueConnection.disconnect();
    redis.disconnect();
    await disconnectMongo();
    throw err;
  }
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
