#!/usr/bin/env node
// Search speed benchmark (catalogue issue): the embedded gateway on loopback, autocannon with 16 connections
// for 20 s per scenario, rotating queries. Prints p50/p95/p99 latency and requests/s for each scenario.
// Usage: node tools/bench/search.mjs [--products 100000] [--tenant demo-hardware] [--duration 20] [--no-result-cache]
// --no-result-cache turns the index's result cache off, so every request computes (first-time queries).
// Uses MONGODB_URI/REDIS_URL when set, else starts its own FerretDB/Redis (profile "bench") and seeds them.
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { root, startBackingServices, waitForPort } from '../provision.mjs';

const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const products = Number(arg('products', '100000'));
const tenant = arg('tenant', 'demo-hardware');
const duration = Number(arg('duration', '20'));
const PORT = 4400;

const services = await startBackingServices({ profile: 'bench', mongoPort: 27120, redisPort: 6481 });
const resultCache = !process.argv.includes('--no-result-cache');
const env = {
  ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
  ...(resultCache ? {} : { SEARCH_RESULT_CACHE_ENTRIES: '0' }),
};
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tools/seed/seed.ts', '--if-empty', '--products', String(products)], { cwd: root, env, stdio: 'inherit' });
if (seeded.status !== 0) { await services.stop(); throw new Error('seeding failed; is the database reachable?'); }

console.log('\n[bench] index build (separate process, --expose-gc):');
spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'tools/bench/index-build.ts', tenant], { cwd: root, env, stdio: 'inherit' });

const gateway = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
try {
  await waitForPort(PORT, '127.0.0.1', 60000);
  const headers = { 'business-slug': tenant, 'store-id': '1' };
  const get = async (path) => (await fetch(`http://127.0.0.1:${PORT}${path}`, { headers })).json();
  const firstStart = performance.now();
  await get('/api/products?limit=1');
  console.log(`[bench] first search request (builds the index in the gateway): ${Math.round(performance.now() - firstStart)} ms`);

  const words = ['drill', 'saw', 'hose', 'paint', 'brush', 'rake', 'bulb', 'screw', 'hammer', 'grill', 'chair', 'shovel', 'roller', 'tape', 'faucet', 'cord'];
  const typos = ['dril', 'hamer', 'shovle', 'paitn', 'brsuh', 'sprinkler', 'flashlite'];
  const keywords = [...words, ...typos];
  const sorts = ['price-asc', 'price-desc', 'latest', 'title-asc', 'relevancy'];
  const searchPaths = keywords.flatMap((k, i) => sorts.map((sort, j) => `/api/products?search=${k}&in_stock_only=1&start_price=${(i % 4) * 10}&sort=${sort}&limit=96&page=${1 + ((i + j) % 2)}`));
  const prefixes = words.flatMap((w) => [w.slice(0, 3), w.slice(0, 4), w.slice(0, 5)]).filter((p, i, a) => p.length >= 3 && a.indexOf(p) === i);
  const suggestPaths = prefixes.map((p) => `/api/get-suggestions?search=${p}`);
  const page = await get('/api/products?limit=200&sort=latest');
  const slugPaths = page.products.data.map((p) => `/api/products/product?param=${p.slug}&field=slug`);

  const scenarios = [
    ['search: keyword + in-stock + min price + facets + sort, 96/page', searchPaths],
    ['suggestions: 3-5 letter prefixes', suggestPaths],
    ['product detail by slug', slugPaths],
  ];
  const rows = [];
  for (const [name, paths] of scenarios) {
    let n = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`, connections: 16, duration, headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
    });
    rows.push({ name, p50: result.latency.p50, p95: result.latency.p97_5 !== undefined ? percentile(result, 95) : undefined, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors, non2xx: result.non2xx, paths: paths.length });
  }
  console.log(`\n[bench] ${products} products seeded, tenant ${tenant}, ${duration} s x 16 connections per scenario, loopback, one Node process (embedded gateway), result cache ${resultCache ? 'on' : 'off'}`);
  console.table(rows);
} finally {
  gateway.kill('SIGINT');
  await new Promise((r) => gateway.once('exit', r));
  await services.stop();
}

/** autocannon reports p90, p97.5 and p99 but not p95: interpolate between p90 and p97.5. */
function percentile(result, p) {
  const { p90, p97_5 } = result.latency;
  return Math.round((p90 + ((p - 90) / 7.5) * (p97_5 - p90)) * 10) / 10;
}
