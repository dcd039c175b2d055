/**
 * One run at a time per key: callers that ask while a run for their key is under way share its promise, so a
 * rebuild many requests need at once (an index Redis lost) is done once per process. The key is forgotten when
 * the run ends, so the next caller runs again: after a failure it retries, after a success its own check finds
 * the work done. Each call of `singleFlight()` has its own keys.
 */
export function singleFlight<T = void>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    const current = running.get(key);
    if (current) return current;
    const work = (async () => run())().finally(() => running.delete(key));
    running.set(key, work);
    return work;
  };
}
