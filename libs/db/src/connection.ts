import mongoose, { type Model } from 'mongoose';

/** Whether the database connected to is FerretDB (the local stand-in); undefined before `connectMongo`. */
let onFerretDb: boolean | undefined;
/** Whether collections and indexes are made in the background as the connection opens and as later models compile. */
let buildInBackground = true;

/**
 * Opens the shared mongoose connection; dbName lets tests use a database of their own. Collections and indexes are
 * made in the background (mongoose's autoCreate, buildIndexes) unless `buildInBackground` is false: the seed drops
 * the database first and builds them after (syncIndexes). A build running beside a drop left FerretDB's database
 * file malformed ('file is not a database', CI of 2026-11-27 21:21).
 */
export async function connectMongo(uri: string, dbName?: string, options: { buildInBackground?: boolean } = {}): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  // Indexes are built here (buildIndexes), not by mongoose as each model compiles: which ones depends on the database.
  buildInBackground = options.buildInBackground !== false;
  await mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 10000, autoIndex: false, autoCreate: buildInBackground });
  onFerretDb = 'ferretdbVersion' in (await mongoose.connection.db!.admin().command({ buildInfo: 1 }));
  if (buildInBackground) for (const model of Object.values(mongoose.models)) void buildIndexesLogged(model);
  return mongoose;
}

export async function disconnectMongo(): Promise<void> {
  await mongoose.disconnect();
}

/** Readiness probe: true when the database answers a ping. */
export async function mongoReady(): Promise<boolean> {
  try {
    await mongoose.connection.db?.admin().command({ ping: 1 });
    return mongoose.connection.readyState === 1;
  } catch {
    return false;
  }
}

/** Builds every registered model's indexes now (connectMongo starts them without waiting; tests and seeds want them done). */
export async function syncIndexes(): Promise<void> {
  for (const model of Object.values(mongoose.models)) await buildIndexes(model);
}

/**
 * A model's schema indexes. On MongoDB all of them. On FerretDB v1 only the unique ones: it answers no query from
 * any index but `_id` (docs/DATA-ACCESS.md), yet updates every index of a collection on each write (each a JSON
 * expression index in SQLite): a stock count update cost 1.04 ms of its CPU with all the store products' indexes,
 * 0.86 with the unique ones. The unique ones stay, for the duplicates they refuse; the others an earlier start
 * built are dropped.
 */
async function buildIndexes(model: Model<any>): Promise<void> {
  if (!onFerretDb) {
    await model.createIndexes();
    return;
  }
  const declared = model.schema.indexes();
  const unique = declared.filter(([, options]) => options.unique);
  if (unique.length) await model.ensureIndexes({ toCreate: unique } as never);
  const unused = new Set(declared.filter(([, options]) => !options.unique).map(([fields]) => JSON.stringify(fields)));
  if (!unused.size) return;
  const existing = await model.collection.indexes().catch(() => []); // no collection yet: nothing to drop
  for (const index of existing) {
    // Another process starting (the worker beside the gateway) may have dropped it first.
    if (!index.unique && index.name && index.name !== '_id_' && unused.has(JSON.stringify(index.key))) await model.collection.dropIndex(index.name).catch(() => undefined);
  }
}

const buildIndexesLogged = (model: Model<any>) => buildIndexes(model).catch((error: Error) => console.error(`[db] indexes of ${model.modelName}: ${error.message}`));

// A model compiled after the connection opened gets its indexes as it compiles (mongoose emits its schema's 'init').
mongoose.plugin((schema) => {
  schema.on('init', (model: Model<any>) => {
    if (buildInBackground && onFerretDb !== undefined && model.db === mongoose.connection && mongoose.connection.readyState === 1) void buildIndexesLogged(model);
  });
});
