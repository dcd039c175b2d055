#!/usr/bin/env node
// npm start: install what is missing, build, start Redis + FerretDB + stripe-mock (unless REDIS_URL / MONGODB_URI / STRIPE_API_BASE),
// seed the demo tenants into an empty database, and serve everything on one port.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { ensureNpmDependencies, root, startBackingServices, waitForPort } from './provision.mjs';

const started = Date.now();
const PORT = Number(process.env.PORT ?? 8080);
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

ensureNpmDependencies();
const { DEMO_LOGINS } = await import('./demo-logins.mjs');

console.log('[start] building the apps (Nx cache makes this quick after the first time)');
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } });
if (build.status !== 0) process.exit(build.status ?? 1);

const services = await startBackingServices({ profile: 'dev', mongoPort: Number(process.env.DEV_MONGO_PORT ?? 27117), redisPort: Number(process.env.DEV_REDIS_PORT ?? 6479), stripePort: Number(process.env.DEV_STRIPE_PORT ?? 12219) });
const env = { ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, ...(services.stripeUrl && { STRIPE_API_BASE: services.stripeUrl }), EASYPOST_API_URL: services.easyPostUrl, ...services.dropShipUrls, PORT: String(PORT), HOST: process.env.HOST ?? 'localhost', QUERY_GUARD: process.env.QUERY_GUARD ?? (process.env.NODE_ENV === 'production' ? '0' : '1') };

const seed = spawnSync(process.execPath, ['--import', 'tsx', 'tools/seed/seed.ts', '--if-empty'], { cwd: root, stdio: 'inherit', env });
if (seed.status !== 0) { await services.stop(); process.exit(seed.status ?? 1); }

const logFile = path.join(root, '.data/dev/gateway.log');
const gateway = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
const log = createWriteStream(logFile, { flags: 'a' });
gateway.stdout.pipe(log);
gateway.stderr.pipe(process.stderr);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping: gateway drains and closes its workers, then Redis, FerretDB and stripe-mock stop');
  if (gateway.exitCode === null) {
    gateway.kill('SIGINT');
    await new Promise((resolve) => { gateway.once('exit', resolve); setTimeout(resolve, 15000).unref(); });
  }
  await services.stop();
  console.log('[start] stopped');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
gateway.on('exit', (code) => { if (!stopping) { console.error(`[start] gateway exited (${code}); see ${logFile}`); void stop(code ?? 1); } });

await waitForPort(PORT, '127.0.0.1', 60000);
console.log(`
[start] ready in ${seconds()} s

  Storefront (demo-hardware): http://localhost:${PORT}   also http://demo-hardware.localhost:${PORT}
  Storefront (demo-paint):    http://demo-paint.localhost:${PORT}
  Admin:                      http://localhost:${PORT}/admin
  API docs (OpenAPI):         http://localhost:${PORT}/api/docs
  Health:                     http://localhost:${PORT}/healthz  http://localhost:${PORT}/readyz
  Logs:                       ${path.relative(root, logFile)}

  Demo logins:
${DEMO_LOGINS.map((l) => `    ${l.tenant.padEnd(14)} ${l.role.padEnd(9)} ${l.email.padEnd(28)} ${l.password}`).join('\n')}

  Ctrl-C stops everything this command started.
`);
