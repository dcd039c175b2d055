import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Job } from 'bullmq';
import { runScript, type StockReconcileJob } from '@platform/queue';
import { gatherWhileBusy, keyedId, scoped, Tenant } from '@platform/db';
import { StockJournal, StoreProduct } from './models';

/**
 * Stock per store product lives in Redis and changes there atomically (docs/DATA-ACCESS.md rule 4): a Lua
 * script takes every line of an order or none, so concurrent checkouts never oversell and never wait on a
 * store-wide lock. Each change bumps the store product's version; the database gets the new count and
 * version after, in the stock journal (a document per write round), which the stock-reconcile job folds into the
 * store products; `reconcileStock` makes Redis and the database agree (the higher version wins).
 */
export interface StockStore { redis: Redis; prefix: string }
export type StockLine = { storeProductId: number; quantity: number };
export type StockChange = { storeProductId: number; inventory: number; version: number };
export type ReserveResult = { ok: true; changes: StockChange[] } | { ok: false; storeProductId: number; left: number };

const countsKey = (store: StockStore, tenantId: string) => `${store.prefix}:stock:${tenantId}`;
const versionsKey = (store: StockStore, tenantId: string) => `${store.prefix}:stock-version:${tenantId}`;
// HASH store product id -> the version the database has not been sent yet (cleared by the write that sends it).
const unwrittenKey = (store: StockStore, tenantId: string) => `${store.prefix}:stock-unwritten:${tenantId}`;
// ZSET store product id -> when its oldest unwritten change was made (ms): the reconcile job leaves younger ones to their writes.
const unwrittenSinceKey = (store: StockStore, tenantId: string) => `${store.prefix}:stock-unwritten-since:${tenantId}`;
// A checkout's stock between taking it and saving its order: ZSET hold id -> when, HASH hold id -> note (JSON).
const holdsKey = (store: StockStore, tenantId: string) => `${store.prefix}:stock-holds:${tenantId}`;
const holdNotesKey = (store: StockStore, tenantId: string) => `${store.prefix}:stock-hold-notes:${tenantId}`;
const storeProductDocId = (tenantId: string, storeProductId: number) => keyedId(tenantId, 'store-product', storeProductId);

// KEYS: counts, versions, unwritten versions, holds (ZSET id -> time), hold notes (HASH id -> note), unwritten since
// (ZSET id -> time of the oldest change not written). ARGV: sign
// (-1 take, 1 give back), hold mode ('' none, 'take' record a hold, 'release' give back a hold's lines once),
// hold id, now (ms), note, then store product id and quantity pairs. Answers {'missing', ids...} when a count is
// not loaded, {'short', id, left} when a take cannot be had, {'gone'} when the hold was settled or given back
// already, else {'ok', id, count, version, ...}. All or nothing: checks come before any change.
const CHANGE_STOCK = `
local sign, mode = tonumber(ARGV[1]), ARGV[2]
local missing = {'missing'}
for i = 6, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then table.insert(missing, ARGV[i]) end
end
if #missing > 1 then return missing end
if sign < 0 then
  for i = 6, #ARGV, 2 do
    local have = tonumber(redis.call('HGET', KEYS[1], ARGV[i]))
    if have < tonumber(ARGV[i + 1]) then return {'short', ARGV[i], tostring(have)} end
  end
end
if mode == 'release' then
  if redis.call('ZREM', KEYS[4], ARGV[3]) == 0 then return {'gone'} end
  redis.call('HDEL', KEYS[5], ARGV[3])
end
local out = {'ok'}
for i = 6, #ARGV, 2 do
  local count = redis.call('HINCRBY', KEYS[1], ARGV[i], sign * tonumber(ARGV[i + 1]))
  local version = redis.call('HINCRBY', KEYS[2], ARGV[i], 1)
  redis.call('HSET', KEYS[3], ARGV[i], version)
  redis.call('ZADD', KEYS[6], 'NX', ARGV[4], ARGV[i])
  table.insert(out, ARGV[i]); table.insert(out, count); table.insert(out, version)
end
if mode == 'take' then
  redis.call('ZADD', KEYS[4], ARGV[4], ARGV[3])
  redis.call('HSET', KEYS[5], ARGV[3], ARGV[5])
end
return out`;

/** One line per store product (an order may list one twice). */
function merged(lines: StockLine[]): StockLine[] {
  const byId = new Map<number, number>();
  for (const l of lines) if (l.quantity > 0) byId.set(l.storeProductId, (byId.get(l.storeProductId) ?? 0) + l.quantity);
  return [...byId].map(([storeProductId, quantity]) => ({ storeProductId, quantity }));
}

export type StockCount = { inventory: number; version: number };
const newer = (a: StockCount | null | undefined, b: StockCount | null | undefined): StockCount | null => (!a ? b ?? null : !b || a.version >= b.version ? a : b);

/** The newest count of each store product in the stock journal, not folded into the store products yet (a read of the whole, small collection). */
async function journalCounts(tenantId: string): Promise<Map<number, StockCount>> {
  const docs = (await StockJournal.find(scoped({ tenantId }), { counts: 1 }).lean()) as unknown as { counts: number[] }[];
  return newestInJournal(docs);
}

/** The newest count of each store product in these journal documents. */
function newestInJournal(docs: { counts: number[] }[]): Map<number, StockCount> {
  const out = new Map<number, StockCount>();
  for (const { counts } of docs) {
    for (let i = 0; i < counts.length; i += 3) {
      const [storeProductId, inventory, version] = [counts[i], counts[i + 1], counts[i + 2]];
      if ((out.get(storeProductId)?.version ?? -1) < version) out.set(storeProductId, { inventory, version });
    }
  }
  return out;
}

const storeProductCounts = (tenantId: string, ids: number[]): Promise<(StockCount | null)[]> => Promise.all(ids.map(async (id) => {
  const doc = (await StoreProduct.findOne(scoped({ tenantId }, { _id: storeProductDocId(tenantId, id) }), { inventory: 1, stockVersion: 1 }).lean()) as { inventory?: number; stockVersion?: number } | null;
  return doc ? { inventory: doc.inventory ?? 0, version: doc.stockVersion ?? 0 } : null;
}));

/**
 * The database's count of each store product (null: no such store product): its document, or the journal's newer
 * entry not folded in yet. The journal is read first: the fold writes the store products before it deletes what
 * it folded, so an entry is always seen in one or the other.
 */
export async function databaseStockCounts(tenantId: string, ids: number[], options: { journal?: boolean } = {}): Promise<Map<number, StockCount | null>> {
  const journal = options.journal === false ? new Map<number, StockCount>() : await journalCounts(tenantId);
  const docs = await storeProductCounts(tenantId, ids);
  return new Map(ids.map((id, i) => [id, newer(docs[i], journal.get(id))]));
}

/**
 * Whether a count Redis does not hold may be in the journal: only if Redis lost it, so until the scheduled
 * stock-reconcile has folded every store's journal and checked every count since Redis last started (its mark,
 * everyCountDue). After that a missing count was never loaded (a round journals only counts Redis holds), and
 * loading it reads no journal: read on every first use, a journal growing under a burst cost each order ~0.5 s.
 */
async function journalMayHoldLostCounts(redis: Redis, prefix: string): Promise<boolean> {
  const [runId, checkedRun] = await Promise.all([redisRunId(redis), redis.hget(everyCountCheckedKey(prefix), 'runId')]);
  return runId !== checkedRun;
}

/** Loads counts Redis does not hold (first use, or after Redis lost them) from the database. */
async function loadCounts(store: StockStore, tenantId: string, ids: number[]): Promise<void> {
  const saved = await databaseStockCounts(tenantId, ids, { journal: await journalMayHoldLostCounts(store.redis, store.prefix) });
  const multi = store.redis.multi();
  for (const id of ids) {
    multi.hsetnx(countsKey(store, tenantId), String(id), String(Math.max(0, saved.get(id)?.inventory ?? 0)));
    multi.hsetnx(versionsKey(store, tenantId), String(id), String(saved.get(id)?.version ?? 0));
  }
  await multi.exec();
}

type HoldArgs = { mode: '' | 'take' | 'release'; id: string; note: string };
const NO_HOLD: HoldArgs = { mode: '', id: '', note: '' };

async function change(store: StockStore, tenantId: string, sign: -1 | 1, lines: StockLine[], hold: HoldArgs = NO_HOLD): Promise<ReserveResult> {
  const wanted = merged(lines);
  if (!wanted.length && hold.mode !== 'release') return { ok: true, changes: [] };
  const args = [String(sign), hold.mode, hold.id, String(Date.now()), hold.note, ...wanted.flatMap((l) => [String(l.storeProductId), String(l.quantity)])];
  const keys = [countsKey(store, tenantId), versionsKey(store, tenantId), unwrittenKey(store, tenantId), holdsKey(store, tenantId), holdNotesKey(store, tenantId), unwrittenSinceKey(store, tenantId)];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const reply = await runScript(store.redis, CHANGE_STOCK, keys.length, ...keys, ...args) as (string | number)[];
    if (reply[0] === 'missing') { await loadCounts(store, tenantId, reply.slice(1).map(Number)); continue; }
    if (reply[0] === 'short') return { ok: false, storeProductId: Number(reply[1]), left: Math.max(0, Number(reply[2])) };
    if (reply[0] === 'gone') return { ok: true, changes: [] };
    const changes: StockChange[] = [];
    for (let i = 1; i < reply.length; i += 3) changes.push({ storeProductId: Number(reply[i]), inventory: Number(reply[i + 1]), version: Number(reply[i + 2]) });
    return { ok: true, changes };
  }
  throw new Error('stock counts could not be loaded');
}

/**
 * Takes every line's quantity, only where that much is left; all lines or none. With a hold (a checkout), the
 * taking is recorded under the hold's id in the same script, until `settleHold` (the order is saved) or
 * `releaseHold` (undone, or found abandoned by `staleHolds`): a crash between the two never keeps stock taken.
 */
export const reserveStock = (store: StockStore, tenantId: string, lines: StockLine[], hold?: { id: string; note: Record<string, unknown> }) =>
  change(store, tenantId, -1, lines, hold ? { mode: 'take', id: hold.id, note: JSON.stringify({ ...hold.note, lines: merged(lines) }) } : NO_HOLD);

/** The hold's order was saved: the stock stays taken and the hold is forgotten. */
export async function settleHold(store: StockStore, tenantId: string, holdId: string): Promise<void> {
  await store.redis.multi().zrem(holdsKey(store, tenantId), holdId).hdel(holdNotesKey(store, tenantId), holdId).exec();
}

/** Gives a hold's lines back, once however many call it (an undone checkout, an abandoned one): its changes and note. */
export async function releaseHold(store: StockStore, tenantId: string, holdId: string): Promise<{ changes: StockChange[]; note: Record<string, unknown> }> {
  const raw = await store.redis.hget(holdNotesKey(store, tenantId), holdId);
  if (!raw) return { changes: [], note: {} };
  const note = JSON.parse(raw) as { lines: StockLine[] } & Record<string, unknown>;
  const result = await change(store, tenantId, 1, note.lines, { mode: 'release', id: holdId, note: '' });
  return { changes: result.ok ? result.changes : [], note };
}

/** Holds older than `olderThanMs` (their checkout never settled or undid them), with their notes. */
export async function staleHolds(store: StockStore, tenantId: string, olderThanMs: number): Promise<{ id: string; note: Record<string, unknown> }[]> {
  const ids = await store.redis.zrangebyscore(holdsKey(store, tenantId), 0, Date.now() - olderThanMs, 'LIMIT', 0, 500);
  if (!ids.length) return [];
  const notes = await store.redis.hmget(holdNotesKey(store, tenantId), ...ids);
  return ids.map((id, i) => ({ id, note: notes[i] ? JSON.parse(notes[i]!) as Record<string, unknown> : {} }));
}

/** Gives quantities back (an undone checkout, a cancelled order or line, a restock). */
export async function releaseStock(store: StockStore, tenantId: string, lines: StockLine[]): Promise<StockChange[]> {
  const result = await change(store, tenantId, 1, lines);
  return result.ok ? result.changes : [];
}

/** The counts Redis holds (null where it holds none), without loading: what search overlays on its rows. */
export async function heldCounts(store: StockStore, tenantId: string, storeProductIds: number[]): Promise<(number | null)[]> {
  const out: (number | null)[] = [];
  for (let i = 0; i < storeProductIds.length; i += 5000) {
    const counts = await store.redis.hmget(countsKey(store, tenantId), ...storeProductIds.slice(i, i + 5000).map(String));
    for (const c of counts) out.push(c === null ? null : Math.max(0, Number(c)));
  }
  return out;
}

/** The units left of each store product, as checkout sees them. */
export async function stockLeft(store: StockStore, tenantId: string, storeProductIds: number[]): Promise<Map<number, number>> {
  if (!storeProductIds.length) return new Map();
  let counts = await store.redis.hmget(countsKey(store, tenantId), ...storeProductIds.map(String));
  const missing = storeProductIds.filter((_, i) => counts[i] === null);
  if (missing.length) {
    await loadCounts(store, tenantId, missing);
    counts = await store.redis.hmget(countsKey(store, tenantId), ...storeProductIds.map(String));
  }
  return new Map(storeProductIds.map((id, i) => [id, Number(counts[i] ?? 0)]));
}

/**
 * Sends changed counts to the database (after the order is saved), resolved once written. Counts are written in
 * rounds: a store's round takes its lock in Redis (one round per store at a time, across processes), reads what
 * Redis holds of every count changed since the last round (its own, other processes', and the changes given
 * here, whichever is newer: a change Redis lost in a restart still reaches the database) and inserts them as one
 * stock journal document. While orders keep coming a process starts a store's round at most once a second, so the
 * calls made meanwhile share it and a count changed twice meanwhile is written once: an update per count cost
 * FerretDB ~0.8 ms of CPU each, and order submit 16 at a time gained ~30% from the two together (docs/benchmarks.md).
 * The database's copy then lags Redis by about a second, as Redis's own append-only file does. What a failed
 * round leaves marked, the reconcile job writes.
 */
export function writeStockChanges(store: StockStore, tenantId: string, changes: StockChange[], options: { force?: boolean } = {}): Promise<void> {
  return gatherRound(`${store.prefix}\n${tenantId}`, () => ({ store, tenantId, own: new Map(), forced: new Set() }), (round) => {
    for (const c of changes) {
      const had = round.own.get(c.storeProductId);
      if (!had || had.version < c.version) round.own.set(c.storeProductId, c);
      if (options.force) round.forced.add(c.storeProductId);
    }
  });
}

/** forced: store products written even when Redis says the database has their count (the reconcile job's repairs). */
type WriteRound = { store: StockStore; tenantId: string; own: Map<number, StockChange>; forced: Set<number> };
const ROUND_GAP_MS = 1000;
const gatherRound = gatherWhileBusy<WriteRound>((round) => writeRound(round.store, round.tenantId, round.own, round.forced), { gapMs: ROUND_GAP_MS });

const ROUND_MAX = 1000;
const ROUND_LOCK_MS = 30_000;

async function writeRound(store: StockStore, tenantId: string, own: Map<number, StockChange>, forced: Set<number>): Promise<void> {
  const lock = `${store.prefix}:stock-writing:${tenantId}`;
  for (const started = Date.now(); !(await store.redis.set(lock, '1', 'PX', ROUND_LOCK_MS, 'NX'));) {
    if (Date.now() - started > ROUND_LOCK_MS) throw new Error(`the stock counts of ${tenantId} wait on a round that does not end`);
    await new Promise((resolve) => setTimeout(resolve, 10)); // another process's round of this store
  }
  try {
    for (let more = true; more;) {
      const marked = (await store.redis.zrange(unwrittenSinceKey(store, tenantId), 0, String(ROUND_MAX - 1))).map(Number);
      more = marked.length === ROUND_MAX;
      const ids = [...new Set([...own.keys(), ...marked])];
      const mine = own;
      own = new Map();
      const [[, counts], [, versions], [, unsent]] = (await store.redis.multi()
        .hmget(countsKey(store, tenantId), ...ids.map(String))
        .hmget(versionsKey(store, tenantId), ...ids.map(String))
        .hmget(unwrittenKey(store, tenantId), ...ids.map(String)).exec()) as [[unknown, (string | null)[]], [unknown, (string | null)[]], [unknown, (string | null)[]]];
      const latest: StockChange[] = [];
      // Already sent (no version left unwritten, none given newer): an earlier round wrote this count with
      // another order's, e.g. a change still in its checkout when that round read the marks. Checked as the mark.
      const sent = new Map<number, number>();
      const lost: StockChange[] = []; // given here, and Redis lost it (it restarted)
      ids.forEach((storeProductId, i) => {
        const given = mine.get(storeProductId);
        const held = counts[i] === null ? null : { storeProductId, inventory: Number(counts[i]), version: Number(versions[i] ?? 0) };
        if (held && unsent[i] === null && !forced.has(storeProductId) && (!given || held.version >= given.version)) { sent.set(storeProductId, held.version); return; }
        const newer = held && (!given || held.version >= given.version) ? held : given;
        if (newer) latest.push(newer);
        if (newer && !held) lost.push(newer);
      });
      forced = new Set();
      // Loaded as Redis's count too: the journal holds only counts Redis holds (journalMayHoldLostCounts).
      if (lost.length) {
        const multi = store.redis.multi();
        for (const c of lost) multi.hsetnx(countsKey(store, tenantId), String(c.storeProductId), String(c.inventory)).hsetnx(versionsKey(store, tenantId), String(c.storeProductId), String(c.version));
        await multi.exec();
      }
      if (latest.length) {
        // Plain numbers made here: inserted without mongoose's casting of up to 3,000 of them.
        await StockJournal.collection.insertOne({
          _id: keyedId(tenantId, 'stock-journal', Date.now(), randomUUID()) as never, tenantId, at: new Date(),
          counts: latest.flatMap((c) => [c.storeProductId, c.inventory, c.version]),
        });
      }
      // Written, or not loaded in Redis (it loads from the database when next used): the mark goes unless changed again.
      const written = new Map([...sent, ...latest.map((c): [number, number] => [c.storeProductId, c.version])]);
      await runScript(store.redis, MARK_WRITTEN, 2, unwrittenKey(store, tenantId), unwrittenSinceKey(store, tenantId),
        ...ids.flatMap((id) => [String(id), String(written.get(id) ?? Number.MAX_SAFE_INTEGER)]));
    }
  } finally {
    await store.redis.del(lock);
  }
}

// KEYS: unwritten versions, unwritten since. ARGV: store product id and version written, pairs. A newer change keeps its mark.
const MARK_WRITTEN = `
for i = 1, #ARGV, 2 do
  local v = redis.call('HGET', KEYS[1], ARGV[i])
  if not v or tonumber(v) <= tonumber(ARGV[i + 1]) then
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('ZREM', KEYS[2], ARGV[i])
  end
end
return 1`;

/**
 * The store products whose latest change the database may not have (a write that failed or never ran), changed at
 * least `olderThanMs` ago: a younger change is still being written by the request that made it, and reading it
 * back would only add database work under load. (A mark older than the time set is found by the full run.)
 */
async function unwritten(store: StockStore, tenantId: string, max: number, olderThanMs: number): Promise<number[]> {
  const ids = await store.redis.zrangebyscore(unwrittenSinceKey(store, tenantId), 0, Date.now() - olderThanMs, 'LIMIT', 0, max);
  return ids.map(Number);
}

export type StockDifference = { storeProductId: number; redis: { inventory: number; version: number } | null; database: { inventory: number; version: number } | null; fixed: 'database' | 'redis' | 'none' };

/**
 * Makes Redis and the database agree for the store products changed since the last run (or the ids given):
 * the side with the higher version is right (Redis after a change not yet written; the database after Redis
 * lost recent changes, e.g. a restart that kept only older appends). Answers each difference it found.
 */
export async function reconcileStock(store: StockStore, tenantId: string, ids?: number[], options: { olderThanMs?: number } = {}): Promise<StockDifference[]> {
  const todo = ids ?? await unwritten(store, tenantId, 10_000, options.olderThanMs ?? 0);
  const differences: StockDifference[] = [];
  if (!todo.length) return differences;
  const journal = await journalCounts(tenantId); // once, before the store products (databaseStockCounts)
  for (let i = 0; i < todo.length; i += 200) {
    const batch = todo.slice(i, i + 200);
    const [counts, versions, docs] = await Promise.all([
      store.redis.hmget(countsKey(store, tenantId), ...batch.map(String)),
      store.redis.hmget(versionsKey(store, tenantId), ...batch.map(String)),
      storeProductCounts(tenantId, batch),
    ]);
    const toWrite: StockChange[] = [];
    for (let k = 0; k < batch.length; k += 1) {
      const storeProductId = batch[k];
      const inRedis = counts[k] === null ? null : { inventory: Number(counts[k]), version: Number(versions[k] ?? 0) };
      const inDb = newer(docs[k], journal.get(storeProductId));
      if (!inDb || !inRedis) { // not loaded in Redis: it loads from the database when next used
        await store.redis.multi().hdel(unwrittenKey(store, tenantId), String(storeProductId)).zrem(unwrittenSinceKey(store, tenantId), String(storeProductId)).exec();
        continue;
      }
      if (inRedis.inventory === inDb.inventory && inRedis.version === inDb.version) {
        await runScript(store.redis, MARK_WRITTEN, 2, unwrittenKey(store, tenantId), unwrittenSinceKey(store, tenantId), String(storeProductId), String(inDb.version));
        continue;
      }
      if (inRedis.version >= inDb.version) {
        toWrite.push({ storeProductId, ...inRedis });
        differences.push({ storeProductId, redis: inRedis, database: inDb, fixed: 'database' });
      } else {
        await store.redis.multi()
          .hset(countsKey(store, tenantId), String(storeProductId), String(inDb.inventory))
          .hset(versionsKey(store, tenantId), String(storeProductId), String(inDb.version)).exec();
        differences.push({ storeProductId, redis: inRedis, database: inDb, fixed: 'redis' });
      }
    }
    if (toWrite.length) await writeStockChanges(store, tenantId, toWrite, { force: true }); // in a round, as every count write
  }
  return differences;
}

/** Every count Redis holds for the tenant, checked against the database (after a Redis restart; a scheduled job). */
export async function reconcileAllStock(store: StockStore, tenantId: string): Promise<StockDifference[]> {
  const ids = new Set<number>();
  let cursor = '0';
  do {
    const [next, flat] = await store.redis.hscan(countsKey(store, tenantId), cursor, 'COUNT', 1000);
    for (let i = 0; i < flat.length; i += 2) ids.add(Number(flat[i]));
    cursor = next;
  } while (cursor !== '0');
  return reconcileStock(store, tenantId, [...ids]);
}

const FOLD_DOCS_AT_ONCE = 20;
// FerretDB v1 keeps one of its 100 SQLite connections per update of a command until the command ends: a command of
// 100 updates waits forever on itself, and every request with it. Smaller commands cost the same per update.
const BULK_UPDATES_MAX = 25;
// Paced so that folding a burst's journal does not take back the CPU the journal saved the burst's checkouts (at 200
// a second the card row 16 at a time gained ~10%, docs/benchmarks.md); not paced while 60 documents or more wait
// (about a minute of one process's rounds), so that the fold always catches up.
const FOLD_UPDATES_PER_SECOND = 200;
const FOLD_UNPACED_FROM_DOCS = 60;
const FOLD_LOCK_MS = 30_000;
const FOLD_WAIT_MS = 10 * 60_000;

/**
 * Writes the stock journal's counts into the store products (the newest of each, once however many rounds changed
 * it) and deletes the documents folded, oldest first; answers how many. One fold per store at a time (a lock in
 * Redis; a second waits, then folds what is left): two would each write what they read, and the slower could put
 * back an older count.
 */
export async function foldStockJournal(store: StockStore, tenantId: string): Promise<number> {
  const lock = `${store.prefix}:stock-folding:${tenantId}`;
  for (const started = Date.now(); !(await store.redis.set(lock, '1', 'PX', FOLD_LOCK_MS, 'NX'));) {
    if (Date.now() - started > FOLD_WAIT_MS) throw new Error(`the stock journal of ${tenantId} waits on a fold that does not end`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // another worker's fold of this store: then what is left
  }
  let folded = 0;
  try {
    for (;;) {
      const docs = (await StockJournal.find(scoped({ tenantId }), { counts: 1 }).sort({ at: 1 }).limit(FOLD_DOCS_AT_ONCE).lean()) as unknown as { _id: string; counts: number[] }[];
      if (!docs.length) return folded;
      const updates = [...newestInJournal(docs)];
      const paced = (await StockJournal.countDocuments(scoped({ tenantId }))) < FOLD_UNPACED_FROM_DOCS;
      for (let i = 0; i < updates.length; i += BULK_UPDATES_MAX) {
        const began = Date.now();
        await StoreProduct.bulkWrite(updates.slice(i, i + BULK_UPDATES_MAX).map(([storeProductId, c]) => ({
          updateOne: { filter: scoped({ tenantId }, { _id: storeProductDocId(tenantId, storeProductId) }), update: { $set: { inventory: c.inventory, stockVersion: c.version } } },
        })), { ordered: false });
        await store.redis.pexpire(lock, FOLD_LOCK_MS);
        const pause = began + (BULK_UPDATES_MAX * 1000) / FOLD_UPDATES_PER_SECOND - Date.now();
        if (paced && pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      }
      await StockJournal.deleteMany(scoped({ tenantId }, { _id: { $in: docs.map((d) => d._id) } }));
      folded += docs.length;
    }
  } finally {
    await store.redis.del(lock);
  }
}

/** A change younger than this is left to the write its request started (under load a write may wait its turn a while). */
const WRITE_GRACE_MS = 30_000;

/** The check of every count runs at least this often, besides after each Redis restart. */
const EVERY_COUNT_AT_LEAST_EVERY_MS = 24 * 3600_000;
// HASH runId, at: the Redis run (its INFO run id) and the time of the last check of every count.
const everyCountCheckedKey = (prefix: string) => `${prefix}:stock-every-count-checked`;
/** The id of Redis's run: another one after each restart (INFO server). */
const redisRunId = async (redis: Redis): Promise<string> => /run_id:(\w+)/.exec(await redis.info('server'))?.[1] ?? '';

/**
 * Whether the scheduled run checks every count: when Redis started anew since the last such check (a restart from
 * its append-only file may have lost the last second's changes and marks, a lost Redis everything) or a day has
 * passed (a database restored from a backup). Between them only the marked counts are read: reading every count
 * by `_id` took 1-19 s of FerretDB every 10 minutes at 60,000 store products, beside the shoppers' checkouts.
 */
async function everyCountDue(redis: Redis, prefix: string): Promise<{ due: boolean; runId: string }> {
  const runId = await redisRunId(redis);
  const [lastRun, lastAt] = await redis.hmget(everyCountCheckedKey(prefix), 'runId', 'at');
  return { due: lastRun !== runId || Date.now() - Number(lastAt ?? 0) >= EVERY_COUNT_AT_LEAST_EVERY_MS, runId };
}

/**
 * Worker handler (stock-reconcile): a store's stock journal is folded into its store products, then its changed
 * counts are checked after checkouts, or (scheduled, no tenant) every store's: every count after a Redis restart and
 * once a day (everyCountDue), else the marked ones. Each difference is reported in the log and the job's result.
 */
export function reconcileStockJob(redis: Redis, prefix: string) {
  const store = { redis, prefix };
  return async (job: Job<StockReconcileJob>) => {
    const tenants = job.data.tenantId ? [job.data.tenantId] : ((await Tenant.find({ active: true }, { _id: 1 }).lean()) as { _id: unknown }[]).map((t) => String(t._id));
    const everyCount = job.data.tenantId ? null : await everyCountDue(redis, prefix);
    const differences: (StockDifference & { tenantId: string })[] = [];
    let folded = 0;
    for (const tenantId of tenants) {
      folded += await foldStockJournal(store, tenantId);
      const found = everyCount?.due ? await reconcileAllStock(store, tenantId) : await reconcileStock(store, tenantId, undefined, { olderThanMs: WRITE_GRACE_MS });
      differences.push(...found.map((d) => ({ ...d, tenantId })));
    }
    if (everyCount?.due) await redis.hset(everyCountCheckedKey(prefix), 'runId', everyCount.runId, 'at', String(Date.now()));
    if (differences.length) console.warn(`[worker] stock-reconcile put right ${differences.length} count(s): ${JSON.stringify(differences.slice(0, 20))}`);
    return { checkedTenants: tenants.length, everyCount: Boolean(everyCount?.due), folded, differences };
  };
}
