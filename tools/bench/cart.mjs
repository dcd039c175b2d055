#!/usr/bin/env node
// Cart speed benchmark (cart issue): the embedded gateway on loopback, autocannon with 16 connections for
// 20 s per scenario. add-to-cart: rotating products into 1,000 guest carts; cart-parcels: reading carts of
// 20 lines. Prints p50/p95/p99 latency and requests/s.
// Usage: node tools/bench/cart.mjs [--products 100000] [--tenant demo-hardware] [--duration 20]
// Starts its own FerretDB/Redis (profile "bench", the same data as tools/bench/search.mjs) and seeds if empty.
import autocannon from 'autocannon';
import { arg, benchServices, percentile, startGateway } from './common.mjs';

const products = Number(arg('products', '100000'));
const tenant = arg('tenant', 'demo-hardware');
const duration = Number(arg('duration', '20'));
const PORT = 4401;

const services = await benchServices({ products, port: PORT });
const gateway = await startGateway(services.env);
try {
  const headers = { 'business-slug': tenant, 'store-id': '1', 'content-type': 'application/json' };
  const call = async (path, init = {}) => (await fetch(`http://127.0.0.1:${PORT}${path}`, { headers, ...init })).json();
  const started = performance.now();
  // Products every cart may hold: in stock, no pack size, order maximum or ordering switch.
  const list = (await call('/api/products?limit=200&in_stock_only=1&sort=latest')).products.data
    .filter((p) => p.num_inventory >= 20 && !p.extra.fpack && !p.extra.max_order_quantity && !p.extra.disable_order);
  console.log(`[bench] first request (builds the index): ${Math.round(performance.now() - started)} ms; ${list.length} products to add`);
  const device = (n) => `Bench${String(n).padStart(5, '0')}`;

  // Carts of 20 lines to read.
  const readers = Array.from({ length: 50 }, (_, i) => device(90000 + i));
  for (const id of readers) {
    for (const p of list.slice(0, 20)) await call('/api/add-to-cart', { method: 'POST', body: JSON.stringify({ store_product_id: p.store_product_id, quantity: 1, device_id: id }) });
  }
  const check = await call(`/api/cart-parcels?device_id=${readers[0]}`);
  console.log(`[bench] a read cart holds ${check.data.parcels.flatMap((p) => p.items).length} lines`);

  let n = 0;
  const scenarios = [
    ['add-to-cart: 1,000 guest carts, rotating products', () => {
      const i = n++;
      return { method: 'POST', path: '/api/add-to-cart', body: JSON.stringify({ store_product_id: list[i % list.length].store_product_id, quantity: 1 + (i % 3), device_id: device(i % 1000) }) };
    }],
    ['cart-parcels: carts of 20 lines', () => ({ method: 'GET', path: `/api/cart-parcels?device_id=${readers[n++ % readers.length]}` })],
  ];
  const rows = [];
  for (const [name, next] of scenarios) {
    const result = await autocannon({ url: `http://127.0.0.1:${PORT}`, connections: 16, duration, headers, requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }] });
    rows.push({ name, p50: result.latency.p50, p95: percentile(result, 95), p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors, non2xx: result.non2xx });
  }
  console.log(`\n[bench] ${products} products seeded, tenant ${tenant}, ${duration} s x 16 connections per scenario, loopback, one Node process (embedded gateway)`);
  console.table(rows);
} finally {
  await gateway.stop();
  await services.stop();
}

