/**
 * The cart's selection rules of product §4, as pure functions over the server's cart groups.
 *
 * A selected line is known by its identity — product, size and colour (`lineKey`) — not by its
 * row id: the server keeps one line per product, size and colour (an add to an existing line
 * raises its quantity), and a line added offline has only a temporary id until the server
 * answers, possibly in another tab or in the service worker. A key is the same before and after,
 * wherever the answer lands. Selected shop ids always derive from the selected lines.
 *
 * - a normal add selects that line;
 * - a line that leaves the cart (decrement at 1, delete) leaves the selection at the next
 *   reconcile; an empty cart clears everything;
 * - after a load: nothing selected → everything selected; else the selection is pruned to
 *   lines that still exist, and if none remain everything is selected;
 * - select all, deselect all, one line, a whole shop; single-shop mode selects every shop;
 * - the selection's total drives total_amount.
 */
export interface LineIdentity {
  product_id: number;
  size: { id: number } | null;
  color: { id: number } | null;
}
export interface SelectableLine extends LineIdentity {
  price: number;
  discount_price: number;
  quantity: number;
}
export interface SelectableGroup<L extends SelectableLine = SelectableLine> {
  shop_id: number;
  products: L[];
}

export interface Selection {
  /** Selected lines by `lineKey`, in the order they were selected. */
  lineKeys: string[];
}

export const EMPTY_SELECTION: Selection = { lineKeys: [] };

/** A cart line's identity: product, size and colour (the server's one line per triple). */
export const lineKey = (line: LineIdentity): string => `${line.product_id}:${line.size?.id ?? ''}:${line.color?.id ?? ''}`;

/** A selection read back from storage (an older app version kept line ids): anything else → none. */
export function parseSelection(stored: unknown): Selection {
  const keys = (stored as Partial<Selection> | null)?.lineKeys;
  return Array.isArray(keys) && keys.every((k) => typeof k === 'string') ? { lineKeys: keys } : EMPTY_SELECTION;
}

const allKeys = (groups: SelectableGroup[]) => groups.flatMap((g) => g.products.map(lineKey));

export const isSelected = (selection: Selection, line: LineIdentity) => selection.lineKeys.includes(lineKey(line));

export function selectLine(selection: Selection, line: LineIdentity): Selection {
  const key = lineKey(line);
  return selection.lineKeys.includes(key) ? selection : { lineKeys: [...selection.lineKeys, key] };
}

/** The selection without one line, by its key; the same object when it was not selected. */
export function withoutKey(selection: Selection, key: string): Selection {
  return selection.lineKeys.includes(key) ? { lineKeys: selection.lineKeys.filter((k) => k !== key) } : selection;
}

export const removeLine = (selection: Selection, line: LineIdentity): Selection => withoutKey(selection, lineKey(line));

export function toggleLine(selection: Selection, line: LineIdentity): Selection {
  return isSelected(selection, line) ? removeLine(selection, line) : selectLine(selection, line);
}

export const selectAll = (groups: SelectableGroup[]): Selection => ({ lineKeys: allKeys(groups) });
export const deselectAll = (): Selection => EMPTY_SELECTION;

/** Whole-shop checkbox: selects every line of the shop, or clears them when all were selected. */
export function toggleShop(selection: Selection, group: SelectableGroup): Selection {
  const keys = group.products.map(lineKey);
  const allSelected = keys.every((k) => selection.lineKeys.includes(k));
  if (allSelected) return { lineKeys: selection.lineKeys.filter((k) => !keys.includes(k)) };
  return { lineKeys: [...selection.lineKeys, ...keys.filter((k) => !selection.lineKeys.includes(k))] };
}

/** After the cart (re)loads: the rules of product §4 "After load". Returns the same object when nothing changes. */
export function reconcile(selection: Selection, groups: SelectableGroup[], singleShop = false): Selection {
  const existing = allKeys(groups);
  let next: Selection;
  if (existing.length === 0) next = EMPTY_SELECTION;
  else if (singleShop || selection.lineKeys.length === 0) next = { lineKeys: existing };
  else {
    const kept = selection.lineKeys.filter((k) => existing.includes(k));
    next = kept.length ? { lineKeys: kept } : { lineKeys: existing };
  }
  const same = next.lineKeys.length === selection.lineKeys.length && next.lineKeys.every((k, i) => k === selection.lineKeys[i]);
  return same ? selection : next;
}

/**
 * Against a cart that may not be the whole truth yet (changes still waiting or in flight, or a
 * snapshot restored from the device): nothing is pruned — a ticked line missing from it may only
 * be late — but when none of the ticked lines is shown, every shown line is ticked too (product §4:
 * nothing selected → everything). The full `reconcile` runs once the server's cart is known.
 */
export function reconcileTentatively(selection: Selection, groups: SelectableGroup[]): Selection {
  const shown = allKeys(groups);
  if (shown.length === 0 || selection.lineKeys.some((k) => shown.includes(k))) return selection;
  return { lineKeys: [...selection.lineKeys, ...shown.filter((k) => !selection.lineKeys.includes(k))] };
}

export function selectedShopIds(selection: Selection, groups: SelectableGroup[]): number[] {
  return groups.filter((g) => g.products.some((p) => isSelected(selection, p))).map((g) => g.shop_id);
}

export const isShopFullySelected = (selection: Selection, group: SelectableGroup) =>
  group.products.length > 0 && group.products.every((p) => isSelected(selection, p));

/** Product §5: unit price is discount_price when above 0; line = unit × quantity; 2 decimals. */
export function selectedTotal(selection: Selection, groups: SelectableGroup[]): number {
  let bani = 0;
  for (const group of groups) {
    for (const line of group.products) {
      if (!isSelected(selection, line)) continue;
      const unit = line.discount_price > 0 ? line.discount_price : line.price;
      bani += Math.round(unit * 100) * line.quantity;
    }
  }
  return bani / 100;
}

export const selectedCount = (selection: Selection, groups: SelectableGroup[]) =>
  groups.reduce((n, g) => n + g.products.filter((p) => isSelected(selection, p)).length, 0);

export const lineCount = (groups: SelectableGroup[]) => groups.reduce((n, g) => n + g.products.length, 0);

/** Product §4 checkout of selected products: the selected lines grouped by shop; null when none. */
export function selectedGroups<L extends SelectableLine>(selection: Selection, groups: SelectableGroup<L>[]): SelectableGroup<L>[] | null {
  const picked = groups
    .map((g) => ({ ...g, products: g.products.filter((p) => isSelected(selection, p)) }))
    .filter((g) => g.products.length > 0);
  return picked.length ? picked : null;
}
