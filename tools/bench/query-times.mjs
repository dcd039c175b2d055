#!/usr/bin/env node
// Query times at store scale (docs/DATA-ACCESS.md "Measured times at store scale"): each query class of the
// inventory, timed straight against the database the store-scale benchmark seeds (`npm run bench:scale -- --keep`
// leaves it: 20,000 products in 3 stores, 100,000 orders, 50,000 customers). No gateway, no Redis: the driver
// alone, so the figures are the database's own cost of each query.
// Usage: npm run bench:queries -- [--uri mongodb://127.0.0.1:27124/] [--db platform] [--tenant demo-hardware]
//   [--runs 30] [--scan-runs 3] [--scan-budget-s 150] [--only products,orders] [--timeout-min 40]
// Without --uri it starts (or reuses) the bench-scale profile's FerretDB on 27124 (tools/provision.mjs) and
// stops what it started. Writes are made harmless: insert / update / delete touch a scratch document of the
// collection's own shape (a copy of one under a new `_id`, deleted after), bulk updates `$set` the value a
// store product already has, and the background deletes' filters are the real ones with dates that match nothing.
// A scan repeats until --scan-runs or until --scan-budget-s seconds are spent on it (at least once).
import os from 'node:os';
import mongoose from 'mongoose';
import { startBackingServices } from '../provision.mjs';
import { arg } from './common.mjs';

const runs = Number(arg('runs', '30'));
const scanRuns = Number(arg('scan-runs', '3'));
const scanBudgetMs = Number(arg('scan-budget-s', '150')) * 1000;
const timeoutMin = Number(arg('timeout-min', '40'));
const tenantSlug = arg('tenant', 'demo-hardware');
const only = arg('only', '').split(',').filter(Boolean);
const OP_MS = 300_000; // one query, however slow the scan
const LONG_AGO = new Date('2000-01-01T00:00:00Z'); // the housekeeping deletes' cut-offs: nothing is that old

let services = null;
let connection = null;
async function cleanUp() {
  await connection?.close().catch(() => {});
  await services?.stop();
}
const deadline = setTimeout(async () => {
  console.error(`[queries] stopped: the run took longer than ${timeoutMin} minutes (--timeout-min)`);
  await cleanUp();
  process.exit(2);
}, timeoutMin * 60_000);
deadline.unref();

const round = (ms) => (ms >= 100 ? Math.round(ms) : Math.round(ms * 10) / 10);
function quantile(sorted, q) {
  if (sorted.length === 1) return sorted[0];
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}
/** Fails a query that outlasts OP_MS (the driver's own timeouts cover the socket; this covers the wait). */
function bounded(promise, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${OP_MS / 1000} s`)), OP_MS); })])
    .finally(() => clearTimeout(timer));
}

const rows = [];
/**
 * Times `work(i)` (i = run number) `n` times one after another; a scan stops early once its budget is spent.
 * `setup(i)` runs untimed before each run (e.g. the scratch document an update needs).
 */
async function time(collection, klass, filter, work, { scan = false, n = scan ? scanRuns : runs, setup, note = '' } = {}) {
  if (only.length && !only.includes(collection)) return;
  const took = [];
  let spent = 0;
  let result = '';
  for (let i = 0; i < n; i += 1) {
    if (setup) await setup(i);
    const t0 = performance.now();
    const out = await bounded(work(i), `${collection} ${klass}`);
    const ms = performance.now() - t0;
    took.push(ms);
    spent += ms;
    if (i === 0) result = out === undefined ? '' : String(out);
    if (scan && spent > scanBudgetMs) break;
  }
  took.sort((a, b) => a - b);
  const row = { collection, klass, filter, runs: took.length, p50: round(quantile(took, 0.5)), p95: round(quantile(took, 0.95)), result, note };
  rows.push(row);
  console.log(`[queries] ${collection} | ${klass} | ${row.runs} runs | p50 ${row.p50} ms | p95 ${row.p95} ms${result ? ` | ${result}` : ''}`);
}

const count = (docs) => `${docs.length} docs`;
/** Drains a cursor as the rebuilds do (batches of `batchSize`), counting documents. */
async function drain(cursor) {
  let n = 0;
  for await (const doc of cursor) if (doc) n += 1;
  return `${n} docs`;
}

/** The request-path classes every growing collection shares: by `_id`, findByIds, `$in`, insert, update, delete. */
async function requestClasses(db, name, sampleIds) {
  const col = db.collection(name);
  const pick = (i, k = 0) => sampleIds[(i * 37 + k * 101) % sampleIds.length];
  await time(name, 'findOne by _id', '`{_id}`', (i) => col.findOne({ _id: pick(i) }).then((d) => (d ? '1 doc' : 'missing')));
  await time(name, 'findByIds of 20 (20 `{_id}` reads at once)', '`{_id}` × 20', (i) =>
    Promise.all(Array.from({ length: 20 }, (_, k) => col.findOne({ _id: pick(i, k) }))).then((d) => `${d.filter(Boolean).length} docs`));
  if (sampleIds.length >= 20) {
    await time(name, '`_id $in` of 20', '`{_id: {$in: [20]}}`', (i) => col.find({ _id: { $in: Array.from({ length: 20 }, (_, k) => pick(i, k)) } }).toArray().then(count), { scan: true });
  }
  if (sampleIds.length >= 500) {
    await time(name, '`_id $in` of 500', '`{_id: {$in: [500]}}`', (i) => col.find({ _id: { $in: sampleIds.slice((i * 7) % (sampleIds.length - 500), ((i * 7) % (sampleIds.length - 500)) + 500) } }).toArray().then(count), { scan: true });
  }
  // Insert, update and delete a scratch copy of a real document, so the table keeps its size and content.
  const model = await col.findOne({ _id: sampleIds[0] });
  if (!model) return;
  const scratchId = (i) => `qt-bench:${process.pid}:${name}:${i}`;
  // The collection's unique keys (e.g. a store product's number) get the scratch id too, or the copy is a duplicate.
  const uniqueFields = (await col.indexes()).filter((ix) => ix.unique && ix.name !== '_id_').flatMap((ix) => Object.keys(ix.key)).filter((f) => f !== 'tenantId');
  const scratchDoc = (i) => {
    const doc = { ...model };
    for (const field of uniqueFields) {
      const parts = field.split('.');
      let at = doc;
      for (const part of parts.slice(0, -1)) at = at[part] = { ...at[part] };
      at[parts.at(-1)] = scratchId(i);
    }
    return { ...doc, _id: scratchId(i) };
  };
  await time(name, 'insertOne', 'insert', (i) => col.insertOne(scratchDoc(i)).then(() => undefined));
  await time(name, 'updateOne by _id', '`{_id}` `$set`', (i) => col.updateOne({ _id: scratchId(i) }, { $set: { qtBenchAt: new Date() } }).then((r) => `${r.modifiedCount} changed`));
  await time(name, 'deleteOne by _id', '`{_id}` delete', (i) => col.deleteOne({ _id: scratchId(i) }).then((r) => `${r.deletedCount} deleted`));
}

/** Ids to read: the first documents in the table's order (the `_id` index makes their place irrelevant). */
async function sampleIdsOf(db, name, filter, limit = 2000) {
  const docs = await db.collection(name).find(filter, { projection: { _id: 1 } }).limit(limit).toArray();
  return docs.map((d) => d._id);
}

async function main() {
  const uri = arg('uri', '');
  let mongoUri = uri;
  if (!mongoUri) {
    services = await startBackingServices({ profile: 'bench-scale', mongoPort: 27124, redisPort: 6485 });
    mongoUri = services.mongoUri;
  }
  connection = await mongoose.createConnection(mongoUri, {
    dbName: arg('db', 'platform'), serverSelectionTimeoutMS: 10_000, socketTimeoutMS: OP_MS, maxPoolSize: 20,
  }).asPromise();
  const db = connection.db;
  const tenant = await db.collection('tenants').findOne({ slug: tenantSlug });
  if (!tenant) throw new Error(`no tenant ${tenantSlug} in ${mongoUri}: seed it with npm run bench:scale -- --keep`);
  const tenantId = String(tenant._id);
  const sizes = {};
  const started = new Date();
  console.log(`[queries] ${mongoUri} tenant ${tenantSlug} (${tenantId}); ${runs} runs a query, scans ${scanRuns} (at most ${scanBudgetMs / 1000} s each)`);

  // Small-to-large, so a short run (--only) gets its answers quickly; orders (the largest table) last.
  // AccessToken: sessions.
  const tokenIds = await sampleIdsOf(db, 'accesstokens', { tenantId });
  await requestClasses(db, 'accesstokens', tokenIds);
  const aSlug = (await db.collection('accesstokens').findOne({ tenantId, customerSlug: { $type: 'string' } }, { projection: { customerSlug: 1 } }))?.customerSlug ?? 'nobody';
  await time('accesstokens', 'sessions set rebuilt', '`{tenantId, customerSlug}`', () => db.collection('accesstokens').find({ tenantId, customerSlug: aSlug }, { projection: { _id: 1 } }).toArray().then(count), { scan: true });
  await time('accesstokens', 'housekeeping deleteMany (matches nothing)', '`{tenantId, $or: [{expiresAt < cut-off}, {revokedAt < cut-off}]}`', () =>
    db.collection('accesstokens').deleteMany({ tenantId, $or: [{ expiresAt: { $lt: LONG_AGO } }, { revokedAt: { $lt: LONG_AGO } }] }).then((r) => `${r.deletedCount} deleted`), { scan: true });
  await time('onetimesecrets', 'housekeeping deleteMany (matches nothing)', '`{tenantId, expiresAt < now}`', () =>
    db.collection('onetimesecrets').deleteMany({ tenantId, expiresAt: { $lt: LONG_AGO } }).then((r) => `${r.deletedCount} deleted`), { scan: true });
  await time('unsubscribelinks', 'housekeeping deleteMany (matches nothing)', '`{tenantId, createdAt < cut-off, campaignId ≠ newsletter}`', () =>
    db.collection('unsubscribelinks').deleteMany({ tenantId, createdAt: { $lt: LONG_AGO }, campaignId: { $ne: 'newsletter' } }).then((r) => `${r.deletedCount} deleted`), { scan: true });

  // Small bounded collections, read whole by tenant (and cached): the `small collection` rows.
  await time('departments', 'all of a store', '`{tenantId}`', () => db.collection('departments').find({ tenantId }).toArray().then(count));
  await time('brands', 'shown brands of a store', '`{tenantId, hidden: {$ne: true}}`', () => db.collection('brands').find({ tenantId, hidden: { $ne: true } }).toArray().then(count));
  await time('locations', 'all of a store', '`{tenantId}`', () => db.collection('locations').find({ tenantId }).toArray().then(count));
  await time('coupons', 'all of a store', '`{tenantId}`', () => db.collection('coupons').find({ tenantId }).toArray().then(count));

  // Products and store products: the catalogue.
  const productIds = Array.from({ length: 2000 }, (_, i) => `${tenantId}:product:${1 + ((i * 7919) % 20000)}`);
  await requestClasses(db, 'products', productIds);
  await time('products', 'search rows rebuilt: all of a store', '`{tenantId}`', () => db.collection('products').find({ tenantId }).toArray().then(count), { scan: true });
  const storeProductIds = await sampleIdsOf(db, 'storeproducts', {});
  await requestClasses(db, 'storeproducts', storeProductIds);
  const round25 = (await Promise.all(storeProductIds.slice(0, 25).map((_id) => db.collection('storeproducts').findOne({ _id }, { projection: { inventory: 1, stockVersion: 1 } })))).filter(Boolean);
  await time('storeproducts', 'stock round: bulkWrite of 25 `{_id}` `$set inventory, stockVersion` (same values)', '`{_id}` × 25', () =>
    db.collection('storeproducts').bulkWrite(round25.map((d) => ({ updateOne: { filter: { _id: d._id }, update: { $set: { inventory: d.inventory, stockVersion: d.stockVersion } } } })), { ordered: false }).then((r) => `${r.matchedCount} matched`));
  await time('storeproducts', 'search rows rebuilt: all of a store', '`{tenantId}`', () => db.collection('storeproducts').find({ tenantId }).toArray().then(count), { scan: true });
  await time('storeproducts', 'store products of 20 products (catalogue-changes job, a product new at a location)', '`{tenantId, productId: {$in: [20]}}`', () =>
    db.collection('storeproducts').find({ tenantId, productId: { $in: Array.from({ length: 20 }, (_, k) => 1 + k * 997) } }).toArray().then(count), { scan: true });

  // Customers and their keys.
  const customerIds = await sampleIdsOf(db, 'customers', { tenantId });
  await requestClasses(db, 'customers', customerIds);
  await time('customers', 'customer lists rebuilt (cursor, list fields)', '`{tenantId}`', () =>
    drain(db.collection('customers').find({ tenantId }, { projection: { slug: 1, email: 1, telephone: 1, firstName: 1, lastName: 1, isAdmin: 1, receiveMarketing: 1, receiveSms: 1, createdAt: 1 }, batchSize: 5000 })), { scan: true });
  await time('customers', 'admins document rebuilt', '`{tenantId, isAdmin: true}`', () => db.collection('customers').find({ tenantId, isAdmin: true }, { projection: { _id: 1 } }).toArray().then(count), { scan: true });
  await time('customers', 'campaign delivery: one batch of 200', '`{tenantId, isAdmin: false, receiveMarketing: true}` (later batches `_id > last`) sort `_id`, limit 200', () =>
    db.collection('customers').find({ tenantId, isAdmin: false, receiveMarketing: true }, { projection: { email: 1 } }).sort({ _id: 1 }).limit(200).toArray().then(count), { scan: true });
  const keyIds = await sampleIdsOf(db, 'customerkeys', {});
  await requestClasses(db, 'customerkeys', keyIds);

  // Outbox (local e-mail/SMS), read by recipient in tests and `npm run outbox`.
  const outboxIds = await sampleIdsOf(db, 'outboxmessages', {});
  await requestClasses(db, 'outboxmessages', outboxIds);
  await time('outboxmessages', 'messages to one recipient', '`{to}`', () => db.collection('outboxmessages').find({ to: 'admin@demo-hardware.test' }, { projection: { _id: 1 } }).toArray().then(count), { scan: true });

  // Orders, the largest table.
  const orderIds = await sampleIdsOf(db, 'orders', { tenantId });
  await requestClasses(db, 'orders', orderIds);
  await time('orders', 'order lists rebuilt (cursor, list fields)', '`{tenantId}`', () =>
    drain(db.collection('orders').find({ tenantId }, { projection: {
      orderNumber: 1, sequence: 1, status: 1, locationId: 1, customerSlug: 1, placedAt: 1, customerName: 1, orderType: 1, totalCents: 1, 'items.quantity': 1,
      'contact.email': 1, 'contact.telephone': 1, subtotalCents: 1, discountCents: 1, taxCents: 1, fulfilmentCents: 1, 'payment.method': 1, 'payment.status': 1,
      'payment.capturedCents': 1, 'payment.refundedCents': 1, 'items.priceCents': 1, 'items.cancelledQuantity': 1, address: 1, deliveryDate: 1,
    }, batchSize: 5000 })), { scan: true });
  await time('orders', 'sales and bought-together counted again (cursor)', '`{tenantId, status: {$nin: [cancelled, awaiting_payment]}}`', () =>
    drain(db.collection('orders').find({ tenantId, status: { $nin: ['cancelled', 'awaiting_payment'] } }, { projection: { _id: 0, orderNumber: 1, placedAt: 1, 'items.sku': 1, 'items.quantity': 1 }, batchSize: 1000 })), { scan: true });
  await time('orders', 'card index rebuilt (cursor)', '`{tenantId, payment.card.fingerprint: string, status ≠ awaiting_payment}`', () =>
    drain(db.collection('orders').find({ tenantId, 'payment.card.fingerprint': { $type: 'string' }, status: { $ne: 'awaiting_payment' } }, { projection: { placedAt: 1, 'payment.card.fingerprint': 1 }, batchSize: 2000 })), { scan: true });

  for (const name of ['accesstokens', 'products', 'storeproducts', 'customers', 'customerkeys', 'outboxmessages', 'orders']) {
    if (only.length && !only.includes(name)) continue;
    sizes[name] = await bounded(db.collection(name).countDocuments({}), `${name} count`);
  }
  const ended = new Date();
  console.log(`\nQuery times, ${started.toISOString().slice(0, 16)}-${ended.toISOString().slice(11, 16)} UTC, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end`);
  console.log(`Documents: ${Object.entries(sizes).map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
  console.log('| collection | query class | filter | runs | p50 ms | p95 ms | result |');
  console.log('|---|---|---|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.collection} | ${r.klass} | ${r.filter} | ${r.runs} | ${r.p50} | ${r.p95} | ${r.result} |`);
}

main().then(async () => { await cleanUp(); process.exit(0); }, async (err) => {
  console.error(`[queries] ${err.stack ?? err}`);
  await cleanUp();
  process.exit(1);
});
