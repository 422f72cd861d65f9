/**
 * A search's matches as one list (issue #13, ADR 041): the products that have every searched
 * group, with how each group is present in them — found by intersecting posting lists in slot
 * order, the way a search engine intersects its postings.
 *
 * The rarest group's lists are read once (its alternatives merged), then each further group,
 * rarest first, is galloped along as the slots ascend: a step costs the log of the gap to the
 * next match, so a large group costs little more than the matches left. Only the products that
 * have every group are kept, and the list shrinks at each group ("Editura Polirom ghete": 19 607
 * products say "Polirom", ~0 of them also "ghete", and the 132 016 of "editura" are then never
 * read). Before, every group's bits were gathered into arrays over the whole catalog and each
 * candidate checked against them: ~20 000 random reads per group, 3–8 ms at 1 000 000 products.
 *
 * Ranking (rank, then in stock, then newest) and the walked sorts read the list afterwards;
 * filters are not applied here.
 */
import { weightMask } from '#server/lib/tsvector.ts';

const WEIGHT_A = weightMask('A');
const WEIGHT_B = weightMask('B');
const WEIGHT_ABC = weightMask('ABC');
/**
 * How many list entries' bits can be set (groupBitmap, ~1–2 ns each) for the cost of one
 * match galloped along a group's lists (~10–20 ns a list).
 */
const GALLOPS_PER_BIT = 8;

/**
 * How a searched group is present in a product, as bits: at all, in name/brand/category, in the
 * brand, in the name — what matching and the SQL's rank need, worked out in one pass over the
 * group (an alternative has a bit when every one of its lexemes has it).
 */
export const MATCH_ANY = 1;
export const MATCH_ABC = 2;
export const MATCH_B = 4;
export const MATCH_A = 8;
export const MATCH_ALL = 15;

/** A lexeme's weight bits → its match bits. */
export const FLAGS_OF_MASK = Uint8Array.from({ length: 16 }, (_, mask) =>
  mask === 0 ? 0 : MATCH_ANY | (mask & WEIGHT_ABC ? MATCH_ABC : 0) | (mask & WEIGHT_B ? MATCH_B : 0) | (mask & WEIGHT_A ? MATCH_A : 0),
);

/**
 * The SQL's rank from a product's match bits: `every` ANDed over the searched groups, `some`
 * ORed. +4 a searched word is the brand; +2 every group in the name, else +1 every group in name,
 * brand or category.
 */
export const rankOf = (every: number, some: number) => (some & MATCH_B ? 4 : 0) + (every & MATCH_A ? 2 : every & MATCH_ABC ? 1 : 0);

/** First index at or after `from` of a sorted list whose value is at least `value` (galloping: cheap for nearby targets). */
export const gallop = (list: ArrayLike<number>, from: number, value: number): number => {
  let lo = from;
  if (lo >= list.length || list[lo]! >= value) return lo;
  let step = 1;
  let hi = lo + step;
  while (hi < list.length && list[hi]! < value) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > list.length) hi = list.length;
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** What the matches are found in: the catalog index's posting lists and products' words. */
export interface PostingSource {
  /** A lexeme's posting list (entries slot × 16 + its weight bits when added), in slot order. */
  sortedPostings(lexeme: number): readonly number[];
  /**
   * A product whose words were edited since it was first listed: its entries may be stale (a
   * word it lost, an old weight, a word twice), so its bits are read from its words instead.
   */
  wordsEdited(slot: number): boolean;
  /** An alternative's match bits in a product's own words (MATCH_*; 0: absent). */
  alternativeFlags(slot: number, alternative: Int32Array): number;
  /**
   * A bitmap of the slots (bit `slot & 31` of word `slot >>> 5`) of a word that a sixteenth of
   * the catalog or more has — a superset of its products (a word lost in an edit keeps its bit) —
   * or undefined for a rarer word.
   */
  denseSlots(lexeme: number): Uint32Array | undefined;
  /** How many slots the catalog has (what "a sixteenth" is of). */
  readonly slotCount: number;
}

/**
 * One search's matches; reused from query to query (the index is single-threaded). Each match is
 * one entry, slot × 16 + its groups' bits ANDed (read them with `>>> 4` and `& 15`), so a word's
 * matches are written once, as its list is read — no second pass to split them into arrays (at
 * 1 000 000 products that pass was 17 % of a search request's CPU).
 */
export class SearchMatches {
  /** Per match: slot × 16 + its groups' match bits ANDed (the rank's "every group…"); ascending when found by `find`. */
  entries = new Int32Array(1024);
  /**
   * Per match, its groups' match bits ORed (the rank's "a word is the brand") — only once a second
   * group narrowed the matches (`hasSome`); with one group they are the ANDed bits.
   */
  some = new Uint8Array(1024);
  hasSome = false;
  length = 0;
  /** Alternatives' matches being merged (entries as above). */
  private next = new Int32Array(1024);
  private stream = new Int32Array(1024);
  /** The slots that may have every group (common), reused. */
  private within = new Uint32Array(0);
  /** The slots in a group's lists (groupBitmap), reused. */
  private groupBits = new Uint32Array(0);

  /** Starts a list of at most `size` matches, to be filled with `add`. */
  reset(size: number): this {
    this.entries = room(this.entries, size);
    this.reserveSome(size);
    this.hasSome = true;
    this.length = 0;
    return this;
  }

  add(slot: number, every: number, some: number) {
    const i = this.length++;
    this.entries[i] = slot * 16 + every;
    this.some[i] = some;
  }

  /**
   * The products that have every group of `groups` (lexeme ids: groups of alternatives of
   * lexemes); only those in slots from `fromSlot` up, when given (the newest: a ranking that
   * stops early reads no further).
   */
  find(groups: readonly Int32Array[][], source: PostingSource, fromSlot = 0): this {
    const size = (group: Int32Array[]) => group.reduce((n, alternative) => n + shortest(alternative, source).length, 0);
    const rarestFirst = groups.map((group) => ({ group, size: size(group) })).sort((a, b) => a.size - b.size);
    this.hasSome = false;
    // Broad words together ("Bunicii ReTech": two shops' names, 218 078 × 137 799 entries, no
    // product has both): their bitmaps ANDed say, a word of machine code per 32 products, which
    // products can have every group — none here, at ~60 µs where galloping took ~4 ms at
    // 1 000 000 products — and the rarest group's stream keeps only those.
    const within = groups.length > 1 && rarestFirst[0]!.size * 16 >= source.slotCount ? this.common(groups, source) : undefined;
    if (within === null) {
      this.length = 0;
      return this;
    }
    this.first(rarestFirst[0]!.group, rarestFirst[0]!.size, source, within, fromSlot);
    for (let g = 1; g < rarestFirst.length && this.length > 0; g++) this.narrow(rarestFirst[g]!.group, source);
    return this;
  }

  /**
   * The slots that may have every group, from the groups whose every alternative has a dense
   * word (denseBitmaps); two such groups at least, else undefined (nothing to gain). Null when no
   * slot is left.
   */
  private common(groups: readonly Int32Array[][], source: PostingSource): Uint32Array | undefined | null {
    let maps = 0;
    for (const group of groups) {
      const bitmaps = denseBitmaps(group, source);
      if (!bitmaps) continue;
      if (maps === 0) {
        // Words past a bitmap's end are 0 (no slot there has the word), as groupWord reads them.
        this.within = roomBits(this.within, Math.max(...bitmaps.flat().map((b) => b.length)));
        const within = this.within;
        for (let w = 0; w < within.length; w++) within[w] = groupWord(bitmaps, w);
      } else {
        const within = this.within;
        for (let w = 0; w < within.length; w++) within[w]! &= groupWord(bitmaps, w);
      }
      maps++;
    }
    if (maps < 2) return undefined;
    return this.within.some((word) => word !== 0) ? this.within : null;
  }

  /** The matches of one group: its alternatives' matches merged by slot (bits ORed); only slots of `within` when given. */
  private first(group: Int32Array[], size: number, source: PostingSource, within: Uint32Array | undefined, fromSlot: number) {
    this.entries = room(this.entries, size);
    let n = streamAlternative(group[0]!, source, this.entries, within, fromSlot);
    for (let a = 1; a < group.length; a++) {
      const alternative = group[a]!;
      this.stream = room(this.stream, shortest(alternative, source).length);
      const m = streamAlternative(alternative, source, this.stream, within, fromSlot);
      this.next = room(this.next, n + m);
      n = mergeUnion(this.entries, n, this.stream, m, this.next);
      [this.entries, this.next] = [this.next, this.entries];
    }
    this.length = n;
  }

  /**
   * Keeps the matches that also have `group` (their bits updated), galloping along its lists.
   * A match that cannot have the group is dropped first, after a bit test or two: by the group's
   * dense words' bitmaps, or, when the matches are many beside the group's lists, by a bitmap of
   * those lists made now (groupBitmap). At 1 000 000 products "iarnă carte" galloped 38 914
   * matches along carte's 132 016 entries (~1.1 ms); "Anticariatul adidasi pantofi" galloped
   * 34 413 along three lists of synonyms to keep none (~2 ms).
   */
  private narrow(group: Int32Array[], source: PostingSource) {
    const lists = group.flatMap((alternative) => Array.from(alternative, (lexeme) => source.sortedPostings(lexeme)));
    const at = new Int32Array(lists.length);
    const bitmaps = denseBitmaps(group, source) ?? this.groupBitmap(group, source);
    if (!this.hasSome) this.reserveSome(this.length);
    const { entries, some, hasSome } = this;
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const entry = entries[i]!;
      const slot = entry >>> 4;
      if (bitmaps && !inAny(bitmaps, slot)) continue;
      let flags = 0;
      if (source.wordsEdited(slot)) {
        for (const alternative of group) flags |= source.alternativeFlags(slot, alternative);
      } else {
        const low = slot * 16;
        let l = 0;
        for (const alternative of group) {
          let bits = MATCH_ALL;
          for (let k = 0; k < alternative.length; k++, l++) {
            if (!bits) continue; // this alternative is out; its further lists are read by the next match
            const list = lists[l]!;
            const found = gallop(list, at[l]!, low);
            at[l] = found;
            bits = found < list.length && list[found]! < low + 16 ? bits & FLAGS_OF_MASK[list[found]! & 15]! : 0;
          }
          flags |= bits;
        }
      }
      if (!flags) continue;
      const every = entry & 15;
      some[kept] = (hasSome ? some[i]! : every) | flags;
      entries[kept] = slot * 16 + (every & flags);
      kept++;
    }
    this.hasSome = true;
    this.length = kept;
  }

  /**
   * A bitmap of the slots in the group's lists (each alternative's shortest: a superset of the
   * products that have the group), as denseBitmaps gives, when the matches to narrow are many
   * beside those lists (setting a bit per entry then costs less than galloping per match);
   * otherwise undefined.
   */
  private groupBitmap(group: readonly Int32Array[], source: PostingSource): Uint32Array[][] | undefined {
    const lists = group.map((alternative) => shortest(alternative, source));
    const entries = lists.reduce((n, list) => n + list.length, 0);
    const words = (source.slotCount + 31) >>> 5;
    if (this.length * GALLOPS_PER_BIT < entries + words / 32) return undefined;
    this.groupBits = roomBits(this.groupBits, words);
    const bits = this.groupBits;
    bits.fill(0, 0, words);
    for (const list of lists)
      for (let i = 0; i < list.length; i++) {
        const slot = list[i]! >>> 4;
        bits[slot >>> 5]! |= 1 << (slot & 31);
      }
    return [[bits]];
  }

  private reserveSome(size: number) {
    if (this.some.length < size) this.some = new Uint8Array(Math.max(size, this.some.length * 2));
  }
}

/**
 * Per alternative of a group, the bitmaps of its dense words (their AND is a superset of the
 * products that have the alternative); undefined when an alternative has no dense word.
 */
function denseBitmaps(group: readonly Int32Array[], source: PostingSource): Uint32Array[][] | undefined {
  const alternatives: Uint32Array[][] = [];
  for (const alternative of group) {
    const bitmaps: Uint32Array[] = [];
    for (let i = 0; i < alternative.length; i++) {
      const bitmap = source.denseSlots(alternative[i]!);
      if (bitmap) bitmaps.push(bitmap);
    }
    if (!bitmaps.length) return undefined;
    alternatives.push(bitmaps);
  }
  return alternatives;
}

/** Word `w` of the slots that may have the group: its alternatives' dense bitmaps ANDed, then ORed (a word past a bitmap's end: 0). */
function groupWord(alternatives: readonly Uint32Array[][], w: number): number {
  let any = 0;
  for (let a = 0; a < alternatives.length; a++) {
    const bitmaps = alternatives[a]!;
    let all = bitmaps[0]![w] ?? 0;
    for (let b = 1; b < bitmaps.length && all; b++) all &= bitmaps[b]![w] ?? 0;
    any |= all;
  }
  return any;
}

/** Whether `slot` may have the group (see groupWord). */
function inAny(alternatives: readonly Uint32Array[][], slot: number): boolean {
  return ((groupWord(alternatives, slot >>> 5) >>> (slot & 31)) & 1) === 1;
}

/** An alternative's shortest posting list (every product that has the alternative is in it). */
function shortest(alternative: Int32Array, source: PostingSource): readonly number[] {
  let list = source.sortedPostings(alternative[0]!);
  for (let i = 1; i < alternative.length; i++) {
    const other = source.sortedPostings(alternative[i]!);
    if (other.length < list.length) list = other;
  }
  return list;
}

/**
 * Writes into `out` (slot × 16 + match bits, in slot order) the products that have every lexeme
 * of the alternative (and are in `within`, when given; in slots from `fromSlot` up): its shortest list read, the others
 * galloped along. Returns how many.
 */
function streamAlternative(
  alternative: Int32Array,
  source: PostingSource,
  out: Int32Array,
  within: Uint32Array | undefined,
  fromSlot: number,
): number {
  const lists = Array.from(alternative, (lexeme) => source.sortedPostings(lexeme));
  let d = 0;
  for (let i = 1; i < lists.length; i++) if (lists[i]!.length < lists[d]!.length) d = i;
  const driver = lists[d]!;
  const others = lists.filter((_, i) => i !== d);
  const at = new Int32Array(others.length);
  let n = 0;
  let previous = -1;
  for (let i = fromSlot > 0 ? gallop(driver, 0, fromSlot * 16) : 0; i < driver.length; i++) {
    const entry = driver[i]!;
    const slot = entry >>> 4;
    // A product twice in a list has had its words edited: its bits come from its words, once.
    if (slot === previous) continue;
    previous = slot;
    if (within && !((within[slot >>> 5]! >>> (slot & 31)) & 1)) continue;
    let flags: number;
    if (source.wordsEdited(slot)) flags = source.alternativeFlags(slot, alternative);
    else {
      flags = FLAGS_OF_MASK[entry & 15]!;
      const low = slot * 16;
      for (let l = 0; l < others.length && flags; l++) {
        const list = others[l]!;
        const found = gallop(list, at[l]!, low);
        at[l] = found;
        flags = found < list.length && list[found]! < low + 16 ? flags & FLAGS_OF_MASK[list[found]! & 15]! : 0;
      }
    }
    if (flags) out[n++] = slot * 16 + flags;
  }
  return n;
}

/** Merges two slot-ordered match streams into `out`, a product in both once (bits ORed). */
function mergeUnion(a: Int32Array, na: number, b: Int32Array, nb: number, out: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < na && j < nb) {
    const slotA = a[i]! >>> 4;
    const slotB = b[j]! >>> 4;
    if (slotA < slotB) out[n++] = a[i++]!;
    else if (slotB < slotA) out[n++] = b[j++]!;
    else out[n++] = a[i++]! | (b[j++]! & 15);
  }
  while (i < na) out[n++] = a[i++]!;
  while (j < nb) out[n++] = b[j++]!;
  return n;
}

/** `bits`, or a larger one when it cannot hold `words` (contents not kept): reused from search to search. */
function roomBits(bits: Uint32Array<ArrayBuffer>, words: number): Uint32Array<ArrayBuffer> {
  return bits.length >= words ? bits : new Uint32Array(Math.max(words, bits.length * 2));
}

/** `buffer`, or a larger one when it cannot hold `size` (contents not kept). */
function room(buffer: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  return buffer.length >= size ? buffer : new Int32Array(Math.max(size, buffer.length * 2));
}
