type Waiting = { resolve: () => void; reject: (err: unknown) => void };

/**
 * Work asked for while a run is under way goes together in the next run: each call adds its part to the next batch of
 * its key (made by `open` when there is none), batches run one at a time (keys in the order first asked), and each
 * caller is resolved or rejected with the run that carried its part. Each call of `gatherWhileBusy()` has its own
 * batches (stock count writes, stock announcements).
 */
export function gatherWhileBusy<B>(run: (batch: B) => Promise<void>): (key: string, open: () => B, add: (batch: B) => void) => Promise<void> {
  const next = new Map<string, { batch: B; waiting: Waiting[] }>();
  let busy = false;
  const runAll = async () => {
    busy = true;
    try {
      while (next.size) {
        const [key, pending] = next.entries().next().value as [string, { batch: B; waiting: Waiting[] }];
        next.delete(key);
        try {
          await run(pending.batch);
          for (const w of pending.waiting) w.resolve();
        } catch (err) {
          for (const w of pending.waiting) w.reject(err);
        }
      }
    } finally {
      busy = false; // in the same turn as the loop's last check: no call is left without a run
    }
  };
  return (key, open, add) => {
    let pending = next.get(key);
    if (!pending) next.set(key, pending = { batch: open(), waiting: [] });
    add(pending.batch);
    const done = new Promise<void>((resolve, reject) => pending.waiting.push({ resolve, reject }));
    if (!busy) void runAll();
    return done;
  };
}
