import { stemmer } from 'stemmer';
import type { SearchDocument } from './search-index';

/** Lower-case, keep letters and digits, stem English words (drills → drill, painting → paint). */
export function normalizeTerm(term: string): string | null {
  const clean = term.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!clean) return null;
  return /^[a-z]{4,}$/.test(clean) ? stemmer(clean) : clean;
}

/** MiniSearch's default tokenizer: split on spaces and punctuation. */
export const TOKEN_SPLIT = /[\n\r\p{Z}\p{P}]+/u;

/** A query word as typed (lower-case letters and digits) and as indexed (stemmed). */
export interface QueryWord { raw: string; term: string }
export function queryWords(text: string): QueryWord[] {
  return text.split(TOKEN_SPLIT).flatMap((w) => {
    const term = normalizeTerm(w);
    return term ? [{ raw: w.toLowerCase().replace(/[^a-z0-9]/g, ''), term }] : [];
  }).slice(0, 12);
}

/** Type-ahead works on words and prefixes of at least this many characters. */
export const MIN_PREFIX = 3;
/** Words of title and brand as typed (lower-case letters and digits), for prefix lists. */
export const completionWords = (doc: SearchDocument) => [...new Set(`${doc.title} ${doc.brandName}`.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= MIN_PREFIX))];
