import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { connectMongo, disconnectMongo, scoped, tenantOwned, TenantScopeError } from './index';

const noteSchema = new Schema({ text: String });
noteSchema.plugin(tenantOwned);
const Note = mongoose.model<{ tenantId: string; text: string }>('ScopeProbeNote', noteSchema);

beforeAll(async () => {
  await connectMongo(process.env.MONGODB_URI!, `test_db_scope_${process.pid}`);
  await Note.deleteMany({ tenantId: 'a' });
  await Note.deleteMany({ tenantId: 'b' });
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('tenant scoping in the data layer', () => {
  it('refuses to store a tenant-owned document without a tenant', async () => {
    await expect(Note.create({ text: 'orphan' })).rejects.toThrow(/tenantId/);
  });

  it('refuses reads, writes, deletes and aggregates that do not name a tenant', async () => {
    await Note.create({ tenantId: 'a', text: 'a1' });
    await expect(Note.find({ text: 'a1' })).rejects.toBeInstanceOf(TenantScopeError);
    await expect(Note.findOne({})).rejects.toBeInstanceOf(TenantScopeError);
    await expect(Note.countDocuments({})).rejects.toBeInstanceOf(TenantScopeError);
    await expect(Note.updateMany({}, { text: 'x' })).rejects.toBeInstanceOf(TenantScopeError);
    await expect(Note.deleteMany({ text: 'a1' })).rejects.toBeInstanceOf(TenantScopeError);
    await expect(Note.aggregate([{ $group: { _id: '$text' } }])).rejects.toBeInstanceOf(TenantScopeError);
    await expect(Note.find({ tenantId: { $exists: true } })).rejects.toBeInstanceOf(TenantScopeError);
    expect(await Note.countDocuments({ tenantId: 'a' })).toBe(1);
  });

  it('returns only the named tenant\'s documents', async () => {
    await Note.create({ tenantId: 'b', text: 'b1' });
    const forA = await Note.find(scoped({ tenantId: 'a' })).lean();
    expect(forA.map((n) => n.text)).toEqual(['a1']);
    const agg = await Note.aggregate([{ $match: scoped({ tenantId: 'b' }) }, { $count: 'n' }]);
    expect(agg[0].n).toBe(1);
  });

  it('writes by _id with the document the caller read as proof, and never to another tenant\'s document', async () => {
    const mine = await Note.create({ tenantId: 'a', text: 'mine' });
    const theirs = await Note.create({ tenantId: 'b', text: 'theirs' });
    const read = await Note.findOne(scoped({ tenantId: 'a' }, { _id: mine._id })).lean();
    await Note.updateOne(scoped({ tenantId: 'a' }, { _id: mine._id }), { text: 'mine, changed' }).setOptions({ ownedDoc: read });
    expect((await Note.findOne(scoped({ tenantId: 'a' }, { _id: mine._id })).lean())?.text).toBe('mine, changed');
    // Another tenant's document given as proof, or a proof of another id: checked as without one, so nothing changes.
    const theirsRead = await Note.findOne(scoped({ tenantId: 'b' }, { _id: theirs._id })).lean();
    await Note.updateOne(scoped({ tenantId: 'a' }, { _id: theirs._id }), { text: 'taken' }).setOptions({ ownedDoc: theirsRead });
    await Note.updateOne(scoped({ tenantId: 'a' }, { _id: theirs._id }), { text: 'taken' }).setOptions({ ownedDoc: read });
    expect((await Note.findOne(scoped({ tenantId: 'b' }, { _id: theirs._id })).lean())?.text).toBe('theirs');
  });
});
