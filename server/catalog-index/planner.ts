/**
 * The planner: one query's choice among the executors (executors/), in the order ADR 041 gives
 * — a search's words first when rarer than its filters, the bitmap ways for broad lists, else
 * candidates or a walk, as the cost model (cost-model.ts) measures per query. The filters'
 * check (matchesFilters) and the most selective named list (Candidates) are worked out here once
 * and handed to the executor chosen. Terms and a query's path: README.md.
 */
import { anyBit, contains, lowerBound, type Postings } from './columns.ts';
import { ORDERED_VISIT_COST, SEARCHED_VISIT_COST, WALK_PROBES, candidatesCheaper } from './cost-model.ts';
import { fromBitmaps } from './executors/bitmaps.ts';
import { fromCandidates, matchesAmong } from './executors/candidates.ts';
import { rankMatches } from './executors/rank.ts';
import { fromMatches, fromNewestMatches, matchesByBitmap, searchByWordBitmaps } from './executors/search.ts';
import { walk } from './executors/walk.ts';
import { namedLists, walkRange } from './orders.ts';
import type { IndexStore } from './store.ts';
import { IN_STOCK, LISTED, type Candidates, type IndexAnswer, type IndexQuery, type WalkedSort } from './types.ts';
import { bestBucket, compileSearch, searchRank, shortestList } from './words.ts';

export function answerQuery(store: IndexStore, q: IndexQuery): IndexAnswer {
  const f = q.filters;
  const empty = { ids: [], total: 0 };
  let search: Int32Array[][] | undefined;
  if (q.search) {
    if (!q.search.length) return empty;
    search = compileSearch(store, q.search);
    if (!search) return empty;
  }
  store.pricesAt(q.nowUs);

  const { category, shop, season, quality, condition, size, color, inStock, minCents, maxCents } = f;
  const seasonKeys = season;
  const qualityKeys = quality;
  const sizeWant = size && store.sizes.want(size);
  const colorWant = color && store.colors.want(color);
  const { masks: sizeMasks, words: sizeWords } = store.sizes;
  const { masks: colorMasks, words: colorWords } = store.colors;
  const matchesFilters = (slot: number): boolean => {
    if (!(store.status[slot]! & LISTED)) return false;
    if (category && !contains(category, store.category[slot]!)) return false;
    if (shop && !contains(shop, store.shop[slot]!)) return false;
    if (seasonKeys && !contains(seasonKeys, store.season[slot]!)) return false;
    if (qualityKeys && !contains(qualityKeys, store.quality[slot]!)) return false;
    if (condition && !contains(condition, store.condition[slot]!)) return false;
    if (inStock && !(store.status[slot]! & IN_STOCK)) return false;
    if (minCents !== undefined || maxCents !== undefined) {
      const price = store.currentPrice(slot);
      if (minCents !== undefined && price < minCents) return false;
      if (maxCents !== undefined && price > maxCents) return false;
    }
    if (sizeWant && !anyBit(sizeMasks, sizeWords, slot, sizeWant)) return false;
    if (colorWant && !anyBit(colorMasks, colorWords, slot, colorWant)) return false;
    return true;
  };
  const matches = search ? (slot: number) => matchesFilters(slot) && searchRank(store, slot, search) >= 0 : matchesFilters;

  // The most selective list the request names.
  let best: Candidates | undefined;
  const consider = (postings: Postings, keys: readonly number[] | undefined) => {
    if (!keys) return;
    const n = postings.size(keys);
    if (!best || n < best.size) best = { size: n, lists: keys.map((key) => postings.get(key)), group: -1 };
  };
  consider(store.byCategory, category);
  consider(store.byShop, shop);
  consider(store.bySeason, seasonKeys);
  consider(store.byQuality, qualityKeys);
  consider(store.byCondition, condition);
  consider(store.bySize, size);
  consider(store.byColor, color);
  if (search) {
    search.forEach((group, g) => {
      const lists = group.map((alternative) => shortestList(store, alternative));
      const n = lists.reduce((sum, list) => sum + list.length, 0);
      if (!best || n < best.size) best = { size: n, lists, group: g };
    });
  }

  // A search whose words are rarer than every filter value it names: its matches are found
  // first, by intersecting the words' posting lists (search-matches.ts).
  const wordsFirst = search !== undefined && best!.group >= 0;
  // The ways by bitmaps and by partial listings; the tests' forced ways `candidates` and `walk` go without them.
  const byBitmaps = store.path !== 'candidates' && store.path !== 'walk';
  if (wordsFirst && byBitmaps && (q.sort === 'relevance' || q.sort === 'newest')) {
    const answer = fromNewestMatches(store, search!, best!.size, matchesFilters, q);
    if (answer) return answer;
  }
  // Relevance ranks a search's matches; without words, relevance means newest first.
  if (q.sort === 'relevance' && search)
    return wordsFirst
      ? rankMatches(store, store.found.find(search, store), matchesFilters, q, bestBucket(store, search))
      : rankMatches(store, matchesAmong(store, best!, matchesFilters, search), matchesFilters, q);
  const walked: WalkedSort = q.sort === 'relevance' ? 'newest' : q.sort;
  const compare = store.comparator(walked);
  // The part of the order a walk would read (found once: the choice and the walk both use it).
  const range = walkRange(store, walked, q.filters);
  if (wordsFirst && byBitmaps && walked !== 'newest') {
    // Before the matches are listed: common words need not be (searchByWordBitmaps).
    const answer = searchByWordBitmaps(store, search!, best!.size, matchesFilters, walked, compare, range, q);
    if (answer) return answer;
  }
  const found = wordsFirst ? store.found.find(search!, store) : undefined;
  if (!search && byBitmaps) {
    const answer = fromBitmaps(store, f, best, walked, compare, range, q);
    if (answer) return answer;
  }
  if (!search && store.path === 'measured') {
    // A filter that names values walks their lists in the order: it reads at most what
    // checking those values' candidates would, stops as soon as the page and the capped count
    // are known, and never more than a walk of the whole order.
    const lists = namedLists(store, walked, f);
    if (lists) {
      // But a visit in the order's sequence lands on a random product (cache misses on every
      // attribute read), where candidates are read in slot order: at 1 000 000 products ~200 ns
      // against ~13 ns. So the list walk is chosen only when the measured walk would stop
      // early enough — its visits being the list's share of the whole walk's.
      const [from, to] = range;
      const listed = lists.reduce((n, list) => n + lowerBound(list, to) - lowerBound(list, from), 0);
      const visitCost = (ORDERED_VISIT_COST * listed) / Math.max(1, to - from);
      if (chosen(store, candidatesCheaper(store, best!.size, matches, walked, range, q, visitCost)))
        return fromCandidates(store, best!, matchesFilters, walked, compare, search, q);
      return walk(store, walked, range, matches, compare, q, lists);
    }
  }
  if (found && walked !== 'newest' && byBitmaps) {
    const answer = matchesByBitmap(store, found, matchesFilters, walked, compare, range, q);
    if (answer) return answer;
  }
  if (found) {
    // A search in a walked order: its matches are known, so a visit of the walk checks a mark
    // instead of reading the product's words (~2–6 µs a visit at 1 000 000 products). They are
    // marked only when a walk may be chosen.
    const mark = store.path === 'candidates' || (store.path === 'measured' && found.length <= WALK_PROBES) ? -1 : store.mark(found);
    const stamp = store.stamp;
    const matchesFound = (slot: number) => stamp[slot] === mark && matchesFilters(slot);
    const viaCandidates =
      store.path === 'measured'
        ? chosen(store, candidatesCheaper(store, found.length, matchesFound, walked, range, q, ORDERED_VISIT_COST))
        : store.path === 'candidates';
    if (viaCandidates) return fromMatches(store, found, matchesFilters, compare, walked, q);
    return walk(store, walked, range, matchesFound, compare, q);
  }
  const viaCandidates =
    best !== undefined &&
    (store.path === 'measured'
      ? chosen(store, candidatesCheaper(store, best.size, matches, walked, range, q, search ? SEARCHED_VISIT_COST : 1))
      : store.path === 'candidates');
  if (viaCandidates) return fromCandidates(store, best!, matchesFilters, walked, compare, search, q);
  return walk(store, walked, range, matches, compare, q);
}

/** The cost model's choice, as a measuring hook may replace it (IndexStore.onChoice). */
function chosen(store: IndexStore, candidatesCheaper: boolean) {
  return store.onChoice ? store.onChoice(candidatesCheaper) : candidatesCheaper;
}
