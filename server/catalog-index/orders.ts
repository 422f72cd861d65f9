/**
 * The walk orders: per sort (newest, most sold, price up, price down), every listed product's
 * slot in the sort's order, with each filter value's positions in it (OrderLists) — built on
 * first use or at load, rebuilt from the one in use as products change (mergedOrder), and the
 * exceptions a walk merges in (products changed since the order was built, products on sale now).
 * Terms (walk order, exception…): README.md.
 */
import { FILTER_ATTRIBUTES } from './filter-bitmaps.ts';
import { EMPTY_SLOTS, MaskColumn, type OrderLists } from './columns.ts';
import type { IndexStore } from './store.ts';
import { LISTED, WALKED_SORTS, type Comparator, type IndexFilters, type WalkedSort } from './types.ts';

/** Rebuilds the walk orders from the current state (the exceptions are then none). */
export function rebuildOrders(store: IndexStore, now = Date.now()) {
  for (const step of rebuildSteps(store, now)) void step;
}

/**
 * The same rebuild in steps of at most a few tens of milliseconds at 1 000 000 products, so a
 * server keeps answering between them (CatalogIndexSync awaits `pause` after each). In one
 * piece it blocked the process for ~6 s at that size, every 30 s while products change. The
 * orders in use stay in place until the last step swaps the new ones in; nothing else may
 * change the index meanwhile (the sync runs its work one piece at a time).
 */
export async function rebuildOrdersGradually(store: IndexStore, pause: () => Promise<void>, now = Date.now()) {
  for (const step of rebuildSteps(store, now)) {
    void step;
    await pause();
  }
}

/** Builds every walk order now (a server's load: no request pays for building one), in steps. */
export async function buildOrdersGradually(store: IndexStore, pause: () => Promise<void>) {
  for (const sort of WALKED_SORTS) {
    if (store.orders.has(sort)) continue;
    const order = buildOrder(store, sort);
    await pause();
    const lists = orderListsOf(store, order);
    let step = lists.next();
    while (!step.done) {
      await pause();
      step = lists.next();
    }
    installOrder(store, sort, order, step.value);
    if (!store.ordersBuiltAt) store.ordersBuiltAt = Date.now();
  }
}

export function* rebuildSteps(store: IndexStore, now: number): Generator<void> {
  const rebuilt: [WalkedSort, Int32Array, OrderLists][] = [];
  for (const sort of [...store.orders.keys()]) {
    const order = mergedOrder(store, sort);
    yield;
    const lists = orderListsOf(store, order);
    let step = lists.next();
    while (!step.done) {
      yield;
      step = lists.next();
    }
    rebuilt.push([sort, order, step.value]);
  }
  // The swap: from here on, one piece.
  for (const [sort, order, lists] of rebuilt) installOrder(store, sort, order, lists);
  for (const slot of store.changedSlots) store.changed[slot] = 0;
  store.changedSlots = [];
  store.ordersBuiltAt = now;
  // The lists an edit appended to out of order, sorted now (one per step) rather than by the
  // next search that reads them (sortedPostings: a query in between sorts what it reads).
  for (let id = 0; id < store.lexemeUnsorted.length; id++) {
    if (!store.lexemeUnsorted[id]) continue;
    yield;
    store.sortedPostings(id);
  }
}

/**
 * An order rebuilt from the one in use: the products unchanged since it was built keep their
 * relative place (what they are sorted on did not change: upsertOne marks every product whose
 * place may have moved), the changed ones still listed are sorted and each put in its place
 * by binary search — O(changes × log n) comparisons and one copy, where sorting the whole
 * catalog again took ~1.5 s at 1 000 000 products.
 */
export function mergedOrder(store: IndexStore, sort: WalkedSort): Int32Array {
  const old = store.orders.get(sort)!;
  const { changed, status } = store;
  const compare = store.comparator(sort, true);
  const kept = old.filter((slot) => !changed[slot]);
  const moved = Int32Array.from(store.changedSlots.filter((slot) => status[slot]! & LISTED)).sort(compare);
  const merged = new Int32Array(kept.length + moved.length);
  let from = 0;
  let at = 0;
  for (const slot of moved) {
    // The first kept product that sorts after s one.
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

export function buildOrder(store: IndexStore, sort: WalkedSort): Int32Array {
  const slots: number[] = [];
  for (let slot = 0; slot < store.count; slot++) if (store.status[slot]! & LISTED) slots.push(slot);
  // Price orders are built on the price before any sale: the slots a running sale overrides
  // are exceptions of every price walk.
  return Int32Array.from(slots.sort(store.comparator(sort, true)));
}

export function orderOf(store: IndexStore, sort: WalkedSort): Int32Array {
  let order = store.orders.get(sort);
  if (!order) {
    order = buildOrder(store, sort);
    setOrder(store, sort, order);
    if (!store.ordersBuiltAt) store.ordersBuiltAt = Date.now();
  }
  return order;
}

/** The order's value lists and positions (OrderLists), built with the order when it is first asked for. */
export function listsOf(store: IndexStore, sort: WalkedSort): OrderLists {
  orderOf(store, sort);
  return store.orderLists.get(sort)!;
}

export function setOrder(store: IndexStore, sort: WalkedSort, order: Int32Array) {
  const lists = orderListsOf(store, order);
  let step = lists.next();
  while (!step.done) step = lists.next();
  installOrder(store, sort, order, step.value);
}

/** The filter values' positions in an order, one attribute per step (~30 ms each at 1 000 000 products). */
export function* orderListsOf(store: IndexStore, order: Int32Array): Generator<void, OrderLists> {
  const category = valuePositions(order, store.category);
  yield;
  const shop = valuePositions(order, store.shop);
  yield;
  const season = valuePositions(order, store.season);
  yield;
  const quality = valuePositions(order, store.quality);
  yield;
  const condition = valuePositions(order, store.condition);
  yield;
  const size = maskPositions(order, store.sizes);
  yield;
  const color = maskPositions(order, store.colors);
  yield;
  const positionOf = new Int32Array(store.count).fill(-1);
  for (let p = 0; p < order.length; p++) positionOf[order[p]!] = p;
  return { category, shop, season, quality, condition, size, color, positionOf };
}

export function installOrder(store: IndexStore, sort: WalkedSort, order: Int32Array, lists: OrderLists) {
  store.orders.set(sort, order);
  store.orderLists.set(sort, lists);
  if (sort === 'price_asc' || sort === 'price_desc')
    store.orderPrices.set(
      sort,
      order.map((slot) => store.price[slot]!),
    );
}

/**
 * Each value's positions in `order` (a counting sort: values coded once, then two passes over
 * typed arrays — ~30 ms per attribute and order at 1 000 000 products).
 */
function valuePositions(order: Int32Array, column: Int32Array): Map<number, Int32Array> {
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
function maskPositions(order: Int32Array, column: MaskColumn): Map<number, Int32Array> {
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
 * The lists of the named attribute whose lists, in s order, are the shortest (the walk reads
 * only those); undefined when the request names none.
 */
export function namedLists(store: IndexStore, sort: WalkedSort, f: IndexFilters): Int32Array[] | undefined {
  const byValue = listsOf(store, sort);
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
export function overridesInOrder(store: IndexStore, sort: 'price_asc' | 'price_desc'): Int32Array {
  const cached = store.sortedOverrides.get(sort);
  if (cached && cached.source === store.overriddenSlots) return cached.slots;
  const slots = Int32Array.from(store.overriddenSlots).sort(store.comparator(sort));
  store.sortedOverrides.set(sort, { source: store.overriddenSlots, slots });
  return slots;
}

/**
 * The part of a walk order that can hold matches: for a price order and a price range, the
 * positions whose price (when the order was built) is in the range — found by binary search.
 * Products changed since, or on sale now, are exceptions outside the order, so the range holds.
 */
export function walkRange(store: IndexStore, sort: WalkedSort, f: IndexFilters): [number, number] {
  const order = orderOf(store, sort);
  const prices = store.orderPrices.get(sort);
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
 * Whether a product of the order is not at its place in it: changed since the order was built,
 * or (price orders) on sale now. Walks skip them and take them from exceptionsOf.
 */
export function exception(store: IndexStore, sort: WalkedSort): (slot: number) => boolean {
  const { changed, override } = store;
  return sort === 'price_asc' || sort === 'price_desc'
    ? (slot) => changed[slot] === 1 || override[slot]! >= 0
    : (slot) => changed[slot] === 1;
}

/** The matching exceptions (see exception) in the sort's sequence, to merge into a walk. */
export function exceptionsOf(store: IndexStore, sort: WalkedSort, matches: (slot: number) => boolean, compare: Comparator): Exceptions {
  const priced = sort === 'price_asc' || sort === 'price_desc';
  const changed = store.changed;
  return new Exceptions(
    store.changedSlots.filter(matches).sort(compare),
    priced ? overridesInOrder(store, sort) : EMPTY_SLOTS,
    (slot) => changed[slot] !== 1 && matches(slot),
    compare,
  );
}

/**
 * A walk's exceptions in its sequence, from two sorted streams — the matching products changed
 * since the order was built, and (price orders) the products on sale now, kept when `keepOnSale`
 * says so — read only as far as needed. `next` is the next one (-1: none left).
 */
export class Exceptions {
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
