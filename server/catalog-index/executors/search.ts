/**
 * Executors for a search whose words are rarer than its filters: its matches found by
 * intersecting the words' posting lists (search-matches.ts), then the page — newest first from
 * the newest matches only (fromNewestMatches), through the page's heap (fromMatches), or, in a
 * price or best-selling order, from a bitmap of the matches (matchesByBitmap) or of the dense
 * words themselves (searchByWordBitmaps).
 */
import { eachSetBitDown, hasBit, setBit } from '../filter-bitmaps.ts';
import { EMPTY_TIMES, newestBelow } from '../columns.ts';
import { WALK_PROBES } from '../cost-model.ts';
import { namedLists } from '../orders.ts';
import type { SearchMatches } from '../search-matches.ts';
import type { IndexStore } from '../store.ts';
import { PageOf } from '../top-k.ts';
import type { Comparator, IndexAnswer, IndexQuery, WalkedSort } from '../types.ts';
import { bestBucket, searchRank } from '../words.ts';
import { pageOfMatches } from './bitmaps.ts';
import { rankMatches } from './rank.ts';

/**
 * A broad search by relevance or newest first: its newest matches are listed first (the slots
 * from `fromSlot` up, where about four times the page and the count are expected). Both read
 * from the top and usually stop within them, with the answer a full listing gives (the same
 * entries read in the same order); undefined when they do not stop (all are then listed). At
 * 1 000 000 products a shop's name ("Bunicii", 218 078 matches) spent ~1.4 ms listing them all.
 */
export function fromNewestMatches(
  store: IndexStore,
  search: Int32Array[][],
  rarestGroup: number,
  matchesFilters: (slot: number) => boolean,
  q: IndexQuery,
): IndexAnswer | undefined {
  const wanted = 4 * (q.cap + 1 + q.offset + q.limit);
  if (rarestGroup <= 2 * wanted) return undefined;
  const fromSlot = store.count - Math.ceil((store.count * wanted) / rarestGroup);
  const newest = store.found.find(search, store, fromSlot);
  const answer =
    q.sort === 'relevance'
      ? rankMatches(store, newest, matchesFilters, q, bestBucket(store, search))
      : fromMatches(store, newest, matchesFilters, store.comparator('newest'), 'newest', q);
  return store.lastListStopped ? answer : undefined;
}

/**
 * A search of common words (every searched word a sixteenth of the catalog or more has, so each
 * has a bitmap: denseSlots) in a price or best-selling order: its matches as those bitmaps
 * combined — ANDed within an alternative, ORed across alternatives, ANDed across groups — which
 * is exact for every product whose words were never edited (the others are checked against their
 * words). Counted up to the cap from the bitmap, then the order walked to the page's end, as
 * matchesByBitmap does, without first listing every match: at 1 000 000 products a broad word
 * by price ("blugi" with its synonyms, "Editura Polirom") spent 5–7 ms listing 100 000 or more.
 * Undefined when a word is rare, when the matches are few (measured: listing them is cheap),
 * or when the walk gives up.
 */
export function searchByWordBitmaps(
  store: IndexStore,
  search: Int32Array[][],
  rarestGroup: number,
  matchesFilters: (slot: number) => boolean,
  sort: WalkedSort,
  compare: Comparator,
  range: [number, number],
  q: IndexQuery,
): IndexAnswer | undefined {
  if (store.path === 'measured' && rarestGroup <= WALK_PROBES) return undefined;
  // Each alternative's words' bitmaps; undefined as soon as a word is rare.
  const groups: Uint32Array[][][] = [];
  for (const group of search) {
    const alternatives: Uint32Array[][] = [];
    for (const alternative of group) {
      const bitmaps: Uint32Array[] = [];
      for (const lexeme of alternative) {
        const bitmap = store.denseSlots(lexeme);
        if (!bitmap) return undefined;
        bitmaps.push(bitmap);
      }
      alternatives.push(bitmaps);
    }
    groups.push(alternatives);
  }
  const words = (store.count + 31) >>> 5;
  store.bitmaps.startQuery();
  const m = store.bitmaps.transient(words, (bitmap) => bitmap.fill(0xffffffff, 0, words));
  const any = store.bitmaps.transient(words, () => {});
  for (const alternatives of groups) {
    any.fill(0, 0, words);
    for (const bitmaps of alternatives) {
      for (let w = 0; w < words; w++) {
        let all = 0xffffffff;
        // A word past a bitmap's end: no slot there has had the lexeme.
        for (let b = 0; b < bitmaps.length; b++) all &= bitmaps[b]![w] ?? 0;
        any[w]! |= all;
      }
    }
    for (let w = 0; w < words; w++) m[w]! &= any[w]!;
  }
  const matches = (slot: number) =>
    hasBit(m, slot) && matchesFilters(slot) && (!store.wordsEdited(slot) || searchRank(store, slot, search) >= 0);
  // The count up to the cap, from the newest.
  const limit = q.cap + 1;
  const few: number[] = [];
  eachSetBitDown(m, words, (slot) => matches(slot) && few.push(slot) >= limit);
  const page = new PageOf(q, compare, store.firstSortKey(sort));
  if (few.length < limit) {
    for (const slot of few) page.add(slot);
    return page.answer(store.ids);
  }
  if (page.counting()) return { ids: [], total: limit };
  // The positions' way reads about the rarest group's entries.
  return pageOfMatches(store, sort, range, m, matches, compare, q, namedLists(store, sort, q.filters), limit, rarestGroup);
}

/**
 * A search's matches in a price or best-selling order, as fromBitmaps answers a filter: counted
 * up to the cap first (from the newest, with the filters checked); when more than the cap
 * match, a bitmap of the matches is made and the order walked only to the page's end, the
 * walk giving up past BITMAP_VISITS_PER_MATCH visits per match (then every match through the
 * page's heap, fromMatches). At 1 000 000 products a broad word sorted by price ("casa",
 * 100 000 matches) kept every match in the heap: 5–7 ms. Undefined when a mark is cheaper: few
 * matches (measured).
 */
export function matchesByBitmap(
  store: IndexStore,
  found: SearchMatches,
  matchesFilters: (slot: number) => boolean,
  sort: WalkedSort,
  compare: Comparator,
  range: [number, number],
  q: IndexQuery,
): IndexAnswer | undefined {
  if (store.path === 'measured' && found.length <= WALK_PROBES) return undefined;
  const { entries } = found;
  const limit = q.cap + 1;
  const few: number[] = [];
  for (let i = found.length - 1; i >= 0 && few.length < limit; i--) {
    const slot = entries[i]! >>> 4;
    if (matchesFilters(slot)) few.push(slot);
  }
  const page = new PageOf(q, compare, store.firstSortKey(sort));
  if (few.length < limit) {
    for (const slot of few) page.add(slot);
    return page.answer(store.ids);
  }
  if (page.counting()) return { ids: [], total: limit };
  const words = (store.count + 31) >>> 5;
  store.bitmaps.startQuery();
  const m = store.bitmaps.transient(words, (bitmap) => {
    for (let i = 0; i < found.length; i++) setBit(bitmap, entries[i]! >>> 4, true);
  });
  const matches = (slot: number) => hasBit(m, slot) && matchesFilters(slot);
  return pageOfMatches(store, sort, range, m, matches, compare, q, namedLists(store, sort, q.filters), limit, found.length);
}

/** A search's matches (found by intersecting its words' lists) filtered, counted, and the page kept in a bounded heap. */
export function fromMatches(
  store: IndexStore,
  found: SearchMatches,
  matchesFilters: (slot: number) => boolean,
  compare: Comparator,
  sort: WalkedSort,
  q: IndexQuery,
): IndexAnswer {
  const page = new PageOf(q, compare, store.firstSortKey(sort));
  const { entries } = found;
  // From the end: the newest first, as slots follow creation (few replace a kept one in a newest
  // walk; newest first, the page is known once no slot below can enter it, as in newestFromCandidates).
  const newest = sort === 'newest';
  const newestUpTo = newest ? store.currentNewestUpTo() : EMPTY_TIMES;
  let i = found.length - 1;
  for (; i >= 0; i--) {
    const slot = entries[i]! >>> 4;
    if (!matchesFilters(slot)) continue;
    if (page.counting()) {
      if (page.countOne()) break;
      continue;
    }
    page.add(slot);
    if (newest) page.closeAbove(newestBelow(newestUpTo, slot));
  }
  store.lastListStopped = i >= 0;
  return page.answer(store.ids);
}
