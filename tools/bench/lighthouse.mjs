#!/usr/bin/env node
// Lighthouse (mobile preset, simulated throttling) on the home page of both demo stores, against the production
// build served by the embedded gateway on loopback, with Debian's Chromium. Prints performance and accessibility.
// Scores move a lot between runs on a small machine (Chromium shares its cores with the gateway), so each store
// is measured --runs times (default 5, as Lighthouse's own guidance on variability suggests) and the run with
// the median performance score is reported, with the spread of scores beside it.
// Usage: npm run build && node tools/bench/lighthouse.mjs [--port 4400] [--runs 5]
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, startBackingServices } from '../provision.mjs';
import { arg, startGateway } from './common.mjs';

const port = Number(arg('port', '4400'));
const runs = Math.max(1, Number(arg('runs', '5')));
/** GET on loopback with the store's host name (Node does not resolve *.localhost itself). */
const get = (port, host, path) => new Promise((resolve) => {
  http.get({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => { res.resume(); res.on('end', resolve); }).on('error', resolve);
});
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const services = await startBackingServices({ profile: 'lighthouse', mongoPort: 27121, redisPort: 6482, freshData: true });
const env = { ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, PORT: String(port), HOST: 'localhost', LOG_LEVEL: 'warn' };
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tools/seed/seed.ts'], { cwd: root, env, stdio: 'inherit' });
if (seeded.status !== 0) { await services.stop(); throw new Error('seeding failed'); }
const gateway = await startGateway({ ...env, HOST: 'localhost' });
const out = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
const rows = [];
try {
  for (const [store, url] of [['demo-hardware', `http://localhost:${port}/`], ['demo-paint', `http://demo-paint.localhost:${port}/`]]) {
    // A first visit warms the search index and the start-up cache, as a store that is already running has them.
    for (const warm of ['/', '/api/startup', '/api/popular-products', '/api/homepage-widgets']) await get(port, new URL(url).hostname, warm);
    const measured = [];
    for (let run = 1; run <= runs; run += 1) {
      const file = path.join(out, `${store}-${run}.json`);
      const lighthouse = spawnSync('npx', ['-y', 'lighthouse@12', url, '--quiet', `--chrome-path=${chromium}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu', '--only-categories=performance,accessibility', '--output=json', `--output-path=${file}`],
      { cwd: root, env: process.env, stdio: ['ignore', 'ignore', 'inherit'] });
      if (lighthouse.status !== 0) throw new Error(`lighthouse failed for ${store}`);
      const report = JSON.parse(readFileSync(file, 'utf8'));
      measured.push({ report, performance: Math.round(report.categories.performance.score * 100) });
    }
    measured.sort((a, b) => a.performance - b.performance);
    const { report } = measured[Math.floor((measured.length - 1) / 2)];
    rows.push({
      store, performance: Math.round(report.categories.performance.score * 100), 'all runs': measured.map((m) => m.performance).join(' '),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      'FCP ms': Math.round(report.audits['first-contentful-paint'].numericValue), 'LCP ms': Math.round(report.audits['largest-contentful-paint'].numericValue),
      'TBT ms': Math.round(report.audits['total-blocking-time'].numericValue), CLS: Number(report.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    });
  }
} finally {
  await gateway.stop();
  await services.stop();
}
console.log(`\n[lighthouse] lighthouse@12, mobile preset (simulated throttling), Debian Chromium, loopback, production build; median of ${runs} runs per store`);
console.table(rows);
console.log(`[lighthouse] full reports: ${out}`);
