/**
 * The catalog index's storage pieces: posting lists (a value's slots), mask columns (sizes and
 * colours as bits per slot), and the small array helpers the other modules share. The columns
 * themselves live in IndexStore (store.ts). Terms (slot, posting list, …): README.md.
 */
import type { FilterAttribute } from './filter-bitmaps.ts';

export const EMPTY_SLOTS = new Int32Array(0);
export const EMPTY_TIMES = new Float64Array(0);
/** The newest creation time a slot below `slot` can have (newestUpTo of the slot below; none below slot 0). */
export const newestBelow = (newestUpTo: Float64Array, slot: number) => (slot === 0 ? -Infinity : newestUpTo[slot - 1]!);
export const sameTerms = (a: Int32Array, b: Int32Array) => a.length === b.length && a.every((value, i) => value === b[i]);

/** Appends only; a list may hold slots that no longer have the value (checked when read). */
export class Postings {
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
export class MaskColumn {
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
export const anyBit = (masks: Uint32Array, words: number, slot: number, want: Uint32Array): boolean => {
  if (words === 1) return (masks[slot]! & want[0]!) !== 0;
  for (let w = 0; w < words; w++) if ((masks[slot * words + w]! & want[w]!) !== 0) return true;
  return false;
};

/** First index of a sorted list whose value is at least `value`. */
export const lowerBound = (list: Int32Array, value: number, lo = 0): number => {
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
export type OrderLists = Record<FilterAttribute, Map<number, Int32Array>> & {
  /**
   * Each slot's position in the order (-1: not in it; slots added since are past its end): a
   * page of many matches is then the matches with the smallest positions (pageByPositions).
   */
  positionOf: Int32Array;
};

/** `bitmap` with `slot`'s bit set (a larger copy when the slot is past its end). */
export function withBit(bitmap: Uint32Array, slot: number): Uint32Array {
  const word = slot >>> 5;
  if (word >= bitmap.length) bitmap = grown(bitmap, word + 1);
  bitmap[word]! |= 1 << (slot & 31);
  return bitmap;
}

export function grown<T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}

export const contains = (values: readonly number[], value: number) => {
  for (let i = 0; i < values.length; i++) if (values[i] === value) return true;
  return false;
};
