import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig, openResources } from '@platform/server-kit';
import { startWorkers, type RunningWorkers } from '@platform/worker';
import { allServices, staticSite } from './index';

// The embedded default: gateway, every service and the workers in one process on one port.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = loadConfig();
const resources = await openResources({ mongoUri: config.mongoUri, redisUrl: config.redisUrl });
const workers: RunningWorkers | null = process.env.EMBEDDED_WORKER === '0' ? null : startWorkers(resources.redis, { publicUrl: config.publicUrl });
const site = staticSite({
  root,
  remotes: {
    checkout: process.env.REMOTE_CHECKOUT_URL ?? '/remotes/checkout/mf-manifest.json',
    admin: process.env.REMOTE_ADMIN_URL ?? '/remotes/admin/mf-manifest.json',
  },
  scriptOrigins: (process.env.CSP_SCRIPT_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
});
const app = await buildApp({ resources, services: allServices, tenancy: config, extend: site.plugin, notFoundHandler: site.page });
await app.listen({ port: config.port, host: config.host });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: draining connections, closing workers and connections`);
  await app.close();
  await workers?.close();
  await resources.close();
  app.log.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.send?.({ ready: true, port: config.port });
