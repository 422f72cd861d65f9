/**
 * The in-process catalog index (issue #13, ADR 041): which active products a list or a search
 * selects, in which order, and how many — answered from memory, so that a product list costs the
 * database one primary-key read of the page's cards instead of a filtered, sorted, counted scan.
 *
 * PostgreSQL stays the one source of truth. This structure holds a copy of what lists filter and
 * sort on (category, shop, season, quality, sizes, colours, stock, units sold, creation time,
 * price, flash-sale prices, and the search_vector's lexemes with their weights), loaded from the
 * database and kept current by CatalogIndexSync (sync.ts) through the catalog_changes log. It
 * answers exactly what the SQL of repositories/catalog/ answers — the same matches,
 * the same order (ties broken by creation time then id), the same capped count — which the
 * parity tests check on random requests against the SQL path (tests/api/catalog/catalog-index.test.ts).
 *
 * Pure: no database, no clock (the caller passes "now"). Single-threaded by nature: scratch
 * arrays are reused between queries.
 *
 * How a query runs:
 * - A search: its matches are found first by intersecting its words' posting lists, rarest
 *   first (search-matches.ts), unless a filter value it names is rarer. By relevance, every
 *   match is ranked in one pass that keeps only the page's worth (rankMatches).
 * - Candidates: the smallest posting list the request names (a category, a shop, a size, a
 *   searched word…) when it is selective or a search ranks; every match is checked, counted and
 *   the page picked with a bounded heap.
 * - Otherwise an ordered walk: a permutation of the products in the sort's order, built once and
 *   walked until the page is full and the count reaches the cap — for a filter that names values,
 *   only those values' positions in the order (per-value lists built with it). Which of these is
 *   cheaper is measured per request (candidatesCheaper). Products changed since it was
 *   built, and products whose price a running flash sale overrides, are "exceptions": skipped in
 *   the walk and merged in at their current place (the same two-branch idea as the SQL's).
 *
 * This file is the façade; the modules and their terms are listed in README.md.
 */
import { IndexStore } from './store.ts';
import { answerQuery } from './planner.ts';
import { buildOrdersGradually, rebuildOrders, rebuildOrdersGradually } from './orders.ts';
import { removeProducts, replaceSales, upsertProducts } from './updates.ts';
import type { IndexAnswer, IndexPath, IndexQuery, IndexedProduct, IndexedSale } from './types.ts';

export type { IndexAnswer, IndexFilters, IndexPath, IndexQuery, IndexedProduct, IndexedSale, LexemePlan } from './types.ts';

/**
 * The index as its callers see it (CatalogIndexSync, the tests, bench:index): a façade over the
 * state (store.ts), its writes (updates.ts, orders.ts) and the planner (planner.ts).
 */
export class ProductIndex {
  private readonly store: IndexStore;

  /**
   * @param path how a list that names a filter or a word is answered (IndexPath): `measured`
   *   (the cheapest way, see the cost model), or always one way — tests ask every way of every
   *   query, as each must give the same answer.
   */
  constructor(path: IndexPath = 'measured') {
    this.store = new IndexStore(path);
  }

  /** Active products indexed. */
  get size() {
    return this.store.size;
  }

  /** Products whose place in a walk order is out of date (rebuild with rebuildOrders()). */
  get pendingChanges() {
    return this.store.pendingChanges;
  }

  /** When the walk orders were last built (ms); 0 before the first. */
  get ordersAge() {
    return this.store.ordersAge;
  }

  /** How many matches the last search by relevance read (tests and bench:index: the early stop's effect). */
  get lastRankedReads() {
    return this.store.lastRankedReads;
  }

  /** How many matches the last search found by its words had (tests: against lastRankedReads). */
  get lastFoundMatches() {
    return this.store.found.length;
  }

  /** Adds or replaces products (their current state). */
  upsert(products: readonly IndexedProduct[]) {
    upsertProducts(this.store, products);
  }

  /** Products that are no longer listed (deleted or made inactive). */
  remove(ids: readonly number[]) {
    removeProducts(this.store, ids);
  }

  /** Every flash-sale price that has not ended (the index picks the running ones per query). */
  setSales(sales: readonly IndexedSale[]) {
    replaceSales(this.store, sales);
  }

  /** Rebuilds the walk orders from the current state (the exceptions are then none). */
  rebuildOrders(now = Date.now()) {
    rebuildOrders(this.store, now);
  }

  /** The same rebuild in steps, awaiting `pause` after each (orders.ts rebuildOrdersGradually). */
  rebuildOrdersGradually(pause: () => Promise<void>, now = Date.now()) {
    return rebuildOrdersGradually(this.store, pause, now);
  }

  /** Builds every walk order now (a server's load: no request pays for building one), in steps. */
  buildOrdersGradually(pause: () => Promise<void>) {
    return buildOrdersGradually(this.store, pause);
  }

  /** Until when (µs) the running sales stay as they are at `nowUs` (a card's price may change then). */
  pricesValidUntil(nowUs: number): number {
    return this.store.pricesValidUntil(nowUs);
  }

  /** Which active products a list or a search selects, in which order, and how many (planner.ts). */
  query(q: IndexQuery): IndexAnswer {
    return answerQuery(this.store, q);
  }
}
