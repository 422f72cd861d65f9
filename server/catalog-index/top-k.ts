/**
 * The page of a sorted list, from matches read in any order: a bounded heap of the k best
 * (TopK), the page and capped count around it (PageOf), and the binary heap's two moves that
 * rankMatches also uses inline.
 */
import type { Comparator, IndexAnswer, IndexQuery } from './types.ts';

/** The k first items under `compare`, kept in a heap of the k best seen (worst on top). */
export class TopK {
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
export class PageOf {
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

/** Adds `item` to a binary heap whose top is the least under `less`. */
export function siftUp(heap: number[], item: number, less: (a: number, b: number) => boolean) {
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
export function siftDown(heap: number[], item: number, less: (a: number, b: number) => boolean) {
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
