/**
 * One adapter per provider, credentials and API base, for every provider: a store's settings are read per order, and
 * a new client per order would open its own connections each time. Bounded: past 1,000 it starts again.
 */
const kept = new Map<string, unknown>();

/** The adapter kept under `[provider, ...parts]`, made by `make` the first time. */
export function keptAdapter<T>(provider: string, parts: readonly unknown[], make: () => T): T {
  const key = JSON.stringify([provider, ...parts]);
  let adapter = kept.get(key) as T | undefined;
  if (adapter === undefined) {
    if (kept.size >= 1000) kept.clear();
    adapter = make();
    kept.set(key, adapter);
  }
  return adapter;
}
