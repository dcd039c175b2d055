import { describe, expect, it } from 'vitest';
import SearchableMap from 'minisearch/SearchableMap';
import { editDistance, typoMatches } from './typo';

describe('editDistance', () => {
  it('counts a swap of two adjacent letters as one edit, each letter edited at most once', () => {
    expect(editDistance('dirll', 'drill')).toBe(1);
    expect(editDistance('hmamer', 'hammer')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ca', 'abc')).toBe(3); // swapped, then a letter put between: not 2
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('typoMatches', () => {
  it('finds dictionary terms within the allowance, swaps counted as one edit, with their distance', () => {
    const dictionary = new SearchableMap<number>();
    for (const term of ['drill', 'drills', 'flashlight', 'hammer', 'hamper']) dictionary.set(term, 1);
    const sorted = (found: [string, number][]) => [...found].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(sorted(typoMatches(dictionary, 'dirll', 1))).toEqual([['drill', 1]]);
    expect(sorted(typoMatches(dictionary, 'hmamer', 1))).toEqual([['hammer', 1]]);
    expect(sorted(typoMatches(dictionary, 'fashlihgt', 2))).toEqual([['flashlight', 2]]); // a letter dropped and a swap
    expect(sorted(typoMatches(dictionary, 'drill', 1))).toEqual([['drills', 1]]); // not the term itself
    expect(typoMatches(dictionary, 'ladder', 1)).toEqual([]);
  });
});
