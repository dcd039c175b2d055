import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { connectMongo, disconnectMongo, findByIds, inBackground, isBackground, keyedId, QueryGuardError, scoped, tenantOwned, TenantScopeError } from './index';

const orderSchema = new Schema({ text: String, n: Number });
orderSchema.plugin(tenantOwned, { growing: true });
const GrowingOrder = mongoose.model('GuardProbeOrder', orderSchema);
const counterSchema = new Schema({ _id: String, n: Number });
counterSchema.plugin(tenantOwned, { growing: true });
const Counter = mongoose.model('GuardProbeCounter', counterSchema);
const settingSchema = new Schema({ text: String });
settingSchema.plugin(tenantOwned);
const Setting = mongoose.model('GuardProbeSetting', settingSchema);

const a = { tenantId: 'tenant-a' };
const b = { tenantId: 'tenant-b' };
let guard: string | undefined;

beforeAll(async () => {
  guard = process.env.QUERY_GUARD;
  process.env.QUERY_GUARD = '1';
  await connectMongo(process.env.MONGODB_URI!, `test_db_guard_${process.pid}`);
});
afterAll(async () => {
  process.env.QUERY_GUARD = guard;
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('query guard on growing collections', () => {
  it('fails a request-path query that is not by _id, and lets background work and _id lookups through', async () => {
    const doc = await GrowingOrder.create({ ...a, text: 'first', n: 1 });
    await expect(GrowingOrder.findOne(scoped(a, { text: 'first' }))).rejects.toBeInstanceOf(QueryGuardError);
    await expect(GrowingOrder.find(scoped(a)).sort({ n: -1 })).rejects.toBeInstanceOf(QueryGuardError);
    await expect(GrowingOrder.countDocuments(scoped(a, { n: 1 }))).rejects.toBeInstanceOf(QueryGuardError);
    await expect(GrowingOrder.updateOne(scoped(a, { _id: doc._id, n: 1 }), { $set: { n: 2 } })).rejects.toBeInstanceOf(QueryGuardError);
    await expect(GrowingOrder.find(scoped(a, { _id: { $in: [doc._id] } }))).rejects.toBeInstanceOf(QueryGuardError);
    await expect(GrowingOrder.aggregate([{ $match: scoped(a) }])).rejects.toBeInstanceOf(QueryGuardError);
    expect(((await GrowingOrder.findOne(scoped(a, { _id: doc._id })).lean()) as { text: string }).text).toBe('first');
    expect(await inBackground('test export', () => GrowingOrder.countDocuments(scoped(a, { text: 'first' })))).toBe(1);
    expect(await Setting.find(scoped(a, { text: 'anything' }))).toEqual([]); // small collections are not guarded
  });

  it('keeps tenants apart when a query by _id is sent as _id alone', async () => {
    const bDoc = await GrowingOrder.create({ ...b, text: 'b-only', n: 5 });
    expect(await GrowingOrder.findOne(scoped(a, { _id: bDoc._id })).lean()).toBeNull();
    expect(await GrowingOrder.findOne(scoped(a, { _id: bDoc._id }), { text: 1 }).lean()).toBeNull();
    expect(await GrowingOrder.find(scoped(a, { _id: bDoc._id })).lean()).toEqual([]);
    expect(await GrowingOrder.countDocuments(scoped(a, { _id: bDoc._id }))).toBe(0);
    expect((await GrowingOrder.updateOne(scoped(a, { _id: bDoc._id }), { $set: { text: 'taken over' } })).matchedCount).toBe(0);
    expect((await GrowingOrder.deleteOne(scoped(a, { _id: bDoc._id }))).deletedCount).toBe(0);
    const still = (await GrowingOrder.findOne(scoped(b, { _id: bDoc._id })).lean()) as { text: string; n: number };
    expect(still).toMatchObject({ text: 'b-only', n: 5 });
    expect((await GrowingOrder.updateOne(scoped(b, { _id: bDoc._id }), { $inc: { n: 1 } })).modifiedCount).toBe(1);
    expect(await findByIds(GrowingOrder, b, [bDoc._id, new mongoose.Types.ObjectId()])).toHaveLength(1);
    expect(await findByIds(GrowingOrder, a, [bDoc._id])).toEqual([]);
  });

  it('holds bulk writes to the same rules, and sends an update by an id keyed by the tenant as _id alone', async () => {
    const sent: unknown[] = [];
    mongoose.set('debug', (collection: string, method: string, ops: unknown) => { if (method === 'bulkWrite') sent.push(ops); });
    try {
      const mine = keyedId(a.tenantId, 'bulk-1');
      await Counter.create({ ...a, _id: mine, n: 1 });
      await expect(Counter.bulkWrite([{ updateOne: { filter: { _id: mine }, update: { $set: { n: 9 } } } }])).rejects.toBeInstanceOf(TenantScopeError);
      await expect(Counter.bulkWrite([{ updateOne: { filter: scoped(a, { n: 1 }), update: { $set: { n: 9 } } } }])).rejects.toBeInstanceOf(QueryGuardError);
      expect(sent).toEqual([]);
      await Counter.bulkWrite([
        { updateOne: { filter: scoped(a, { _id: mine }), update: { $inc: { n: 1 } } } },
        { updateOne: { filter: scoped(a, { _id: keyedId(a.tenantId, 'bulk-2') }), update: { $set: { n: 7 } }, upsert: true } },
      ]);
      const [ops] = sent as Array<Array<{ updateOne: { filter: unknown; update: { $setOnInsert?: unknown } } }>>;
      expect(ops.map((op) => op.updateOne.filter)).toEqual([{ _id: mine }, { _id: keyedId(a.tenantId, 'bulk-2') }]);
      expect(ops[1].updateOne.update.$setOnInsert).toMatchObject({ tenantId: a.tenantId });
      expect(await Counter.findOne(scoped(a, { _id: mine })).lean()).toMatchObject({ n: 2 });
      expect(await Counter.findOne(scoped(a, { _id: keyedId(a.tenantId, 'bulk-2') })).lean()).toMatchObject({ tenantId: a.tenantId, n: 7 });
      // Another tenant's id keeps the tenant in its filter, so it matches nothing.
      await Counter.bulkWrite([{ updateOne: { filter: scoped(b, { _id: mine }), update: { $set: { n: 100 } } } }]);
      expect(await Counter.findOne(scoped(a, { _id: mine })).lean()).toMatchObject({ n: 2 });
      expect(await inBackground('test rebuild', () => Counter.bulkWrite([{ updateOne: { filter: scoped(a, { n: 2 }), update: { $set: { n: 3 } } } }]))).toMatchObject({ modifiedCount: 1 });
    } finally {
      mongoose.set('debug', false);
    }
  });

  it('upserts a document keyed by tenant and key, with its tenant', async () => {
    const id = keyedId(a.tenantId, 'sku-1');
    await Counter.updateOne(scoped(a, { _id: id }), { $inc: { n: 2 } }, { upsert: true });
    await Counter.updateOne(scoped(a, { _id: id }), { $inc: { n: 3 } }, { upsert: true });
    expect(await Counter.findOne(scoped(a, { _id: id })).lean()).toMatchObject({ _id: id, tenantId: a.tenantId, n: 5 });
    expect(await Counter.findOne(scoped(b, { _id: id })).lean()).toBeNull();
  });

  it('runs background work with the guard off too (unmarked then: nothing reads the mark), answering its result or its error', async () => {
    expect(await inBackground('marked', async () => isBackground())).toBe(true);
    process.env.QUERY_GUARD = '0';
    try {
      expect(await inBackground('test export, guard off', () => GrowingOrder.countDocuments(scoped(a, { text: 'first' })))).toBe(1);
      expect(await GrowingOrder.countDocuments(scoped(a, { text: 'first' }))).toBe(1);
      expect(await inBackground('unmarked', async () => isBackground())).toBe(false);
      await expect(inBackground('failing', async () => { throw new Error('work failed'); })).rejects.toThrow('work failed');
    } finally {
      process.env.QUERY_GUARD = '1';
    }
  });
});
