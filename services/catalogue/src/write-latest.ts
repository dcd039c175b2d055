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
