/** Field weights for relevance (a SKU or model number match counts most, then the title). */
export const FIELD_WEIGHTS = { title: 2, brand: 1, sku: 3, model: 2 } as const;

/** Typo and prefix matches count less than the word itself (MiniSearch's defaults). */
const FUZZY_WEIGHT = 0.45;
const PREFIX_WEIGHT = 0.375;
/** A dictionary term `distance` edits from a query term of `termLength` letters. */
export const typoWeight = (termLength: number, distance: number) => (FUZZY_WEIGHT * termLength) / (termLength + distance);
/** A dictionary term of `matchLength` letters that a query term of `termLength` letters starts. */
export const prefixWeight = (termLength: number, matchLength: number) => (PREFIX_WEIGHT * termLength) / (termLength + 0.3 * (matchLength - termLength));
/** Rarer terms count more: a term held by `postings` of `documentCount` products. */
export const inverseDocumentFrequency = (documentCount: number, postings: number) => Math.log(1 + documentCount / postings);

export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Slots per index stay below 2^21 (2 million products), so a sort key up to 2^31 packs with its slot into a float. */
const SLOT_SPACE = 2 ** 21;

/** Scores are ranked in this many steps of the best score (a finer difference than any real one). */
const SCORE_STEPS = 2 ** 30;
/**
 * Slots best score first, ties by slot: each packed with its score step into one float and sorted natively,
 * several times faster than a comparator sort over thousands of matches (2^30 steps x 2^21 slots < 2^53).
 */
export function byScore(slots: number[], scores: Float64Array): Int32Array {
  let best = 0;
  for (const slot of slots) if (scores[slot] > best) best = scores[slot];
  const scale = best > 0 ? SCORE_STEPS / best : 0;
  const keys = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i += 1) keys[i] = Math.floor(SCORE_STEPS - scores[slots[i]] * scale) * SLOT_SPACE + slots[i];
  keys.sort();
  const out = new Int32Array(slots.length);
  for (let i = 0; i < keys.length; i += 1) out[i] = keys[i] % SLOT_SPACE;
  return out;
}

/** Products matching by their own text, best first, then those that needed an alias, best first. */
export function directFirst(slots: number[], scores: Float64Array, viaAlias: Uint8Array): Int32Array {
  const direct: number[] = [];
  const alias: number[] = [];
  for (const slot of slots) (viaAlias[slot] ? alias : direct).push(slot);
  const out = new Int32Array(slots.length);
  out.set(byScore(direct, scores));
  out.set(byScore(alias, scores), direct.length);
  return out;
}

/**
 * Slots 0..n-1 ordered by a non-negative integer key, ties by slot: key and slot packed into one float and
 * sorted natively (a comparator sort of 100k slots costs several times more).
 */
export function sortedByKey(n: number, keyOf: (slot: number) => number): Int32Array {
  const packed = new Float64Array(n);
  for (let slot = 0; slot < n; slot += 1) packed[slot] = keyOf(slot) * SLOT_SPACE + slot;
  packed.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = packed[i] % SLOT_SPACE;
  return order;
}

/** Each slot's position when ordered by its text key, ties by slot (`capacity` entries, the rest 0). */
export function textRanks(keys: string[], capacity: number): Int32Array {
  const order = Array.from(keys.keys()).sort((a, b) => compareText(keys[a], keys[b]) || a - b);
  const rank = new Int32Array(capacity);
  order.forEach((slot, position) => { rank[slot] = position; });
  return rank;
}
