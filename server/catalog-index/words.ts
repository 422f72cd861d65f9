/**
 * A search's words against a product's: the search compiled to lexeme ids, a product's match
 * bits and rank (the SQL's ts_rank order, rankOf in search-matches.ts), and the best rank any
 * match can have. Read per candidate by the executors.
 */
import { FLAGS_OF_MASK, MATCH_ALL, MATCH_ANY, rankOf } from './search-matches.ts';
import type { IndexStore } from './store.ts';
import type { LexemePlan } from './types.ts';

/** The search as lexeme ids; alternatives naming a lexeme no product has can never match. */
export function compileSearch(store: IndexStore, plan: LexemePlan): Int32Array[][] | undefined {
  const groups: Int32Array[][] = [];
  for (const group of plan) {
    const alternatives: Int32Array[] = [];
    for (const alternative of group) {
      const ids = alternative.map((lexeme) => store.lexemeIds.get(lexeme));
      if (ids.every((id) => id !== undefined)) alternatives.push(Int32Array.from(ids as number[]));
    }
    if (!alternatives.length) return undefined; // a required group nothing has
    groups.push(alternatives);
  }
  return groups;
}

/** The match bits of one group in a product's terms (MATCH_*; 0: absent). */
export function groupFlags(store: IndexStore, terms: Int32Array, group: Int32Array[]): number {
  let flags = 0;
  for (const alternative of group) {
    let bits = MATCH_ALL;
    for (let i = 0; i < alternative.length && bits; i++) bits &= FLAGS_OF_MASK[store.maskOf(terms, alternative[i]!)]!;
    flags |= bits;
    if (flags === MATCH_ALL) break;
  }
  return flags;
}

/** -1 when a group is missing from the product, else the SQL's rank (rankOf), from its words. */
export function searchRank(store: IndexStore, slot: number, groups: Int32Array[][]): number {
  const bits = searchBits(store, slot, groups);
  return bits < 0 ? -1 : rankOf(bits & 15, bits >>> 4);
}

/** -1 when a group is missing from the product, else its groups' bits ANDed, plus ORed × 16. */
export function searchBits(store: IndexStore, slot: number, groups: Int32Array[][]): number {
  let every = MATCH_ALL;
  let some = 0;
  const terms = store.terms[slot]!;
  for (let g = 0; g < groups.length; g++) {
    const flags = groupFlags(store, terms, groups[g]!);
    if (!(flags & MATCH_ANY)) return -1;
    every &= flags;
    some |= flags;
  }
  return every | (some << 4);
}

/** An alternative's shortest posting list (every candidate of the alternative is in it). */
export function shortestList(store: IndexStore, alternative: Int32Array): number[] {
  let shortest = store.byLexeme[alternative[0]!]!;
  for (let i = 1; i < alternative.length; i++)
    if (store.byLexeme[alternative[i]!]!.length < shortest.length) shortest = store.byLexeme[alternative[i]!]!;
  return shortest;
}

/**
 * The best bucket (rank × 2 + in stock) any match of the search can have: each lexeme's weight
 * bits over the whole catalog (lexemeBits) combined as a product's own are (rankOf only grows
 * with more bits), and in stock.
 */
export function bestBucket(store: IndexStore, groups: Int32Array[][]): number {
  let every = MATCH_ALL;
  let some = 0;
  for (const group of groups) {
    let flags = 0;
    for (const alternative of group) {
      let bits = MATCH_ALL;
      for (let i = 0; i < alternative.length; i++) bits &= FLAGS_OF_MASK[store.lexemeBits[alternative[i]!]!]!;
      flags |= bits;
    }
    every &= flags;
    some |= flags;
  }
  return rankOf(every, some) * 2 + 1;
}
