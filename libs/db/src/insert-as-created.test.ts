import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { connectMongo, disconnectMongo, insertAsCreated, tenantOwned } from './index';

// A schema with what an order has: nested paths, an array of subdocuments with defaults, enums, nulls, timestamps.
const lineSchema = { _id: false, sku: String, quantity: Number, cancelledQuantity: { type: Number, default: 0 }, unit: { type: String, enum: ['each', 'box'] } };
const probeSchema = new Schema({
  number: { type: String, required: true },
  status: { type: String, required: true, enum: ['placed', 'completed'] },
  contact: { email: String, telephone: { type: String, match: /^[0-9]+$/ } },
  payment: { method: { type: String, default: 'pay_at_store' }, status: { type: String, default: 'due' }, reference: { type: String, default: undefined } },
  address: { type: { _id: false, city: String, zip: String }, default: null },
  totalCents: { type: Number, required: true },
  placedAt: { type: Date, required: true },
  items: { type: [lineSchema], default: [] },
  history: { type: [{ _id: false, status: String, at: Date }], default: [] },
  note: { type: String, default: '' },
}, { timestamps: true });
probeSchema.plugin(tenantOwned, { growing: true });
probeSchema.index({ tenantId: 1, number: 1 }, { unique: true });
const Probe = mongoose.model('InsertAsCreatedProbe', probeSchema) as unknown as mongoose.Model<Record<string, unknown>>;

const fields = (number: string) => ({
  tenantId: 'tenant-a', number, status: 'placed', contact: { email: 'a@example.test', telephone: '5035550100' },
  payment: { method: 'pay_at_store' }, totalCents: '1299', placedAt: '2026-11-27T09:00:00.000Z', items: [{ sku: 'A1', quantity: '2' }, { sku: 'B2', quantity: 1 }],
});
const stored = (id: unknown) => Probe.collection.findOne({ _id: id as never });

beforeAll(async () => {
  await connectMongo(process.env.MONGODB_URI!, `test_db_insert_${process.pid}`);
  await Probe.createIndexes();
});
afterAll(async () => {
  await mongoose.connection.dropDatabase();
  await disconnectMongo();
});

describe('insertAsCreated', () => {
  it('stores what Model.create stores, and answers it as toObject() would', async () => {
    const created = await Probe.create(fields('1001'));
    const inserted = await insertAsCreated<Record<string, unknown>>(Probe, fields('1002'));
    const [a, b] = [await stored(created._id), await stored(inserted._id)];
    const same = ({ _id, number, createdAt, updatedAt, ...rest }: Record<string, unknown>) => ({ ...rest, keys: Object.keys({ _id, number, createdAt, updatedAt, ...rest }).sort() });
    expect(same(b!)).toEqual(same(a!));
    expect(b).toMatchObject({ totalCents: 1299, items: [{ sku: 'A1', quantity: 2, cancelledQuantity: 0 }, { sku: 'B2', quantity: 1, cancelledQuantity: 0 }], history: [], address: null, __v: 0 });
    expect(b!.placedAt).toEqual(new Date('2026-11-27T09:00:00.000Z'));
    expect(b!.createdAt).toBeInstanceOf(Date);
    expect(inserted).toEqual(b);
    expect(same(inserted)).toEqual(same(created.toObject()));
  });

  it('refuses what create refuses and stores nothing: a failed validation, a value that does not cast, a repeated unique key', async () => {
    await expect(insertAsCreated(Probe, { ...fields('2001'), status: 'lost' })).rejects.toThrow(/status/);
    await expect(insertAsCreated(Probe, { ...fields('2002'), totalCents: undefined })).rejects.toThrow(/totalCents/);
    await expect(insertAsCreated(Probe, { ...fields('2003'), totalCents: 'twelve' })).rejects.toThrow(/totalCents/);
    // checked once cast (not cast twice): a line's own rule, a nested path's, a required one left null
    await expect(insertAsCreated(Probe, { ...fields('2005'), items: [{ sku: 'A1', quantity: 1, unit: 'crate' }] })).rejects.toThrow(/unit/);
    await expect(Probe.create({ ...fields('2005'), items: [{ sku: 'A1', quantity: 1, unit: 'crate' }] })).rejects.toThrow(/unit/);
    await expect(insertAsCreated(Probe, { ...fields('2006'), contact: { telephone: 'call me' } })).rejects.toThrow(/contact.telephone/);
    await expect(insertAsCreated(Probe, { ...fields('2007'), placedAt: null })).rejects.toThrow(/placedAt/);
    await insertAsCreated(Probe, fields('2004'));
    await expect(insertAsCreated(Probe, fields('2004'))).rejects.toThrow(/duplicate key|E11000/);
    expect(await Probe.collection.countDocuments({ number: { $in: ['2001', '2002', '2003', '2005', '2006', '2007'] } })).toBe(0);
    expect(await Probe.collection.countDocuments({ number: '2004' })).toBe(1);
  });
});
