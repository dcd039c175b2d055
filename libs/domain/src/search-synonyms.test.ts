import { describe, expect, it } from 'vitest';
import { parseSynonymsText, SYNONYM_LIMITS, synonymsText } from './search-synonyms';

describe('search synonyms text', () => {
  it('reads one group a line, trimming, lower-casing and dropping repeats and blank lines', () => {
    expect(parseSynonymsText('Deck, patio ,PATIO\n\n  hose, garden hose\n')).toEqual({ groups: [['deck', 'patio'], ['hose', 'garden hose']], problems: [] });
  });

  it('writes groups back as the text it reads', () => {
    const groups = [['deck', 'patio'], ['hose', 'garden hose']];
    expect(parseSynonymsText(synonymsText(groups)).groups).toEqual(groups);
    expect(synonymsText([])).toBe('');
  });

  it('names each line the API would refuse', () => {
    const long = 'x'.repeat(SYNONYM_LIMITS.wordLength + 1);
    const many = Array.from({ length: SYNONYM_LIMITS.wordsPerGroup + 1 }, (_, i) => `w${i}`).join(',');
    expect(parseSynonymsText(`deck\nok, fine\n${many}\nshort, ${long}\npaint, paint`).problems).toEqual([
      'Line 1: a group needs at least two words, separated by commas.',
      `Line 3: a group can have at most ${SYNONYM_LIMITS.wordsPerGroup} words.`,
      `Line 4: a word can be at most ${SYNONYM_LIMITS.wordLength} characters.`,
      'Line 5: a group needs at least two words, separated by commas.',
    ]);
  });

  it('caps the number of groups', () => {
    const text = Array.from({ length: SYNONYM_LIMITS.groups + 1 }, (_, i) => `a${i}, b${i}`).join('\n');
    expect(parseSynonymsText(text).problems).toEqual([`At most ${SYNONYM_LIMITS.groups} groups.`]);
  });
});
