import type { SearchDocument } from './search-index';
import { completionWords, MIN_PREFIX } from './tokenize';

/** Type-ahead lists: the best-ranked products per word prefix (3+ characters), kept up to this many. */
export const COMPLETIONS_PER_PREFIX = 48;

/**
 * Type-ahead lists: each prefix (3+ characters) of each title and brand word → the best products holding it
 * (shorter titles first), at most COMPLETIONS_PER_PREFIX; built on first use (or ahead, in slices) and
 * patched as products change.
 */
export class TypeAhead {
  /** Prefix → slots, best first (shorter titles first), at most COMPLETIONS_PER_PREFIX; built on first suggest. */
  private completions: Map<string, number[]> | null = null;

  /** `docs` is the index's own slot array, read as it changes. */
  constructor(private readonly docs: readonly (SearchDocument | null)[]) {}

  /**
   * Builds the prefix lists of the given slots, yielding after each slice so a caller can let other work run
   * (100k products: ~0.6 s in all). Until it has run, the first lookup builds them in one go.
   */
  *build(slotsToAdd: Iterable<number>, slice: number): Generator<void> {
    const completions = new Map<string, number[]>();
    const slots = [...slotsToAdd].sort((a, b) => this.rank(a) - this.rank(b) || a - b);
    for (let i = 0; i < slots.length; i += 1) {
      this.addTo(completions, slots[i], this.docs[slots[i]]!);
      if (i % slice === slice - 1) yield;
    }
    this.completions = completions;
  }

  /** The slots listed under a prefix, best first; `build` supplies the slots when the lists are not built yet. */
  list(word: string, build: () => Generator<void>): number[] {
    if (!this.completions) { const steps = build(); while (!steps.next().done); }
    return this.completions!.get(word) ?? [];
  }

  /** A product added or changed: its words' lists take it in (once the lists are built). */
  add(slot: number, doc: SearchDocument): void {
    if (this.completions) this.addTo(this.completions, slot, doc);
  }

  private rank(slot: number): number { return this.docs[slot]?.title.length ?? Number.MAX_SAFE_INTEGER; }

  /** Puts a slot into the lists of its words' prefixes, in rank order; lists keep their best entries. */
  private addTo(completions: Map<string, number[]>, slot: number, doc: SearchDocument): void {
    const rank = this.rank(slot);
    const prefixes = new Set<string>();
    for (const word of completionWords(doc)) for (let n = MIN_PREFIX; n <= word.length; n += 1) prefixes.add(word.slice(0, n));
    for (const prefix of prefixes) {
      let list = completions.get(prefix);
      if (!list) { list = []; completions.set(prefix, list); }
      const existing = list.indexOf(slot);
      if (existing >= 0) list.splice(existing, 1); // re-added after a change: its rank may differ
      let at = list.length;
      while (at > 0 && this.rank(list[at - 1]) > rank) at -= 1;
      if (at >= COMPLETIONS_PER_PREFIX) continue;
      list.splice(at, 0, slot);
      if (list.length > COMPLETIONS_PER_PREFIX) list.pop();
    }
  }
}
