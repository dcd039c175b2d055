type Waiting = { resolve: () => void; reject: (err: unknown) => void };

/**
 * Work asked for while a run is under way goes together in the next run: each call adds its part to the next batch of
 * its key (made by `open` when there is none), batches run one at a time (keys in the order first asked), and each
 * caller is resolved or rejected with the run that carried its part. Each call of `gatherWhileBusy()` has its own
 * batches (stock count writes, stock announcements). With `gapMs`, while work keeps coming a key's next run starts
 * that long after its last one started (other keys run meanwhile): a burst is carried in fewer, larger runs. A call
 * when nothing is under way runs at once.
 */
export function gatherWhileBusy<B>(run: (batch: B) => Promise<void>, options: { gapMs?: number } = {}): (key: string, open: () => B, add: (batch: B) => void) => Promise<void> {
  const gapMs = options.gapMs ?? 0;
  const next = new Map<string, { batch: B; waiting: Waiting[] }>();
  let busy = false;
  const runAll = async () => {
    busy = true;
    const started = new Map<string, number>(); // key -> when its last run of this busy spell started
    try {
      while (next.size) {
        const now = Date.now();
        let key: string | undefined;
        let soonest = Infinity;
        for (const k of next.keys()) {
          const at = (started.get(k) ?? -Infinity) + gapMs;
          if (at <= now) { key = k; break; }
          soonest = Math.min(soonest, at);
        }
        if (key === undefined) {
          await new Promise((resolve) => setTimeout(resolve, soonest - now));
          continue;
        }
        const pending = next.get(key)!;
        next.delete(key);
        started.set(key, now);
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
