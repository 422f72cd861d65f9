/**
 * Executor: filter bitmaps. A filter of many candidates (or "in stock" alone) answered a word of
 * 32 products at a time (filter-bitmaps.ts): counted up to the cap, then the page newest first
 * from the top word down, or by a walk to the page's end, or from the matches' positions
 * (pageOfMatches, shared with the searches' bitmap ways).
 */
import {
  FILTER_ATTRIBUTES,
  countUpTo,
  eachSetBit,
  eachSetBitDown,
  hasBit,
  lowestBit,
  setBit,
  type FilterAttribute,
} from '../filter-bitmaps.ts';
import { newestBelow } from '../columns.ts';
import { BITMAP_VISITS_PER_MATCH, BITMAP_WORDS_PER_CANDIDATE, walkVisits } from '../cost-model.ts';
import { namedLists } from '../orders.ts';
import type { IndexStore } from '../store.ts';
import { PageOf } from '../top-k.ts';
import type { Candidates, Comparator, IndexAnswer, IndexFilters, IndexQuery, WalkedSort } from '../types.ts';
import { pageByPositions, walkOrder } from './walk.ts';

/**
 * A filter whose candidates are many (its rarest named attribute's lists hold an eighth of the
 * catalog's words or more), or only "in stock", answered from bitmaps (filter-bitmaps.ts). The
 * matches are found a word of 32 products at a time and counted up to the cap first, so what
 * follows reads only as far as the page: every match when they are no more than the cap;
 * otherwise, newest first, the bitmap from its top word down; in another order, a walk that
 * stops at the page's end, or every match through the page's heap when a sample of the order
 * says the walk would be long (walkToPage). Undefined when the filter does not suit: few
 * candidates (checking them is cheaper), or a price range alone.
 */
export function fromBitmaps(
  store: IndexStore,
  f: IndexFilters,
  best: Candidates | undefined,
  sort: WalkedSort,
  compare: Comparator,
  range: [number, number],
  q: IndexQuery,
): IndexAnswer | undefined {
  const words = (store.count + 31) >>> 5;
  if (!best && !f.inStock) return undefined;
  // Fewer candidates than an eighth of the words: checking them costs less than the bitmaps' passes.
  if (store.path === 'measured' && best && best.size * BITMAP_WORDS_PER_CANDIDATE < words) return undefined;
  store.bitmaps.startQuery();
  const attributes = FILTER_ATTRIBUTES.flatMap((attribute) => {
    const keys = f[attribute];
    return keys ? [keys.map((key) => valueBitmap(store, attribute, key, words))] : [];
  });
  const m = store.bitmaps.match(words, f.inStock === true, attributes);

  const { minCents, maxCents } = f;
  const priced = minCents !== undefined || maxCents !== undefined;
  const low = minCents ?? -Infinity;
  const high = maxCents ?? Infinity;
  const priceFits = (slot: number) => {
    const price = store.currentPrice(slot);
    return price >= low && price <= high;
  };
  const limit = q.cap + 1;
  // The capped count; the matches themselves while they are no more than the cap.
  const few: number[] = [];
  let total = 0;
  if (!priced) {
    total = countUpTo(m, words, limit);
    if (total < limit) eachSetBit(m, words, (slot) => few.push(slot));
  } else {
    count: for (let w = 0; w < words; w++) {
      let bits = m[w]!;
      while (bits) {
        const slot = w * 32 + lowestBit(bits);
        bits &= bits - 1;
        if (!priceFits(slot)) continue;
        few.push(slot);
        if (++total >= limit) break count;
      }
    }
  }
  if (total === 0) return { ids: [], total: 0 };
  const page = new PageOf(q, compare, store.firstSortKey(sort));
  if (total < limit) {
    for (const slot of few) page.add(slot);
    return page.answer(store.ids);
  }
  if (page.counting()) return { ids: [], total };

  if (sort === 'newest') {
    // Slots follow creation: from the top word down, the page is known once no slot below can enter it.
    const newestUpTo = store.currentNewestUpTo();
    eachSetBitDown(m, words, (slot) => {
      if (priced && !priceFits(slot)) return false;
      page.add(slot);
      page.closeAbove(newestBelow(newestUpTo, slot));
      return page.counting();
    });
    return { ids: page.answer(store.ids).ids, total };
  }

  const matches = priced ? (slot: number) => hasBit(m, slot) && priceFits(slot) : (slot: number) => hasBit(m, slot);
  // The walk reads only the positions of the named attribute whose values are rarest in the
  // order (namedLists), as a filter's walk does.
  const lists = namedLists(store, sort, f);
  return pageOfMatches(store, sort, range, m, matches, compare, q, lists, total, countUpTo(m, words, Infinity));
}

/**
 * With the count known and the matches in bitmap `m`: the page, by a walk of the order to the
 * page's end when that looks cheaper than reading the `listing` matches' positions
 * (pageByPositions, the way otherwise). A sample of the order (WALK_PROBES positions) says where
 * the walk would end: matches bunched at the far end (a bookshop's cheap books in a
 * price-descending walk of 1 000 000 products) meant ~1 000 000 visits. The walk still gives up
 * past BITMAP_VISITS_PER_MATCH visits per match.
 */
export function pageOfMatches(
  store: IndexStore,
  sort: WalkedSort,
  range: [number, number],
  m: Uint32Array,
  matches: (slot: number) => boolean,
  compare: Comparator,
  q: IndexQuery,
  lists: readonly Int32Array[] | undefined,
  total: number,
  listing: number,
): IndexAnswer {
  const byPositions = () => pageByPositions(store, sort, range, m, matches, compare, q, total);
  if (store.path === 'bitmap-positions') return byPositions();
  const inMatches = (slot: number) => hasBit(m, slot);
  const maxVisits = store.path === 'bitmap-walk' ? Infinity : listing * BITMAP_VISITS_PER_MATCH;
  if (store.path === 'measured' && walkVisits(store, sort, range, inMatches, q.offset + q.limit, lists) > maxVisits) return byPositions();
  return walkOrder(store, sort, range, matches, compare, q, lists, { total, maxVisits, inMatches }) ?? byPositions();
}

/**
 * A filter value's bitmap: kept, or built now from its posting list — kept when the value is
 * common, for s query only (transient) when it is rare.
 */
export function valueBitmap(store: IndexStore, attribute: FilterAttribute, value: number, words: number): Uint32Array {
  const known = store.bitmaps.of(attribute, value);
  if (known) return known;
  const { postings, has } = store.filterColumns[attribute];
  const list = postings.get(value);
  // A list may hold slots that no longer have the value: each is checked.
  const build = (bitmap: Uint32Array) => {
    for (const slot of list) if (has(slot, value)) setBit(bitmap, slot, true);
  };
  return store.bitmaps.ofCommon(attribute, value, list.length, store.size, build) ?? store.bitmaps.transient(words, build);
}
