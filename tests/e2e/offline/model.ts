/**
 * The model of the offline journeys (issue #12): what the server SHOULD hold after the shopper's
 * taps, kept as a log of intended changes folded with the server's own rules. Pure (no browser),
 * so the same fold is used to explain a difference: which changes were lost, which were applied twice.
 *
 * Server rules mirrored here (server/routes/cart.ts, routes/favorites.ts):
 * - store (add from a card or a product page, quantity 1, no size or colour): refused when the
 *   product's lines would pass its stock; otherwise +1 on the product's line, or a new line;
 * - increment: +1, refused past the stock; decrement: -1, and at 1 the line goes; delete: the line goes;
 *   increment / decrement / delete of a line that is not there change nothing (404);
 * - favourites: PUT / DELETE per product, each sets a state (idempotent by nature).
 */

export interface PoolProduct {
  id: number;
  name: string;
  stock: number;
  shopId: number;
  /** The category page whose first grid page shows this product's card. */
  categoryPath: string;
  categoryId: number;
}

export type NetMode = 'online' | 'offline' | 'liefi';

export type Change =
  { kind: 'add' | 'increment' | 'decrement' | 'delete'; productId: number } | { kind: 'favorite'; productId: number; on: boolean };

export interface Model {
  pool: PoolProduct[];
  /** Intended server cart: product id → quantity (lines of this test never carry size or colour). */
  cart: Map<number, number>;
  favorites: Set<number>;
  /** Every intended server change, in the order tapped. */
  changes: Change[];
  /**
   * Client-side selection (product §4, src/features/cart/lib/selection.ts), by product id (lines of
   * this test carry no size or colour, so a product is a line). Shared by every tab of the device.
   */
  selection: Set<number>;
  net: NetMode;
  /** Open tabs; `active` is the one acted in. */
  tabs: number;
  active: number;
}

export function newModel(pool: PoolProduct[]): Model {
  return {
    pool,
    cart: new Map(),
    favorites: new Set(),
    changes: [],
    selection: new Set(),
    net: 'online',
    tabs: 1,
    active: 0,
  };
}

export const stockOf = (m: Model, productId: number) => m.pool.find((p) => p.id === productId)!.stock;
export const quantityOf = (m: Model, productId: number) => m.cart.get(productId) ?? 0;

/** The server's answer to one cart change (the same fold explains differences below). */
export function applyCartChange(cart: Map<number, number>, change: Change, stock: (id: number) => number): Map<number, number> {
  const next = new Map(cart);
  const q = next.get(change.productId) ?? 0;
  switch (change.kind) {
    case 'add':
      if (q + 1 <= stock(change.productId)) next.set(change.productId, q + 1);
      break;
    case 'increment':
      if (q > 0 && q + 1 <= stock(change.productId)) next.set(change.productId, q + 1);
      break;
    case 'decrement':
      if (q > 1) next.set(change.productId, q - 1);
      else next.delete(change.productId);
      break;
    case 'delete':
      next.delete(change.productId);
      break;
    case 'favorite':
      break;
  }
  return next;
}

/** Product §4 "after load" (selection.ts reconcile), run by CartHost whenever the cart data changes. */
function reconcile(m: Model) {
  const lines = [...m.cart.keys()];
  for (const id of [...m.selection]) if (!m.cart.has(id)) m.selection.delete(id);
  if (lines.length === 0) m.selection.clear();
  else if (![...m.selection].some((id) => m.cart.has(id))) lines.forEach((id) => m.selection.add(id));
}

/** Records one tapped cart change: the intended server state and the selection rules. */
export function recordCart(m: Model, kind: 'add' | 'increment' | 'decrement' | 'delete', productId: number) {
  const change: Change = { kind, productId };
  m.changes.push(change);
  m.cart = applyCartChange(m.cart, change, (id) => stockOf(m, id));
  // An add selects its line at once (by identity, whether new or already in the cart).
  if (kind === 'add' && m.cart.has(productId)) m.selection.add(productId);
  if (!m.cart.has(productId)) m.selection.delete(productId);
  reconcile(m);
}

export function recordFavorite(m: Model, productId: number) {
  const on = !m.favorites.has(productId);
  m.changes.push({ kind: 'favorite', productId, on });
  if (on) m.favorites.add(productId);
  else m.favorites.delete(productId);
}

/** The selection the screen should show once everything is sent. */
export function settledSelection(m: Model): Set<number> {
  const s = new Set([...m.selection].filter((id) => m.cart.has(id)));
  return m.cart.size && s.size === 0 ? new Set(m.cart.keys()) : s;
}

// ---------------------------------------------------------------------------------------------
// Explaining a difference: how many changes were lost or applied twice.

export interface Verdict {
  lost: number;
  duplicated: number;
  /** Per product, what explains the server's value (for the failure report). */
  details: string[];
}

function* subsets(n: number, k: number, start = 0, picked: number[] = []): Generator<number[]> {
  if (picked.length === k) {
    yield picked;
    return;
  }
  for (let i = start; i < n; i++) yield* subsets(n, k, i + 1, [...picked, i]);
}

/**
 * Compares the server with the model product by product. Where they differ, looks for the fewest
 * of that product's changes whose loss explains the server's value (lost), else the fewest applied
 * twice (duplicated); a difference neither explains counts by its sign (below the model: lost,
 * above: duplicated) and is named "unexplained".
 */
export function judge(m: Model, serverCart: Map<number, number>, serverFavorites: Set<number>): Verdict {
  const verdict: Verdict = { lost: 0, duplicated: 0, details: [] };
  const stock = (id: number) => stockOf(m, id);
  const ids = new Set([...m.cart.keys(), ...serverCart.keys(), ...m.changes.filter((c) => c.kind !== 'favorite').map((c) => c.productId)]);
  for (const id of ids) {
    const want = m.cart.get(id) ?? 0;
    const got = serverCart.get(id) ?? 0;
    if (want === got) continue;
    const ops = m.changes.filter((c) => c.kind !== 'favorite' && c.productId === id);
    const fold = (list: Change[]) => list.reduce((cart, c) => applyCartChange(cart, c, stock), new Map<number, number>()).get(id) ?? 0;
    const explain = (variant: 'lost' | 'duplicated'): number[] | null => {
      for (let k = 1; k <= ops.length; k++) {
        for (const picked of subsets(ops.length, k)) {
          const list =
            variant === 'lost' ? ops.filter((_, i) => !picked.includes(i)) : ops.flatMap((c, i) => (picked.includes(i) ? [c, c] : [c]));
          if (fold(list) === got) return picked;
        }
      }
      return null;
    };
    const lost = explain('lost');
    const name = m.pool.find((p) => p.id === id)?.name ?? `#${id}`;
    const describe = (picked: number[]) => picked.map((i) => `${ops[i]!.kind}#${i + 1}`).join(', ');
    if (lost) {
      verdict.lost += lost.length;
      verdict.details.push(
        `cart ${id} "${name}": server ${got}, model ${want} — lost: ${describe(lost)} of [${ops.map((c) => c.kind).join(', ')}]`,
      );
      continue;
    }
    const twice = explain('duplicated');
    if (twice) {
      verdict.duplicated += twice.length;
      verdict.details.push(
        `cart ${id} "${name}": server ${got}, model ${want} — applied twice: ${describe(twice)} of [${ops.map((c) => c.kind).join(', ')}]`,
      );
      continue;
    }
    if (got < want) verdict.lost += want - got;
    else verdict.duplicated += got - want;
    verdict.details.push(
      `cart ${id} "${name}": server ${got}, model ${want} — unexplained by losing or repeating changes of [${ops.map((c) => c.kind).join(', ')}]`,
    );
  }
  const favIds = new Set([...m.favorites, ...serverFavorites]);
  for (const id of favIds) {
    const want = m.favorites.has(id);
    const got = serverFavorites.has(id);
    if (want === got) continue;
    const ops = m.changes.filter((c): c is Extract<Change, { kind: 'favorite' }> => c.kind === 'favorite' && c.productId === id);
    // Each toggle sets a state: the server's state is what the last toggle that arrived set. The
    // toggles after the last one setting `got` were lost (or arrived out of order).
    const lastMatching = ops.map((c) => c.on).lastIndexOf(got);
    const lost = ops.length - (lastMatching + 1);
    verdict.lost += Math.max(1, lost);
    verdict.details.push(
      `favourite ${id}: server ${got ? 'on' : 'off'}, model ${want ? 'on' : 'off'} — the last ${Math.max(1, lost)} of ${ops.length} toggle(s) never arrived`,
    );
  }
  return verdict;
}

/** Readable one-liners for the report. */
export const formatCart = (cart: Map<number, number>) =>
  `{${[...cart]
    .sort(([a], [b]) => a - b)
    .map(([id, q]) => `${id}×${q}`)
    .join(', ')}}`;
export const formatSet = (set: Set<number>) => `{${[...set].sort((a, b) => a - b).join(', ')}}`;
