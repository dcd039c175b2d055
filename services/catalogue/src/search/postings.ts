import SearchableMap from 'minisearch/SearchableMap';
import { normalizeTerm, TOKEN_SPLIT } from './tokenize';
import { termMatches } from './typo';
import { FIELD_WEIGHTS, inverseDocumentFrequency } from './ranking';

/** Typo and prefix lookups remembered per index (cleared whenever a new term enters the dictionary). */
const MAX_EXPANSIONS_KEPT = 5000;

/** Per posting: the product's slot, its version when indexed, and the term's field weight over √(product length). */
interface PostingList { slots: number[]; versions: number[]; weights: number[] }

/**
 * Postings: term → product slots with the term's field weight in that product, in MiniSearch's radix tree
 * (SearchableMap), which finds the terms within an edit distance or under a prefix. Scoring reads plain
 * arrays, so a common word over 100k products costs well under a millisecond (MiniSearch's own search
 * allocates a result object per match: 3-5 ms). Entries of a changed product stay behind, skipped by version.
 */
export class Postings {
  private lists = new SearchableMap<PostingList>();
  version = new Int32Array(0);

  grow(capacity: number) {
    const version = new Int32Array(capacity); version.set(this.version); this.version = version;
  }

  add(slot: number, fields: Record<keyof typeof FIELD_WEIGHTS, string>) {
    this.version[slot] += 1;
    const weights = new Map<string, number>();
    let tokens = 0;
    for (const field of Object.keys(FIELD_WEIGHTS) as (keyof typeof FIELD_WEIGHTS)[]) {
      for (const word of fields[field].split(TOKEN_SPLIT)) {
        const term = normalizeTerm(word);
        if (!term) continue;
        tokens += 1;
        weights.set(term, (weights.get(term) ?? 0) + FIELD_WEIGHTS[field]);
      }
    }
    // The weight is stored already normalised by the product's length: scoring reads no per-product array for it.
    const norm = Math.sqrt(tokens || 1);
    for (const [term, weight] of weights) {
      let list = this.lists.get(term);
      if (!list) { list = { slots: [], versions: [], weights: [] }; this.lists.set(term, list); this.expansions.clear(); }
      list.slots.push(slot); list.versions.push(this.version[slot]); list.weights.push(weight / norm);
    }
  }

  remove(slot: number) { this.version[slot] += 1; }

  /**
   * Typo and prefix lookups walk the radix tree (a 2-typo lookup costs milliseconds); their answers only
   * change when the dictionary gains terms, so they are kept until then.
   */
  private expansions = new Map<string, [string, number][]>();

  /** The dictionary terms a query term matches, with their weight: itself, typos within `maxTypos`, and words it starts. */
  expand(term: string, options: { maxTypos: number; prefix: boolean }): [string, number][] {
    if (!options.maxTypos && !options.prefix) return this.lists.has(term) ? [[term, 1]] : [];
    const key = `${options.maxTypos}${options.prefix ? 'p' : ''}:${term}`;
    const known = this.expansions.get(key);
    if (known) return known;
    const found = termMatches(this.lists, term, options);
    if (this.expansions.size >= MAX_EXPANSIONS_KEPT) this.expansions.clear();
    this.expansions.set(key, found);
    return found;
  }

  /**
   * Adds each live slot holding any of the terms into `scores` (best weight × idf, normalised by product
   * length; a slot counts once however many of the terms it holds) and lists the slots it touched.
   */
  collect(terms: [string, number][], documentCount: number, scores: Float64Array, touched: number[]): void {
    for (const [term, termWeight] of terms) {
      const list = this.lists.get(term);
      if (!list) continue;
      const idf = inverseDocumentFrequency(documentCount, list.slots.length) * termWeight;
      for (let i = 0; i < list.slots.length; i += 1) {
        const slot = list.slots[i];
        if (list.versions[i] !== this.version[slot]) continue;
        const score = idf * list.weights[i];
        if (scores[slot] === 0) touched.push(slot);
        if (score > scores[slot]) scores[slot] = score;
      }
    }
  }
}
