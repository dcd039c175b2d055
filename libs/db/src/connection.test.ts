import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { connectMongo, disconnectMongo, syncIndexes, tenantOwned } from './index';

const probeSchema = new Schema({ number: { type: String, required: true }, status: String, at: Date });
probeSchema.plugin(tenantOwned, { growing: true });
probeSchema.index({ tenantId: 1, number: 1 }, { unique: true });
probeSchema.index({ tenantId: 1, status: 1, at: -1 });
const Probe = mongoose.model('IndexProbe', probeSchema) as unknown as mongoose.Model<Record<string, unknown>>;

let onFerretDb = false;
const indexNames = async (model: mongoose.Model<any>) => ((await model.collection.indexes()) as { name: string }[]).map((index) => index.name).sort();

beforeAll(async () => {
  await connectMongo(process.env.MONGODB_URI!, `test_db_indexes_${process.pid}`);
  onFerretDb = 'ferretdbVersion' in (await mongoose.connection.db!.admin().command({ buildInfo: 1 }));
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('indexes built at start', () => {
  it('on FerretDB only the unique ones (they still refuse a duplicate), dropping the others an earlier start built; on MongoDB all', async () => {
    await Probe.collection.createIndex({ tenantId: 1, status: 1, at: -1 }); // as a start before this change built it
    await syncIndexes();
    const unique = ['_id_', 'tenantId_1_number_1'];
    expect(await indexNames(Probe)).toEqual(onFerretDb ? unique : [...unique, 'tenantId_1', 'tenantId_1_status_1_at_-1'].sort());
    await Probe.create({ tenantId: 'tenant-a', number: '1001' });
    await expect(Probe.create({ tenantId: 'tenant-a', number: '1001' })).rejects.toMatchObject({ code: 11000 });
  });

  it('a model compiled after the connection opened gets its indexes too', async () => {
    const lateSchema = new Schema({ code: { type: String, required: true }, note: String });
    lateSchema.plugin(tenantOwned);
    lateSchema.index({ tenantId: 1, code: 1 }, { unique: true });
    const Late = mongoose.model('LateIndexProbe', lateSchema) as unknown as mongoose.Model<Record<string, unknown>>;
    await Late.create({ tenantId: 'tenant-a', code: 'A' });
    await vi.waitFor(async () => expect(await indexNames(Late)).toContain('tenantId_1_code_1'), { timeout: 10_000, interval: 50 });
    await expect(Late.create({ tenantId: 'tenant-a', code: 'A' })).rejects.toMatchObject({ code: 11000 });
  });
});
