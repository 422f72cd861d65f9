/**
 * The planner's cost model: the five measured constants, and the two estimates that read a
 * thinned walk (every (range ÷ WALK_PROBES)-th product of a walk order) — whether checking
 * candidates is cheaper than walking (candidatesCheaper), and how long a walk to a page would be
 * (walkVisits). The constants were measured at 1 000 000 products (docs/performance.md); a move
 * of this code is not a reason to tune them.
 */
import { lowerBound } from './columns.ts';
import { orderOf } from './orders.ts';
import type { IndexStore } from './store.ts';
import type { IndexQuery, WalkedSort } from './types.ts';

/** Products of a walk order checked to measure the walk's cost (the choice between candidates and a walk). */
export const WALK_PROBES = 2048;
/**
 * How many candidates one visit of a searching walk costs (measured at 1 000 000 products:
 * "mărimea" sorted by price, 80 000 candidates in 4.9 ms, a walk of ~12 500 visits in 81 ms).
 */
export const SEARCHED_VISIT_COST = 16;
/**
 * How many candidates (read in slot order) one visit in an order's sequence costs, for a filter.
 * Measured again at 1 000 000 products over bench:api's 400 filters (scripts/bench/bench-index-paths.ts: each
 * query by both paths): a candidate costs ~60–80 ns with every filter checked and the page kept, a
 * visit of a value's list in the order ~150–200 ns — about 2×. It was 16 (from a one-attribute
 * check at ~13 ns a candidate), which sent 81 of 347 filters to checking candidates when the walk
 * was over 30 % cheaper, some 10–30× (index time per filter: mean 1.86 → 1.29 ms, p95 6.27 → 4.75).
 */
export const ORDERED_VISIT_COST = 2;
/**
 * A filter's candidates below which checking them one by one beats the bitmaps: the bitmaps cost
 * a few passes over catalog ÷ 32 words (~1 ns a word a pass), a candidate ~60–80 ns.
 */
export const BITMAP_WORDS_PER_CANDIDATE = 8;
/**
 * How many visits of a walk testing the matches' bitmap, at most, per match, before the page is
 * read from the matches' positions instead (pageByPositions). A walk that needs more gives up.
 * Measured at 1 000 000 products (bench:index, 1 000 filters): with 1, the filters' mean was
 * 0.445 ms against 0.415 with 3, and 0.392 against 0.373 before (commit d1b5665, 2026-11-27); with 4, 0.377 against 0.391.
 * The walk's length is only estimated from a sample, and a position read misses the cache as a
 * visit does (~30–75 ns a match).
 */
export const BITMAP_VISITS_PER_MATCH = 4;

/**
 * Two ways to answer a list: check every product of the most selective named list (keeping
 * the page in a heap), or walk the catalog in the sort's order until the page and the capped
 * count are filled. The candidates cost their number. The walk's cost is measured by walking
 * a thinned copy of it: every (range ÷ WALK_PROBES)-th product of the order is checked against
 * every filter and word of the request, until enough hits stand for the page end or the cap —
 * so filters that go together, and matches bunched at the far end of the order (cheap
 * categories in a price-descending walk), are seen as they are. A fixed rule (candidates when
 * the list is under a quarter of the catalog) chose badly at 1 000 000 products: two colours
 * (~20 %) meant checking ~200 000 candidates (~40 ms) where the walk needs a few thousand.
 * A visit of a walk searching among a filter's candidates reads the product's words
 * (SEARCHED_VISIT_COST); one searching among a search's found matches reads a mark.
 */
export function candidatesCheaper(
  store: IndexStore,
  candidates: number,
  matches: (slot: number) => boolean,
  sort: WalkedSort,
  [from, to]: [number, number],
  q: IndexQuery,
  visitCost: number,
): boolean {
  if (candidates <= WALK_PROBES) return true;
  const order = orderOf(store, sort);
  const range = to - from;
  const wanted = Math.max(q.offset + q.limit, q.cap + 1);
  const probes = Math.min(range, WALK_PROBES);
  const stride = range / probes;
  // Where the walk ends is read at the probe by which the hits stand for the wanted matches —
  // plus two standard deviations of a count of rare hits (Poisson): with a rare match (935 in
  // 1 000 000: ~2 probes of 2 048 hit), 3 early hits chose a walk of a whole value's list
  // (80 000 visits, 16–22 ms) over its candidates (~5 ms). Erring long only sends a walk that
  // would have stopped early to the candidates, whose cost is known.
  const needed = Math.ceil(wanted / stride);
  const enough = needed + Math.ceil(2 * Math.sqrt(needed));
  let walked = range;
  let hits = 0;
  for (let k = 0; k < probes; k++) {
    // Already dearer than the candidates, however it ends.
    if (candidates <= k * stride * visitCost) return true;
    if (!matches(order[from + Math.floor(k * stride)]!)) continue;
    if (++hits >= enough) {
      walked = (k + 1) * stride;
      break;
    }
  }
  return candidates <= walked * visitCost;
}

/**
 * About how many products a walk visits before `wanted` matches: the position, in a sample of
 * the order, by which the sampled matches stand for them (one more for luck), scaled to the
 * lists the walk reads.
 */
export function walkVisits(
  store: IndexStore,
  sort: WalkedSort,
  [from, to]: [number, number],
  inMatches: (slot: number) => boolean,
  wanted: number,
  lists: readonly Int32Array[] | undefined,
): number {
  const range = to - from;
  if (range <= 0) return 0;
  const order = orderOf(store, sort);
  const probes = Math.min(range, WALK_PROBES);
  const stride = range / probes;
  const enough = Math.ceil(wanted / stride) + 1;
  let walked = range;
  let hits = 0;
  for (let k = 0; k < probes; k++) {
    if (!inMatches(order[from + Math.floor(k * stride)]!)) continue;
    if (++hits >= enough) {
      walked = (k + 1) * stride;
      break;
    }
  }
  const listed = lists ? lists.reduce((n, list) => n + lowerBound(list, to) - lowerBound(list, from), 0) : range;
  return (walked * listed) / range;
}
