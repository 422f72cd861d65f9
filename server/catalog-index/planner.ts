/**
 * The planner: one query's choice among the executors (executors/), in the order ADR 025 gives
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

export function answerQuery(s: IndexStore, q: IndexQuery): IndexAnswer {
  const f = q.filters;
  const empty = { ids: [], total: 0 };
  let search: Int32Array[][] | undefined;
  if (q.search) {
    if (!q.search.length) return empty;
    search = compileSearch(s, q.search);
    if (!search) return empty;
  }
  s.pricesAt(q.nowUs);

  const { category, shop, season, quality, condition, size, color, inStock, minCents, maxCents } = f;
  const seasonKeys = season;
  const qualityKeys = quality;
  const sizeWant = size && s.sizes.want(size);
  const colorWant = color && s.colors.want(color);
  const { masks: sizeMasks, words: sizeWords } = s.sizes;
  const { masks: colorMasks, words: colorWords } = s.colors;
  const matchesFilters = (slot: number): boolean => {
    if (!(s.status[slot]! & LISTED)) return false;
    if (category && !contains(category, s.category[slot]!)) return false;
    if (shop && !contains(shop, s.shop[slot]!)) return false;
    if (seasonKeys && !contains(seasonKeys, s.season[slot]!)) return false;
    if (qualityKeys && !contains(qualityKeys, s.quality[slot]!)) return false;
    if (condition && !contains(condition, s.condition[slot]!)) return false;
    if (inStock && !(s.status[slot]! & IN_STOCK)) return false;
    if (minCents !== undefined || maxCents !== undefined) {
      const price = s.currentPrice(slot);
      if (minCents !== undefined && price < minCents) return false;
      if (maxCents !== undefined && price > maxCents) return false;
    }
    if (sizeWant && !anyBit(sizeMasks, sizeWords, slot, sizeWant)) return false;
    if (colorWant && !anyBit(colorMasks, colorWords, slot, colorWant)) return false;
    return true;
  };
  const matches = search ? (slot: number) => matchesFilters(slot) && searchRank(s, slot, search) >= 0 : matchesFilters;

  // The most selective list the request names.
  let best: Candidates | undefined;
  const consider = (postings: Postings, keys: readonly number[] | undefined) => {
    if (!keys) return;
    const n = postings.size(keys);
    if (!best || n < best.size) best = { size: n, lists: keys.map((key) => postings.get(key)), group: -1 };
  };
  consider(s.byCategory, category);
  consider(s.byShop, shop);
  consider(s.bySeason, seasonKeys);
  consider(s.byQuality, qualityKeys);
  consider(s.byCondition, condition);
  consider(s.bySize, size);
  consider(s.byColor, color);
  if (search) {
    search.forEach((group, g) => {
      const lists = group.map((alternative) => shortestList(s, alternative));
      const n = lists.reduce((sum, list) => sum + list.length, 0);
      if (!best || n < best.size) best = { size: n, lists, group: g };
    });
  }

  // A search whose words are rarer than every filter value it names: its matches are found
  // first, by intersecting the words' posting lists (search-matches.ts).
  const wordsFirst = search !== undefined && best!.group >= 0;
  // The ways by bitmaps and by partial listings; the tests' forced ways `candidates` and `walk` go without them.
  const byBitmaps = s.path !== 'candidates' && s.path !== 'walk';
  if (wordsFirst && byBitmaps && (q.sort === 'relevance' || q.sort === 'newest')) {
    const answer = fromNewestMatches(s, search!, best!.size, matchesFilters, q);
    if (answer) return answer;
  }
  // Relevance ranks a search's matches; without words, relevance means newest first.
  if (q.sort === 'relevance' && search)
    return wordsFirst
      ? rankMatches(s, s.found.find(search, s), matchesFilters, q, bestBucket(s, search))
      : rankMatches(s, matchesAmong(s, best!, matchesFilters, search), matchesFilters, q);
  const walked: WalkedSort = q.sort === 'relevance' ? 'newest' : q.sort;
  const compare = s.comparator(walked);
  // The part of the order a walk would read (found once: the choice and the walk both use it).
  const range = walkRange(s, walked, q.filters);
  if (wordsFirst && byBitmaps && walked !== 'newest') {
    // Before the matches are listed: common words need not be (searchByWordBitmaps).
    const answer = searchByWordBitmaps(s, search!, best!.size, matchesFilters, walked, compare, range, q);
    if (answer) return answer;
  }
  const found = wordsFirst ? s.found.find(search!, s) : undefined;
  if (!search && byBitmaps) {
    const answer = fromBitmaps(s, f, best, walked, compare, range, q);
    if (answer) return answer;
  }
  if (!search && s.path === 'measured') {
    // A filter that names values walks their lists in the order: it reads at most what
    // checking those values' candidates would, stops as soon as the page and the capped count
    // are known, and never more than a walk of the whole order.
    const lists = namedLists(s, walked, f);
    if (lists) {
      // But a visit in the order's sequence lands on a random product (cache misses on every
      // attribute read), where candidates are read in slot order: at 1 000 000 products ~200 ns
      // against ~13 ns. So the list walk is chosen only when the measured walk would stop
      // early enough — its visits being the list's share of the whole walk's.
      const [from, to] = range;
      const listed = lists.reduce((n, list) => n + lowerBound(list, to) - lowerBound(list, from), 0);
      const visitCost = (ORDERED_VISIT_COST * listed) / Math.max(1, to - from);
      if (candidatesCheaper(s, best!.size, matches, walked, range, q, visitCost))
        return fromCandidates(s, best!, matchesFilters, walked, compare, search, q);
      return walk(s, walked, range, matches, compare, q, lists);
    }
  }
  if (found && walked !== 'newest' && byBitmaps) {
    const answer = matchesByBitmap(s, found, matchesFilters, walked, compare, range, q);
    if (answer) return answer;
  }
  if (found) {
    // A search in a walked order: its matches are known, so a visit of the walk checks a mark
    // instead of reading the product's words (~2–6 µs a visit at 1 000 000 products). They are
    // marked only when a walk may be chosen.
    const mark = s.path === 'candidates' || (s.path === 'measured' && found.length <= WALK_PROBES) ? -1 : s.mark(found);
    const stamp = s.stamp;
    const matchesFound = (slot: number) => stamp[slot] === mark && matchesFilters(slot);
    const viaCandidates =
      s.path === 'measured'
        ? candidatesCheaper(s, found.length, matchesFound, walked, range, q, ORDERED_VISIT_COST)
        : s.path === 'candidates';
    if (viaCandidates) return fromMatches(s, found, matchesFilters, compare, walked, q);
    return walk(s, walked, range, matchesFound, compare, q);
  }
  const viaCandidates =
    best !== undefined &&
    (s.path === 'measured'
      ? candidatesCheaper(s, best.size, matches, walked, range, q, search ? SEARCHED_VISIT_COST : 1)
      : s.path === 'candidates');
  if (viaCandidates) return fromCandidates(s, best!, matchesFilters, walked, compare, search, q);
  return walk(s, walked, range, matches, compare, q);
}
