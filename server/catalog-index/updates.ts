/**
 * Writing the catalog index: products added, changed or no longer listed, and the flash sales
 * (CatalogIndexSync, sync.ts, calls these through ProductIndex). A change that moves a product
 * in a walk order makes it an exception of every walk until the orders are rebuilt (orders.ts).
 */
import { setBit } from './filter-bitmaps.ts';
import { sameTerms, withBit } from './columns.ts';
import type { IndexStore } from './store.ts';
import { IN_STOCK, LISTED, WORDS_EDITED, type IndexedProduct, type IndexedSale } from './types.ts';

/** Adds or replaces products (their current state). */
export function upsertProducts(store: IndexStore, products: readonly IndexedProduct[]) {
  for (const product of products) upsertOne(store, product);
  // A sale may name a product only now indexed: the sale prices are worked out again.
  store.overrideValidUntil = -Infinity;
}

/** Products that are no longer listed (deleted or made inactive). */
export function removeProducts(store: IndexStore, ids: readonly number[]) {
  for (const id of ids) {
    const slot = store.slotOf.get(id);
    if (slot === undefined || !(store.status[slot]! & LISTED)) continue;
    store.status[slot]! &= ~LISTED;
    setBit(store.bitmaps.listed, slot, false);
    store.inactive++;
    store.markChanged(slot);
  }
}

/** Every flash-sale price that has not ended (the index picks the running ones per query). */
export function replaceSales(store: IndexStore, sales: readonly IndexedSale[]) {
  store.sales = [...sales];
  store.overrideValidFrom = Infinity;
  store.overrideValidUntil = -Infinity;
}

export function upsertOne(store: IndexStore, p: IndexedProduct) {
  let slot = store.slotOf.get(p.id);
  const fresh = slot === undefined;
  if (slot === undefined) {
    slot = store.count++;
    store.slotOf.set(p.id, slot);
    store.ensureCapacity(store.count);
    store.ids[slot] = p.id;
    store.terms[slot] = new Int32Array(0);
  } else if (!(store.status[slot]! & LISTED)) {
    store.inactive--;
  }
  const season = p.seasonId ?? -1;
  const quality = p.qualityId ?? -1;
  if (fresh || store.category[slot] !== p.categoryId) store.byCategory.add(p.categoryId, slot);
  if (fresh || store.shop[slot] !== p.shopId) store.byShop.add(p.shopId, slot);
  if (fresh || store.season[slot] !== season) store.bySeason.add(season, slot);
  if (fresh || store.quality[slot] !== quality) store.byQuality.add(quality, slot);
  if (fresh || store.condition[slot] !== p.condition) store.byCondition.add(p.condition, slot);
  for (const size of p.sizes) if (fresh || !store.sizes.has(slot, size)) store.bySize.add(size, slot);
  for (const color of p.colors) if (fresh || !store.colors.has(slot, color)) store.byColor.add(color, slot);
  const bitmaps = store.bitmaps;
  bitmaps.move('category', slot, fresh ? undefined : store.category[slot], p.categoryId);
  bitmaps.move('shop', slot, fresh ? undefined : store.shop[slot], p.shopId);
  bitmaps.move('season', slot, fresh ? undefined : store.season[slot], season);
  bitmaps.move('quality', slot, fresh ? undefined : store.quality[slot], quality);
  bitmaps.move('condition', slot, fresh ? undefined : store.condition[slot], p.condition);

  // A product whose place in an order, or whose filter values, changed is an exception of
  // every walk until the orders are rebuilt: the orders' per-value lists (OrderLists) hold it
  // where, and under the values, it was.
  const orderMoved =
    fresh ||
    !(store.status[slot]! & LISTED) ||
    store.sold[slot] !== p.totalSold ||
    store.price[slot] !== p.priceCents ||
    store.created[slot] !== p.createdUs ||
    store.category[slot] !== p.categoryId ||
    store.shop[slot] !== p.shopId ||
    store.season[slot] !== season ||
    store.quality[slot] !== quality ||
    store.condition[slot] !== p.condition;
  store.category[slot] = p.categoryId;
  store.shop[slot] = p.shopId;
  store.season[slot] = season;
  store.quality[slot] = quality;
  store.condition[slot] = p.condition;
  store.sold[slot] = p.totalSold;
  store.price[slot] = p.priceCents;
  if (!fresh && store.created[slot] !== p.createdUs) store.newestStale = true;
  store.created[slot] = p.createdUs;
  if (fresh) store.extendNewest(slot);
  store.status[slot] = LISTED | (p.quantity > 0 ? IN_STOCK : 0) | (store.status[slot]! & WORDS_EDITED);
  setBit(bitmaps.listed, slot, true);
  setBit(bitmaps.inStock, slot, p.quantity > 0);
  const valuesMoved = store.sizes.set(slot, p.sizes);
  const colorsMoved = store.colors.set(slot, p.colors);
  if (fresh || valuesMoved) bitmaps.setMany('size', slot, (value) => store.sizes.has(slot, value));
  if (fresh || colorsMoved) bitmaps.setMany('color', slot, (value) => store.colors.has(slot, value));
  setTerms(store, slot, p.lexemes);
  if ((orderMoved || valuesMoved || colorsMoved) && store.ordersBuiltAt) store.markChanged(slot);
}

export function setTerms(store: IndexStore, slot: number, lexemes: ReadonlyMap<string, number>) {
  const old = store.terms[slot]!;
  const packed = new Int32Array(lexemes.size);
  let i = 0;
  for (const [lexeme, mask] of lexemes) {
    let id = store.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = store.byLexeme.length;
      store.lexemeIds.set(lexeme, id);
      store.byLexeme.push([]);
      store.lexemeBits.push(0);
    }
    store.lexemeBits[id]! |= mask;
    packed[i++] = id * 16 + mask;
    if (store.maskOf(old, id) === 0) {
      const bitmap = store.lexemeSlots[id];
      if (bitmap) store.lexemeSlots[id] = withBit(bitmap, slot);
      const list = store.byLexeme[id]!;
      // Slots are numbered as products are added, so a list is sorted by slot; an edit appends out of order.
      if (list.length && list[list.length - 1]! >>> 4 >= slot) store.lexemeUnsorted[id] = true;
      list.push(slot * 16 + mask);
    }
  }
  packed.sort();
  if (old.length && !sameTerms(old, packed)) store.status[slot]! |= WORDS_EDITED;
  store.terms[slot] = packed;
}
