import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  deselectAll,
  isShopFullySelected,
  reconcile,
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

const line = (id: number, price: number, discount_price = 0, quantity = 1) => ({ id, price, discount_price, quantity });
const groups: SelectableGroup[] = [
  { shop_id: 1, products: [line(10, 100, 80), line(11, 50, 0, 2)] },
  { shop_id: 2, products: [line(20, 19.99)] },
];

describe('cart selection rules (spec §4)', () => {
  it('a normal add selects that line; a delete or a "removed" decrement drops it', () => {
    const s = selectLine(EMPTY_SELECTION, 10);
    expect(s.lineIds).toEqual([10]);
    expect(selectLine(s, 10).lineIds).toEqual([10]);
    expect(removeLine(selectLine(s, 20), 10).lineIds).toEqual([20]);
  });

  it('after load: nothing selected → all; otherwise pruned; none left → all; empty cart → nothing', () => {
    expect(reconcile(EMPTY_SELECTION, groups).lineIds).toEqual([10, 11, 20]);
    expect(reconcile({ lineIds: [11, 99] }, groups).lineIds).toEqual([11]);
    expect(reconcile({ lineIds: [98, 99] }, groups).lineIds).toEqual([10, 11, 20]);
    expect(reconcile({ lineIds: [10] }, [])).toEqual(EMPTY_SELECTION);
  });

  it('single-shop mode selects everything', () => {
    expect(reconcile({ lineIds: [10] }, groups, true).lineIds).toEqual([10, 11, 20]);
  });

  it('select all, deselect all, one line, a whole shop', () => {
    expect(selectAll(groups).lineIds).toEqual([10, 11, 20]);
    expect(deselectAll()).toEqual(EMPTY_SELECTION);
    expect(toggleLine({ lineIds: [10] }, 10).lineIds).toEqual([]);
    const shop = toggleShop({ lineIds: [10] }, groups[0]!);
    expect(shop.lineIds).toEqual([10, 11]);
    expect(isShopFullySelected(shop, groups[0]!)).toBe(true);
    expect(toggleShop(shop, groups[0]!).lineIds).toEqual([]);
  });

  it('derives shop ids, counts and the total from the selected lines', () => {
    const s = { lineIds: [10, 11] };
    expect(selectedShopIds(s, groups)).toEqual([1]);
    expect(selectedCount(s, groups)).toBe(2);
    expect(selectedTotal(s, groups)).toBe(180); // 80 (discounted) + 2 × 50
    expect(selectedTotal({ lineIds: [20, 10] }, groups)).toBe(99.99);
  });

  it('checkout of the selection groups it by shop and answers null when nothing is selected', () => {
    expect(selectedGroups({ lineIds: [20] }, groups)).toEqual([{ shop_id: 2, products: [line(20, 19.99)] }]);
    expect(selectedGroups(EMPTY_SELECTION, groups)).toBeNull();
  });
});
