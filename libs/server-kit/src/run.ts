import type { FastifyInstance } from 'fastify';
import { buildApp, type ServicePlugin } from './app';
import { loadConfig } from './config';
import { openResources } from './resources';

/**
 * Runs services as their own process (a service's main.ts). Closes cleanly on SIGINT/SIGTERM:
 * stop accepting requests, drain, then close queues, Redis and the database.
 */
export async function runService(options: { name: string; services: ServicePlugin[]; defaultPort: number; extend?: (app: FastifyInstance) => Promise<void>; onClose?: () => Promise<void> }) {
  const config = loadConfig(process.env, { port: options.defaultPort });
  const resources = await openResources({ mongoUri: config.mongoUri, redisUrl: config.redisUrl });
  const app = await buildApp({ resources, services: options.services, tenancy: config, extend: options.extend });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${options.name} listening on ${config.host}:${config.port}`);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down ${options.name}`);
    await app.close();
    await options.onClose?.();
    await resources.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return { app, resources, config };
}
