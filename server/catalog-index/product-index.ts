/**
 * The in-process catalog index (issue #13, ADR 025): which active products a list or a search
 * selects, in which order, and how many — answered from memory, so that a product list costs the
 * database one primary-key read of the page's cards instead of a filtered, sorted, counted scan.
 *
 * PostgreSQL stays the one source of truth. This structure holds a copy of what lists filter and
 * sort on (category, shop, season, quality, sizes, colours, stock, units sold, creation time,
 * price, flash-sale prices, and the search_vector's lexemes with their weights), loaded from the
 * database and kept current by CatalogIndexSync (sync.ts) through the catalog_changes log. It
 * answers exactly what the SQL of repositories/catalog/ answers — the same matches,
 * the same order (ties broken by creation time then id), the same capped count — which the
 * parity tests check on random requests against the SQL path (tests/api/catalog-index.test.ts).
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
 */
import type { ProductSort } from '../../contract/catalog-constants.ts';
import {
  FILTER_ATTRIBUTES,
  FilterBitmaps,
  countUpTo,
  eachSetBit,
  eachSetBitDown,
  hasBit,
  lowestBit,
  setBit,
  type FilterAttribute,
} from './filter-bitmaps.ts';
import { FLAGS_OF_MASK, MATCH_ALL, MATCH_ANY, SearchMatches, rankOf, type PostingSource } from './search-matches.ts';

export interface IndexedProduct {
  id: number;
  categoryId: number;
  shopId: number;
  seasonId: number | null;
  qualityId: number | null;
  /** The condition's code (contract/item-condition.ts conditionCode). */
  condition: number;
  quantity: number;
  totalSold: number;
  /** created_at in microseconds since the epoch (PostgreSQL's precision: ties are real). */
  createdUs: number;
  /** effective_price in bani (whole cents), exact. */
  priceCents: number;
  sizes: readonly number[];
  colors: readonly number[];
  /** search_vector's lexemes → weight bits (tsvector.ts). */
  lexemes: ReadonlyMap<string, number>;
}

export interface IndexedSale {
  productId: number;
  saleCents: number;
  startsUs: number;
  endsUs: number;
}

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

type Comparator = (a: number, b: number) => number;
/**
 * How a list that names a filter or a word is answered: `measured` (the cheaper way, as
 * measured per query), or one way always — by checking candidates, by a walk of the order, or
 * (filters of many candidates, searches of many matches) by bitmaps, with the page then read
 * from each match's position in the order or by a walk. The forced ways exist for the tests,
 * which check that every way gives the same answers.
 */
export type IndexPath = 'measured' | 'candidates' | 'walk' | 'bitmap-positions' | 'bitmap-walk';
/** Where a query's candidates come from: filter posting lists (slots), or a searched group's lexeme lists (slot × 16 + weight bits). */
interface Candidates {
  size: number;
  lists: (readonly number[])[];
  /** The searched group the lists belong to; -1 for filter lists. */
  group: number;
}

/** Products of a walk order checked to measure the walk's cost (the choice between candidates and a walk). */
const WALK_PROBES = 2048;
/**
 * How many candidates one visit of a searching walk costs (measured at 1 000 000 products:
 * "mărimea" sorted by price, 80 000 candidates in 4.9 ms, a walk of ~12 500 visits in 81 ms).
 */
const SEARCHED_VISIT_COST = 16;
/**
 * How many candidates (read in slot order) one visit in an order's sequence costs, for a filter.
 * Measured again at 1 000 000 products over bench:api's 400 filters (scripts/bench-index-paths.ts: each
 * query by both paths): a candidate costs ~60–80 ns with every filter checked and the page kept, a
 * visit of a value's list in the order ~150–200 ns — about 2×. It was 16 (from a one-attribute
 * check at ~13 ns a candidate), which sent 81 of 347 filters to checking candidates when the walk
 * was over 30 % cheaper, some 10–30× (index time per filter: mean 1.86 → 1.29 ms, p95 6.27 → 4.75).
 */
const ORDERED_VISIT_COST = 2;
/**
 * A filter's candidates below which checking them one by one beats the bitmaps: the bitmaps cost
 * a few passes over catalog ÷ 32 words (~1 ns a word a pass), a candidate ~60–80 ns.
 */
const BITMAP_WORDS_PER_CANDIDATE = 8;
/**
 * How many visits of a walk testing the matches' bitmap, at most, per match, before the page is
 * read from the matches' positions instead (pageByPositions). A walk that needs more gives up.
 * Measured at 1 000 000 products (bench:index, 1 000 filters): with 1, the filters' mean was
 * 0.445 ms against 0.415 with 3, and 0.392 against stop 35's 0.373; with 4, 0.377 against 0.391.
 * The walk's length is only estimated from a sample, and a position read misses the cache as a
 * visit does (~30–75 ns a match).
 */
const BITMAP_VISITS_PER_MATCH = 4;
const EMPTY_SLOTS = new Int32Array(0);
const EMPTY_TIMES = new Float64Array(0);
/** The newest creation time a slot below `slot` can have (newestUpTo of the slot below; none below slot 0). */
const newestBelow = (newestUpTo: Float64Array, slot: number) => (slot === 0 ? -Infinity : newestUpTo[slot - 1]!);
/** ProductIndex.status's bits: listed (active); in stock; words edited since the product was first listed. */
const LISTED = 1;
const IN_STOCK = 2;
const WORDS_EDITED = 4;

const sameTerms = (a: Int32Array, b: Int32Array) => a.length === b.length && a.every((value, i) => value === b[i]);
type WalkedSort = 'newest' | 'most_sold' | 'price_asc' | 'price_desc';
const WALKED_SORTS: readonly WalkedSort[] = ['newest', 'most_sold', 'price_asc', 'price_desc'];

/** Appends only; a list may hold slots that no longer have the value (checked when read). */
class Postings {
  private readonly lists = new Map<number, number[]>();
  /** Keys whose list is out of slot order: a product changed to the value later than others were added. */
  private readonly unsorted = new Set<number>();
  add(key: number, slot: number) {
    const list = this.lists.get(key);
    if (!list) this.lists.set(key, [slot]);
    else {
      if (list[list.length - 1]! > slot) this.unsorted.add(key);
      list.push(slot);
    }
  }
  /** A value's slots in ascending order (sorted on first read after a change; a slot may repeat, or no longer have the value). */
  get(key: number): readonly number[] {
    const list = this.lists.get(key);
    if (!list) return [];
    if (this.unsorted.delete(key)) list.sort((a, b) => a - b);
    return list;
  }
  size(keys: readonly number[]) {
    let n = 0;
    for (const key of keys) n += this.get(key).length;
    return n;
  }
}

/**
 * A many-valued attribute (sizes, colours) as a bit mask per slot: one bit per value ever seen,
 * `words` 32-bit words per slot (more words when more than 32 values appear). Checking a
 * candidate's sizes or colours then reads a typed array beside the other attributes, where an
 * array per product meant two dependent cache misses per check (at 1 000 000 products ~0.5 µs of
 * a colour filter's ~0.75 µs per candidate) and two million small objects for the GC to mark.
 */
class MaskColumn {
  private readonly bitOf = new Map<number, number>();
  private readonly valueOf: number[] = [];
  words = 1;
  masks = new Uint32Array(0);
  private capacity = 0;

  ensureCapacity(slots: number) {
    if (slots <= this.capacity) return;
    this.capacity = Math.max(slots, this.capacity * 2, 1024);
    const next = new Uint32Array(this.capacity * this.words);
    next.set(this.masks);
    this.masks = next;
  }

  private bit(value: number): number {
    let bit = this.bitOf.get(value);
    if (bit !== undefined) return bit;
    bit = this.valueOf.length;
    if (bit >= this.words * 32) {
      // One more word per slot: copied slot by slot (rare: a 33rd size or colour).
      const words = this.words + 1;
      const next = new Uint32Array(this.capacity * words);
      for (let slot = 0; slot < this.capacity; slot++)
        for (let w = 0; w < this.words; w++) next[slot * words + w] = this.masks[slot * this.words + w]!;
      this.masks = next;
      this.words = words;
    }
    this.bitOf.set(value, bit);
    this.valueOf.push(value);
    return bit;
  }

  has(slot: number, value: number): boolean {
    const bit = this.bitOf.get(value);
    return bit !== undefined && (this.masks[slot * this.words + (bit >>> 5)]! & (1 << (bit & 31))) !== 0;
  }

  /** Replaces a slot's values; true when they changed. */
  set(slot: number, values: readonly number[]): boolean {
    const bits = values.map((value) => this.bit(value));
    const base = slot * this.words;
    let changed = false;
    for (let w = 0; w < this.words; w++) {
      let mask = 0;
      for (const bit of bits) if (bit >>> 5 === w) mask |= 1 << (bit & 31);
      if (this.masks[base + w] !== mask >>> 0) changed = true;
      this.masks[base + w] = mask;
    }
    return changed;
  }

  /** The values a request names, as a mask; values no product has get no bit (they match nothing). */
  want(values: readonly number[]): Uint32Array {
    const mask = new Uint32Array(this.words);
    for (const value of values) {
      const bit = this.bitOf.get(value);
      if (bit !== undefined) mask[bit >>> 5]! |= 1 << (bit & 31);
    }
    return mask;
  }

  valueAt(bit: number): number {
    return this.valueOf[bit]!;
  }
}

/** Whether a slot's mask shares a bit with `want` (MaskColumn.want). */
const anyBit = (masks: Uint32Array, words: number, slot: number, want: Uint32Array): boolean => {
  if (words === 1) return (masks[slot]! & want[0]!) !== 0;
  for (let w = 0; w < words; w++) if ((masks[slot * words + w]! & want[w]!) !== 0) return true;
  return false;
};

/** First index of a sorted list whose value is at least `value`. */
const lowerBound = (list: Int32Array, value: number, lo = 0): number => {
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Per walk order, per filter value: the positions in the order of the products that had the value
 * when the order was built, ascending — so a filtered list walks only the products of its most
 * selective named value, in the sort's order, and stops when the page and the capped count are
 * known (see walk). One buffer per attribute, each value's list a view of it.
 */
type OrderLists = Record<FilterAttribute, Map<number, Int32Array>> & {
  /**
   * Each slot's position in the order (-1: not in it; slots added since are past its end): a
   * page of many matches is then the matches with the smallest positions (pageByPositions).
   */
  positionOf: Int32Array;
};

/** `bitmap` with `slot`'s bit set (a larger copy when the slot is past its end). */
function withBit(bitmap: Uint32Array, slot: number): Uint32Array {
  const word = slot >>> 5;
  if (word >= bitmap.length) bitmap = grown(bitmap, word + 1);
  bitmap[word]! |= 1 << (slot & 31);
  return bitmap;
}

function grown<T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}

const contains = (values: readonly number[], value: number) => {
  for (let i = 0; i < values.length; i++) if (values[i] === value) return true;
  return false;
};

export class ProductIndex implements PostingSource {
  /**
   * @param path how a list that names a filter or a word is answered (IndexPath): `measured`
   *   (the cheapest way, see candidatesCheaper and fromBitmaps), or always one way — tests ask
   *   every way of every query, as each must give the same answer.
   */
  constructor(private readonly path: IndexPath = 'measured') {}

  private count = 0;
  private readonly slotOf = new Map<number, number>();
  private ids = new Int32Array(0);
  private category = new Int32Array(0);
  private shop = new Int32Array(0);
  private season = new Int32Array(0);
  private quality = new Int32Array(0);
  private condition = new Int32Array(0);
  private sold = new Int32Array(0);
  private price = new Int32Array(0);
  private created = new Float64Array(0);
  /**
   * Per slot, the newest creation time among slots 0..slot: what a list read from the last slot
   * down may still meet (rankMatches, fromMatches and newestFromCandidates stop once nothing below
   * can enter their page). A full load numbers slots in creation order (index-source.ts), so this
   * is the slot's own time; a product changed to an older or newer time makes it stale
   * (`newestStale`: worked out again before the next list that reads it).
   */
  private newestUpTo = new Float64Array(0);
  private newestStale = false;
  /**
   * Per slot, whether the product is listed, in stock, and had its words edited (LISTED,
   * IN_STOCK, WORDS_EDITED), in one byte: every candidate reads it, and at 1 000 000 products a
   * candidate of a sparse word list is a cache miss in each array it reads.
   */
  private status = new Uint8Array(0);
  /** Changed (or added) since the walk orders were built: an exception in every walk. */
  private changed = new Uint8Array(0);
  private changedSlots: number[] = [];
  private readonly sizes = new MaskColumn();
  private readonly colors = new MaskColumn();
  /** Per slot, sorted: lexeme id × 16 + weight bits. */
  private terms: Int32Array[] = [];
  private readonly lexemeIds = new Map<string, number>();
  /**
   * Per lexeme: slot × 16 + the lexeme's weight bits in that product when it was added, so a
   * search reads matches and rank straight from the list. Exact unless the product's words were
   * edited since (WORDS_EDITED): then its terms are read instead.
   */
  private readonly byLexeme: number[][] = [];
  /**
   * Lexemes whose posting list is no longer in slot order (an edit appended to it; sorted again
   * with the orders, or by the first search that reads it: sortedPostings). Searches intersect
   * sorted lists (search-matches.ts).
   */
  private lexemeUnsorted: boolean[] = [];
  /**
   * Per lexeme, every weight bit it has had in any product (ORed, never cleared): the best a
   * search's match can rank is known before any match is read (bestBucket).
   */
  private lexemeBits: number[] = [];
  /**
   * Per lexeme that a sixteenth of the catalog or more has, once a search asked for it: a bitmap
   * of its slots (denseSlots). Kept as words are added; a word lost in an edit keeps its bit (the
   * bitmap is a superset: search-matches.ts only uses it to leave products out).
   */
  private readonly lexemeSlots: (Uint32Array | undefined)[] = [];
  private readonly byCategory = new Postings();
  private readonly byShop = new Postings();
  private readonly bySeason = new Postings();
  private readonly byQuality = new Postings();
  private readonly byCondition = new Postings();
  private readonly bySize = new Postings();
  private readonly byColor = new Postings();
  /**
   * Per filter attribute: its values' posting lists, and whether a slot has a value now (read at
   * call time: the columns are replaced as they grow).
   */
  private readonly filterColumns: Record<FilterAttribute, { postings: Postings; has: (slot: number, value: number) => boolean }> = {
    category: { postings: this.byCategory, has: (slot, value) => this.category[slot] === value },
    shop: { postings: this.byShop, has: (slot, value) => this.shop[slot] === value },
    season: { postings: this.bySeason, has: (slot, value) => this.season[slot] === value },
    quality: { postings: this.byQuality, has: (slot, value) => this.quality[slot] === value },
    condition: { postings: this.byCondition, has: (slot, value) => this.condition[slot] === value },
    size: { postings: this.bySize, has: (slot, value) => this.sizes.has(slot, value) },
    color: { postings: this.byColor, has: (slot, value) => this.colors.has(slot, value) },
  };
  /** Common filter values as bitmaps over the slots (filter-bitmaps.ts), with "listed" and "in stock". */
  private readonly bitmaps = new FilterBitmaps();

  private sales: IndexedSale[] = [];
  /** Sale price (bani) overriding a slot's price now; -1 none. Valid for [validFrom, validUntil). */
  private override = new Int32Array(0);
  private overriddenSlots: number[] = [];
  private overrideValidFrom = Infinity;
  private overrideValidUntil = -Infinity;

  private readonly orders = new Map<WalkedSort, Int32Array>();
  /** Per order, the filter values' positions in it (built with the order; see OrderLists). */
  private readonly orderLists = new Map<WalkedSort, OrderLists>();
  /** The products on sale now, in each price order's sequence (see overridesInOrder). */
  private readonly sortedOverrides = new Map<WalkedSort, { source: number[]; slots: Int32Array }>();
  /** For the price orders: each position's price when the order was built (monotonic). */
  private readonly orderPrices = new Map<WalkedSort, Int32Array>();
  private ordersBuiltAt = 0;

  // Scratch, reused by every query (one query runs at a time: JavaScript is single-threaded).
  private stamp = new Uint32Array(0);
  private generation = 0;
  /** A ranked search's kept matches' bucket: rank × 2 + in stock (rankMatches). */
  private bucketOf = new Uint8Array(0);
  /** The current search's matches (SearchMatches: its buffers are reused). */
  private readonly found = new SearchMatches();
  /** How many matches the last search by relevance read (tests and bench:index: the early stop's effect). */
  lastRankedReads = 0;
  /** Whether the last search read by rankMatches or fromMatches stopped before the end of its matches (its page and count were known). */
  private lastListStopped = false;

  /** Active products indexed. */
  get size() {
    return this.slotOf.size - this.inactive;
  }
  private inactive = 0;

  /** Products whose place in a walk order is out of date (rebuild with rebuildOrders()). */
  get pendingChanges() {
    return this.changedSlots.length;
  }

  // --------------------------------------------------------------------------------------------
  // Writing

  /** Adds or replaces products (their current state). */
  upsert(products: readonly IndexedProduct[]) {
    for (const product of products) this.upsertOne(product);
    // A sale may name a product only now indexed: the sale prices are worked out again.
    this.overrideValidUntil = -Infinity;
  }

  /** Products that are no longer listed (deleted or made inactive). */
  remove(ids: readonly number[]) {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined || !(this.status[slot]! & LISTED)) continue;
      this.status[slot]! &= ~LISTED;
      setBit(this.bitmaps.listed, slot, false);
      this.inactive++;
      this.markChanged(slot);
    }
  }

  /** Every flash-sale price that has not ended (the index picks the running ones per query). */
  setSales(sales: readonly IndexedSale[]) {
    this.sales = [...sales];
    this.overrideValidFrom = Infinity;
    this.overrideValidUntil = -Infinity;
  }

  /** Rebuilds the walk orders from the current state (the exceptions are then none). */
  rebuildOrders(now = Date.now()) {
    for (const step of this.rebuildSteps(now)) void step;
  }

  /**
   * The same rebuild in steps of at most a few tens of milliseconds at 1 000 000 products, so a
   * server keeps answering between them (CatalogIndexSync awaits `pause` after each). In one
   * piece it blocked the process for ~6 s at that size, every 30 s while products change. The
   * orders in use stay in place until the last step swaps the new ones in; nothing else may
   * change the index meanwhile (the sync runs its work one piece at a time).
   */
  async rebuildOrdersGradually(pause: () => Promise<void>, now = Date.now()) {
    for (const step of this.rebuildSteps(now)) {
      void step;
      await pause();
    }
  }

  /** Builds every walk order now (a server's load: no request pays for building one), in steps. */
  async buildOrdersGradually(pause: () => Promise<void>) {
    for (const sort of WALKED_SORTS) {
      if (this.orders.has(sort)) continue;
      const order = this.buildOrder(sort);
      await pause();
      const lists = this.orderListsOf(order);
      let step = lists.next();
      while (!step.done) {
        await pause();
        step = lists.next();
      }
      this.installOrder(sort, order, step.value);
      if (!this.ordersBuiltAt) this.ordersBuiltAt = Date.now();
    }
  }

  private *rebuildSteps(now: number): Generator<void> {
    const rebuilt: [WalkedSort, Int32Array, OrderLists][] = [];
    for (const sort of [...this.orders.keys()]) {
      const order = this.mergedOrder(sort);
      yield;
      const lists = this.orderListsOf(order);
      let step = lists.next();
      while (!step.done) {
        yield;
        step = lists.next();
      }
      rebuilt.push([sort, order, step.value]);
    }
    // The swap: from here on, one piece.
    for (const [sort, order, lists] of rebuilt) this.installOrder(sort, order, lists);
    for (const slot of this.changedSlots) this.changed[slot] = 0;
    this.changedSlots = [];
    this.ordersBuiltAt = now;
    // The lists an edit appended to out of order, sorted now (one per step) rather than by the
    // next search that reads them (sortedPostings: a query in between sorts what it reads).
    for (let id = 0; id < this.lexemeUnsorted.length; id++) {
      if (!this.lexemeUnsorted[id]) continue;
      yield;
      this.sortedPostings(id);
    }
  }

  /**
   * An order rebuilt from the one in use: the products unchanged since it was built keep their
   * relative place (what they are sorted on did not change: upsertOne marks every product whose
   * place may have moved), the changed ones still listed are sorted and each put in its place
   * by binary search — O(changes × log n) comparisons and one copy, where sorting the whole
   * catalog again took ~1.5 s at 1 000 000 products.
   */
  private mergedOrder(sort: WalkedSort): Int32Array {
    const old = this.orders.get(sort)!;
    const { changed, status } = this;
    const compare = this.comparator(sort, true);
    const kept = old.filter((slot) => !changed[slot]);
    const moved = Int32Array.from(this.changedSlots.filter((slot) => status[slot]! & LISTED)).sort(compare);
    const merged = new Int32Array(kept.length + moved.length);
    let from = 0;
    let at = 0;
    for (const slot of moved) {
      // The first kept product that sorts after this one.
      let lo = from;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(kept[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      merged.set(kept.subarray(from, lo), at);
      at += lo - from;
      merged[at++] = slot;
      from = lo;
    }
    merged.set(kept.subarray(from), at);
    return merged;
  }

  /** When the walk orders were last built (ms); 0 before the first. */
  get ordersAge() {
    return this.ordersBuiltAt;
  }

  private upsertOne(p: IndexedProduct) {
    let slot = this.slotOf.get(p.id);
    const fresh = slot === undefined;
    if (slot === undefined) {
      slot = this.count++;
      this.slotOf.set(p.id, slot);
      this.ensureCapacity(this.count);
      this.ids[slot] = p.id;
      this.terms[slot] = new Int32Array(0);
    } else if (!(this.status[slot]! & LISTED)) {
      this.inactive--;
    }
    const season = p.seasonId ?? -1;
    const quality = p.qualityId ?? -1;
    if (fresh || this.category[slot] !== p.categoryId) this.byCategory.add(p.categoryId, slot);
    if (fresh || this.shop[slot] !== p.shopId) this.byShop.add(p.shopId, slot);
    if (fresh || this.season[slot] !== season) this.bySeason.add(season, slot);
    if (fresh || this.quality[slot] !== quality) this.byQuality.add(quality, slot);
    if (fresh || this.condition[slot] !== p.condition) this.byCondition.add(p.condition, slot);
    for (const size of p.sizes) if (fresh || !this.sizes.has(slot, size)) this.bySize.add(size, slot);
    for (const color of p.colors) if (fresh || !this.colors.has(slot, color)) this.byColor.add(color, slot);
    const bitmaps = this.bitmaps;
    bitmaps.move('category', slot, fresh ? undefined : this.category[slot], p.categoryId);
    bitmaps.move('shop', slot, fresh ? undefined : this.shop[slot], p.shopId);
    bitmaps.move('season', slot, fresh ? undefined : this.season[slot], season);
    bitmaps.move('quality', slot, fresh ? undefined : this.quality[slot], quality);
    bitmaps.move('condition', slot, fresh ? undefined : this.condition[slot], p.condition);

    // A product whose place in an order, or whose filter values, changed is an exception of
    // every walk until the orders are rebuilt: the orders' per-value lists (OrderLists) hold it
    // where, and under the values, it was.
    const orderMoved =
      fresh ||
      !(this.status[slot]! & LISTED) ||
      this.sold[slot] !== p.totalSold ||
      this.price[slot] !== p.priceCents ||
      this.created[slot] !== p.createdUs ||
      this.category[slot] !== p.categoryId ||
      this.shop[slot] !== p.shopId ||
      this.season[slot] !== season ||
      this.quality[slot] !== quality ||
      this.condition[slot] !== p.condition;
    this.category[slot] = p.categoryId;
    this.shop[slot] = p.shopId;
    this.season[slot] = season;
    this.quality[slot] = quality;
    this.condition[slot] = p.condition;
    this.sold[slot] = p.totalSold;
    this.price[slot] = p.priceCents;
    if (!fresh && this.created[slot] !== p.createdUs) this.newestStale = true;
    this.created[slot] = p.createdUs;
    if (fresh) this.extendNewest(slot);
    this.status[slot] = LISTED | (p.quantity > 0 ? IN_STOCK : 0) | (this.status[slot]! & WORDS_EDITED);
    setBit(bitmaps.listed, slot, true);
    setBit(bitmaps.inStock, slot, p.quantity > 0);
    const valuesMoved = this.sizes.set(slot, p.sizes);
    const colorsMoved = this.colors.set(slot, p.colors);
    if (fresh || valuesMoved) bitmaps.setMany('size', slot, (value) => this.sizes.has(slot, value));
    if (fresh || colorsMoved) bitmaps.setMany('color', slot, (value) => this.colors.has(slot, value));
    this.setTerms(slot, p.lexemes);
    if ((orderMoved || valuesMoved || colorsMoved) && this.ordersBuiltAt) this.markChanged(slot);
  }

  private setTerms(slot: number, lexemes: ReadonlyMap<string, number>) {
    const old = this.terms[slot]!;
    const packed = new Int32Array(lexemes.size);
    let i = 0;
    for (const [lexeme, mask] of lexemes) {
      let id = this.lexemeIds.get(lexeme);
      if (id === undefined) {
        id = this.byLexeme.length;
        this.lexemeIds.set(lexeme, id);
        this.byLexeme.push([]);
        this.lexemeBits.push(0);
      }
      this.lexemeBits[id]! |= mask;
      packed[i++] = id * 16 + mask;
      if (this.maskOf(old, id) === 0) {
        const bitmap = this.lexemeSlots[id];
        if (bitmap) this.lexemeSlots[id] = withBit(bitmap, slot);
        const list = this.byLexeme[id]!;
        // Slots are numbered as products are added, so a list is sorted by slot; an edit appends out of order.
        if (list.length && list[list.length - 1]! >>> 4 >= slot) this.lexemeUnsorted[id] = true;
        list.push(slot * 16 + mask);
      }
    }
    packed.sort();
    if (old.length && !sameTerms(old, packed)) this.status[slot]! |= WORDS_EDITED;
    this.terms[slot] = packed;
  }

  private markChanged(slot: number) {
    if (this.changed[slot]) return;
    this.changed[slot] = 1;
    this.changedSlots.push(slot);
  }

  private ensureCapacity(size: number) {
    this.ids = grown(this.ids, size);
    this.category = grown(this.category, size);
    this.shop = grown(this.shop, size);
    this.season = grown(this.season, size);
    this.quality = grown(this.quality, size);
    this.condition = grown(this.condition, size);
    this.sold = grown(this.sold, size);
    this.price = grown(this.price, size);
    this.created = grown(this.created, size);
    this.newestUpTo = grown(this.newestUpTo, size);
    this.status = grown(this.status, size);
    this.changed = grown(this.changed, size);
    this.sizes.ensureCapacity(size);
    this.colors.ensureCapacity(size);
    this.bitmaps.ensureSlots(size);
  }

  // --------------------------------------------------------------------------------------------
  // Prices now

  /** Brings `override` to the running sales at `nowUs` (recomputed only when a sale starts or ends). */
  private pricesAt(nowUs: number) {
    if (nowUs >= this.overrideValidFrom && nowUs < this.overrideValidUntil && this.override.length >= this.count) return;
    if (this.override.length < this.count) this.override = new Int32Array(Math.max(this.count, this.override.length * 2, 1024)).fill(-1);
    for (const slot of this.overriddenSlots) this.override[slot] = -1;
    let from = -Infinity;
    let until = Infinity;
    // The SQL's rule: among the running sales of a product, the lowest sale price (then the
    // earliest end) is its sale; it overrides the price only when above 0.
    const best = new Map<number, IndexedSale>();
    for (const sale of this.sales) {
      if (sale.startsUs <= nowUs && nowUs < sale.endsUs) {
        from = Math.max(from, sale.startsUs);
        until = Math.min(until, sale.endsUs);
        const seen = best.get(sale.productId);
        if (!seen || sale.saleCents < seen.saleCents || (sale.saleCents === seen.saleCents && sale.endsUs < seen.endsUs))
          best.set(sale.productId, sale);
      } else if (sale.startsUs > nowUs) until = Math.min(until, sale.startsUs);
      else from = Math.max(from, sale.endsUs);
    }
    this.overriddenSlots = [];
    for (const [productId, sale] of best) {
      const slot = this.slotOf.get(productId);
      if (slot === undefined || sale.saleCents <= 0) continue;
      this.override[slot] = sale.saleCents;
      this.overriddenSlots.push(slot);
    }
    this.overrideValidFrom = from;
    this.overrideValidUntil = until;
  }

  /** Until when (µs) the running sales stay as they are at `nowUs` (a card's price may change then). */
  pricesValidUntil(nowUs: number): number {
    this.pricesAt(nowUs);
    return this.overrideValidUntil;
  }

  private currentPrice(slot: number) {
    const sale = this.override[slot]!;
    return sale >= 0 ? sale : this.price[slot]!;
  }

  // --------------------------------------------------------------------------------------------
  // Reading

  private maskOf(terms: Int32Array, lexemeId: number): number {
    const low = lexemeId * 16;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < low) lo = mid + 1;
      else hi = mid;
    }
    return lo < terms.length && terms[lo]! < low + 16 ? terms[lo]! & 15 : 0;
  }

  /** The search as lexeme ids; alternatives naming a lexeme no product has can never match. */
  private compileSearch(plan: LexemePlan): Int32Array[][] | undefined {
    const groups: Int32Array[][] = [];
    for (const group of plan) {
      const alternatives: Int32Array[] = [];
      for (const alternative of group) {
        const ids = alternative.map((lexeme) => this.lexemeIds.get(lexeme));
        if (ids.every((id) => id !== undefined)) alternatives.push(Int32Array.from(ids as number[]));
      }
      if (!alternatives.length) return undefined; // a required group nothing has
      groups.push(alternatives);
    }
    return groups;
  }

  /** The match bits of one group in a product's terms (MATCH_*; 0: absent). */
  private groupFlags(terms: Int32Array, group: Int32Array[]): number {
    let flags = 0;
    for (const alternative of group) {
      let bits = MATCH_ALL;
      for (let i = 0; i < alternative.length && bits; i++) bits &= FLAGS_OF_MASK[this.maskOf(terms, alternative[i]!)]!;
      flags |= bits;
      if (flags === MATCH_ALL) break;
    }
    return flags;
  }

  /** -1 when a group is missing from the product, else the SQL's rank (rankOf), from its words. */
  private searchRank(slot: number, groups: Int32Array[][]): number {
    const bits = this.searchBits(slot, groups);
    return bits < 0 ? -1 : rankOf(bits & 15, bits >>> 4);
  }

  /** -1 when a group is missing from the product, else its groups' bits ANDed, plus ORed × 16. */
  private searchBits(slot: number, groups: Int32Array[][]): number {
    let every = MATCH_ALL;
    let some = 0;
    const terms = this.terms[slot]!;
    for (let g = 0; g < groups.length; g++) {
      const flags = this.groupFlags(terms, groups[g]!);
      if (!(flags & MATCH_ANY)) return -1;
      every &= flags;
      some |= flags;
    }
    return every | (some << 4);
  }

  // PostingSource (search-matches.ts): what a search's matches are found in.

  /** A lexeme's posting list in slot order: an edit's appends are sorted in first (TimSort merges the sorted run and the tail). */
  sortedPostings(lexeme: number): readonly number[] {
    const list = this.byLexeme[lexeme]!;
    if (this.lexemeUnsorted[lexeme]) {
      list.sort((a, b) => a - b);
      this.lexemeUnsorted[lexeme] = false;
    }
    return list;
  }

  get slotCount(): number {
    return this.count;
  }

  denseSlots(lexeme: number): Uint32Array | undefined {
    const known = this.lexemeSlots[lexeme];
    if (known) return known;
    const list = this.byLexeme[lexeme]!;
    if (list.length * 16 < this.count) return undefined;
    let bitmap: Uint32Array = new Uint32Array(((this.count + 31) >>> 5) + 1);
    for (let i = 0; i < list.length; i++) bitmap = withBit(bitmap, list[i]! >>> 4);
    this.lexemeSlots[lexeme] = bitmap;
    return bitmap;
  }

  wordsEdited(slot: number): boolean {
    return (this.status[slot]! & WORDS_EDITED) !== 0;
  }

  alternativeFlags(slot: number, alternative: Int32Array): number {
    const terms = this.terms[slot]!;
    let bits = MATCH_ALL;
    for (let i = 0; i < alternative.length && bits; i++) bits &= FLAGS_OF_MASK[this.maskOf(terms, alternative[i]!)]!;
    return bits;
  }

  /** An alternative's shortest posting list (every candidate of the alternative is in it). */
  private shortestList(alternative: Int32Array): number[] {
    let shortest = this.byLexeme[alternative[0]!]!;
    for (let i = 1; i < alternative.length; i++)
      if (this.byLexeme[alternative[i]!]!.length < shortest.length) shortest = this.byLexeme[alternative[i]!]!;
    return shortest;
  }

  query(q: IndexQuery): IndexAnswer {
    const f = q.filters;
    const empty = { ids: [], total: 0 };
    let search: Int32Array[][] | undefined;
    if (q.search) {
      if (!q.search.length) return empty;
      search = this.compileSearch(q.search);
      if (!search) return empty;
    }
    this.pricesAt(q.nowUs);

    const { category, shop, season, quality, condition, size, color, inStock, minCents, maxCents } = f;
    const seasonKeys = season;
    const qualityKeys = quality;
    const sizeWant = size && this.sizes.want(size);
    const colorWant = color && this.colors.want(color);
    const { masks: sizeMasks, words: sizeWords } = this.sizes;
    const { masks: colorMasks, words: colorWords } = this.colors;
    const matchesFilters = (slot: number): boolean => {
      if (!(this.status[slot]! & LISTED)) return false;
      if (category && !contains(category, this.category[slot]!)) return false;
      if (shop && !contains(shop, this.shop[slot]!)) return false;
      if (seasonKeys && !contains(seasonKeys, this.season[slot]!)) return false;
      if (qualityKeys && !contains(qualityKeys, this.quality[slot]!)) return false;
      if (condition && !contains(condition, this.condition[slot]!)) return false;
      if (inStock && !(this.status[slot]! & IN_STOCK)) return false;
      if (minCents !== undefined || maxCents !== undefined) {
        const price = this.currentPrice(slot);
        if (minCents !== undefined && price < minCents) return false;
        if (maxCents !== undefined && price > maxCents) return false;
      }
      if (sizeWant && !anyBit(sizeMasks, sizeWords, slot, sizeWant)) return false;
      if (colorWant && !anyBit(colorMasks, colorWords, slot, colorWant)) return false;
      return true;
    };
    const matches = search ? (slot: number) => matchesFilters(slot) && this.searchRank(slot, search) >= 0 : matchesFilters;

    // The most selective list the request names.
    let best: Candidates | undefined;
    const consider = (postings: Postings, keys: readonly number[] | undefined) => {
      if (!keys) return;
      const n = postings.size(keys);
      if (!best || n < best.size) best = { size: n, lists: keys.map((key) => postings.get(key)), group: -1 };
    };
    consider(this.byCategory, category);
    consider(this.byShop, shop);
    consider(this.bySeason, seasonKeys);
    consider(this.byQuality, qualityKeys);
    consider(this.byCondition, condition);
    consider(this.bySize, size);
    consider(this.byColor, color);
    if (search) {
      search.forEach((group, g) => {
        const lists = group.map((alternative) => this.shortestList(alternative));
        const n = lists.reduce((sum, list) => sum + list.length, 0);
        if (!best || n < best.size) best = { size: n, lists, group: g };
      });
    }

    // A search whose words are rarer than every filter value it names: its matches are found
    // first, by intersecting the words' posting lists (search-matches.ts).
    const wordsFirst = search !== undefined && best!.group >= 0;
    // The ways by bitmaps and by partial listings; the tests' forced ways `candidates` and `walk` go without them.
    const byBitmaps = this.path !== 'candidates' && this.path !== 'walk';
    if (wordsFirst && byBitmaps && (q.sort === 'relevance' || q.sort === 'newest')) {
      const answer = this.fromNewestMatches(search!, best!.size, matchesFilters, q);
      if (answer) return answer;
    }
    // Relevance ranks a search's matches; without words, relevance means newest first.
    if (q.sort === 'relevance' && search)
      return wordsFirst
        ? this.rankMatches(this.found.find(search, this), matchesFilters, q, this.bestBucket(search))
        : this.rankMatches(this.matchesAmong(best!, matchesFilters, search), matchesFilters, q);
    const walked: WalkedSort = q.sort === 'relevance' ? 'newest' : q.sort;
    const compare = this.comparator(walked);
    // The part of the order a walk would read (found once: the choice and the walk both use it).
    const range = this.walkRange(walked, q.filters);
    if (wordsFirst && byBitmaps && walked !== 'newest') {
      // Before the matches are listed: common words need not be (searchByWordBitmaps).
      const answer = this.searchByWordBitmaps(search!, best!.size, matchesFilters, walked, compare, range, q);
      if (answer) return answer;
    }
    const found = wordsFirst ? this.found.find(search!, this) : undefined;
    if (!search && byBitmaps) {
      const answer = this.fromBitmaps(f, best, walked, compare, range, q);
      if (answer) return answer;
    }
    if (!search && this.path === 'measured') {
      // A filter that names values walks their lists in the order: it reads at most what
      // checking those values' candidates would, stops as soon as the page and the capped count
      // are known, and never more than a walk of the whole order.
      const lists = this.namedLists(walked, f);
      if (lists) {
        // But a visit in the order's sequence lands on a random product (cache misses on every
        // attribute read), where candidates are read in slot order: at 1 000 000 products ~200 ns
        // against ~13 ns. So the list walk is chosen only when the measured walk would stop
        // early enough — its visits being the list's share of the whole walk's.
        const [from, to] = range;
        const listed = lists.reduce((n, list) => n + lowerBound(list, to) - lowerBound(list, from), 0);
        const visitCost = (ORDERED_VISIT_COST * listed) / Math.max(1, to - from);
        if (this.candidatesCheaper(best!.size, matches, walked, range, q, visitCost))
          return this.fromCandidates(best!, matchesFilters, walked, compare, search, q);
        return this.walk(walked, range, matches, compare, q, lists);
      }
    }
    if (found && walked !== 'newest' && byBitmaps) {
      const answer = this.matchesByBitmap(found, matchesFilters, walked, compare, range, q);
      if (answer) return answer;
    }
    if (found) {
      // A search in a walked order: its matches are known, so a visit of the walk checks a mark
      // instead of reading the product's words (~2–6 µs a visit at 1 000 000 products). They are
      // marked only when a walk may be chosen.
      const mark = this.path === 'candidates' || (this.path === 'measured' && found.length <= WALK_PROBES) ? -1 : this.mark(found);
      const stamp = this.stamp;
      const matchesFound = (slot: number) => stamp[slot] === mark && matchesFilters(slot);
      const viaCandidates =
        this.path === 'measured'
          ? this.candidatesCheaper(found.length, matchesFound, walked, range, q, ORDERED_VISIT_COST)
          : this.path === 'candidates';
      if (viaCandidates) return this.fromMatches(found, matchesFilters, compare, walked, q);
      return this.walk(walked, range, matchesFound, compare, q);
    }
    const viaCandidates =
      best !== undefined &&
      (this.path === 'measured'
        ? this.candidatesCheaper(best.size, matches, walked, range, q, search ? SEARCHED_VISIT_COST : 1)
        : this.path === 'candidates');
    if (viaCandidates) return this.fromCandidates(best!, matchesFilters, walked, compare, search, q);
    return this.walk(walked, range, matches, compare, q);
  }

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
  private candidatesCheaper(
    candidates: number,
    matches: (slot: number) => boolean,
    sort: WalkedSort,
    [from, to]: [number, number],
    q: IndexQuery,
    visitCost: number,
  ): boolean {
    if (candidates <= WALK_PROBES) return true;
    const order = this.orderOf(sort);
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
   * The part of a walk order that can hold matches: for a price order and a price range, the
   * positions whose price (when the order was built) is in the range — found by binary search.
   * Products changed since, or on sale now, are exceptions outside the order, so the range holds.
   */
  private walkRange(sort: WalkedSort, f: IndexFilters): [number, number] {
    const order = this.orderOf(sort);
    const prices = this.orderPrices.get(sort);
    if (!prices || (f.minCents === undefined && f.maxCents === undefined)) return [0, order.length];
    const low = f.minCents ?? -Infinity;
    const high = f.maxCents ?? Infinity;
    // First position whose price passes `before` no more (prices are monotonic along the order).
    const firstNotBefore = (before: (price: number) => boolean) => {
      let lo = 0;
      let hi = prices.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(prices[mid]!)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return sort === 'price_asc'
      ? [firstNotBefore((p) => p < low), firstNotBefore((p) => p <= high)]
      : [firstNotBefore((p) => p > high), firstNotBefore((p) => p >= low)];
  }

  /**
   * The comparator's first key as one number, larger first: created, units sold, −price or price
   * (the current price, as the comparator reads it). Equal keys say nothing: the comparator decides.
   */
  private firstSortKey(sort: WalkedSort): (slot: number) => number {
    const { created, sold } = this;
    switch (sort) {
      case 'newest':
        return (slot) => created[slot]!;
      case 'most_sold':
        return (slot) => sold[slot]!;
      case 'price_asc':
        return (slot) => -this.currentPrice(slot);
      case 'price_desc':
        return (slot) => this.currentPrice(slot);
    }
  }

  private comparator(sort: WalkedSort, basePrice = false): Comparator {
    const created = this.created;
    const ids = this.ids;
    const newest: Comparator = (a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!;
    const price = basePrice ? (slot: number) => this.price[slot]! : (slot: number) => this.currentPrice(slot);
    switch (sort) {
      case 'newest':
        return newest;
      case 'most_sold':
        return (a, b) => this.sold[b]! - this.sold[a]! || newest(a, b);
      case 'price_asc':
        return (a, b) => price(a) - price(b) || newest(a, b);
      case 'price_desc':
        return (a, b) => price(b) - price(a) || newest(a, b);
    }
  }

  /**
   * Every candidate (the slots of a filter's lists) checked, counted, and the page kept in a
   * bounded heap; a search's words are looked up in each candidate's.
   */
  private fromCandidates(
    candidates: Candidates,
    matchesFilters: (slot: number) => boolean,
    sort: WalkedSort,
    compare: Comparator,
    search: Int32Array[][] | undefined,
    q: IndexQuery,
  ): IndexAnswer {
    const page = new PageOf(q, compare, this.firstSortKey(sort));
    if (sort === 'newest') return this.newestFromCandidates(candidates, matchesFilters, search, page);
    this.eachCandidate(candidates, matchesFilters, (slot) => {
      if (!search || this.searchRank(slot, search) >= 0) page.add(slot);
    });
    return page.answer(this.ids);
  }

  /**
   * Newest first from a filter's lists, read from their last slot down (merged as they are read;
   * the stamp keeps a product of two lists once). Slots are in creation order, so the page is
   * known once it is full and no slot below can be newer than the oldest kept (newestUpTo): from
   * there only the count goes on, up to the cap. At 1 000 000 products a shop's 137 799 products
   * priced 100–150 lei took 6.5 ms to check one by one for page 3.
   */
  private newestFromCandidates(
    candidates: Candidates,
    matchesFilters: (slot: number) => boolean,
    search: Int32Array[][] | undefined,
    page: PageOf,
  ): IndexAnswer {
    const newestUpTo = this.currentNewestUpTo();
    const generation = this.nextStamp();
    const stamp = this.stamp;
    const lists = candidates.lists;
    const at = lists.map((list) => list.length - 1);
    for (;;) {
      let from = -1;
      let slot = -1;
      for (let l = 0; l < lists.length; l++) {
        const i = at[l]!;
        if (i >= 0 && lists[l]![i]! > slot) {
          slot = lists[l]![i]!;
          from = l;
        }
      }
      if (from < 0) break;
      at[from]!--;
      if (stamp[slot] === generation) continue;
      stamp[slot] = generation;
      if (!matchesFilters(slot) || (search && this.searchRank(slot, search) < 0)) continue;
      if (page.counting()) {
        if (page.countOne()) break;
        continue;
      }
      page.add(slot);
      page.closeAbove(newestBelow(newestUpTo, slot));
    }
    return page.answer(this.ids);
  }

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
  private fromBitmaps(
    f: IndexFilters,
    best: Candidates | undefined,
    sort: WalkedSort,
    compare: Comparator,
    range: [number, number],
    q: IndexQuery,
  ): IndexAnswer | undefined {
    const words = (this.count + 31) >>> 5;
    if (!best && !f.inStock) return undefined;
    // Fewer candidates than an eighth of the words: checking them costs less than the bitmaps' passes.
    if (this.path === 'measured' && best && best.size * BITMAP_WORDS_PER_CANDIDATE < words) return undefined;
    this.bitmaps.startQuery();
    const attributes = FILTER_ATTRIBUTES.flatMap((attribute) => {
      const keys = f[attribute];
      return keys ? [keys.map((key) => this.valueBitmap(attribute, key, words))] : [];
    });
    const m = this.bitmaps.match(words, f.inStock === true, attributes);

    const { minCents, maxCents } = f;
    const priced = minCents !== undefined || maxCents !== undefined;
    const low = minCents ?? -Infinity;
    const high = maxCents ?? Infinity;
    const priceFits = (slot: number) => {
      const price = this.currentPrice(slot);
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
    const page = new PageOf(q, compare, this.firstSortKey(sort));
    if (total < limit) {
      for (const slot of few) page.add(slot);
      return page.answer(this.ids);
    }
    if (page.counting()) return { ids: [], total };

    if (sort === 'newest') {
      // Slots follow creation: from the top word down, the page is known once no slot below can enter it.
      const newestUpTo = this.currentNewestUpTo();
      eachSetBitDown(m, words, (slot) => {
        if (priced && !priceFits(slot)) return false;
        page.add(slot);
        page.closeAbove(newestBelow(newestUpTo, slot));
        return page.counting();
      });
      return { ids: page.answer(this.ids).ids, total };
    }

    const matches = priced ? (slot: number) => hasBit(m, slot) && priceFits(slot) : (slot: number) => hasBit(m, slot);
    // The walk reads only the positions of the named attribute whose values are rarest in the
    // order (namedLists), as a filter's walk does.
    const lists = this.namedLists(sort, f);
    return this.pageOfMatches(sort, range, m, matches, compare, q, lists, total, countUpTo(m, words, Infinity));
  }

  /**
   * A broad search by relevance or newest first: its newest matches are listed first (the slots
   * from `fromSlot` up, where about four times the page and the count are expected). Both read
   * from the top and usually stop within them, with the answer a full listing gives (the same
   * entries read in the same order); undefined when they do not stop (all are then listed). At
   * 1 000 000 products a shop's name ("Bunicii", 218 078 matches) spent ~1.4 ms listing them all.
   */
  private fromNewestMatches(
    search: Int32Array[][],
    rarestGroup: number,
    matchesFilters: (slot: number) => boolean,
    q: IndexQuery,
  ): IndexAnswer | undefined {
    const wanted = 4 * (q.cap + 1 + q.offset + q.limit);
    if (rarestGroup <= 2 * wanted) return undefined;
    const fromSlot = this.count - Math.ceil((this.count * wanted) / rarestGroup);
    const newest = this.found.find(search, this, fromSlot);
    const answer =
      q.sort === 'relevance'
        ? this.rankMatches(newest, matchesFilters, q, this.bestBucket(search))
        : this.fromMatches(newest, matchesFilters, this.comparator('newest'), 'newest', q);
    return this.lastListStopped ? answer : undefined;
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
  private searchByWordBitmaps(
    search: Int32Array[][],
    rarestGroup: number,
    matchesFilters: (slot: number) => boolean,
    sort: WalkedSort,
    compare: Comparator,
    range: [number, number],
    q: IndexQuery,
  ): IndexAnswer | undefined {
    if (this.path === 'measured' && rarestGroup <= WALK_PROBES) return undefined;
    // Each alternative's words' bitmaps; undefined as soon as a word is rare.
    const groups: Uint32Array[][][] = [];
    for (const group of search) {
      const alternatives: Uint32Array[][] = [];
      for (const alternative of group) {
        const bitmaps: Uint32Array[] = [];
        for (const lexeme of alternative) {
          const bitmap = this.denseSlots(lexeme);
          if (!bitmap) return undefined;
          bitmaps.push(bitmap);
        }
        alternatives.push(bitmaps);
      }
      groups.push(alternatives);
    }
    const words = (this.count + 31) >>> 5;
    this.bitmaps.startQuery();
    const m = this.bitmaps.transient(words, (bitmap) => bitmap.fill(0xffffffff, 0, words));
    const any = this.bitmaps.transient(words, () => {});
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
      hasBit(m, slot) && matchesFilters(slot) && (!this.wordsEdited(slot) || this.searchRank(slot, search) >= 0);
    // The count up to the cap, from the newest.
    const limit = q.cap + 1;
    const few: number[] = [];
    eachSetBitDown(m, words, (slot) => matches(slot) && few.push(slot) >= limit);
    const page = new PageOf(q, compare, this.firstSortKey(sort));
    if (few.length < limit) {
      for (const slot of few) page.add(slot);
      return page.answer(this.ids);
    }
    if (page.counting()) return { ids: [], total: limit };
    // The positions' way reads about the rarest group's entries.
    return this.pageOfMatches(sort, range, m, matches, compare, q, this.namedLists(sort, q.filters), limit, rarestGroup);
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
  private matchesByBitmap(
    found: SearchMatches,
    matchesFilters: (slot: number) => boolean,
    sort: WalkedSort,
    compare: Comparator,
    range: [number, number],
    q: IndexQuery,
  ): IndexAnswer | undefined {
    if (this.path === 'measured' && found.length <= WALK_PROBES) return undefined;
    const { entries } = found;
    const limit = q.cap + 1;
    const few: number[] = [];
    for (let i = found.length - 1; i >= 0 && few.length < limit; i--) {
      const slot = entries[i]! >>> 4;
      if (matchesFilters(slot)) few.push(slot);
    }
    const page = new PageOf(q, compare, this.firstSortKey(sort));
    if (few.length < limit) {
      for (const slot of few) page.add(slot);
      return page.answer(this.ids);
    }
    if (page.counting()) return { ids: [], total: limit };
    const words = (this.count + 31) >>> 5;
    this.bitmaps.startQuery();
    const m = this.bitmaps.transient(words, (bitmap) => {
      for (let i = 0; i < found.length; i++) setBit(bitmap, entries[i]! >>> 4, true);
    });
    const matches = (slot: number) => hasBit(m, slot) && matchesFilters(slot);
    return this.pageOfMatches(sort, range, m, matches, compare, q, this.namedLists(sort, q.filters), limit, found.length);
  }

  /**
   * With the count known and the matches in bitmap `m`: the page, by a walk of the order to the
   * page's end when that looks cheaper than reading the `listing` matches' positions
   * (pageByPositions, the way otherwise). A sample of the order (WALK_PROBES positions) says where
   * the walk would end: matches bunched at the far end (a bookshop's cheap books in a
   * price-descending walk of 1 000 000 products) meant ~1 000 000 visits. The walk still gives up
   * past BITMAP_VISITS_PER_MATCH visits per match.
   */
  private pageOfMatches(
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
    const byPositions = () => this.pageByPositions(sort, range, m, matches, compare, q, total);
    if (this.path === 'bitmap-positions') return byPositions();
    const inMatches = (slot: number) => hasBit(m, slot);
    const maxVisits = this.path === 'bitmap-walk' ? Infinity : listing * BITMAP_VISITS_PER_MATCH;
    if (this.path === 'measured' && this.walkVisits(sort, range, inMatches, q.offset + q.limit, lists) > maxVisits) return byPositions();
    return this.walkOrder(sort, range, matches, compare, q, lists, { total, maxVisits, inMatches }) ?? byPositions();
  }

  /**
   * About how many products a walk visits before `wanted` matches: the position, in a sample of
   * the order, by which the sampled matches stand for them (one more for luck), scaled to the
   * lists the walk reads.
   */
  private walkVisits(
    sort: WalkedSort,
    [from, to]: [number, number],
    inMatches: (slot: number) => boolean,
    wanted: number,
    lists: readonly Int32Array[] | undefined,
  ): number {
    const range = to - from;
    if (range <= 0) return 0;
    const order = this.orderOf(sort);
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

  /**
   * A filter value's bitmap: kept, or built now from its posting list — kept when the value is
   * common, for this query only (transient) when it is rare.
   */
  private valueBitmap(attribute: FilterAttribute, value: number, words: number): Uint32Array {
    const known = this.bitmaps.of(attribute, value);
    if (known) return known;
    const { postings, has } = this.filterColumns[attribute];
    const list = postings.get(value);
    // A list may hold slots that no longer have the value: each is checked.
    const build = (bitmap: Uint32Array) => {
      for (const slot of list) if (has(slot, value)) setBit(bitmap, slot, true);
    };
    return this.bitmaps.ofCommon(attribute, value, list.length, this.size, build) ?? this.bitmaps.transient(words, build);
  }

  /** Each product of the candidates' lists once (a list may repeat a slot, and lists overlap) that passes the filters. */
  private eachCandidate(candidates: Candidates, matchesFilters: (slot: number) => boolean, visit: (slot: number) => void) {
    const generation = this.nextStamp();
    const stamp = this.stamp;
    for (const list of candidates.lists) {
      for (let i = 0; i < list.length; i++) {
        const slot = list[i]!;
        if (stamp[slot] === generation) continue;
        stamp[slot] = generation;
        if (matchesFilters(slot)) visit(slot);
      }
    }
  }

  /** A search's matches (found by intersecting its words' lists) filtered, counted, and the page kept in a bounded heap. */
  private fromMatches(
    found: SearchMatches,
    matchesFilters: (slot: number) => boolean,
    compare: Comparator,
    sort: WalkedSort,
    q: IndexQuery,
  ): IndexAnswer {
    const page = new PageOf(q, compare, this.firstSortKey(sort));
    const { entries } = found;
    // From the end: the newest first, as slots follow creation (few replace a kept one in a newest
    // walk; newest first, the page is known once no slot below can enter it, as in newestFromCandidates).
    const newest = sort === 'newest';
    const newestUpTo = newest ? this.currentNewestUpTo() : EMPTY_TIMES;
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
    this.lastListStopped = i >= 0;
    return page.answer(this.ids);
  }

  /** Marks a search's matches as seen by this query (`stamp[slot] === mark`); returns the mark. */
  private mark(found: SearchMatches): number {
    const mark = this.nextStamp();
    const { stamp } = this;
    const { entries } = found;
    for (let i = 0; i < found.length; i++) stamp[entries[i]! >>> 4] = mark;
    return mark;
  }

  /**
   * A search's matches among a filter's candidates (a named value rarer than its words), with
   * their bits read from their words.
   */
  private matchesAmong(candidates: Candidates, matchesFilters: (slot: number) => boolean, search: Int32Array[][]): SearchMatches {
    const found = this.found.reset(candidates.size);
    this.eachCandidate(candidates, matchesFilters, (slot) => {
      const bits = this.searchBits(slot, search);
      if (bits >= 0) found.add(slot, bits & 15, bits >>> 4);
    });
    return found;
  }

  /** A fresh mark for "seen in this query" (`stamp[slot] === mark`), the marks array sized to the catalog. */
  private nextStamp(): number {
    if (this.stamp.length < this.count) this.stamp = new Uint32Array(Math.max(this.count, this.stamp.length * 2, 1024));
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  /**
   * The best bucket (rank × 2 + in stock) any match of the search can have: each lexeme's weight
   * bits over the whole catalog (lexemeBits) combined as a product's own are (rankOf only grows
   * with more bits), and in stock.
   */
  private bestBucket(groups: Int32Array[][]): number {
    let every = MATCH_ALL;
    let some = 0;
    for (const group of groups) {
      let flags = 0;
      for (const alternative of group) {
        let bits = MATCH_ALL;
        for (let i = 0; i < alternative.length; i++) bits &= FLAGS_OF_MASK[this.lexemeBits[alternative[i]!]!]!;
        flags |= bits;
      }
      every &= flags;
      some |= flags;
    }
    return rankOf(every, some) * 2 + 1;
  }

  /** newestUpTo of `slot`, from the slot below's and its own creation time. */
  private extendNewest(slot: number) {
    const own = this.created[slot]!;
    this.newestUpTo[slot] = slot === 0 ? own : Math.max(this.newestUpTo[slot - 1]!, own);
  }

  /**
   * Per slot, the newest creation time at or below it, worked out again first if a product's
   * creation time changed since (rare: an edit of the column). Read by the lists that stop early.
   */
  private currentNewestUpTo(): Float64Array {
    if (this.newestStale) {
      for (let slot = 0; slot < this.count; slot++) this.extendNewest(slot);
      this.newestStale = false;
    }
    return this.newestUpTo;
  }

  /**
   * A search by relevance, in one pass that keeps only a page's worth. The order is rank, then in
   * stock, then newest, so a match's bucket (rank × 2 + in stock) and its creation time are
   * compared inline with the worst match kept; most matches stop there, without a comparator
   * call. At 1 000 000 products a shop's name ("Bunicii": 218 000 matches, all rank 0) took
   * 10–20 ms through the general heap of fromCandidates, ~5 ms this way.
   *
   * With `best` (the matches in slot order, found by intersecting lists), it stops early: read
   * from the last slot down, once the page is full of matches in the best bucket any match can
   * have and no slot below can be newer than the oldest of them (newestUpTo), nothing left can
   * enter the page — only the capped count goes on, and it stops at the cap. Slots are in creation
   * order, so a broad search whose matches share one bucket ("Bunicii", a shop's name) reads a
   * page and the cap instead of all its matches.
   */
  private rankMatches(found: SearchMatches, matchesFilters: (slot: number) => boolean, q: IndexQuery, best = -1): IndexAnswer {
    if (this.bucketOf.length < this.count) this.bucketOf = new Uint8Array(Math.max(this.count, this.bucketOf.length * 2, 1024));
    // No filter: a match is checked for being listed (active) alone, without the filters' closure.
    const unfiltered = isUnfiltered(q.filters);
    const { bucketOf, status, created, ids } = this;
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
    const newestUpTo = best >= 0 ? this.currentNewestUpTo() : EMPTY_TIMES;
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
    this.lastRankedReads = found.length - Math.max(i, 0);
    this.lastListStopped = i >= 0;
    const ordered = heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
    return { ids: ordered.slice(q.offset, need).map((slot) => ids[slot]!), total: Math.min(total, q.cap + 1) };
  }

  private buildOrder(sort: WalkedSort): Int32Array {
    const slots: number[] = [];
    for (let slot = 0; slot < this.count; slot++) if (this.status[slot]! & LISTED) slots.push(slot);
    // Price orders are built on the price before any sale: the slots a running sale overrides
    // are exceptions of every price walk.
    return Int32Array.from(slots.sort(this.comparator(sort, true)));
  }

  private orderOf(sort: WalkedSort): Int32Array {
    let order = this.orders.get(sort);
    if (!order) {
      order = this.buildOrder(sort);
      this.setOrder(sort, order);
      if (!this.ordersBuiltAt) this.ordersBuiltAt = Date.now();
    }
    return order;
  }

  /** The order's value lists and positions (OrderLists), built with the order when it is first asked for. */
  private listsOf(sort: WalkedSort): OrderLists {
    this.orderOf(sort);
    return this.orderLists.get(sort)!;
  }

  private setOrder(sort: WalkedSort, order: Int32Array) {
    const lists = this.orderListsOf(order);
    let step = lists.next();
    while (!step.done) step = lists.next();
    this.installOrder(sort, order, step.value);
  }

  /** The filter values' positions in an order, one attribute per step (~30 ms each at 1 000 000 products). */
  private *orderListsOf(order: Int32Array): Generator<void, OrderLists> {
    const category = this.valuePositions(order, this.category);
    yield;
    const shop = this.valuePositions(order, this.shop);
    yield;
    const season = this.valuePositions(order, this.season);
    yield;
    const quality = this.valuePositions(order, this.quality);
    yield;
    const condition = this.valuePositions(order, this.condition);
    yield;
    const size = this.maskPositions(order, this.sizes);
    yield;
    const color = this.maskPositions(order, this.colors);
    yield;
    const positionOf = new Int32Array(this.count).fill(-1);
    for (let p = 0; p < order.length; p++) positionOf[order[p]!] = p;
    return { category, shop, season, quality, condition, size, color, positionOf };
  }

  private installOrder(sort: WalkedSort, order: Int32Array, lists: OrderLists) {
    this.orders.set(sort, order);
    this.orderLists.set(sort, lists);
    if (sort === 'price_asc' || sort === 'price_desc')
      this.orderPrices.set(
        sort,
        order.map((slot) => this.price[slot]!),
      );
  }

  /**
   * Each value's positions in `order` (a counting sort: values coded once, then two passes over
   * typed arrays — ~30 ms per attribute and order at 1 000 000 products).
   */
  private valuePositions(order: Int32Array, column: Int32Array): Map<number, Int32Array> {
    const n = order.length;
    const codeOf = new Map<number, number>();
    const values: number[] = [];
    const codes = new Int32Array(n);
    for (let p = 0; p < n; p++) {
      const value = column[order[p]!]!;
      let code = codeOf.get(value);
      if (code === undefined) {
        code = values.length;
        codeOf.set(value, code);
        values.push(value);
      }
      codes[p] = code;
    }
    const starts = new Int32Array(values.length + 1);
    for (let p = 0; p < n; p++) starts[codes[p]! + 1]!++;
    for (let c = 1; c <= values.length; c++) starts[c]! += starts[c - 1]!;
    const cursor = starts.slice(0, values.length);
    const positions = new Int32Array(n);
    for (let p = 0; p < n; p++) positions[cursor[codes[p]!]!++] = p;
    return new Map(values.map((value, c) => [value, positions.subarray(starts[c]!, starts[c + 1]!)]));
  }

  /** Each value's positions in `order`, for a many-valued attribute (a product in several lists). */
  private maskPositions(order: Int32Array, column: MaskColumn): Map<number, Int32Array> {
    const { masks, words } = column;
    const bits = words * 32;
    const starts = new Int32Array(bits + 1);
    const eachBit = (slot: number, each: (bit: number) => void) => {
      for (let w = 0; w < words; w++) {
        let mask = masks[slot * words + w]!;
        while (mask) {
          each(w * 32 + 31 - Math.clz32(mask & -mask));
          mask &= mask - 1;
        }
      }
    };
    for (let p = 0; p < order.length; p++) eachBit(order[p]!, (bit) => starts[bit + 1]!++);
    for (let b = 1; b <= bits; b++) starts[b]! += starts[b - 1]!;
    const cursor = starts.slice(0, bits);
    const positions = new Int32Array(starts[bits]!);
    for (let p = 0; p < order.length; p++) eachBit(order[p]!, (bit) => (positions[cursor[bit]!++] = p));
    const lists = new Map<number, Int32Array>();
    for (let bit = 0; bit < bits; bit++)
      if (starts[bit + 1]! > starts[bit]!) lists.set(column.valueAt(bit), positions.subarray(starts[bit]!, starts[bit + 1]!));
    return lists;
  }

  /**
   * The lists of the named attribute whose lists, in this order, are the shortest (the walk reads
   * only those); undefined when the request names none.
   */
  private namedLists(sort: WalkedSort, f: IndexFilters): Int32Array[] | undefined {
    const byValue = this.listsOf(sort);
    let best: Int32Array[] | undefined;
    let bestSize = Infinity;
    for (const attribute of FILTER_ATTRIBUTES) {
      const keys = f[attribute];
      if (!keys) continue;
      const lists = keys.map((key) => byValue[attribute].get(key) ?? EMPTY_SLOTS);
      const size = lists.reduce((n, list) => n + list.length, 0);
      if (size < bestSize) {
        best = lists;
        bestSize = size;
      }
    }
    return best;
  }

  /**
   * The products on sale now in a price order's sequence (their sale price), sorted once per
   * change of the running sales rather than per request: at 1 000 000 products a flash sale
   * names tens of thousands, and sorting them for every price walk cost ~15 ms.
   */
  private overridesInOrder(sort: 'price_asc' | 'price_desc'): Int32Array {
    const cached = this.sortedOverrides.get(sort);
    if (cached && cached.source === this.overriddenSlots) return cached.slots;
    const slots = Int32Array.from(this.overriddenSlots).sort(this.comparator(sort));
    this.sortedOverrides.set(sort, { source: this.overriddenSlots, slots });
    return slots;
  }

  /**
   * Walks the order (or, with `lists`, only the positions those per-value lists hold, merged)
   * from `from` to `to`, emitting matches and the exceptions at their place, until the page is
   * full and the capped count known.
   */
  private walk(
    sort: WalkedSort,
    range: [number, number],
    matches: (slot: number) => boolean,
    compare: Comparator,
    q: IndexQuery,
    lists?: readonly Int32Array[],
  ): IndexAnswer {
    return this.walkOrder(sort, range, matches, compare, q, lists)!;
  }

  /**
   * walk, and with `known` (fromBitmaps): the count known, so it stops at the page's end; at
   * most `maxVisits` products visited (undefined when it gives up); and each visit first tests
   * `inMatches` (a bit of the matches' bitmap, in cache), before the reads of the product's
   * changed mark and sale price that miss the cache at 1 000 000 products.
   */
  private walkOrder(
    sort: WalkedSort,
    [from, to]: [number, number],
    matches: (slot: number) => boolean,
    compare: Comparator,
    q: IndexQuery,
    lists?: readonly Int32Array[],
    known?: { total: number; maxVisits: number; inMatches: (slot: number) => boolean },
  ): IndexAnswer | undefined {
    const order = this.orderOf(sort);
    const skip = this.exception(sort);
    const exceptions = this.exceptionsOf(sort, matches, compare);

    const need = q.offset + q.limit;
    const limit = q.cap + 1;
    const page: number[] = [];
    let emitted = 0;
    const emit = (slot: number) => {
      if (emitted >= q.offset && emitted < need) page.push(this.ids[slot]!);
      emitted++;
    };
    // With the count known (fromBitmaps), the walk stops at the page's end.
    const full = known === undefined ? () => emitted >= need && emitted >= limit : () => emitted >= need;
    const maxVisits = known?.maxVisits ?? Infinity;
    let visits = 0;
    const answer = (): IndexAnswer | undefined =>
      visits > maxVisits ? undefined : { ids: page, total: known?.total ?? Math.min(emitted, limit) };
    // One product of the order: true once the page and the count are complete.
    const inMatches = known?.inMatches;
    const visit = (slot: number): boolean => {
      if (++visits > maxVisits) return true;
      if ((inMatches && !inMatches(slot)) || skip(slot) || !matches(slot)) return false;
      while (exceptions.next >= 0 && compare(exceptions.next, slot) < 0) emit(exceptions.take());
      emit(slot);
      return full();
    };
    // Outside [from, to) no product of the order can match (a price range on a price order).
    if (!lists) {
      for (let i = from; i < to; i++) if (visit(order[i]!)) return answer();
    } else if (lists.length === 1) {
      const list = lists[0]!;
      const end = lowerBound(list, to);
      for (let i = lowerBound(list, from); i < end; i++) if (visit(order[list[i]!]!)) return answer();
    } else {
      // Several values of one attribute (two colours): their lists merged by position; a product
      // with both is in both lists at the same position, visited once.
      const at = lists.map((list) => lowerBound(list, from));
      for (;;) {
        let position = to;
        for (let j = 0; j < lists.length; j++)
          if (at[j]! < lists[j]!.length && lists[j]![at[j]!]! < position) position = lists[j]![at[j]!]!;
        if (position >= to) break;
        for (let j = 0; j < lists.length; j++) if (at[j]! < lists[j]!.length && lists[j]![at[j]!] === position) at[j]!++;
        if (visit(order[position]!)) return answer();
      }
    }
    while (exceptions.next >= 0 && !full()) emit(exceptions.take());
    return answer();
  }

  /**
   * Whether a product of the order is not at its place in it: changed since the order was built,
   * or (price orders) on sale now. Walks skip them and take them from exceptionsOf.
   */
  private exception(sort: WalkedSort): (slot: number) => boolean {
    const { changed, override } = this;
    return sort === 'price_asc' || sort === 'price_desc'
      ? (slot) => changed[slot] === 1 || override[slot]! >= 0
      : (slot) => changed[slot] === 1;
  }

  /** The matching exceptions (see exception) in the sort's sequence, to merge into a walk. */
  private exceptionsOf(sort: WalkedSort, matches: (slot: number) => boolean, compare: Comparator): Exceptions {
    const priced = sort === 'price_asc' || sort === 'price_desc';
    const changed = this.changed;
    return new Exceptions(
      this.changedSlots.filter(matches).sort(compare),
      priced ? this.overridesInOrder(sort) : EMPTY_SLOTS,
      (slot) => changed[slot] !== 1 && matches(slot),
      compare,
    );
  }

  /**
   * With the count known and the matches in bitmap `m`: the page as the matching products with
   * the smallest positions in the order (positionOf: one read per match, in slot order, so the
   * reads stream through memory). Those positions are then walked as a value's list is
   * (walkOrder), which merges the exceptions in at their place — what a walk of the whole order
   * would emit, without visiting the products in between. The way when a walk would be long: a
   * broad search by price ("Literar", 132 016 matches at 1 000 000 products, bunched at the far
   * end of a price-descending walk) read every match through the page's heap, ~3–5 ms.
   */
  private pageByPositions(
    sort: WalkedSort,
    range: [number, number],
    m: Uint32Array,
    matches: (slot: number) => boolean,
    compare: Comparator,
    q: IndexQuery,
    total: number,
  ): IndexAnswer {
    const { positionOf } = this.listsOf(sort);
    const skip = this.exception(sort);
    const [from, to] = range;
    const smallest = new TopK(q.offset + q.limit, (a, b) => a - b);
    // Slots past positionOf's end were added since the order was built: exceptions all.
    const words = Math.min((this.count + 31) >>> 5, (positionOf.length + 31) >>> 5);
    for (let w = 0; w < words; w++) {
      let bits = m[w]!;
      while (bits) {
        const slot = w * 32 + lowestBit(bits);
        bits &= bits - 1;
        const position = slot < positionOf.length ? positionOf[slot]! : -1;
        // Outside [from, to) (or not in the order) no product can be a match in its place.
        if (position < from || position >= to) continue;
        if (smallest.full && position >= smallest.top) continue;
        if (!skip(slot) && matches(slot)) smallest.push(position);
      }
    }
    const inMatches = (slot: number) => hasBit(m, slot);
    return this.walkOrder(sort, range, matches, compare, q, [Int32Array.from(smallest.sorted())], {
      total,
      maxVisits: Infinity,
      inMatches,
    })!;
  }
}

/**
 * A walk's exceptions in its sequence, from two sorted streams — the matching products changed
 * since the order was built, and (price orders) the products on sale now, kept when `keepOnSale`
 * says so — read only as far as needed. `next` is the next one (-1: none left).
 */
class Exceptions {
  private c = 0;
  private o = 0;
  next: number;
  constructor(
    private readonly changedMatching: readonly number[],
    private readonly onSale: Int32Array,
    private readonly keepOnSale: (slot: number) => boolean,
    private readonly compare: Comparator,
  ) {
    this.next = this.find();
  }

  /** Returns `next` and moves on to the one after it. */
  take(): number {
    const slot = this.next;
    if (this.c < this.changedMatching.length && this.changedMatching[this.c] === slot) this.c++;
    else this.o++;
    this.next = this.find();
    return slot;
  }

  private find(): number {
    const { onSale, changedMatching } = this;
    while (this.o < onSale.length && !this.keepOnSale(onSale[this.o]!)) this.o++;
    const fromSale = this.o < onSale.length ? onSale[this.o]! : -1;
    const fromChanged = this.c < changedMatching.length ? changedMatching[this.c]! : -1;
    if (fromSale < 0) return fromChanged;
    if (fromChanged < 0) return fromSale;
    return this.compare(fromSale, fromChanged) <= 0 ? fromSale : fromChanged;
  }
}

/** The k first items under `compare`, kept in a heap of the k best seen (worst on top). */
class TopK {
  private readonly heap: number[] = [];
  /** Worst first: the heap's top is the item the others all come before. */
  private readonly later: (a: number, b: number) => boolean;
  constructor(
    private readonly k: number,
    private readonly compare: Comparator,
  ) {
    this.later = (a, b) => compare(a, b) > 0;
  }

  push(item: number) {
    if (this.heap.length < this.k) siftUp(this.heap, item, this.later);
    else if (this.k > 0 && this.compare(item, this.heap[0]!) < 0) siftDown(this.heap, item, this.later);
  }

  /** Whether k items are kept (every further one must beat `top`). */
  get full(): boolean {
    return this.k > 0 && this.heap.length === this.k;
  }

  /** The worst item kept. */
  get top(): number {
    return this.heap[0]!;
  }

  sorted(): number[] {
    return [...this.heap].sort(this.compare);
  }
}

/**
 * A sorted list's page and capped count from its matches in any order: the page kept in a TopK.
 * Once the page is full, a match whose first sort key is below the worst kept one's is dropped
 * after one or two array reads, without the comparator's calls (at 1 000 000 products most of
 * the candidates of a broad filter; ties go through the comparator).
 */
class PageOf {
  private readonly heap: TopK;
  private worstKey = -Infinity;
  private total = 0;
  /** The page can no longer change: matches are only counted (closeAbove). */
  private closed = false;
  constructor(
    private readonly q: IndexQuery,
    compare: Comparator,
    private readonly keyOf: (slot: number) => number,
  ) {
    this.heap = new TopK(q.offset + q.limit, compare);
  }

  /**
   * For matches read by descending first key: no match still to come can have a key above
   * `highest`, so once the page is full with keys above it, the page is final. (A list that wants
   * no page is final from the start: callers check `counting()` first, which says so.)
   */
  closeAbove(highest: number) {
    if (this.heap.full && highest < this.worstKey) this.closed = true;
  }

  /** Whether matches are now only counted (the page is final, or none is wanted). */
  counting(): boolean {
    return this.closed || this.q.offset + this.q.limit === 0;
  }

  /** Counts a match without keeping it; true once the capped count is reached (read no more). */
  countOne(): boolean {
    return ++this.total > this.q.cap;
  }

  add(slot: number) {
    this.total++;
    if (this.keyOf(slot) < this.worstKey) return;
    this.heap.push(slot);
    if (this.heap.full) this.worstKey = this.keyOf(this.heap.top);
  }

  answer(ids: Int32Array): IndexAnswer {
    const { offset, limit, cap } = this.q;
    return {
      ids: this.heap
        .sorted()
        .slice(offset, offset + limit)
        .map((slot) => ids[slot]!),
      total: Math.min(this.total, cap + 1),
    };
  }
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

/** Adds `item` to a binary heap whose top is the least under `less`. */
function siftUp(heap: number[], item: number, less: (a: number, b: number) => boolean) {
  let i = heap.push(item) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!less(item, heap[parent]!)) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = item;
}

/** Replaces the top of a binary heap (top: the least under `less`) with `item`. */
function siftDown(heap: number[], item: number, less: (a: number, b: number) => boolean) {
  const n = heap.length;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= n) break;
    const right = left + 1;
    const child = right < n && less(heap[right]!, heap[left]!) ? right : left;
    if (!less(heap[child]!, item)) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = item;
}
