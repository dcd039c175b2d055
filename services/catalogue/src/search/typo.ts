/** One edit for words of 5+ letters, two for 9+; short words and numbers must match exactly. */
export function fuzziness(term: string): number | false {
  if (/\d/.test(term) || term.length < 5) return false;
  return term.length >= 9 ? 2 : 1;
}

/** The dictionary lookups typo matching needs (MiniSearch's radix tree, SearchableMap, has them). */
export interface TermDictionary {
  fuzzyGet(term: string, maxEditDistance: number): Map<string, [unknown, number]>;
}

/** Dictionary terms within `maxTypos` edits of `term` (not the term itself), each with its distance. */
export function typoMatches(dictionary: TermDictionary, term: string, maxTypos: number): [string, number][] {
  const out: [string, number][] = [];
  for (const [match, [, distance]] of dictionary.fuzzyGet(term, maxTypos)) if (distance > 0) out.push([match, distance]);
  return out;
}
