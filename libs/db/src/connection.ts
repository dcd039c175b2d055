import mongoose from 'mongoose';

/** Opens the shared mongoose connection; dbName lets tests use a database of their own. */
export async function connectMongo(uri: string, dbName?: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  await mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 10000, autoIndex: true });
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

/** Builds every registered model's indexes (autoIndex runs them lazily; tests and seeds want them now). */
export async function syncIndexes(): Promise<void> {
  for (const model of Object.values(mongoose.models)) await model.createIndexes();
}
