// What the HTTP benchmarks share: arguments, the seeded bench database, the gateway, percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { root, startBackingServices, waitForPort } from '../provision.mjs';

export const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };

/**
 * Starts the bench FerretDB/Redis (profile "bench", ports 27120/6481, or "bench-N" on 27122/6483 for another
 * catalogue size; data kept between runs) and seeds them
 * with `products` products if empty. Returns the environment for the gateway on `port` and stop().
 */
export async function benchServices({ products, port, extraEnv = {} }) {
  // Each catalogue size keeps its own seeded data between runs (the 100k one takes minutes to seed).
  const services = products === 100000
    ? await startBackingServices({ profile: 'bench', mongoPort: 27120, redisPort: 6481 })
    : await startBackingServices({ profile: `bench-${products}`, mongoPort: 27122, redisPort: 6483 });
  const env = { ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extraEnv };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tools/seed/seed.ts', '--if-empty', '--products', String(products)], { cwd: root, env, stdio: 'inherit' });
  if (seeded.status !== 0) { await services.stop(); throw new Error('seeding failed; is the database reachable?'); }
  return { env, stop: () => services.stop() };
}

/**
 * The embedded gateway (API, workers) as its own process; resolves once it listens. `nodeFlags` go to its
 * Node (e.g. --cpu-prof, to see where its time goes).
 */
export async function startGateway(env, nodeFlags = []) {
  const gateway = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'services/gateway/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForPort(Number(env.PORT), '127.0.0.1', 60000);
  return {
    async stop() {
      gateway.kill('SIGINT');
      await new Promise((r) => gateway.once('exit', r));
    },
  };
}

/** autocannon reports p90, p97.5 and p99 but not p95: interpolate between p90 and p97.5. */
export function percentile(result, p) {
  const { p90, p97_5 } = result.latency;
  return Math.round((p90 + ((p - 90) / 7.5) * (p97_5 - p90)) * 10) / 10;
}
