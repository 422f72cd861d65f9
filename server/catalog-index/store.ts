/**
 * The catalog index's state: one slot per product ever indexed, its columns (typed arrays read
 * by slot), the posting lists, the filter bitmaps, the running sales' prices, the walk orders,
 * and the scratch every query reuses — with the small reads every module shares (a slot's
 * current price, the sort comparators, the search words' posting lists for search-matches.ts).
 * Written by updates.ts and orders.ts, read by the planner and the executors; no logic of its
 * own beyond that. Terms (slot, walk order, exception, dense word…): README.md.
 */
import { FilterBitmaps, type FilterAttribute } from './filter-bitmaps.ts';
import { FLAGS_OF_MASK, MATCH_ALL, SearchMatches, type PostingSource } from './search-matches.ts';
import { MaskColumn, Postings, grown, withBit, type OrderLists } from './columns.ts';
import { WORDS_EDITED, type Comparator, type IndexPath, type IndexedSale, type WalkedSort } from './types.ts';

export class IndexStore implements PostingSource {
  /**
   * @param path how a list that names a filter or a word is answered (IndexPath): `measured`
   *   (the cheapest way, see candidatesCheaper and fromBitmaps), or always one way — tests ask
   *   every way of every query, as each must give the same answer.
   */
  constructor(public path: IndexPath = 'measured') {}

  /**
   * A measuring hook (scripts/bench/bench-index-paths.ts): sees each choice the cost model makes
   * between candidates (true) and a walk (false), and may replace it. Unset in the product.
   */
  onChoice?: (candidatesCheaper: boolean) => boolean;

  count = 0;
  readonly slotOf = new Map<number, number>();
  ids = new Int32Array(0);
  category = new Int32Array(0);
  shop = new Int32Array(0);
  season = new Int32Array(0);
  quality = new Int32Array(0);
  condition = new Int32Array(0);
  sold = new Int32Array(0);
  price = new Int32Array(0);
  created = new Float64Array(0);
  /**
   * Per slot, the newest creation time among slots 0..slot: what a list read from the last slot
   * down may still meet (rankMatches, fromMatches and newestFromCandidates stop once nothing below
   * can enter their page). A full load numbers slots in creation order (index-source.ts), so this
   * is the slot's own time; a product changed to an older or newer time makes it stale
   * (`newestStale`: worked out again before the next list that reads it).
   */
  newestUpTo = new Float64Array(0);
  newestStale = false;
  /**
   * Per slot, whether the product is listed, in stock, and had its words edited (LISTED,
   * IN_STOCK, WORDS_EDITED), in one byte: every candidate reads it, and at 1 000 000 products a
   * candidate of a sparse word list is a cache miss in each array it reads.
   */
  status = new Uint8Array(0);
  /** Changed (or added) since the walk orders were built: an exception in every walk. */
  changed = new Uint8Array(0);
  changedSlots: number[] = [];
  readonly sizes = new MaskColumn();
  readonly colors = new MaskColumn();
  /** Per slot, sorted: lexeme id × 16 + weight bits. */
  terms: Int32Array[] = [];
  readonly lexemeIds = new Map<string, number>();
  /**
   * Per lexeme: slot × 16 + the lexeme's weight bits in that product when it was added, so a
   * search reads matches and rank straight from the list. Exact unless the product's words were
   * edited since (WORDS_EDITED): then its terms are read instead.
   */
  readonly byLexeme: number[][] = [];
  /**
   * Lexemes whose posting list is no longer in slot order (an edit appended to it; sorted again
   * with the orders, or by the first search that reads it: sortedPostings). Searches intersect
   * sorted lists (search-matches.ts).
   */
  lexemeUnsorted: boolean[] = [];
  /**
   * Per lexeme, every weight bit it has had in any product (ORed, never cleared): the best a
   * search's match can rank is known before any match is read (bestBucket).
   */
  lexemeBits: number[] = [];
  /**
   * Per lexeme that a sixteenth of the catalog or more has, once a search asked for it: a bitmap
   * of its slots (denseSlots). Kept as words are added; a word lost in an edit keeps its bit (the
   * bitmap is a superset: search-matches.ts only uses it to leave products out).
   */
  readonly lexemeSlots: (Uint32Array | undefined)[] = [];
  readonly byCategory = new Postings();
  readonly byShop = new Postings();
  readonly bySeason = new Postings();
  readonly byQuality = new Postings();
  readonly byCondition = new Postings();
  readonly bySize = new Postings();
  readonly byColor = new Postings();
  /**
   * Per filter attribute: its values' posting lists, and whether a slot has a value now (read at
   * call time: the columns are replaced as they grow).
   */
  readonly filterColumns: Record<FilterAttribute, { postings: Postings; has: (slot: number, value: number) => boolean }> = {
    category: { postings: this.byCategory, has: (slot, value) => this.category[slot] === value },
    shop: { postings: this.byShop, has: (slot, value) => this.shop[slot] === value },
    season: { postings: this.bySeason, has: (slot, value) => this.season[slot] === value },
    quality: { postings: this.byQuality, has: (slot, value) => this.quality[slot] === value },
    condition: { postings: this.byCondition, has: (slot, value) => this.condition[slot] === value },
    size: { postings: this.bySize, has: (slot, value) => this.sizes.has(slot, value) },
    color: { postings: this.byColor, has: (slot, value) => this.colors.has(slot, value) },
  };
  /** Common filter values as bitmaps over the slots (filter-bitmaps.ts), with "listed" and "in stock". */
  readonly bitmaps = new FilterBitmaps();

  sales: IndexedSale[] = [];
  /** Sale price (bani) overriding a slot's price now; -1 none. Valid for [validFrom, validUntil). */
  override = new Int32Array(0);
  overriddenSlots: number[] = [];
  overrideValidFrom = Infinity;
  overrideValidUntil = -Infinity;

  readonly orders = new Map<WalkedSort, Int32Array>();
  /** Per order, the filter values' positions in it (built with the order; see OrderLists). */
  readonly orderLists = new Map<WalkedSort, OrderLists>();
  /** The products on sale now, in each price order's sequence (see overridesInOrder). */
  readonly sortedOverrides = new Map<WalkedSort, { source: number[]; slots: Int32Array }>();
  /** For the price orders: each position's price when the order was built (monotonic). */
  readonly orderPrices = new Map<WalkedSort, Int32Array>();
  ordersBuiltAt = 0;

  // Scratch, reused by every query (one query runs at a time: JavaScript is single-threaded).
  stamp = new Uint32Array(0);
  generation = 0;
  /** A ranked search's kept matches' bucket: rank × 2 + in stock (rankMatches). */
  bucketOf = new Uint8Array(0);
  /** The current search's matches (SearchMatches: its buffers are reused). */
  readonly found = new SearchMatches();
  /** How many matches the last search by relevance read (tests and bench:index: the early stop's effect). */
  lastRankedReads = 0;
  /** Whether the last search read by rankMatches or fromMatches stopped before the end of its matches (its page and count were known). */
  lastListStopped = false;

  /** Active products indexed. */
  get size() {
    return this.slotOf.size - this.inactive;
  }
  inactive = 0;

  /** Products whose place in a walk order is out of date (rebuild with rebuildOrders()). */
  get pendingChanges() {
    return this.changedSlots.length;
  }

  /** When the walk orders were last built (ms); 0 before the first. */
  get ordersAge() {
    return this.ordersBuiltAt;
  }

  ensureCapacity(size: number) {
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

  markChanged(slot: number) {
    if (this.changed[slot]) return;
    this.changed[slot] = 1;
    this.changedSlots.push(slot);
  }

  /** Brings `override` to the running sales at `nowUs` (recomputed only when a sale starts or ends). */
  pricesAt(nowUs: number) {
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

  currentPrice(slot: number) {
    const sale = this.override[slot]!;
    return sale >= 0 ? sale : this.price[slot]!;
  }

  maskOf(terms: Int32Array, lexemeId: number): number {
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

  /** A fresh mark for "seen in this query" (`stamp[slot] === mark`), the marks array sized to the catalog. */
  nextStamp(): number {
    if (this.stamp.length < this.count) this.stamp = new Uint32Array(Math.max(this.count, this.stamp.length * 2, 1024));
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }

  /** Marks a search's matches as seen by this query (`stamp[slot] === mark`); returns the mark. */
  mark(found: SearchMatches): number {
    const mark = this.nextStamp();
    const { stamp } = this;
    const { entries } = found;
    for (let i = 0; i < found.length; i++) stamp[entries[i]! >>> 4] = mark;
    return mark;
  }

  /** newestUpTo of `slot`, from the slot below's and its own creation time. */
  extendNewest(slot: number) {
    const own = this.created[slot]!;
    this.newestUpTo[slot] = slot === 0 ? own : Math.max(this.newestUpTo[slot - 1]!, own);
  }

  /**
   * Per slot, the newest creation time at or below it, worked out again first if a product's
   * creation time changed since (rare: an edit of the column). Read by the lists that stop early.
   */
  currentNewestUpTo(): Float64Array {
    if (this.newestStale) {
      for (let slot = 0; slot < this.count; slot++) this.extendNewest(slot);
      this.newestStale = false;
    }
    return this.newestUpTo;
  }

  /**
   * The comparator's first key as one number, larger first: created, units sold, −price or price
   * (the current price, as the comparator reads it). Equal keys say nothing: the comparator decides.
   */
  firstSortKey(sort: WalkedSort): (slot: number) => number {
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

  comparator(sort: WalkedSort, basePrice = false): Comparator {
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
}
