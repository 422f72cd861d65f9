/**
 * The catalog index's types: what it holds of a product (IndexedProduct, IndexedSale, read from
 * PostgreSQL by repositories/catalog/index-source.ts), what it is asked (IndexQuery) and what it
 * answers (IndexAnswer), and the small shared shapes of its modules. Terms: README.md.
 */
import type { ProductSort } from '#contract/catalog-constants.ts';

export type { IndexedProduct, IndexedSale } from '#server/repositories/catalog/index-source.ts';

/**
 * A search as lexemes: every group is required, one alternative of a group is enough, every
 * lexeme of an alternative is required. Stop words are already left out (as to_tsquery does).
 */
export type LexemePlan = string[][][];

export interface IndexFilters {
  category?: readonly number[];
  shop?: readonly number[];
  season?: readonly number[];
  quality?: readonly number[];
  condition?: readonly number[];
  size?: readonly number[];
  color?: readonly number[];
  inStock?: boolean;
  minCents?: number;
  maxCents?: number;
}

export interface IndexQuery {
  filters: IndexFilters;
  /** A search; an empty plan (only stop words) matches nothing. */
  search?: LexemePlan;
  sort: ProductSort;
  offset: number;
  limit: number;
  /** Count at most cap + 1 matches (enough to say "more than cap"). */
  cap: number;
  nowUs: number;
}

export interface IndexAnswer {
  /** The page's product ids, in order. */
  ids: number[];
  /** The number of matches, at most cap + 1 (cap + 1: "more than cap"). */
  total: number;
}

export type Comparator = (a: number, b: number) => number;
/**
 * How a list that names a filter or a word is answered: `measured` (the cheaper way, as
 * measured per query), or one way always — by checking candidates, by a walk of the order, or
 * (filters of many candidates, searches of many matches) by bitmaps, with the page then read
 * from each match's position in the order or by a walk. The forced ways exist for the tests,
 * which check that every way gives the same answers.
 */
export type IndexPath = 'measured' | 'candidates' | 'walk' | 'bitmap-positions' | 'bitmap-walk';
/** Where a query's candidates come from: filter posting lists (slots), or a searched group's lexeme lists (slot × 16 + weight bits). */
export interface Candidates {
  size: number;
  lists: (readonly number[])[];
  /** The searched group the lists belong to; -1 for filter lists. */
  group: number;
}

export type WalkedSort = 'newest' | 'most_sold' | 'price_asc' | 'price_desc';
export const WALKED_SORTS: readonly WalkedSort[] = ['newest', 'most_sold', 'price_asc', 'price_desc'];
/** IndexStore.status's bits: listed (active); in stock; words edited since the product was first listed. */
export const LISTED = 1;
export const IN_STOCK = 2;
export const WORDS_EDITED = 4;
