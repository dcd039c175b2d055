import type { Redis } from 'ioredis';

/**
 * Writes one document with the value Redis holds now, one writer per document at a time (FerretDB does not apply
 * concurrent updates atomically, and two writes may land out of order). A writer finding the lock taken returns:
 * the holder reads again after letting go and writes once more if the value moved meanwhile, so the last write
 * always carries the latest value.
 */
export async function writeLatest<T>(redis: Redis, lock: string, read: () => Promise<T | null>, write: (value: T) => Promise<unknown>): Promise<void> {
  for (let round = 0; round < 100; round += 1) {
    if (!(await redis.set(lock, '1', 'PX', 30_000, 'NX'))) return;
    let written: T | null;
    try {
      written = await read();
      if (written !== null) await write(written);
    } finally {
      await redis.del(lock);
    }
    if (JSON.stringify(await read()) === JSON.stringify(written)) return;
  }
}

/**
 * writeLatest for many documents at once (an order's store products): the locks taken in one round trip, the values
 * read together and handed to one write call. A key whose lock another writer holds is left to it; a key whose
 * value moved while writing is written again.
 */
export async function writeLatestMany<K, T>(redis: Redis, lockOf: (key: K) => string, keys: K[],
  read: (keys: K[]) => Promise<(T | null)[]>, write: (entries: [K, T][]) => Promise<unknown>): Promise<void> {
  let todo = [...new Set(keys)];
  for (let round = 0; round < 100 && todo.length; round += 1) {
    const locked = (await redis.multi(todo.map((key) => ['set', lockOf(key), '1', 'PX', '30000', 'NX'])).exec()) ?? [];
    const mine = todo.filter((_, i) => locked[i]?.[1] === 'OK');
    if (!mine.length) return;
    let written: (T | null)[];
    try {
      written = await read(mine);
      const entries = mine.flatMap((key, i): [K, T][] => (written[i] === null ? [] : [[key, written[i] as T]]));
      if (entries.length) await write(entries);
    } finally {
      await redis.del(...mine.map(lockOf));
    }
    const now = await read(mine);
    todo = mine.filter((_, i) => JSON.stringify(now[i]) !== JSON.stringify(written[i]));
  }
}
