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
export function upsertProducts(s: IndexStore, products: readonly IndexedProduct[]) {
  for (const product of products) upsertOne(s, product);
  // A sale may name a product only now indexed: the sale prices are worked out again.
  s.overrideValidUntil = -Infinity;
}

/** Products that are no longer listed (deleted or made inactive). */
export function removeProducts(s: IndexStore, ids: readonly number[]) {
  for (const id of ids) {
    const slot = s.slotOf.get(id);
    if (slot === undefined || !(s.status[slot]! & LISTED)) continue;
    s.status[slot]! &= ~LISTED;
    setBit(s.bitmaps.listed, slot, false);
    s.inactive++;
    s.markChanged(slot);
  }
}

/** Every flash-sale price that has not ended (the index picks the running ones per query). */
export function replaceSales(s: IndexStore, sales: readonly IndexedSale[]) {
  s.sales = [...sales];
  s.overrideValidFrom = Infinity;
  s.overrideValidUntil = -Infinity;
}

export function upsertOne(s: IndexStore, p: IndexedProduct) {
  let slot = s.slotOf.get(p.id);
  const fresh = slot === undefined;
  if (slot === undefined) {
    slot = s.count++;
    s.slotOf.set(p.id, slot);
    s.ensureCapacity(s.count);
    s.ids[slot] = p.id;
    s.terms[slot] = new Int32Array(0);
  } else if (!(s.status[slot]! & LISTED)) {
    s.inactive--;
  }
  const season = p.seasonId ?? -1;
  const quality = p.qualityId ?? -1;
  if (fresh || s.category[slot] !== p.categoryId) s.byCategory.add(p.categoryId, slot);
  if (fresh || s.shop[slot] !== p.shopId) s.byShop.add(p.shopId, slot);
  if (fresh || s.season[slot] !== season) s.bySeason.add(season, slot);
  if (fresh || s.quality[slot] !== quality) s.byQuality.add(quality, slot);
  if (fresh || s.condition[slot] !== p.condition) s.byCondition.add(p.condition, slot);
  for (const size of p.sizes) if (fresh || !s.sizes.has(slot, size)) s.bySize.add(size, slot);
  for (const color of p.colors) if (fresh || !s.colors.has(slot, color)) s.byColor.add(color, slot);
  const bitmaps = s.bitmaps;
  bitmaps.move('category', slot, fresh ? undefined : s.category[slot], p.categoryId);
  bitmaps.move('shop', slot, fresh ? undefined : s.shop[slot], p.shopId);
  bitmaps.move('season', slot, fresh ? undefined : s.season[slot], season);
  bitmaps.move('quality', slot, fresh ? undefined : s.quality[slot], quality);
  bitmaps.move('condition', slot, fresh ? undefined : s.condition[slot], p.condition);

  // A product whose place in an order, or whose filter values, changed is an exception of
  // every walk until the orders are rebuilt: the orders' per-value lists (OrderLists) hold it
  // where, and under the values, it was.
  const orderMoved =
    fresh ||
    !(s.status[slot]! & LISTED) ||
    s.sold[slot] !== p.totalSold ||
    s.price[slot] !== p.priceCents ||
    s.created[slot] !== p.createdUs ||
    s.category[slot] !== p.categoryId ||
    s.shop[slot] !== p.shopId ||
    s.season[slot] !== season ||
    s.quality[slot] !== quality ||
    s.condition[slot] !== p.condition;
  s.category[slot] = p.categoryId;
  s.shop[slot] = p.shopId;
  s.season[slot] = season;
  s.quality[slot] = quality;
  s.condition[slot] = p.condition;
  s.sold[slot] = p.totalSold;
  s.price[slot] = p.priceCents;
  if (!fresh && s.created[slot] !== p.createdUs) s.newestStale = true;
  s.created[slot] = p.createdUs;
  if (fresh) s.extendNewest(slot);
  s.status[slot] = LISTED | (p.quantity > 0 ? IN_STOCK : 0) | (s.status[slot]! & WORDS_EDITED);
  setBit(bitmaps.listed, slot, true);
  setBit(bitmaps.inStock, slot, p.quantity > 0);
  const valuesMoved = s.sizes.set(slot, p.sizes);
  const colorsMoved = s.colors.set(slot, p.colors);
  if (fresh || valuesMoved) bitmaps.setMany('size', slot, (value) => s.sizes.has(slot, value));
  if (fresh || colorsMoved) bitmaps.setMany('color', slot, (value) => s.colors.has(slot, value));
  setTerms(s, slot, p.lexemes);
  if ((orderMoved || valuesMoved || colorsMoved) && s.ordersBuiltAt) s.markChanged(slot);
}

export function setTerms(s: IndexStore, slot: number, lexemes: ReadonlyMap<string, number>) {
  const old = s.terms[slot]!;
  const packed = new Int32Array(lexemes.size);
  let i = 0;
  for (const [lexeme, mask] of lexemes) {
    let id = s.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = s.byLexeme.length;
      s.lexemeIds.set(lexeme, id);
      s.byLexeme.push([]);
      s.lexemeBits.push(0);
    }
    s.lexemeBits[id]! |= mask;
    packed[i++] = id * 16 + mask;
    if (s.maskOf(old, id) === 0) {
      const bitmap = s.lexemeSlots[id];
      if (bitmap) s.lexemeSlots[id] = withBit(bitmap, slot);
      const list = s.byLexeme[id]!;
      // Slots are numbered as products are added, so a list is sorted by slot; an edit appends out of order.
      if (list.length && list[list.length - 1]! >>> 4 >= slot) s.lexemeUnsorted[id] = true;
      list.push(slot * 16 + mask);
    }
  }
  packed.sort();
  if (old.length && !sameTerms(old, packed)) s.status[slot]! |= WORDS_EDITED;
  s.terms[slot] = packed;
}
