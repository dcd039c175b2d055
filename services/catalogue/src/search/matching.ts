import type { AliasTable } from './aliases';
import type { Postings } from './postings';
import { byScore, directFirst } from './ranking';
import { normalizeTerm, queryWords, type QueryWord } from './tokenize';
import { fuzziness } from './typo';

/** Fewer exact matches than this, and the search is widened with typo tolerance and a prefix on the last word. */
const WIDEN_BELOW = 24;

/** How a query word may match: within this many typos, and as the start of longer words. */
export interface MatchOptions { maxTypos: number; prefix: boolean }

/** The index's product count (for idf) and slot capacity (for the score arrays). */
export interface SlotCounts { documents: number; capacity: number }

/**
 * Keyword matching: a query's words against the postings (whole words, then typos and a prefix on the last
 * word when few products hold every word), the tenant's synonyms and the department and brand aliases,
 * scored and ranked. Holds the synonyms and the per-slot score scratch arrays.
 */
export class TextMatcher {
  /** Scratch score accumulators for exact matching, one entry per slot (kept zeroed between queries). */
  private scoreTotal = new Float64Array(0);
  private scoreWord = new Float64Array(0);
  /** 1 for a slot that matched some query word only through an alias (kept zeroed between queries). */
  private viaAlias = new Uint8Array(0);
  private synonyms = new Map<string, string[]>();

  constructor(private readonly postings: Postings, private readonly aliases: AliasTable) {}

  setSynonyms(groups: string[][]): void {
    this.synonyms.clear();
    for (const group of groups) {
      const terms = group.map((w) => normalizeTerm(w)).filter((t): t is string => Boolean(t));
      for (const term of terms) this.synonyms.set(term, [...new Set([...(this.synonyms.get(term) ?? []), ...terms.filter((t) => t !== term)])]);
    }
  }

  /** Slots matching the keyword in relevance order, or null when there is no keyword (all products). */
  /** With `ranked` false (another sort follows) the matches come in slot order: no score sort. */
  candidates(keyword: string, size: SlotCounts, ranked = true): Int32Array | null {
    if (!keyword.trim()) return null;
    const words = queryWords(keyword);
    const exact = this.matchAll(words, () => ({ maxTypos: 0, prefix: false }), size, ranked);
    if (exact.length >= WIDEN_BELOW) return exact;
    // Few whole-word matches: widen with typo tolerance and a prefix on the last word.
    return this.matchAll(words, (word, i) => ({ maxTypos: fuzziness(word.raw) || 0, prefix: i === words.length - 1 }), size, ranked);
  }

  /**
   * Slots holding a match for every word (a word's synonyms count as the word), best score first. A word may
   * also match through a department's or brand's alias; a product that needed an alias for any word ranks
   * after every product matching all words by its own text.
   */
  matchAll(words: QueryWord[], optionsFor: (word: QueryWord, i: number) => MatchOptions, size: SlotCounts, ranked = true): Int32Array {
    if (!words.length) return new Int32Array(0);
    if (this.scoreTotal.length < size.capacity) {
      this.scoreTotal = new Float64Array(size.capacity); this.scoreWord = new Float64Array(size.capacity); this.viaAlias = new Uint8Array(size.capacity);
    }
    const total = this.scoreTotal;
    const word = this.scoreWord;
    const viaAlias = this.viaAlias;
    const marked: number[] = []; // slots marked in viaAlias, cleared at the end
    // Typos and prefixes are looked up for the word as typed and as stemmed (cordles → cordless, not only cordl).
    const matchesFor = (w: QueryWord, i: number): [string, number][] => {
      const options = optionsFor(w, i);
      const found = [...this.postings.expand(w.term, options)]; // a copy: expansions are remembered
      if (options.maxTypos || options.prefix) found.push(...this.postings.expand(w.raw, options));
      return [...found, ...(this.synonyms.get(w.term) ?? []).map((s): [string, number] => [s, 1])];
    };
    const collect = (w: QueryWord, i: number, scores: Float64Array, touched: number[]) => {
      this.postings.collect(matchesFor(w, i), size.documents, scores, touched);
      if (!this.aliases.empty) this.aliases.collect(this.aliasTerms(w, optionsFor(w, i)), size.documents, this.postings.version, scores, viaAlias, touched, marked);
    };
    let slots: number[] = [];
    collect(words[0], 0, total, slots);
    for (let i = 1; i < words.length && slots.length; i += 1) {
      const touched: number[] = [];
      collect(words[i], i, word, touched);
      const kept: number[] = [];
      for (const slot of slots) { if (word[slot] > 0) { total[slot] += word[slot]; kept.push(slot); } else total[slot] = 0; }
      for (const slot of touched) word[slot] = 0;
      slots = kept;
    }
    const out = !ranked ? Int32Array.from(slots).sort() : marked.length ? directFirst(slots, total, viaAlias) : byScore(slots, total);
    for (const slot of slots) total[slot] = 0;
    for (const slot of marked) viaAlias[slot] = 0;
    return out;
  }

  /** The alias terms a query word matches: as typed and as stemmed (typos, prefix), and its synonyms. */
  aliasTerms(w: QueryWord, options: MatchOptions): [string, number][] {
    const found = this.aliases.expand(w.term, options);
    if ((options.maxTypos || options.prefix) && w.raw !== w.term) found.push(...this.aliases.expand(w.raw, options));
    for (const synonym of this.synonyms.get(w.term) ?? []) found.push(...this.aliases.expand(synonym, { maxTypos: 0, prefix: false }));
    return found;
  }
}
