/**
 * Filter values as bitmaps over the index's slots (bit `slot` of a value's bitmap: the product in
 * that slot has the value now). A filter that names common values is then answered a word — 32
 * products — at a time: the named values' bitmaps ORed per attribute and ANDed across attributes
 * (with "listed" and "in stock"), and the matches counted with a popcount. Checking candidates one
 * by one costs each candidate ~60–80 ns at 1 000 000 products (random reads of five attribute
 * columns), so counting the matches of a value held by 70 000 products up to the cap of 1 000
 * took ~2–5 ms; the same count over 31 250 words takes ~0.1 ms (issue #13, performance.md).
 *
 * Only common values get a bitmap (built on first use from the value's posting list, then kept
 * current by every write): a value held by fewer than 1/128 of the catalog is cheaper to check by
 * its candidates, and a bitmap per value of a long tail (a marketplace's ten thousand shops)
 * would cost catalog ÷ 8 bytes each. So the memory stays within ~16 bytes per posting entry. A
 * rare value named beside common ones gets a bitmap for that query only (transient).
 */
/** The attributes a list filters on (the index's posting lists, walk orders' lists and bitmaps). */
export type FilterAttribute = 'category' | 'shop' | 'season' | 'quality' | 'condition' | 'size' | 'color';
export const FILTER_ATTRIBUTES: readonly FilterAttribute[] = ['category', 'shop', 'season', 'quality', 'condition', 'size', 'color'];

/** A value gets a bitmap when at least this share of the catalog (1 / n) holds it. */
const DENSE_SHARE = 128;

export class FilterBitmaps {
  /** Words of every bitmap (capacity ÷ 32, rounded up). */
  private words = 0;
  /** Listed (active) products. */
  listed = new Uint32Array(0);
  /** Products with at least one unit in stock. */
  inStock = new Uint32Array(0);
  private readonly byValue: Record<FilterAttribute, Map<number, Uint32Array>> = {
    category: new Map(),
    shop: new Map(),
    season: new Map(),
    quality: new Map(),
    condition: new Map(),
    size: new Map(),
    color: new Map(),
  };
  /** The last query's matches (reused: one query at a time, and nothing keeps it between queries). */
  private matches = new Uint32Array(0);
  /** Bitmaps of rare values, built for one query and reused by the next (see transient). */
  private readonly pool: Uint32Array[] = [];
  private poolUsed = 0;

  /** Grows every bitmap to hold `slots` slots. */
  ensureSlots(slots: number) {
    const words = (slots + 31) >>> 5;
    if (words <= this.words) return;
    this.words = Math.max(words, this.words * 2, 32);
    const grow = (bitmap: Uint32Array) => {
      const next = new Uint32Array(this.words);
      next.set(bitmap);
      return next;
    };
    this.listed = grow(this.listed);
    this.inStock = grow(this.inStock);
    for (const attribute of FILTER_ATTRIBUTES) {
      const maps = this.byValue[attribute];
      for (const [value, bitmap] of maps) maps.set(value, grow(bitmap));
    }
    this.matches = new Uint32Array(this.words);
    this.pool.length = 0;
  }

  /** A new query: the transient bitmaps of the last one are free again. */
  startQuery() {
    this.poolUsed = 0;
  }

  /**
   * A bitmap for this query only (words 0..words-1 cleared, then `build` sets its bits): a rare
   * value named beside common ones (one uncommon size of two) is ANDed like them, at the cost of
   * clearing the words and setting its few bits, without keeping a bitmap per rare value.
   */
  transient(words: number, build: (bitmap: Uint32Array) => void): Uint32Array {
    let bitmap = this.pool[this.poolUsed];
    if (!bitmap) this.pool.push((bitmap = new Uint32Array(this.words)));
    this.poolUsed++;
    bitmap.fill(0, 0, words);
    build(bitmap);
    return bitmap;
  }

  /** A value's bitmap, if it has one. */
  of(attribute: FilterAttribute, value: number): Uint32Array | undefined {
    return this.byValue[attribute].get(value);
  }

  /**
   * A value's bitmap, built now from its candidates when the value is common enough (`holders`:
   * the length of its posting list, an upper bound of its products); undefined for a rare value.
   */
  ofCommon(
    attribute: FilterAttribute,
    value: number,
    holders: number,
    catalog: number,
    build: (bitmap: Uint32Array) => void,
  ): Uint32Array | undefined {
    const known = this.byValue[attribute].get(value);
    if (known) return known;
    if (holders * DENSE_SHARE < catalog) return undefined;
    const bitmap = new Uint32Array(this.words);
    build(bitmap);
    this.byValue[attribute].set(value, bitmap);
    return bitmap;
  }

  /** A single-valued attribute of `slot` changed from `before` (undefined: a new product) to `after`. */
  move(attribute: FilterAttribute, slot: number, before: number | undefined, after: number) {
    if (before === after) return;
    const maps = this.byValue[attribute];
    if (before !== undefined) {
      const old = maps.get(before);
      if (old) setBit(old, slot, false);
    }
    const next = maps.get(after);
    if (next) setBit(next, slot, true);
  }

  /** A many-valued attribute of `slot` (sizes, colours) changed: each bitmap of it set from `has`. */
  setMany(attribute: 'size' | 'color', slot: number, has: (value: number) => boolean) {
    for (const [value, bitmap] of this.byValue[attribute]) setBit(bitmap, slot, has(value));
  }

  /**
   * The slots that are listed (and in stock, when asked) and have, for each attribute, one of its
   * values' bitmaps: the words 0..words-1 of a bitmap reused by the next call.
   */
  match(words: number, inStock: boolean, attributes: readonly (readonly Uint32Array[])[]): Uint32Array {
    const m = this.matches;
    const listed = this.listed;
    if (inStock) {
      const stock = this.inStock;
      for (let w = 0; w < words; w++) m[w] = listed[w]! & stock[w]!;
    } else m.set(listed.subarray(0, words));
    for (const values of attributes) {
      if (values.length === 1) {
        const a = values[0]!;
        for (let w = 0; w < words; w++) m[w]! &= a[w]!;
      } else if (values.length === 2) {
        const a = values[0]!;
        const b = values[1]!;
        for (let w = 0; w < words; w++) m[w]! &= a[w]! | b[w]!;
      } else {
        for (let w = 0; w < words; w++) {
          let any = 0;
          for (let v = 0; v < values.length; v++) any |= values[v]![w]!;
          m[w]! &= any;
        }
      }
    }
    return m;
  }
}

export function setBit(bitmap: Uint32Array, slot: number, on: boolean) {
  if (on) bitmap[slot >>> 5]! |= 1 << (slot & 31);
  else bitmap[slot >>> 5]! &= ~(1 << (slot & 31));
}

export const hasBit = (bitmap: Uint32Array, slot: number) => (bitmap[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/** Set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Set bits of words 0..words-1, counting no further than `limit`. */
export function countUpTo(bitmap: Uint32Array, words: number, limit: number): number {
  let n = 0;
  for (let w = 0; w < words && n < limit; w++) if (bitmap[w]) n += popcount(bitmap[w]!);
  return Math.min(n, limit);
}

/** Index of the lowest set bit of a non-zero word. */
export const lowestBit = (x: number) => 31 - Math.clz32(x & -x);

/** Each set bit of words 0..words-1, in ascending slot order. */
export function eachSetBit(bitmap: Uint32Array, words: number, visit: (slot: number) => void) {
  for (let w = 0; w < words; w++) {
    let bits = bitmap[w]!;
    while (bits) {
      visit(w * 32 + lowestBit(bits));
      bits &= bits - 1;
    }
  }
}

/** Each set bit of words 0..words-1 from the highest slot down (the newest first), until `visit` returns true. */
export function eachSetBitDown(bitmap: Uint32Array, words: number, visit: (slot: number) => boolean) {
  for (let w = words - 1; w >= 0; w--) {
    let bits = bitmap[w]!;
    while (bits) {
      const bit = 31 - Math.clz32(bits);
      bits &= ~(1 << bit);
      if (visit(w * 32 + bit)) return;
    }
  }
}
