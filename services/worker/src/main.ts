import { connectMongo, disconnectMongo } from '@platform/db';
import { createRedis, redisReady } from '@platform/queue';
import { loadConfig } from '@platform/server-kit';
import { startWorkers } from './index';

// Runs the BullMQ workers as their own process; the embedded gateway runs them in-process.
const config = loadConfig();
await connectMongo(config.mongoUri);
const redis = createRedis(config.redisUrl);
// A Redis still loading its append-only file: wait (bounded, saying so) rather than start the workers against it.
await redisReady(redis, { timeoutMs: Number(process.env.REDIS_READY_TIMEOUT_MS) || undefined });
const running = startWorkers(redis, { publicUrl: config.publicUrl });
console.log('[worker] started:', running.workers.map((w) => w.name).join(', '));
const shutdown = async () => {
  await running.close();
  redis.disconnect();
  await disconnectMongo();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
