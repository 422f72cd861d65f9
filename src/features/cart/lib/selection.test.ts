import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  deselectAll,
  isSelected,
  isShopFullySelected,
  lineKey,
  parseSelection,
  reconcile,
  reconcileTentatively,
  withoutKey,
  removeLine,
  selectAll,
  selectLine,
  selectedCount,
  selectedGroups,
  selectedShopIds,
  selectedTotal,
  toggleLine,
  toggleShop,
  type SelectableGroup,
} from './selection.ts';

// Lines by product id; product 11 has a size, product 20 a colour (keys "10::", "11:4:", "20::7").
const line = (
  product_id: number,
  price: number,
  discount_price = 0,
  quantity = 1,
  size: number | null = null,
  color: number | null = null,
) => ({
  id: product_id * 10,
  product_id,
  size: size === null ? null : { id: size },
  color: color === null ? null : { id: color },
  price,
  discount_price,
  quantity,
});
const a = line(10, 100, 80);
const b = line(11, 50, 0, 2, 4);
const c = line(20, 19.99, 0, 1, null, 7);
const groups: SelectableGroup[] = [
  { shop_id: 1, products: [a, b] },
  { shop_id: 2, products: [c] },
];
const keys = (...lines: (typeof a)[]) => ({ lineKeys: lines.map(lineKey) });

describe('cart selection rules (product §4)', () => {
  it('a line is known by product, size and colour, not by its row id', () => {
    expect(lineKey(b)).toBe('11:4:');
    expect(lineKey(c)).toBe('20::7');
    // The same line before the server answers (temporary id) and after (its real id).
    expect(isSelected(selectLine(EMPTY_SELECTION, { ...b, id: -123 } as typeof b), b)).toBe(true);
    // Another size of the same product is another line.
    expect(isSelected(selectLine(EMPTY_SELECTION, b), { ...b, size: { id: 5 } })).toBe(false);
  });

  it('a normal add selects that line; removing drops it', () => {
    const s = selectLine(EMPTY_SELECTION, a);
    expect(s).toEqual(keys(a));
    expect(selectLine(s, a)).toEqual(keys(a));
    expect(removeLine(selectLine(s, c), a)).toEqual(keys(c));
  });

  it('after load: nothing selected → all; otherwise pruned; none left → all; empty cart → nothing', () => {
    expect(reconcile(EMPTY_SELECTION, groups)).toEqual(keys(a, b, c));
    expect(reconcile({ lineKeys: [lineKey(b), '99::'] }, groups)).toEqual(keys(b));
    expect(reconcile({ lineKeys: ['98::', '99::'] }, groups)).toEqual(keys(a, b, c));
    expect(reconcile(keys(a), [])).toEqual(EMPTY_SELECTION);
    const unchanged = keys(a, c);
    expect(reconcile(unchanged, groups)).toBe(unchanged);
  });

  it('against a cart that may be late: nothing pruned; nothing of it ticked → its lines ticked too', () => {
    // A restored snapshot older than the selection (empty, or without the line just added).
    const ticked = keys(a);
    expect(reconcileTentatively(ticked, [])).toBe(ticked);
    expect(reconcileTentatively(keys(a, c), [{ shop_id: 1, products: [a] }])).toEqual(keys(a, c));
    // None of the ticked lines shown: the shown ones are added, the others kept.
    expect(reconcileTentatively(keys(c), [{ shop_id: 1, products: [a, b] }])).toEqual(keys(c, a, b));
    expect(reconcileTentatively(EMPTY_SELECTION, groups)).toEqual(keys(a, b, c));
  });

  it('a change that takes a line out of the cart takes it out of the selection', () => {
    expect(withoutKey(keys(a, b), lineKey(a))).toEqual(keys(b));
    const s = keys(b);
    expect(withoutKey(s, lineKey(a))).toBe(s);
  });

  it('single-shop mode selects everything', () => {
    expect(reconcile(keys(a), groups, true)).toEqual(keys(a, b, c));
  });

  it('select all, deselect all, one line, a whole shop', () => {
    expect(selectAll(groups)).toEqual(keys(a, b, c));
    expect(deselectAll()).toEqual(EMPTY_SELECTION);
    expect(toggleLine(keys(a), a)).toEqual(EMPTY_SELECTION);
    expect(toggleLine(EMPTY_SELECTION, a)).toEqual(keys(a));
    const shop = toggleShop(keys(a), groups[0]!);
    expect(shop).toEqual(keys(a, b));
    expect(isShopFullySelected(shop, groups[0]!)).toBe(true);
    expect(toggleShop(shop, groups[0]!)).toEqual(EMPTY_SELECTION);
  });

  it('derives shop ids, counts and the total from the selected lines', () => {
    const s = keys(a, b);
    expect(selectedShopIds(s, groups)).toEqual([1]);
    expect(selectedCount(s, groups)).toBe(2);
    expect(selectedTotal(s, groups)).toBe(180); // 80 (discounted) + 2 × 50
    expect(selectedTotal(keys(c, a), groups)).toBe(99.99);
  });

  it('checkout of the selection groups it by shop and answers null when nothing is selected', () => {
    expect(selectedGroups(keys(c), groups)).toEqual([{ shop_id: 2, products: [c] }]);
    expect(selectedGroups(EMPTY_SELECTION, groups)).toBeNull();
  });

  it('a stored selection of an older version (line ids) or garbage reads as nothing selected', () => {
    expect(parseSelection({ lineIds: [1, 2] })).toEqual(EMPTY_SELECTION);
    expect(parseSelection(null)).toEqual(EMPTY_SELECTION);
    expect(parseSelection({ lineKeys: ['1::', 2] })).toEqual(EMPTY_SELECTION);
    expect(parseSelection({ lineKeys: ['1::'] })).toEqual({ lineKeys: ['1::'] });
  });
});
