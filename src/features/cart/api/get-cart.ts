/**
 * GET /api/carts (product §7): the signed-in shopper's cart, grouped by shop. Persisted with the
 * rest of the query cache (cleared at logout) so the cart shows offline; while changes are
 * queued the screen shows the optimistic version (see cart-changes.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { cartApi } from '#contract/routes/cart.ts';
import type { RouteAnswer } from '#contract/route.ts';

/** The cart as GET /carts answers it (every cart change answers the same shape). */
export type CartData = RouteAnswer<typeof cartApi.get>['data'];
export const CART_QUERY_KEY = ['cart'] as const;

export const getCart = async (signal?: AbortSignal) => (await callRoute(cartApi.get, { signal })).data;

export const cartQueryOptions = () =>
  queryOptions({ queryKey: CART_QUERY_KEY, queryFn: ({ signal }) => getCart(signal), staleTime: 30_000 });

export const EMPTY_CART: CartData = { total: 0, cart_items: [] };
