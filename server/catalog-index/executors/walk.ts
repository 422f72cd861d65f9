/**
 * Executor: the ordered walk. A walk order (orders.ts) read from the start — or only the
 * positions of the named filter values' lists — until the page is full and the capped count
 * known, the exceptions merged in at their place; and the page read from the matches' positions
 * in the order when a walk would be long (pageByPositions).
 */
import { lowestBit, hasBit } from '../filter-bitmaps.ts';
import { lowerBound } from '../columns.ts';
import { exception, exceptionsOf, listsOf, orderOf } from '../orders.ts';
import type { IndexStore } from '../store.ts';
import { TopK } from '../top-k.ts';
import type { Comparator, IndexAnswer, IndexQuery, WalkedSort } from '../types.ts';

/**
 * Walks the order (or, with `lists`, only the positions those per-value lists hold, merged)
 * from `from` to `to`, emitting matches and the exceptions at their place, until the page is
 * full and the capped count known.
 */
export function walk(
  store: IndexStore,
  sort: WalkedSort,
  range: [number, number],
  matches: (slot: number) => boolean,
  compare: Comparator,
  q: IndexQuery,
  lists?: readonly Int32Array[],
): IndexAnswer {
  return walkOrder(store, sort, range, matches, compare, q, lists)!;
}

/**
 * walk, and with `known` (fromBitmaps): the count known, so it stops at the page's end; at
 * most `maxVisits` products visited (undefined when it gives up); and each visit first tests
 * `inMatches` (a bit of the matches' bitmap, in cache), before the reads of the product's
 * changed mark and sale price that miss the cache at 1 000 000 products.
 */
export function walkOrder(
  store: IndexStore,
  sort: WalkedSort,
  [from, to]: [number, number],
  matches: (slot: number) => boolean,
  compare: Comparator,
  q: IndexQuery,
  lists?: readonly Int32Array[],
  known?: { total: number; maxVisits: number; inMatches: (slot: number) => boolean },
): IndexAnswer | undefined {
  const order = orderOf(store, sort);
  const skip = exception(store, sort);
  const exceptions = exceptionsOf(store, sort, matches, compare);

  const need = q.offset + q.limit;
  const limit = q.cap + 1;
  const page: number[] = [];
  let emitted = 0;
  const emit = (slot: number) => {
    if (emitted >= q.offset && emitted < need) page.push(store.ids[slot]!);
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
      for (let j = 0; j < lists.length; j++) if (at[j]! < lists[j]!.length && lists[j]![at[j]!]! < position) position = lists[j]![at[j]!]!;
      if (position >= to) break;
      for (let j = 0; j < lists.length; j++) if (at[j]! < lists[j]!.length && lists[j]![at[j]!] === position) at[j]!++;
      if (visit(order[position]!)) return answer();
    }
  }
  while (exceptions.next >= 0 && !full()) emit(exceptions.take());
  return answer();
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
export function pageByPositions(
  store: IndexStore,
  sort: WalkedSort,
  range: [number, number],
  m: Uint32Array,
  matches: (slot: number) => boolean,
  compare: Comparator,
  q: IndexQuery,
  total: number,
): IndexAnswer {
  const { positionOf } = listsOf(store, sort);
  const skip = exception(store, sort);
  const [from, to] = range;
  const smallest = new TopK(q.offset + q.limit, (a, b) => a - b);
  // Slots past positionOf's end were added since the order was built: exceptions all.
  const words = Math.min((store.count + 31) >>> 5, (positionOf.length + 31) >>> 5);
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
  return walkOrder(store, sort, range, matches, compare, q, [Int32Array.from(smallest.sorted())], {
    total,
    maxVisits: Infinity,
    inMatches,
  })!;
}
