/** Limits of the store's search synonyms (the API's schema and the admin screen use the same ones). */
export const SYNONYM_LIMITS = { wordLength: 50, wordsPerGroup: 20, groups: 500 } as const;

/** A group's words as stored: trimmed, lower-cased, each once. */
export function normalizeSynonymGroup(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))];
}

/** Synonym groups as the admin screen edits them: one group a line, words separated by commas. */
export function synonymsText(groups: readonly (readonly string[])[]): string {
  return groups.map((words) => words.join(', ')).join('\n');
}

/**
 * Reads the admin screen's text into groups (blank lines skipped, words trimmed and lower-cased, repeats
 * dropped), with a message for each line the API would refuse.
 */
export function parseSynonymsText(text: string): { groups: string[][]; problems: string[] } {
  const groups: string[][] = [];
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    const words = normalizeSynonymGroup(line.split(','));
    const where = `Line ${index + 1}`;
    if (words.length < 2) problems.push(`${where}: a group needs at least two words, separated by commas.`);
    else if (words.length > SYNONYM_LIMITS.wordsPerGroup) problems.push(`${where}: a group can have at most ${SYNONYM_LIMITS.wordsPerGroup} words.`);
    else if (words.some((w) => w.length > SYNONYM_LIMITS.wordLength)) problems.push(`${where}: a word can be at most ${SYNONYM_LIMITS.wordLength} characters.`);
    else groups.push(words);
  });
  if (groups.length > SYNONYM_LIMITS.groups) problems.push(`At most ${SYNONYM_LIMITS.groups} groups.`);
  return { groups, problems };
}
