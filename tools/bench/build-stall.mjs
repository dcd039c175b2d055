#!/usr/bin/env node
// How long other requests wait while a large tenant's search index builds: the first search for the tenant
// starts the build; meanwhile /healthz is asked every 50 ms and the slowest answer is printed.
// Usage: MONGODB_URI=... REDIS_URL=... node tools/bench/build-stall.mjs [tenant]   (a seeded database; rows in Redis make it quick)
import { spawn } from 'node:child_process';
import { root, waitForPort } from '../provision.mjs';

const tenant = process.argv[2] ?? 'demo-hardware';
const PORT = 4410;
const gateway = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], { cwd: root, env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'inherit' });
try {
  await waitForPort(PORT, '127.0.0.1', 60000);
  const base = `http://127.0.0.1:${PORT}`;
  let building = true;
  const started = performance.now();
  const first = fetch(`${base}/api/products?search=drill&limit=96`, { headers: { 'business-slug': tenant } }).then(async (r) => { await r.json(); building = false; });
  const pings = [];
  while (building) {
    const t = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.text());
    pings.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  await first;
  pings.sort((a, b) => a - b);
  console.log(`[bench] first search for ${tenant} (index build) took ${Math.round(performance.now() - started)} ms; ${pings.length} health checks meanwhile: p50 ${pings[Math.floor(pings.length / 2)].toFixed(1)} ms, max ${pings[pings.length - 1].toFixed(1)} ms`);
} finally {
  gateway.kill('SIGINT');
  await new Promise((r) => gateway.once('exit', r));
}
