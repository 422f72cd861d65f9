/**
 * Executor: a search by relevance. Every match ranked in one pass that keeps only a page's worth
 * (rank, then in stock, then newest), stopping early once the page holds matches of the best
 * bucket any match can have and nothing older can enter it.
 */
import { EMPTY_TIMES, newestBelow } from '../columns.ts';
import { rankOf, type SearchMatches } from '../search-matches.ts';
import type { IndexStore } from '../store.ts';
import { siftDown, siftUp } from '../top-k.ts';
import { IN_STOCK, LISTED, type IndexAnswer, type IndexFilters, type IndexQuery } from '../types.ts';

/**
 * A search by relevance, in one pass that keeps only a page's worth. The order is rank, then in
 * stock, then newest, so a match's bucket (rank × 2 + in stock) and its creation time are
 * compared inline with the worst match kept; most matches stop there, without a comparator
 * call. At 1 000 000 products a shop's name ("Bunicii": 218 000 matches, all rank 0) took
 * 10–20 ms through the general heap of fromCandidates, ~5 ms s way.
 *
 * With `best` (the matches in slot order, found by intersecting lists), it stops early: read
 * from the last slot down, once the page is full of matches in the best bucket any match can
 * have and no slot below can be newer than the oldest of them (newestUpTo), nothing left can
 * enter the page — only the capped count goes on, and it stops at the cap. Slots are in creation
 * order, so a broad search whose matches share one bucket ("Bunicii", a shop's name) reads a
 * page and the cap instead of all its matches.
 */
export function rankMatches(
  store: IndexStore,
  found: SearchMatches,
  matchesFilters: (slot: number) => boolean,
  q: IndexQuery,
  best = -1,
): IndexAnswer {
  if (store.bucketOf.length < store.count) store.bucketOf = new Uint8Array(Math.max(store.count, store.bucketOf.length * 2, 1024));
  // No filter: a match is checked for being listed (active) alone, without the filters' closure.
  const unfiltered = isUnfiltered(q.filters);
  const { bucketOf, status, created, ids } = store;
  const { entries, some, hasSome } = found;
  // The page's matches so far in a min-heap whose top is the worst kept (lowest bucket, then
  // oldest); a match no better than that top is dropped after a few inline comparisons. Read
  // from the end: slots follow creation, so the newest come first and few matches after the
  // first page's worth replace one (read from the start, nearly every match of the top bucket did).
  const need = q.offset + q.limit;
  const heap: number[] = [];
  const worse = (a: number, b: number) =>
    bucketOf[a]! < bucketOf[b]! ||
    (bucketOf[a] === bucketOf[b] && (created[a]! < created[b]! || (created[a] === created[b] && ids[a]! < ids[b]!)));
  let worstBucket = -1;
  let worstCreated = 0;
  let worstId = 0;
  let total = 0;
  const newestUpTo = best >= 0 ? store.currentNewestUpTo() : EMPTY_TIMES;
  const counted = q.cap + 1;
  /** The page can no longer change: only the count goes on (up to the cap). */
  let settled = best >= 0 && need === 0;
  let i = found.length - 1;
  for (; i >= 0; i--) {
    const entry = entries[i]!;
    const slot = entry >>> 4;
    const state = status[slot]!;
    if (unfiltered ? !(state & LISTED) : !matchesFilters(slot)) continue;
    total++;
    if (settled) {
      if (total >= counted) break;
      continue;
    }
    if (need === 0) continue;
    const every = entry & 15;
    const bucket = rankOf(every, hasSome ? some[i]! : every) * 2 + (state & IN_STOCK ? 1 : 0);
    let enters = heap.length < need || bucket > worstBucket;
    if (!enters && bucket === worstBucket) {
      const at = created[slot]!;
      enters = !(at < worstCreated || (at === worstCreated && ids[slot]! < worstId));
    }
    if (enters) {
      bucketOf[slot] = bucket;
      if (heap.length === need) siftDown(heap, slot, worse);
      else {
        siftUp(heap, slot, worse);
        if (heap.length < need) continue;
      }
      const top = heap[0]!;
      worstBucket = bucketOf[top]!;
      worstCreated = created[top]!;
      worstId = ids[top]!;
    }
    // Every kept match is in the best bucket and no slot below is as new as the oldest kept.
    if (worstBucket === best && newestBelow(newestUpTo, slot) < worstCreated) {
      settled = true;
      if (total >= counted) break;
    }
  }
  store.lastRankedReads = found.length - Math.max(i, 0);
  store.lastListStopped = i >= 0;
  const ordered = heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  return { ids: ordered.slice(q.offset, need).map((slot) => ids[slot]!), total: Math.min(total, q.cap + 1) };
}

/** True when a list names no filter (every active product is a candidate). */
function isUnfiltered(f: IndexFilters): boolean {
  return (
    !f.category &&
    !f.shop &&
    !f.season &&
    !f.quality &&
    !f.condition &&
    !f.size &&
    !f.color &&
    !f.inStock &&
    f.minCents === undefined &&
    f.maxCents === undefined
  );
}
