#!/usr/bin/env node
// Search speed benchmark (catalogue issue): the embedded gateway on loopback, autocannon with 16 connections
// for 20 s per scenario, rotating queries. Prints p50/p95/p99 latency and requests/s for each scenario.
// Usage: node tools/bench/search.mjs [--products 100000] [--tenant demo-hardware] [--duration 20] [--no-result-cache]
// --no-result-cache turns the index's result cache off, so every request computes (first-time queries).
// --cpu-prof DIR writes a CPU profile of the gateway into DIR when it stops; --only NAME runs the scenarios whose
// name starts with NAME (search, suggestions, product).
// Starts its own FerretDB/Redis (profile "bench" for 100k products, "bench-N" for --products N) and seeds them when empty.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { root } from '../provision.mjs';
import { arg, benchServices, percentile, startGateway } from './common.mjs';

const products = Number(arg('products', '100000'));
const tenant = arg('tenant', 'demo-hardware');
const duration = Number(arg('duration', '20'));
const PORT = 4400;

const resultCache = !process.argv.includes('--no-result-cache');
const services = await benchServices({ products, port: PORT, extraEnv: resultCache ? {} : { SEARCH_RESULT_CACHE_ENTRIES: '0' } });
const { env } = services;

console.log('\n[bench] index build (separate process, --expose-gc):');
spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'tools/bench/index-build.ts', tenant], { cwd: root, env, stdio: 'inherit' });

const cpuProfileDir = arg('cpu-prof', '');
const gateway = await startGateway(env, cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []);
try {
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
  const only = arg('only', '');
  for (const [name, paths] of scenarios.filter(([name]) => name.startsWith(only))) {
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
  await gateway.stop();
  await services.stop();
}

