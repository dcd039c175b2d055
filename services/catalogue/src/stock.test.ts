import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { connectMongo, disconnectMongo, keyedId, scoped } from '@platform/db';
import { StockJournal, StoreProduct } from './models';
import type { Job } from 'bullmq';
import type { StockReconcileJob } from '@platform/queue';
import { createTenant } from '@platform/server-kit/testing';
import { databaseStockCounts, foldStockJournal, reconcileAllStock, reconcileStock, reconcileStockJob, releaseStock, reserveStock, stockLeft, writeStockChanges } from './stock';

const tenantId = 'stock-tenant';
const store = { redis: null as unknown as Redis, prefix: `t-stock-${process.pid}` };
const counts = `${store.prefix}:stock:${tenantId}`;
const versions = `${store.prefix}:stock-version:${tenantId}`;
/** The database's count: the store product, or the stock journal's newer entry not folded into it yet. */
const inDb = async (storeProductId: number) => {
  const count = (await databaseStockCounts(tenantId, [storeProductId])).get(storeProductId);
  return count && { inventory: count.inventory, stockVersion: count.version };
};
/** The store product's own document, without the journal. */
const storeProductDoc = async (storeProductId: number) =>
  (await StoreProduct.findOne(scoped({ tenantId }, { _id: keyedId(tenantId, 'store-product', storeProductId) }), { inventory: 1, stockVersion: 1 }).lean()) as unknown as { inventory: number; stockVersion: number };
/** A journal document's counts as [storeProductId, inventory, version] triples. */
const triples = (counts: number[]) => Array.from({ length: counts.length / 3 }, (_, i) => counts.slice(i * 3, i * 3 + 3));
/** The journal's entries for a store product, oldest first: [inventory, version]. */
const journalled = async (storeProductId: number) => ((await StockJournal.find(scoped({ tenantId })).sort({ at: 1 }).lean()) as unknown as { counts: number[] }[])
  .flatMap((d) => triples(d.counts).filter((c) => c[0] === storeProductId).map((c) => c.slice(1)));
const stocked = (storeProductId: number, inventory: number) => StoreProduct.create({
  tenantId, _id: keyedId(tenantId, 'store-product', storeProductId), storeProductId, locationId: 1, productId: storeProductId, sku: `S${storeProductId}`, title: 'Saw', priceCents: 100, inventory,
});

beforeAll(async () => {
  await connectMongo(process.env.MONGODB_URI!, `test_stock_${process.pid}`);
  store.redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
  store.redis.disconnect();
});

describe('stock in Redis', () => {
  it('takes all of an order\'s lines or none, loading counts from the database when Redis has none', async () => {
    await stocked(1, 5);
    await stocked(2, 1);
    const short = await reserveStock(store, tenantId, [{ storeProductId: 1, quantity: 2 }, { storeProductId: 2, quantity: 2 }]);
    expect(short).toEqual({ ok: false, storeProductId: 2, left: 1 });
    expect(Object.fromEntries(await stockLeft(store, tenantId, [1, 2]))).toEqual({ 1: 5, 2: 1 });
    const taken = await reserveStock(store, tenantId, [{ storeProductId: 1, quantity: 2 }, { storeProductId: 2, quantity: 1 }, { storeProductId: 1, quantity: 1 }]);
    expect(taken).toEqual({ ok: true, changes: [{ storeProductId: 1, inventory: 2, version: 1 }, { storeProductId: 2, inventory: 0, version: 1 }] });
    await releaseStock(store, tenantId, [{ storeProductId: 2, quantity: 1 }]);
    expect(Object.fromEntries(await stockLeft(store, tenantId, [1, 2]))).toEqual({ 1: 2, 2: 1 });
  });

  it('loses nothing when Redis restarts between taking the stock and saving the order: the reconcile job repairs it', async () => {
    await stocked(10, 10);
    const taken = await reserveStock(store, tenantId, [{ storeProductId: 10, quantity: 3 }]);
    if (!taken.ok) throw new Error('expected stock');
    // Redis comes back from an append-only file that missed the last second: it holds the count before the order.
    await store.redis.multi().hset(counts, '10', '10').hset(versions, '10', '0').exec();
    await writeStockChanges(store, tenantId, taken.changes); // the order is saved and its stock written after
    expect(await inDb(10)).toMatchObject({ inventory: 7, stockVersion: 1 });
    const report = await reconcileAllStock(store, tenantId);
    expect(report).toContainEqual({ storeProductId: 10, redis: { inventory: 10, version: 0 }, database: { inventory: 7, version: 1 }, fixed: 'redis' });
    expect((await stockLeft(store, tenantId, [10])).get(10)).toBe(7);
    expect(await reserveStock(store, tenantId, [{ storeProductId: 10, quantity: 8 }])).toMatchObject({ ok: false, left: 7 });
  });

  it('writes a change the database missed (the request ended before writing it), and loads a lost count from the database', async () => {
    await stocked(20, 4);
    const taken = await reserveStock(store, tenantId, [{ storeProductId: 20, quantity: 1 }]);
    expect(taken.ok).toBe(true);
    expect(await inDb(20)).toMatchObject({ inventory: 4 }); // not written yet
    const report = await reconcileStock(store, tenantId); // the changed counts of the store
    expect(report).toContainEqual({ storeProductId: 20, redis: { inventory: 3, version: 1 }, database: { inventory: 4, version: 0 }, fixed: 'database' });
    expect(await inDb(20)).toMatchObject({ inventory: 3, stockVersion: 1 });
    expect(await storeProductDoc(20)).toMatchObject({ inventory: 4 }); // in the journal, not folded yet
    await store.redis.del(counts, versions); // Redis lost everything
    expect((await stockLeft(store, tenantId, [20])).get(20)).toBe(3); // loaded from the journal's newer entry
  });

  it('ends with the latest count in the database when many orders sharing products write at once, in any order', async () => {
    for (const id of [40, 41, 42]) await stocked(id, 100);
    // 30 orders of 1-3 lines over three products, their writes started together (as the answers go out).
    const orders = Array.from({ length: 30 }, (_, n) => [40, 41, 42].slice(0, 1 + (n % 3)).map((storeProductId) => ({ storeProductId, quantity: 1 })));
    const taken = await Promise.all(orders.map((lines) => reserveStock(store, tenantId, lines)));
    await Promise.all(taken.reverse().map((t) => (t.ok ? writeStockChanges(store, tenantId, t.changes) : null)));
    expect(await inDb(40)).toMatchObject({ inventory: 70, stockVersion: 30 });
    expect(await inDb(41)).toMatchObject({ inventory: 80, stockVersion: 20 });
    expect(await inDb(42)).toMatchObject({ inventory: 90, stockVersion: 10 });
    expect((await journalled(40)).length).toBeLessThanOrEqual(2); // the first call's round, then the rest in one
    // Nothing is left for the reconcile job: every change reached the database.
    expect(await reconcileStock(store, tenantId, [40, 41, 42])).toEqual([]);
  });

  it('writes a round of 300 changed counts as one journal document, folded into the store products (FerretDB waits forever on one command of 100 updates or more)', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => 1000 + i);
    await StoreProduct.insertMany(ids.map((storeProductId) => ({
      tenantId, _id: keyedId(tenantId, 'store-product', storeProductId), storeProductId, locationId: 1, productId: storeProductId, sku: `S${storeProductId}`, title: 'Saw', priceCents: 100, inventory: 5,
    })));
    const taken = await reserveStock(store, tenantId, ids.map((storeProductId) => ({ storeProductId, quantity: 2 })));
    if (!taken.ok) throw new Error('expected stock');
    await writeStockChanges(store, tenantId, taken.changes);
    const round = (await StockJournal.find(scoped({ tenantId })).lean() as unknown as { counts: number[] }[]).map((d) => triples(d.counts)).filter((t) => t.some((c) => c[0] === 1000));
    expect(round).toHaveLength(1);
    expect(round[0]).toHaveLength(300);
    expect(await storeProductDoc(1299)).toMatchObject({ inventory: 5, stockVersion: 0 });
    const folds = await Promise.all([foldStockJournal(store, tenantId), foldStockJournal(store, tenantId)]);
    expect(Math.min(...folds)).toBe(0); // one fold per store at a time: the second waits, then finds nothing left
    expect(Math.max(...folds)).toBeGreaterThanOrEqual(1);
    expect(await StockJournal.countDocuments(scoped({ tenantId }))).toBe(0); // folded documents are deleted
    expect(await storeProductDoc(1000)).toMatchObject({ inventory: 3, stockVersion: 1 });
    expect(await storeProductDoc(1299)).toMatchObject({ inventory: 3, stockVersion: 1 });
    expect(await reconcileStock(store, tenantId, ids)).toEqual([]);
  });

  it("writes in rounds: a round also writes the store's counts other processes changed, and waits while another process's round runs", async () => {
    for (const id of [50, 51]) await stocked(id, 9);
    const elsewhere = await reserveStock(store, tenantId, [{ storeProductId: 50, quantity: 4 }]); // another process, whose write has not run
    const here = await reserveStock(store, tenantId, [{ storeProductId: 51, quantity: 2 }]);
    if (!elsewhere.ok || !here.ok) throw new Error('expected stock');
    await store.redis.set(`${store.prefix}:stock-writing:${tenantId}`, '1', 'PX', 5000); // another process's round of this store
    let done = false;
    const written = writeStockChanges(store, tenantId, here.changes).then(() => { done = true; });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toBe(false);
    expect(await inDb(51)).toMatchObject({ inventory: 9 });
    await store.redis.del(`${store.prefix}:stock-writing:${tenantId}`); // that round ends
    await written;
    expect(await inDb(50)).toMatchObject({ inventory: 5, stockVersion: 1 });
    expect(await inDb(51)).toMatchObject({ inventory: 7, stockVersion: 1 });
    expect(await reconcileStock(store, tenantId, undefined, { olderThanMs: 0 })).toEqual([]); // nothing left marked
  });

  it("leaves a change younger than the time given to the write its request started (the job's run under load reads nothing back)", async () => {
    await stocked(25, 6);
    const taken = await reserveStock(store, tenantId, [{ storeProductId: 25, quantity: 2 }]);
    expect(taken.ok).toBe(true);
    expect(await reconcileStock(store, tenantId, undefined, { olderThanMs: 60_000 })).toEqual([]);
    expect(await inDb(25)).toMatchObject({ inventory: 6 }); // neither read back nor written by the reconcile
    // Once old enough (here: any age), a change whose write never came is written.
    expect(await reconcileStock(store, tenantId, undefined, { olderThanMs: 0 })).toContainEqual({ storeProductId: 25, redis: { inventory: 4, version: 1 }, database: { inventory: 6, version: 0 }, fixed: 'database' });
    expect(await inDb(25)).toMatchObject({ inventory: 4, stockVersion: 1 });
    // Written, it is no longer looked at.
    expect(await reconcileStock(store, tenantId, undefined, { olderThanMs: 0 })).toEqual([]);
  });

  it("does not write a count again that an earlier round wrote with another order's (the database keeps what it has)", async () => {
    await stocked(60, 10);
    const first = await reserveStock(store, tenantId, [{ storeProductId: 60, quantity: 1 }]); // still in its checkout
    const second = await reserveStock(store, tenantId, [{ storeProductId: 60, quantity: 2 }]);
    if (!first.ok || !second.ok) throw new Error('expected stock');
    await writeStockChanges(store, tenantId, second.changes); // its round writes the latest count, both orders'
    expect(await journalled(60)).toEqual([[7, 2]]);
    await writeStockChanges(store, tenantId, first.changes); // the first order's write comes after: nothing more
    expect(await journalled(60)).toEqual([[7, 2]]);
    // A change after that is written as before.
    const third = await reserveStock(store, tenantId, [{ storeProductId: 60, quantity: 1 }]);
    if (!third.ok) throw new Error('expected stock');
    await writeStockChanges(store, tenantId, third.changes);
    expect(await journalled(60)).toEqual([[7, 2], [6, 3]]);
    expect(await inDb(60)).toMatchObject({ inventory: 6, stockVersion: 3 });
  });

  it('reads the journal for a count missing from Redis only until the scheduled run has folded it since Redis last started', async () => {
    await stocked(95, 9);
    const checked = `${store.prefix}:stock-every-count-checked`;
    // A journal entry for a count Redis does not hold: what a Redis that lost the count in a restart leaves.
    await StockJournal.collection.insertOne({ _id: keyedId(tenantId, 'stock-journal', 'lost-95') as never, tenantId, at: new Date(), counts: [95, 6, 4] });
    await store.redis.hset(checked, 'runId', 'a-run-before-the-restart');
    expect((await stockLeft(store, tenantId, [95])).get(95)).toBe(6); // from the journal's newer entry
    await store.redis.multi().hdel(counts, '95').hdel(versions, '95').exec();
    const runId = /run_id:(\w+)/.exec(await store.redis.info('server'))![1];
    await store.redis.hset(checked, 'runId', runId); // the scheduled run has folded every journal since this Redis started
    expect((await stockLeft(store, tenantId, [95])).get(95)).toBe(9); // the store product's: the journal is not read
    await StockJournal.deleteMany(scoped({ tenantId }, { _id: keyedId(tenantId, 'stock-journal', 'lost-95') }));
    await store.redis.del(checked);
  });

  it('the reconcile job writes a count the database lost even when Redis has it marked as written, and reports it', async () => {
    await stocked(70, 8);
    const taken = await reserveStock(store, tenantId, [{ storeProductId: 70, quantity: 3 }]);
    if (!taken.ok) throw new Error('expected stock');
    await writeStockChanges(store, tenantId, taken.changes);
    await foldStockJournal(store, tenantId);
    // The database goes back to before the order (a restore), Redis still marks the count written.
    await StoreProduct.updateOne(scoped({ tenantId }, { _id: keyedId(tenantId, 'store-product', 70) }), { $set: { inventory: 8, stockVersion: 0 } });
    expect(await reconcileAllStock(store, tenantId)).toContainEqual({ storeProductId: 70, redis: { inventory: 5, version: 1 }, database: { inventory: 8, version: 0 }, fixed: 'database' });
    expect(await inDb(70)).toMatchObject({ inventory: 5, stockVersion: 1 });
  });

  it('the scheduled reconcile reads every count after a Redis restart (another run id) and once a day; in between only the marked ones', async () => {
    const own = (await createTenant('stock-every-count')).id;
    const ownCounts = `${store.prefix}:stock:${own}`;
    const ownVersions = `${store.prefix}:stock-version:${own}`;
    await StoreProduct.create({ tenantId: own, _id: keyedId(own, 'store-product', 90), storeProductId: 90, locationId: 1, productId: 90, sku: 'S90', title: 'Saw', priceCents: 100, inventory: 8, stockVersion: 3 });
    // Redis holds an older count than the database, unmarked: what a restart that lost the last second leaves.
    const loseLastSecond = () => store.redis.multi().hset(ownCounts, '90', '5').hset(ownVersions, '90', '1').exec();
    const scheduled = reconcileStockJob(store.redis, store.prefix);
    const run = () => scheduled({ data: {} } as Job<StockReconcileJob>);
    const checked = `${store.prefix}:stock-every-count-checked`;
    await store.redis.del(checked);

    await loseLastSecond();
    expect(await run()).toMatchObject({ everyCount: true, differences: expect.arrayContaining([expect.objectContaining({ tenantId: own, storeProductId: 90, fixed: 'redis' })]) });
    expect(await store.redis.hget(ownCounts, '90')).toBe('8');

    await loseLastSecond();
    const between = await run();
    expect(between).toMatchObject({ everyCount: false });
    expect(between.differences.filter((d) => d.tenantId === own)).toEqual([]);
    expect(await store.redis.hget(ownCounts, '90')).toBe('5'); // not read: unmarked, and Redis ran on

    await store.redis.hset(checked, 'runId', 'a-run-before-the-restart'); // as after a restart: Redis's run id is another
    expect(await run()).toMatchObject({ everyCount: true });
    expect(await store.redis.hget(ownCounts, '90')).toBe('8');

    await loseLastSecond();
    await store.redis.hset(checked, 'at', String(Date.now() - 25 * 3600_000)); // a day since the last check of every count
    expect(await run()).toMatchObject({ everyCount: true });
    expect(await store.redis.hget(ownCounts, '90')).toBe('8');
  });

  it('loses nothing through a real Redis restart (killed, then back from its append-only file) between taking the stock and writing it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stock-aof-'));
    const port = await freePort();
    const startRedis = () => spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''], { stdio: 'ignore' });
    let server: ChildProcess = startRedis();
    const own = { redis: new Redis(port, '127.0.0.1'), prefix: store.prefix };
    own.redis.on('error', () => undefined); // refused connections while it restarts: the client retries
    try {
      await stocked(30, 10);
      const taken = await reserveStock(own, tenantId, [{ storeProductId: 30, quantity: 3 }]);
      if (!taken.ok) throw new Error('expected stock');
      server.kill('SIGKILL'); // at once: the last second of appends may be lost
      await new Promise((resolve) => server.once('exit', resolve));
      server = startRedis();
      await writeStockChanges(own, tenantId, taken.changes); // the write after the answer (the client reconnects)
      await reconcileAllStock(own, tenantId);
      expect((await stockLeft(own, tenantId, [30])).get(30)).toBe(7);
      expect(await inDb(30)).toMatchObject({ inventory: 7, stockVersion: 1 });
      expect(await reserveStock(own, tenantId, [{ storeProductId: 30, quantity: 8 }])).toMatchObject({ ok: false, left: 7 });
    } finally {
      own.redis.disconnect();
      server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }).on('error', reject);
  });
}
