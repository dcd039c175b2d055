/**
 * Small lookups that change rarely (store profiles, department names, coupons), kept per process for a
 * while. Concurrent first reads share one load; a failed load, or a value `keep` refuses, is not kept.
 */
export class TtlCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 10_000) {}

  get<T>(key: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    const drop = () => { if (this.entries.get(key)?.value === value) this.entries.delete(key); };
    value.then((v) => { if (!keep(v)) drop(); }, drop);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), value });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
