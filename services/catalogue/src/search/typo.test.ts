import { describe, expect, it } from 'vitest';
import SearchableMap from 'minisearch/SearchableMap';
import { editDistance, termMatches, typoMatches } from './typo';

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

describe('termMatches', () => {
  it('weighs the term itself 1, typos and words it starts less, and looks up only what it is asked to', () => {
    const dictionary = new SearchableMap<number>();
    for (const term of ['yard', 'yards', 'yardstick', 'backyard']) dictionary.set(term, 1);
    const found = new Map(termMatches(dictionary, 'yard', { maxTypos: 1, prefix: true }));
    expect([...found.keys()].sort()).toEqual(['yard', 'yards', 'yardstick']);
    expect(found.get('yard')).toBe(1);
    expect(found.get('yards')).toBeLessThan(1);
    expect(found.get('yardstick')).toBeLessThan(found.get('yards')!); // a longer word it starts weighs less
    expect(termMatches(dictionary, 'yard', { maxTypos: 0, prefix: false })).toEqual([['yard', 1]]);
    expect(termMatches(dictionary, 'bakcyard', { maxTypos: 1, prefix: false }).map(([t]) => t)).toEqual(['backyard']);
  });
});
