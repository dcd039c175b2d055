import { prefixWeight, typoWeight } from './ranking';

/** One edit for words of 5+ letters, two for 9+; short words and numbers must match exactly. */
export function fuzziness(term: string): number | false {
  if (/\d/.test(term) || term.length < 5) return false;
  return term.length >= 9 ? 2 : 1;
}

/**
 * Edits between two words, a swap of two adjacent letters counting as one (optimal string alignment:
 * Damerau-Levenshtein where no letter is edited twice), so 'dirll' is one typo from 'drill', not two.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const width = b.length + 1;
  let beforeLast = new Array<number>(width).fill(0);
  let last = Array.from({ length: width }, (_, j) => j);
  let row = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, beforeLast[j - 2] + 1);
      row[j] = best;
    }
    [beforeLast, last, row] = [last, row, beforeLast];
  }
  return last[b.length];
}

/** The dictionary lookups typo matching needs (MiniSearch's radix tree, SearchableMap, has them). */
export interface TermDictionary {
  has(term: string): boolean;
  fuzzyGet(term: string, maxEditDistance: number): Map<string, [unknown, number]>;
}

/** `term` with the letters at `i` and `i + 1` swapped. */
const swapped = (term: string, i: number) => term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);

/**
 * Dictionary terms within `maxTypos` edits of `term` (not the term itself), each with its distance, a swap
 * of adjacent letters counting as one edit. The radix tree only knows insertions, deletions and changes, so
 * each swapped spelling of the term is looked up with one typo fewer (two swaps: exactly), and every
 * candidate is measured again with editDistance.
 */
export function typoMatches(dictionary: TermDictionary, term: string, maxTypos: number): [string, number][] {
  const candidates = new Set<string>(dictionary.fuzzyGet(term, maxTypos).keys());
  for (let i = 0; i + 1 < term.length; i += 1) {
    if (term[i] === term[i + 1]) continue;
    const once = swapped(term, i);
    if (maxTypos === 1) {
      if (dictionary.has(once)) candidates.add(once);
      continue;
    }
    for (const match of dictionary.fuzzyGet(once, maxTypos - 1).keys()) candidates.add(match);
    if (maxTypos === 2) {
      for (let k = i + 2; k + 1 < term.length; k += 1) {
        const twice = swapped(once, k);
        if (twice !== once && dictionary.has(twice)) candidates.add(twice);
      }
    }
  }
  const out: [string, number][] = [];
  for (const match of candidates) {
    const distance = editDistance(term, match);
    if (distance > 0 && distance <= maxTypos) out.push([match, distance]);
  }
  return out;
}

/** A dictionary that also lists its terms under a prefix (SearchableMap's `atPrefix`). */
export interface PrefixDictionary extends TermDictionary {
  atPrefix(prefix: string): { keys(): Iterable<string> };
}

/** A prefix expands to at most this many dictionary terms (bounds the work of a 1-letter-longer prefix). */
const MAX_PREFIX_TERMS = 400;

/**
 * The dictionary terms a query term matches, each with its weight: itself (1), terms within `maxTypos` edits
 * (typoWeight) and, with `prefix`, terms it starts (prefixWeight, at most MAX_PREFIX_TERMS of them).
 */
export function termMatches(dictionary: PrefixDictionary, term: string, options: { maxTypos: number; prefix: boolean }): [string, number][] {
  const out = new Map<string, number>();
  const offer = (match: string, weight: number) => { if (weight > (out.get(match) ?? 0)) out.set(match, weight); };
  if (dictionary.has(term)) offer(term, 1);
  if (options.maxTypos > 0) {
    for (const [match, distance] of typoMatches(dictionary, term, options.maxTypos)) offer(match, typoWeight(term.length, distance));
  }
  if (options.prefix) {
    let n = 0;
    for (const match of dictionary.atPrefix(term).keys()) {
      if (match !== term) offer(match, prefixWeight(term.length, match.length));
      if ((n += 1) >= MAX_PREFIX_TERMS) break;
    }
  }
  return [...out];
}
