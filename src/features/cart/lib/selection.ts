/**
 * The cart's selection rules of spec §4, as pure functions over the server's cart groups.
 * A selected line is known by its `id`; selected shop ids always derive from the selected lines.
 *
 * - a normal add selects that line;
 * - a decrement answered "product removed" or a delete drops the line (and shops left without
 *   selected lines); an empty cart clears everything;
 * - after a load: nothing selected → everything selected; else the selection is pruned to
 *   lines that still exist, and if none remain everything is selected;
 * - select all, deselect all, one line, a whole shop; single-shop mode selects every shop;
 * - the selection's total drives total_amount.
 */
export interface SelectableLine {
  id: number;
  price: number;
  discount_price: number;
  quantity: number;
}
export interface SelectableGroup<L extends SelectableLine = SelectableLine> {
  shop_id: number;
  products: L[];
}

export interface Selection {
  /** Selected line ids, in the order they were selected. */
  lineIds: number[];
}

export const EMPTY_SELECTION: Selection = { lineIds: [] };

const allLineIds = (groups: SelectableGroup[]) => groups.flatMap((g) => g.products.map((p) => p.id));

export function selectLine(selection: Selection, lineId: number): Selection {
  return selection.lineIds.includes(lineId) ? selection : { lineIds: [...selection.lineIds, lineId] };
}

export function toggleLine(selection: Selection, lineId: number): Selection {
  return selection.lineIds.includes(lineId) ? { lineIds: selection.lineIds.filter((id) => id !== lineId) } : selectLine(selection, lineId);
}

export function removeLine(selection: Selection, lineId: number): Selection {
  return { lineIds: selection.lineIds.filter((id) => id !== lineId) };
}

export const selectAll = (groups: SelectableGroup[]): Selection => ({ lineIds: allLineIds(groups) });
export const deselectAll = (): Selection => EMPTY_SELECTION;

/** Whole-shop checkbox: selects every line of the shop, or clears them when all were selected. */
export function toggleShop(selection: Selection, group: SelectableGroup): Selection {
  const ids = group.products.map((p) => p.id);
  const allSelected = ids.every((id) => selection.lineIds.includes(id));
  if (allSelected) return { lineIds: selection.lineIds.filter((id) => !ids.includes(id)) };
  return { lineIds: [...selection.lineIds, ...ids.filter((id) => !selection.lineIds.includes(id))] };
}

/** After the cart (re)loads: the rules of spec §4 "After load". */
export function reconcile(selection: Selection, groups: SelectableGroup[], singleShop = false): Selection {
  const existing = new Set(allLineIds(groups));
  if (existing.size === 0) return EMPTY_SELECTION;
  if (singleShop) return selectAll(groups);
  if (selection.lineIds.length === 0) return selectAll(groups);
  const kept = selection.lineIds.filter((id) => existing.has(id));
  return kept.length ? { lineIds: kept } : selectAll(groups);
}

export function selectedShopIds(selection: Selection, groups: SelectableGroup[]): number[] {
  return groups.filter((g) => g.products.some((p) => selection.lineIds.includes(p.id))).map((g) => g.shop_id);
}

export const isShopFullySelected = (selection: Selection, group: SelectableGroup) =>
  group.products.length > 0 && group.products.every((p) => selection.lineIds.includes(p.id));

/** Spec §5: unit price is discount_price when above 0; line = unit × quantity; 2 decimals. */
export function selectedTotal(selection: Selection, groups: SelectableGroup[]): number {
  let bani = 0;
  for (const group of groups) {
    for (const line of group.products) {
      if (!selection.lineIds.includes(line.id)) continue;
      const unit = line.discount_price > 0 ? line.discount_price : line.price;
      bani += Math.round(unit * 100) * line.quantity;
    }
  }
  return bani / 100;
}

export const selectedCount = (selection: Selection, groups: SelectableGroup[]) =>
  groups.reduce((n, g) => n + g.products.filter((p) => selection.lineIds.includes(p.id)).length, 0);

export const lineCount = (groups: SelectableGroup[]) => groups.reduce((n, g) => n + g.products.length, 0);

/** Spec §4 checkout of selected products: the selected lines grouped by shop; null when none. */
export function selectedGroups<L extends SelectableLine>(selection: Selection, groups: SelectableGroup<L>[]): SelectableGroup<L>[] | null {
  const picked = groups
    .map((g) => ({ ...g, products: g.products.filter((p) => selection.lineIds.includes(p.id)) }))
    .filter((g) => g.products.length > 0);
  return picked.length ? picked : null;
}
