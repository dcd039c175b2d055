import SearchableMap from 'minisearch/SearchableMap';
import { inverseDocumentFrequency } from './ranking';
import type { SearchAliases } from './search-index';
import { normalizeTerm, TOKEN_SPLIT } from './tokenize';
import { termMatches } from './typo';

/** An alias match weighs this much of a whole-word match; alias-only matches rank after direct ones in any case. */
const ALIAS_WEIGHT = 0.5;

/** An alias's words as indexed (the product words' rules); single letters ('a', '&' dropped already) are left out. */
const aliasTerms = (names: string[]) =>
  [...new Set(names.flatMap((name) => name.split(TOKEN_SPLIT)).map(normalizeTerm).filter((t): t is string => t !== null && t.length >= 2))];

interface AliasList { slots: number[]; versions: number[] }

/**
 * Other names of departments and brands (the owner's department aliases, a brand's alias), precomputed for
 * search: alias term → the slots of the products in that department (at any level of their path) or brand,
 * each with the product's version when added (a changed product's old entries are skipped, as in postings).
 * A store has a handful of aliases, so the term dictionary is tiny and its typo lookups cost microseconds.
 */
export class AliasTable {
  private byDept = new Map<number, string[]>();
  private byBrand = new Map<number, string[]>();
  private lists = new SearchableMap<AliasList>();
  private any = false;

  /** No aliases: every alias step is skipped. */
  get empty(): boolean { return !this.any; }

  /** Slots held in the lists (memory estimate). */
  get entries(): number { let n = 0; for (const list of this.lists.values()) n += list.slots.length; return n; }

  /** Replaces the aliases, with empty lists: the index puts its products in again (`add`). */
  set(aliases: SearchAliases): void {
    const termsOf = (rows: [number, string[]][]) => new Map(rows.map(([id, names]): [number, string[]] => [id, aliasTerms(names)]).filter(([, terms]) => terms.length));
    this.byDept = termsOf(aliases.departments.map((d) => [d.deptId, d.names]));
    this.byBrand = termsOf(aliases.brands.map((b) => [b.brandId, b.names]));
    this.lists = new SearchableMap<AliasList>();
    for (const terms of [...this.byDept.values(), ...this.byBrand.values()]) {
      for (const term of terms) if (!this.lists.has(term)) this.lists.set(term, { slots: [], versions: [] });
    }
    this.any = this.lists.size > 0;
  }

  /** Puts a product (its slot, at its current version) under the alias terms of its departments and brand. */
  add(slot: number, version: number, departmentPath: number[], brandId: number | null): void {
    if (!this.any) return;
    const terms = new Set<string>();
    for (const deptId of departmentPath) for (const term of this.byDept.get(deptId) ?? []) terms.add(term);
    if (brandId) for (const term of this.byBrand.get(brandId) ?? []) terms.add(term);
    for (const term of terms) {
      const list = this.lists.get(term)!;
      list.slots.push(slot); list.versions.push(version);
    }
  }

  /** The alias terms a query term matches, with their weights (typos and prefixes as for product words). */
  expand(term: string, options: { maxTypos: number; prefix: boolean }): [string, number][] {
    if (!this.any) return [];
    if (!options.maxTypos && !options.prefix) return this.lists.has(term) ? [[term, 1]] : [];
    return termMatches(this.lists, term, options);
  }

  /**
   * Scores the live products under the matched alias terms into `scores`, only where the word has no direct
   * match (a slot scored by postings keeps its score and rank). Such slots are marked in `viaAlias` (listed in
   * `marked` once, for clearing) and, when first scored for the word, listed in `touched`.
   */
  collect(
    terms: [string, number][], documentCount: number, version: Int32Array, scores: Float64Array, viaAlias: Uint8Array, touched: number[], marked: number[],
  ): void {
    for (const [term, termWeight] of terms) {
      const list = this.lists.get(term);
      if (!list) continue;
      const score = inverseDocumentFrequency(documentCount, list.slots.length || 1) * termWeight * ALIAS_WEIGHT;
      for (let i = 0; i < list.slots.length; i += 1) {
        const slot = list.slots[i];
        if (list.versions[i] !== version[slot]) continue;
        const current = scores[slot];
        if (current > 0 && !viaAlias[slot]) continue;
        if (current === 0) touched.push(slot);
        if (!viaAlias[slot]) { viaAlias[slot] = 1; marked.push(slot); }
        if (score > current) scores[slot] = score;
      }
    }
  }

  /** The live products under the given alias terms, list by list (a product may come more than once). */
  *products(terms: [string, number][], version: Int32Array): Generator<number> {
    for (const [term] of terms) {
      const list = this.lists.get(term);
      if (!list) continue;
      for (let i = 0; i < list.slots.length; i += 1) if (list.versions[i] === version[list.slots[i]]) yield list.slots[i];
    }
  }
}
