#!/usr/bin/env node
// Store-scale benchmark (docs/DATA-ACCESS.md): one store with 20,000 products in 3 stores, 100,000 orders and
// 50,000 customers in a scratch database (profile "bench-scale": its own FerretDB on 27124 and Redis on 6485,
// fresh each run unless --keep), the embedded gateway on loopback, autocannon per route. Prints the seeding time
// of each phase, the gateway's start-up time (to /readyz) and memory (RSS), p50/p95/p99 and requests/s per route,
// and writes them into docs/benchmarks.md (with the date, the machine and its load).
// Usage: npm run bench:scale -- [--duration 20] [--connections 16] [--products 20000] [--orders 100000]
//   [--customers 50000] [--submit-orders 4000] [--submit-rate 50] [--slow MS] [--timeout-min 45] [--keep] [--no-write] [--only NAME]
//   [--separate-worker] (the workers in a process of their own, EMBEDDED_WORKER=0, as a split deployment runs them)
//   [--gateway-processes N] (N gateway processes sharing the port, GATEWAY_PROCESSES; memory is their sum)
//   [--profile] (the gateway writes a CPU profile into .data/bench-profile when it stops; open it in Chrome DevTools)
// Every request goes to 127.0.0.1; the whole run stops (and stops what it started) after --timeout-min minutes.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { Redis } from 'ioredis';
import { root, startBackingServices } from '../provision.mjs';
import { arg, percentile } from './common.mjs';

const products = Number(arg('products', '20000'));
const orders = Number(arg('orders', '100000'));
const customers = Number(arg('customers', '50000'));
const duration = Number(arg('duration', '20'));
const connections = Number(arg('connections', '16'));
const submitOrders = Number(arg('submit-orders', '4000'));
const submitRate = Number(arg('submit-rate', '50'));
// --slow MS: each steady-row submit slower than MS is printed with the time it started, to line tails up with other logs.
const slowMs = Number(arg('slow', '0'));
const timeoutMin = Number(arg('timeout-min', '45'));
const only = arg('only', '');
const keep = process.argv.includes('--keep');
const writeDoc = !process.argv.includes('--no-write');
const profile = process.argv.includes('--profile');
const separateWorker = process.argv.includes('--separate-worker');
const gatewayProcesses = Number(arg('gateway-processes', '1'));
const TENANT = 'demo-hardware';
const PORT = 4402;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@demo-hardware.test', password: 'DemoAdmin#2026' };
const SHOPPER = { email: 'shopper@demo-hardware.test', password: 'DemoShopper#2026' };
const BULK_PASSWORD = 'BulkShopper#2026'; // tools/seed/seed.ts BULK_CUSTOMER_PASSWORD
const seconds = (ms) => Math.round(ms / 100) / 10;

const started = [];
let gatewayProcess = null;
let services = null;
async function cleanUp() {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  if (gatewayProcess && gatewayProcess.exitCode === null) {
    gatewayProcess.kill('SIGINT');
    await Promise.race([new Promise((r) => gatewayProcess.once('exit', r)), new Promise((r) => setTimeout(r, profile ? 120_000 : 10_000))]); // a profile takes a while to write
    if (gatewayProcess.exitCode === null) gatewayProcess.kill('SIGKILL');
  }
  if (services && !keep) await keepRedisForNextRun(services.redisUrl).catch((err) => console.warn(`[scale] Redis not kept for --keep: ${err.message}`));
  await services?.stop();
}
/**
 * A fresh run's Redis has no append-only file; turning it on writes one with everything in memory, so a later
 * --keep run starts with the order lists, sessions and stock the database matches (else every rebuild runs in it).
 */
async function keepRedisForNextRun(url) {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    await redis.config('SET', 'appendonly', 'yes');
    for (let i = 0; i < 600; i += 1) {
      const info = await redis.info('persistence');
      if (/aof_enabled:1/.test(info) && /aof_rewrite_in_progress:0/.test(info) && /aof_rewrite_scheduled:0/.test(info)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the append-only file was not written within 5 minutes');
  } finally { redis.disconnect(); }
}
const deadline = setTimeout(async () => {
  console.error(`[scale] stopped: the run took longer than ${timeoutMin} minutes (--timeout-min)`);
  await cleanUp();
  process.exit(2);
}, timeoutMin * 60_000);
deadline.unref();

/** Runs a command, echoing its output, and resolves with its exit code and output. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let out = '';
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A process's resident memory with its child processes' (a multi-process gateway), in MB. */
const rssMb = (pid) => {
  const own = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  let children = [];
  try { children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean); } catch { /* none */ }
  const kb = Number(own?.replace(/\D+/g, '') ?? 0) + children.reduce((sum, child) => { try { return sum + (rssMb(child) ?? 0) * 1024; } catch { return sum; } }, 0);
  return own ? Math.round(kb / 1024) : null;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `items` with at most `limit` at once. */
async function bounded(items, limit, work) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) { const i = next++; await work(items[i], i); }
  }));
}

const figures = { seed: {}, gateway: {}, rows: [], notes: [] };
const loadBefore = os.loadavg();
try {
  // 1. A scratch database and Redis of its own (never the dev data), seeded at scale.
  services = await startBackingServices({ profile: 'bench-scale', mongoPort: 27124, redisPort: 6485, freshData: !keep });
  const env = {
    ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, ...(services.stripeUrl && { STRIPE_API_BASE: services.stripeUrl }), EASYPOST_API_URL: services.easyPostUrl,
    PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
    // One client IP signs in and looks up thousands of times: lift the per-IP limits (per account limits stay).
    IDENTITY_IP_LIMIT_LOGIN: '1000000000', IDENTITY_IP_LIMIT_LOOKUP: '1000000000',
  };
  delete env.QUERY_GUARD; // as in production
  if (gatewayProcesses > 1) env.GATEWAY_PROCESSES = String(gatewayProcesses);
  const seedStart = performance.now();
  const seeded = await run(process.execPath, ['--import', 'tsx', 'tools/seed/seed.ts', '--if-empty', '--products', String(products), '--customers', String(customers), '--orders', String(orders)], env);
  if (seeded.code !== 0) throw new Error('seeding failed');
  figures.seed.totalS = seconds(performance.now() - seedStart);
  const summary = /\[seed\] seeded in ([\d.]+) s: (.*)$/m.exec(seeded.out);
  if (summary) {
    const parsed = JSON.parse(summary[2]);
    figures.seed.inSeedS = Number(summary[1]);
    figures.seed.timings = parsed.scale?.timings ?? {};
    const bulk = Object.values(figures.seed.timings).reduce((s, t) => s + parseFloat(t), 0);
    figures.seed.tenantsS = Math.round((figures.seed.inSeedS - bulk) * 10) / 10;
  } else figures.notes.push('The database was already seeded (--keep): no seeding times.');
  console.log('[scale] seeding:', JSON.stringify(figures.seed));

  // The store takes cards through the local Stripe (the stand-in in front of stripe-mock), for the card submit row.
  if (services.stripeUrl) {
    // Sealed as every stored secret (libs/server-kit secrets.ts), with the project's key.
    const sealed = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e',
      "import { sealSecret } from '@platform/server-kit'; console.log('SEALED ' + sealSecret('sk_test_bench'));"], env);
    const secretKey = /SEALED (\S+)/.exec(sealed.out)?.[1];
    if (!secretKey) throw new Error('the bench store\'s Stripe key could not be sealed');
    const settingsDb = await mongoose.createConnection(services.mongoUri).asPromise();
    const store = await settingsDb.collection('tenants').findOne({ slug: TENANT });
    await settingsDb.collection('storeprofiles').updateOne({ tenantId: String(store._id) },
      { $set: { 'payment.payment_provider': 'stripe', 'payment.stripe': { publishable_key: 'pk_test_bench', secret_key: secretKey, is_live: false } } });
    await settingsDb.close();
  }

  // 2. The gateway: time to /readyz, memory after start, time until the order lists are in Redis.
  const gatewayStart = performance.now();
  if (separateWorker) {
    env.EMBEDDED_WORKER = '0';
    started.push(spawn(process.execPath, ['--import', 'tsx', 'services/worker/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] }));
  }
  gatewayProcess = spawn(process.execPath, [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.data/bench-profile')}`] : []), '--import', 'tsx', 'services/gateway/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (;;) {
    if (gatewayProcess.exitCode !== null) throw new Error('the gateway exited');
    const ok = await fetch(`${BASE}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (performance.now() - gatewayStart > 120_000) throw new Error('the gateway was not ready within 2 minutes');
    await sleep(50);
  }
  figures.gateway.readyS = seconds(performance.now() - gatewayStart);
  figures.gateway.rssAfterStartMb = rssMb(gatewayProcess.pid);
  const redis = new Redis(services.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  for (;;) {
    const built = await redis.keys('bull:orders:*:built');
    if (built.length >= 2 || performance.now() - gatewayStart > 300_000) break;
    await sleep(100);
  }
  figures.gateway.orderListsBuiltS = seconds(performance.now() - gatewayStart);
  redis.disconnect();
  console.log(`[scale] gateway ready in ${figures.gateway.readyS} s, RSS ${figures.gateway.rssAfterStartMb} MB; order lists in Redis after ${figures.gateway.orderListsBuiltS} s`);

  // 3. What the requests need: products, signed-in callers, carts, order numbers.
  const headers = { 'business-slug': TENANT, 'store-id': '1', 'content-type': 'application/json' };
  const call = async (p, init = {}, extra = {}) => {
    const res = await fetch(`${BASE}${p}`, { ...init, headers: { ...headers, ...extra } });
    const body = await res.json().catch(() => null);
    return { status: res.status, body };
  };
  const firstSearch = performance.now();
  await call('/api/products?limit=1');
  figures.gateway.firstSearchS = seconds(performance.now() - firstSearch);
  const listed = [];
  // Carts spread over many well-stocked products: each submit row sells ~20,000 units, and --keep runs sell from the
  // same store again (over 2,000 products at 20 units, later rows were refused 409 for stock sold by earlier ones).
  for (let page = 1; page <= 40; page += 1) listed.push(...((await call(`/api/products?limit=200&in_stock_only=1&sort=latest&page=${page}`)).body?.products?.data ?? []));
  const cartable = listed.filter((p) => p.num_inventory >= 40 && !p.extra.fpack && !p.extra.max_order_quantity && !p.extra.disable_order);
  console.log(`[scale] first search request ${figures.gateway.firstSearchS} s; ${listed.length} products listed, ${cartable.length} for carts`);
  if (cartable.length < 50) throw new Error('too few products to fill carts');

  const signIn = async (who) => {
    const res = await call('/api/login', { method: 'POST', body: JSON.stringify({ email: who.email, password: who.password }) });
    if (res.status !== 200) throw new Error(`sign-in of ${who.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token;
  };
  const adminToken = await signIn(ADMIN);
  // Bulk customers from the scratch database: the first account numbers placed the most orders.
  const db = await mongoose.createConnection(services.mongoUri).asPromise();
  const tenant = await db.collection('tenants').findOne({ slug: TENANT });
  const pool = customers > 0 ? await db.collection('customers').find({ tenantId: String(tenant._id), accountNumber: { $regex: '^B' } }, { projection: { email: 1, accountNumber: 1 } }).limit(20000).toArray() : [];
  await db.close();
  pool.sort((a, b) => a.accountNumber.localeCompare(b.accountNumber));
  const heavy = pool.length ? pool.slice(0, 8).map((c) => ({ email: c.email, password: BULK_PASSWORD })) : [SHOPPER];
  const lookupEmails = pool.length ? pool.map((c) => c.email) : [SHOPPER.email];
  // Sign-ins rotate over other customers than the ones used for My Orders (10 sign-ins per account per 15 minutes).
  const loginPool = pool.length > 100 ? pool.slice(100).map((c) => c.email) : [];
  let customerTokens = await Promise.all(heavy.map((who) => signIn(who).catch((err) => { console.log(`[scale] ${err.message}`); return null; })));
  if (customerTokens.some((t) => !t)) {
    figures.notes.push('Bulk customers could not sign in (see the log): My Orders and order detail use the demo shopper.');
    customerTokens = [await signIn(SHOPPER)];
  }
  const mine = [];
  for (const token of customerTokens) {
    for (let page = 1; page <= 3; page += 1) {
      const res = await call(`/api/orders?limit=50&page=${page}`, {}, { authorization: `Bearer ${token}` });
      for (const o of res.body?.data ?? []) mine.push({ token, number: o.order_number });
    }
  }
  console.log(`[scale] ${pool.length} bulk customers read; signed in ${heavy.length} (their orders: ${mine.length} listed)`);
  if (!mine.length) figures.notes.push('The signed-in customers have no orders: order detail is not measured.');

  // Device ids (10 characters) carry this run's tag: a --keep run starts with the carts earlier runs left in Redis,
  // and the same ids would add to those (carts grown over many runs, bigger orders, products sold out).
  const runTag = Date.now().toString(36).slice(-3).toUpperCase();
  const device = (prefix, n) => `${prefix}${runTag}${String(n).padStart(10 - prefix.length - runTag.length, '0')}`;
  const readers = Array.from({ length: 50 }, (_, i) => device('Read', i));
  const addLine = (deviceId, p, quantity = 1) => call('/api/add-to-cart', { method: 'POST', body: JSON.stringify({ store_product_id: p.store_product_id, quantity, device_id: deviceId }) });
  await bounded(readers, 16, async (id, i) => { for (let k = 0; k < 20; k += 1) await addLine(id, cartable[(i + k * 7) % cartable.length]); });

  // 4. Each route under load; every answer must be a 2xx.
  const bearer = (token) => ({ ...headers, authorization: `Bearer ${token}` });
  let n = 0;
  const words = ['drill', 'saw', 'hose', 'paint', 'brush', 'rake', 'bulb', 'screw', 'hammer', 'grill', 'chair', 'shovel', 'roller', 'tape', 'faucet', 'cord', 'dril', 'hamer'];
  const sorts = ['price-asc', 'price-desc', 'latest', 'title-asc', 'relevancy'];
  const searchPaths = words.flatMap((k, i) => sorts.map((sort) => `/api/products?search=${k}&in_stock_only=1&start_price=${(i % 4) * 10}&sort=${sort}&limit=96`));
  const scenarios = [
    ['product detail (by slug)', () => ({ path: `/api/products/product?param=${listed[n++ % listed.length].slug}&field=slug` })],
    ['search (keyword, in stock, sort, 96/page)', () => ({ path: searchPaths[n++ % searchPaths.length] })],
    ['cart read (20 lines)', () => ({ path: `/api/cart-parcels?device_id=${readers[n++ % readers.length]}` })],
    ['add to cart (POST, 1,000 guest carts)', () => {
      const i = n++;
      return { method: 'POST', path: '/api/add-to-cart', body: JSON.stringify({ store_product_id: cartable[i % cartable.length].store_product_id, quantity: 1, device_id: device('Add', i % 1000) }) };
    }],
    ['My Orders (signed in, 20/page)', () => {
      const i = n++;
      return { path: `/api/orders?limit=20&page=${1 + (i % 3)}`, headers: bearer(customerTokens[i % customerTokens.length]) };
    }],
    ...(mine.length ? [['order detail (orders/order?order_number=)', () => {
      const o = mine[n++ % mine.length];
      return { path: `/api/orders/order?order_number=${o.number}`, headers: bearer(o.token) };
    }]] : []),
    ['admin outstanding orders (20/page)', () => {
      const i = n++;
      return { path: `/api/admin/orders/outstanding?limit=20&page=${1 + (i % 5)}${i % 4 ? `&location_id=${i % 4}` : ''}`, headers: bearer(adminToken) };
    }],
    ['admin completed orders, by store and 60 days (20/page)', () => {
      const i = n++;
      const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
      return { path: `/api/admin/orders/completed?limit=20&page=${1 + (i % 5)}&location_id=${1 + (i % 3)}&from_date=${from}`, headers: bearer(adminToken) };
    }],
    // The sort and status filter (issue 28): a status mix walks its sets' matches in the sort's order, a long
    // range under a non-date sort walks the range's orders.
    ['admin all orders, placed or completed, by total (20/page)', () => {
      const i = n++;
      return { path: `/api/admin/orders/all?limit=20&page=${1 + (i % 5)}&status=placed,completed&sort=total&direction=${i % 2 ? 'asc' : 'desc'}`, headers: bearer(adminToken) };
    }],
    ['admin completed orders, a year, by customer name (20/page)', () => {
      const i = n++;
      const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      return { path: `/api/admin/orders/completed?limit=20&page=${1 + (i % 5)}&from_date=${from}&sort=customer_name${i % 3 ? `&location_id=${i % 3}` : ''}`, headers: bearer(adminToken) };
    }],
    // A status mix and a date range together (fc292a3): walked as well when they keep much of the list
    // (the seed spreads orders over a year: half of them, most completed).
    ['admin all orders, placed or completed, half a year, by total (20/page)', () => {
      const i = n++;
      const from = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
      return { path: `/api/admin/orders/all?limit=20&page=${1 + (i % 5)}&status=placed,completed&from_date=${from}&sort=total&direction=${i % 2 ? 'asc' : 'desc'}`, headers: bearer(adminToken) };
    }],
    ['admin all orders, placed or completed, half a year, oldest first (20/page)', () => {
      const i = n++;
      const from = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
      return { path: `/api/admin/orders/all?limit=20&page=${1 + (i % 5)}&status=placed,completed&from_date=${from}&sort=placed_at&direction=asc`, headers: bearer(adminToken) };
    }],
    ['admin order search (an e-mail or a last name, all orders)', () => {
      const email = lookupEmails[n++ % lookupEmails.length];
      const lastName = email.split('@')[0].split('.')[1] ?? email;
      return { path: `/api/admin/orders/all?limit=20&search=${encodeURIComponent(n % 2 ? email : lastName)}`, headers: bearer(adminToken) };
    }],
    ['admin customers search (a last name or an e-mail, 10/page)', () => {
      const email = lookupEmails[n++ % lookupEmails.length];
      const lastName = email.split('@')[0].split('.')[1] ?? email;
      return { path: `/api/admin/customers?limit=10&search=${encodeURIComponent(n % 2 ? email : lastName)}`, headers: bearer(adminToken) };
    }],
    ['customer lookup by e-mail (check-email-phone-exists)', () => ({ method: 'POST', path: '/api/check-email-phone-exists', body: JSON.stringify({ email: lookupEmails[n++ % lookupEmails.length] }) })],
    ...(loginPool.length ? [['password sign-in (POST login)', () => ({ method: 'POST', path: '/api/login', body: JSON.stringify({ email: loginPool[n++ % loginPool.length], password: BULK_PASSWORD }) })]] : []),
    // What sign-in adds to the hash: one at a time, so no sign-in waits on another's hashing (16 at once need
    // 16 hashes of CPU time on 2 cores, whatever the code does around them).
    ...(loginPool.length ? [['password sign-in, one at a time (POST login, 1 connection)', () => ({ method: 'POST', path: '/api/login', body: JSON.stringify({ email: loginPool[(n++ + 5000) % loginPool.length], password: BULK_PASSWORD }) }), 1]] : []),
  ];
  for (const [name, next, ownConnections] of scenarios.filter(([name]) => name.startsWith(only))) {
    n = 0;
    // One request first, to show what a failing route answers.
    const probe = next();
    const first = await fetch(`${BASE}${probe.path}`, { method: probe.method ?? 'GET', headers: probe.headers ?? headers, body: probe.body });
    if (!first.ok) console.log(`[scale] ${name}: the first request answered ${first.status}: ${(await first.text()).slice(0, 300)}`);
    const result = await autocannon({ url: BASE, connections: ownConnections ?? connections, duration, headers, requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }] });
    const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, s]) => [code, s.count]));
    const row = { name, p50: result.latency.p50, p95: percentile(result, 95), p99: result.latency.p99, rps: Math.round(result.requests.average), requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts, codes: Object.keys(codes).length ? JSON.stringify(codes) : '' };
    console.log(`[scale] ${name}: p50 ${row.p50} ms, p95 ${row.p95} ms, ${row.rps} req/s, non-2xx ${row.non2xx}${row.codes ? ` ${row.codes}` : ''}, errors ${row.errors}`);
    figures.rows.push(row);
  }

  // The CSV export of every order: time to the last byte, and the gateway's memory while it streams.
  if ('admin orders csv'.startsWith(only)) {
    const rssBefore = rssMb(gatewayProcess.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, rssMb(gatewayProcess.pid)); }, 200);
    const t = performance.now();
    const res = await fetch(`${BASE}/api/admin/orders/csv?order_filters=all`, { headers: bearer(adminToken) });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) { bytes += chunk.length; for (const b of chunk) if (b === 10) lines += 1; }
    clearInterval(sampler);
    const seconds = Math.round((performance.now() - t) / 100) / 10;
    figures.notes.push(`CSV export of every order (GET admin/orders/csv?order_filters=all): ${lines - 1} orders, ${Math.round(bytes / 1e5) / 10} MB in ${seconds} s (status ${res.status}); gateway RSS ${rssBefore} MB before, ${rssPeak} MB at most while streaming.`);
    console.log(`[scale] ${figures.notes.at(-1)}`);
  }

  // 5. The cost of one password hash, in a process of its own (the sign-in's p95 is read next to it).
  const hashRun = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `
    import { hashPassword, verifyPassword } from '@platform/identity';
    const times = [];
    const stored = await hashPassword('warm-up#2026');
    for (let i = 0; i < 15; i += 1) { const t = performance.now(); await hashPassword('Bench#' + i); times.push(performance.now() - t); }
    const verify = [];
    for (let i = 0; i < 15; i += 1) { const t = performance.now(); await verifyPassword('warm-up#2026', stored); verify.push(performance.now() - t); }
    const median = (a) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
    console.log('HASH ' + JSON.stringify({ hashMs: Math.round(median(times) * 10) / 10, verifyMs: Math.round(median(verify) * 10) / 10 }));
    process.exit(0);
  `], env);
  const hash = /HASH (\{.*\})/.exec(hashRun.out);
  figures.hash = hash ? JSON.parse(hash[1]) : null;

  // 6. Order submit: a 5-line pickup cart per request (one guest device each), `connections` at a time.
  if (!only || 'order submit'.startsWith(only)) {
    // The steady rows have carts of their own: a faster first row must not leave them short (it used up to 3,000).
    // Paid at the store, then (when the local Stripe runs) by card: a row of `connections` at a time and a steady row each.
    const payments = services.stripeUrl ? [false, true] : [false];
    const steadyEach = Math.round(submitRate * duration);
    const allCarts = Array.from({ length: payments.length * (submitOrders + steadyEach) }, (_, i) => device('Sub', i));
    const burstCarts = (card) => allCarts.slice(card ? submitOrders : 0).slice(0, submitOrders);
    const steadyCarts = (card) => allCarts.slice(payments.length * submitOrders + (card ? steadyEach : 0)).slice(0, steadyEach);
    const prepStart = performance.now();
    for (let k = 0; k < 5; k += 1) await addLine(device('Solo', 0), cartable[(cartable.length - 1 - k) % cartable.length]);
    await bounded(allCarts, 16, async (id, i) => { for (let k = 0; k < 5; k += 1) await addLine(id, cartable[(i * 5 + k) % cartable.length]); });
    const prepS = seconds(performance.now() - prepStart);
    const submit = (id, i, card = false) => fetch(`${BASE}/api/customer/orders/submit`, { method: 'POST', headers, body: JSON.stringify({
      device_id: id, order_type: 0, first_name: 'Bench', last_name: `Guest${i}`, email: `bench-${id.toLowerCase()}@example.com`, telephone: '5035550123',
      ...(card ? { payment_method: 'card', payment_token: 'pm_card_visa' } : { payment_method: 'pay_at_store' }),
    }) });
    // One order alone first: what a submit costs without others waiting beside it.
    const aloneStart = performance.now();
    const alone = await submit(device('Solo', 0), 0);
    figures.submitAloneMs = Math.round(performance.now() - aloneStart);
    console.log(`[scale] one order submit alone: ${figures.submitAloneMs} ms (${alone.status})`);
    const burst = async (card) => {
      const carts = burstCarts(card);
      const latencies = [];
      const codes = {};
      let failures = 0;
      let firstFailure = null;
      const submitStart = performance.now();
      // At most --duration seconds, like the other routes: carts left over are not submitted.
      let left = 0;
      await bounded(carts, connections, async (id, i) => {
        if (performance.now() - submitStart > duration * 1000) { left += 1; return; }
        const t = performance.now();
        try {
          const res = await submit(id, i, card);
          const text = await res.text();
          codes[res.status] = (codes[res.status] ?? 0) + 1;
          if (!res.ok && !firstFailure) firstFailure = `${res.status} ${text.slice(0, 300)}`;
        } catch (err) { failures += 1; firstFailure ??= String(err); }
        latencies.push(performance.now() - t);
      });
      const wall = (performance.now() - submitStart) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
      const ok = Object.entries(codes).filter(([c]) => c.startsWith('2')).reduce((s, [, c]) => s + c, 0);
      const bad = Object.fromEntries(Object.entries(codes).filter(([c]) => !c.startsWith('2')));
      const how = card ? 'paid by card (Stripe SDK, local stand-in)' : 'paid at the store';
      const row = { name: card ? `order submit, ${how} (5-line pickup cart, a cart each)` : 'order submit (5-line pickup cart, a cart each)', p50: at(50), p95: at(95), p99: at(99), rps: Math.round((ok / wall) * 10) / 10, requests: latencies.length, non2xx: latencies.length - ok - failures, errors: failures, codes: Object.keys(bad).length ? JSON.stringify(bad) : '' };
      figures.rows.push(row);
      figures.notes.push(card
        ? `Order submit ${how}: ${submitOrders} more carts, ${connections} submits at a time for at most ${duration} s (${latencies.length} submitted, ${left} left).`
        : `Order submit: ${allCarts.length} guest carts of 5 lines (one device id each; ${submitOrders} for this row${payments.length > 1 ? ' and as many for the card row' : ''}, the rest for the steady rows) prepared in ${prepS} s beforehand; ${connections} submits at a time for at most ${duration} s (${latencies.length} submitted, ${left} left); req/s is orders placed per second. One order submitted alone before them took ${figures.submitAloneMs} ms.`);
      console.log(`[scale] order submit${card ? ` ${how}` : ''}: p50 ${row.p50} ms, p95 ${row.p95} ms, ${row.rps} orders/s, non-2xx ${row.non2xx}${row.codes ? ` ${row.codes}` : ''}, errors ${failures}`);
      if (firstFailure) console.log(`[scale] order submit: first failure ${firstFailure}`);
    };

    // Each steady row starts once the rows before have no work left in the queues (their e-mails, texts, sales
    // counts): it measures its own orders, not the backlog of a row that ran the machine flat out.
    const drain = async (after) => {
      const queues = new Redis(services.redisUrl, { maxRetriesPerRequest: 2 });
      const started = performance.now();
      try {
        for (;;) {
          const lengths = await Promise.all(['notifications', 'orders-placed', 'catalogue-changes'].flatMap((q) => [queues.llen(`bull:${q}:wait`), queues.llen(`bull:${q}:active`)]));
          if (lengths.every((n) => n === 0) || performance.now() - started > 120_000) break;
          await sleep(250);
        }
      } finally { queues.disconnect(); }
      await sleep(1000);
      const s = seconds(performance.now() - started);
      figures.notes.push(`Queues drained ${s} s after ${after}.`);
      console.log(`[scale] queues drained ${s} s after ${after}`);
    };
    for (const card of payments) {
      await burst(card);
      await drain(card ? 'the 16-at-a-time row paid by card' : 'the 16-at-a-time row');
    }
    // The same at a steady rate (open loop): a submit starts every 1/rate s whether or not earlier ones have
    // answered, as shoppers arrive; what a shopper waits at that many orders per second. At most 200 in flight.
    // Paying at the store, then (when the local Stripe runs) by card: held, saved, captured through the SDK.
    for (const card of payments) {
      if (card) await drain('the steady row paid at the store');
      const mine = steadyCarts(card);
      const steady = [];
      const steadyCodes = {};
      let inFlight = 0;
      let mostInFlight = 0;
      let skipped = 0;
      let firstRefusal = null;
      const steadyStart = performance.now();
      await Promise.all(mine.map(async (id, i) => {
        await sleep(Math.max(0, steadyStart + (i * 1000) / submitRate - performance.now()));
        if (inFlight >= 200) { skipped += 1; return; }
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const t = performance.now();
        try {
          const res = await submit(id, i, card);
          const text = await res.text();
          steadyCodes[res.status] = (steadyCodes[res.status] ?? 0) + 1;
          if (!res.ok) firstRefusal ??= `${res.status} ${text.slice(0, 200)}`;
        } catch { steadyCodes.error = (steadyCodes.error ?? 0) + 1; }
        const took = performance.now() - t;
        steady.push(took);
        if (slowMs && took > slowMs) console.log(`[scale] slow: a submit ${card ? 'by card' : 'paid at the store'} started ${new Date(Date.now() - took).toISOString().slice(11, 23)} UTC took ${Math.round(took)} ms`);
        inFlight -= 1;
      }));
      const steadyWall = (performance.now() - steadyStart) / 1000;
      steady.sort((a, b) => a - b);
      const atSteady = (p) => Math.round(steady[Math.min(steady.length - 1, Math.floor((p / 100) * steady.length))] * 10) / 10;
      const steadyOk = Object.entries(steadyCodes).filter(([c]) => c.startsWith('2')).reduce((n, [, c]) => n + c, 0);
      if (!steady.length) continue;
      const how = card ? 'paid by card (Stripe SDK, local stand-in)' : 'paid at the store';
      const steadyRow = { name: `order submit at ${submitRate} orders/s, ${how} (steady arrivals)`, p50: atSteady(50), p95: atSteady(95), p99: atSteady(99), rps: Math.round((steadyOk / steadyWall) * 10) / 10, requests: steady.length, non2xx: steady.length - steadyOk - (steadyCodes.error ?? 0), errors: steadyCodes.error ?? 0, codes: '' };
      figures.rows.push(steadyRow);
      figures.notes.push(`Order submit at ${submitRate} orders/s, ${how}: ${steadyEach} more carts, one submit started every ${Math.round(1000 / submitRate)} ms for ${duration} s whatever the answers (at most 200 waiting; ${skipped} not sent; at most ${mostInFlight} were waiting at once); req/s is orders placed per second over the run.`);
      console.log(`[scale] order submit at ${submitRate}/s, ${how}: p50 ${steadyRow.p50} ms, p95 ${steadyRow.p95} ms, ${steadyRow.rps} orders/s, at most ${mostInFlight} at once, codes ${JSON.stringify(steadyCodes)}${firstRefusal ? `; first refusal ${firstRefusal}` : ''}`);
    }
  }
  figures.gateway.rssAfterRunMb = rssMb(gatewayProcess.pid);
} finally {
  await cleanUp();
  clearTimeout(deadline);
}

// 7. Print and write the figures.
const loadAfter = os.loadavg();
const machine = `${os.cpus().length} CPUs (nproc), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before and ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after`;
console.log(`\n[scale] ${products} products (3 stores), ${orders} orders, ${customers} customers; ${duration} s x ${connections} connections per route, loopback; ${machine}`);
console.log(`[scale] seeding: ${JSON.stringify(figures.seed)}; gateway: ${JSON.stringify(figures.gateway)}; password hash: ${JSON.stringify(figures.hash)}`);
console.table(figures.rows);
for (const note of figures.notes) console.log(`[scale] ${note}`);

if (writeDoc) {
  const file = path.join(root, 'docs/benchmarks.md');
  const login = figures.rows.find((r) => r.name.startsWith('password sign-in (POST'));
  const loginAlone = figures.rows.find((r) => r.name.startsWith('password sign-in, one at a time'));
  const table = [
    '| route | p50 ms | p95 ms | p99 ms | req/s | requests | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.rows.map((r) => `| ${r.name} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${r.requests} | ${r.non2xx}${r.codes ? ` ${r.codes}` : ''} | ${r.errors} |`),
  ].join('\n');
  const t = figures.seed.timings ?? {};
  const section = `<!-- scale:start (written by tools/bench/scale.mjs) -->
## Store scale (\`npm run bench:scale\`)

Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${products.toLocaleString('en-US')} products in 3 stores, ${orders.toLocaleString('en-US')} orders, ${customers.toLocaleString('en-US')} customers seeded (tenant ${TENANT}${keep ? '; with --keep, the orders earlier runs placed are kept too' : ''}), FerretDB v1 (SQLite) and Redis on this machine, ${separateWorker ? 'the gateway and the workers in two Node processes (EMBEDDED_WORKER=0)' : gatewayProcesses > 1 ? `the embedded gateway in ${gatewayProcesses} Node processes sharing the port (GATEWAY_PROCESSES; the first runs the workers)` : 'the embedded gateway (one Node process, workers included)'}, ${duration} s x ${connections} connections per route on loopback.
Machine: ${machine}.

- Seeding: ${figures.seed.totalS ?? '-'} s in all${figures.seed.tenantsS !== undefined ? ` (both demo stores with the products: ${figures.seed.tenantsS} s; customers: ${t.customers ?? '-'}; orders: ${t.orders ?? '-'}; the rest is starting the seed process)` : ''}.
- Gateway start-up: ready (\`/readyz\`) after ${figures.gateway.readyS} s; order lists in Redis after ${figures.gateway.orderListsBuiltS} s; first search request (builds the search index) ${figures.gateway.firstSearchS} s.
- Gateway memory (RSS): ${figures.gateway.rssAfterStartMb} MB after start, ${figures.gateway.rssAfterRunMb ?? '-'} MB after the run.
- Password sign-in: p95 ${login?.p95 ?? '-'} ms with ${connections} at once, ${loginAlone?.p95 ?? '-'} ms one at a time; one \`hashPassword\` costs ${figures.hash?.hashMs ?? '-'} ms and one \`verifyPassword\` ${figures.hash?.verifyMs ?? '-'} ms (median of 15, scrypt N=16384) in a process of its own.
${figures.notes.map((note) => `- ${note}\n`).join('')}
${table}

p95 is interpolated between autocannon's p90 and p97.5 (the order submit's is exact: its own loop). Non-2xx answers are counted by status code.
<!-- scale:end -->`;
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nFigures printed by the benchmarks in tools/bench (see README "Benchmarks").\n';
  const next = /<!-- scale:start[\s\S]*?<!-- scale:end -->/.test(before) ? before.replace(/<!-- scale:start[\s\S]*?<!-- scale:end -->/, section) : `${before.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`[scale] wrote ${path.relative(root, file)}`);
}
process.exit(0);
