import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig, openResources } from '@platform/server-kit';
import { startWorkers, type RunningWorkers } from '@platform/worker';
import { allServices, staticSite } from './index';

// The embedded default: gateway, every service and the workers in one process on one port.
// GATEWAY_PROCESSES=N (default 1) runs N such processes sharing the port (node:cluster), to use more cores: all
// shared state is in Redis and the database, each process keeps its own in-memory indexes current from the change
// events (docs/ARCHITECTURE.md), and only the first process runs the embedded workers.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const processes = Math.max(1, Number(process.env.GATEWAY_PROCESSES ?? 1) || 1);
if (processes > 1 && cluster.isPrimary) {
  await runProcesses(processes);
} else {
  await serve();
}

/** The primary of a multi-process gateway: starts the processes, says ready when all listen, stops them together. */
async function runProcesses(count: number) {
  const children = Array.from({ length: count }, (_, i) => cluster.fork({ GATEWAY_PROCESS_INDEX: String(i) }));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => { stopping = true; for (const child of children) if (!child.isDead()) child.process.kill(signal); };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  cluster.on('exit', (child, code) => {
    if (!stopping) { console.error(`gateway process ${child.process.pid} stopped (${code}); stopping the others`); stop('SIGTERM'); process.exitCode = 1; }
    if (children.every((c) => c.isDead())) process.exit();
  });
  let port = 0;
  await Promise.all(children.map((child) => new Promise<void>((resolve) => child.on('message', (m: { ready?: boolean; port?: number }) => { if (m?.ready) { port = m.port ?? port; resolve(); } }))));
  process.send?.({ ready: true, port });
}

async function serve() {
  const config = loadConfig();
  const resources = await openResources({ mongoUri: config.mongoUri, redisUrl: config.redisUrl });
  const firstProcess = (process.env.GATEWAY_PROCESS_INDEX ?? '0') === '0';
  const workers: RunningWorkers | null = process.env.EMBEDDED_WORKER === '0' || !firstProcess ? null : startWorkers(resources.redis, { publicUrl: config.publicUrl });
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
}
