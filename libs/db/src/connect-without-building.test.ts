import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { connectMongo, disconnectMongo, syncIndexes, tenantOwned } from './index';

const probeSchema = new Schema({ code: { type: String, required: true } });
probeSchema.plugin(tenantOwned);
probeSchema.index({ tenantId: 1, code: 1 }, { unique: true });
const Probe = mongoose.model('NoBuildProbe', probeSchema) as unknown as mongoose.Model<Record<string, unknown>>;

const collections = async () => (await mongoose.connection.db!.listCollections().toArray()).map((c) => c.name);

beforeAll(async () => {
  await connectMongo(process.env.MONGODB_URI!, `test_db_no_builds_${process.pid}`, { buildInBackground: false });
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('connectMongo without building in the background (the seed: it drops the database, then builds the indexes)', () => {
  it('builds nothing as it connects, so a drop right after has nothing running beside it; syncIndexes then builds the unique index', async () => {
    // As it connects, mongoose creates each model's collection and buildIndexes its unique indexes, well within this second.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await collections()).toEqual([]);
    await mongoose.connection.dropDatabase();
    await syncIndexes();
    expect(((await Probe.collection.indexes()) as { name: string }[]).map((index) => index.name)).toContain('tenantId_1_code_1');
    await Probe.create({ tenantId: 'tenant-a', code: 'A' });
    await expect(Probe.create({ tenantId: 'tenant-a', code: 'A' })).rejects.toMatchObject({ code: 11000 });
  });
});
