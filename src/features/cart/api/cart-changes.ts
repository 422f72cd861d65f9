/**
 * Cart changes that never lose a tap (docs/offline.md): every add, increment, decrement and
 * delete goes into the app's outbox — written to IndexedDB before the screen shows it, sent once
 * and in order (one sender across tabs and the service worker), with the Idempotency-Key made
 * when the shopper tapped. The server's cart stays in the query cache as the server last
 * answered it; what the shopper sees is that cart with the waiting changes applied on top
 * (`useCart`), so a reload, a killed tab or another tab shows the same thing.
 */
import { useCallback, useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { outbox } from '#src/lib/outbox/index.ts';
import { usePendingChanges, useQueueChange } from '#src/lib/outbox/use-queued-changes.ts';
import { cartApi } from '#contract/routes/cart.ts';
import type { RouteAnswer, RouteBody } from '#contract/route.ts';
import { basketStore } from '../lib/basket-store.ts';
import { selectLine, withoutKey } from '../lib/selection.ts';
import { applyCartChange, type CartChange } from '../lib/optimistic-cart.ts';
import { CART_QUERY_KEY, EMPTY_CART, cartQueryOptions, type CartData } from './get-cart.ts';

/** What every cart change answers: the cart after it (decrement and delete add removed/message_key). */
type CartChangeAnswer = RouteAnswer<(typeof cartApi)[CartChange['kind']]>;

const nameOf = (change: CartChange) => (change.kind === 'store' ? change.preview.name : change.name);

/** The cart as the server answered it: `removed`/`message_key` of some answers are not cart. */
const cartOf = (data: CartChangeAnswer['data']): CartData => ({ total: data.total, cart_items: data.cart_items });

/** What the cart's answers do in this tab (registered before the outbox is restored). */
export function registerCartOutbox(queryClient: QueryClient) {
  outbox.registerKind('cart', {
    // A cart fetch already on its way may predate this change: its answer must not land after it.
    // (Here, in another tab, or restored at start: the selection below is this tab's tap only.)
    cancelStaleFetches: () => void queryClient.cancelQueries({ queryKey: CART_QUERY_KEY }),
    queued: (entry) => {
      const change = entry.change as CartChange;
      // Product §4: a normal add selects that line. The selection holds the line's identity
      // (product, size, colour), so it stays right when the server's line id replaces the
      // temporary one, in this tab, another tab or the service worker. A line that leaves the
      // cart (a delete, a decrement at 1) leaves it at the tap, as the shopper sees it go.
      if (change.kind === 'store') basketStore.setSelection((s) => selectLine(s, change.preview));
      else if (change.removesLine) basketStore.setSelection((s) => withoutKey(s, change.removesLine!));
    },
    answered: (_entry, body) => {
      const response = body as CartChangeAnswer | null;
      if (response?.data?.cart_items) queryClient.setQueryData<CartData>(CART_QUERY_KEY, cartOf(response.data));
    },
    // Nothing of the cart waits any more: ask the server for the whole truth once.
    settled: () => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}

/**
 * Queues a change from a tap. Resolves true once it is stored on the phone; false when it could
 * not be (the app's MutationCache names the item: lib/query-client.ts), nothing shown as done.
 */
export function useQueueCartChange() {
  const queue = useQueueChange<CartChange>();
  return useCallback(
    (change: CartChange) => {
      // The outbox sends it, not callRoute: the definition's method and path (cartApi.store for a
      // 'store', …), stored in the entry as before, so changes queued by an older build replay as they are.
      const route = cartApi[change.kind];
      const body: RouteBody<typeof route> = change.body;
      return queue({ kind: 'cart', request: { method: route.method, path: route.path, body }, change, label: nameOf(change) });
    },
    [queue],
  );
}

/** The changes not yet confirmed by the server (queued or in flight), oldest first. */
export const usePendingCartChanges = () => usePendingChanges<CartChange>('cart');

/**
 * The cart as the shopper sees it: the server's last answer with the waiting changes applied.
 * `fetch`: whether this reader may ask the server (the cart host does; the header badge only
 * reads). No fetch while changes wait — its answer would race them; when the last one is
 * answered the cart is fetched again.
 */
export function useCart(options: { signedIn: boolean; fetch: boolean }) {
  const pending = usePendingCartChanges();
  const query = useQuery({ ...cartQueryOptions(), enabled: options.signedIn && options.fetch && pending.length === 0 });
  const server = options.signedIn ? (query.data ?? EMPTY_CART) : EMPTY_CART;
  const shown = useMemo(
    () => (options.signedIn ? pending.reduce(applyCartChange, server) : EMPTY_CART),
    [options.signedIn, pending, server],
  );
  return { query, server, shown, pending };
}

export const newTempLineId = () => -Math.floor(Date.now() % 1_000_000_000) - Math.floor(Math.random() * 1000);
