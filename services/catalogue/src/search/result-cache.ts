/**
 * Recent answers of one index (least recently used dropped beyond `size`; 0 keeps none): type-ahead prefixes
 * and category pages repeat across shoppers. The index clears it on every change.
 */
export class ResultCache<T> {
  private entries = new Map<string, T>();

  constructor(private readonly size: number) {}

  remember<V extends T>(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as V;
    }
    const value = compute();
    if (this.size === 0) return value;
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void { this.entries.clear(); }
}
