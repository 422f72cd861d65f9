/**
 * GET /api/carts (spec §7): the signed-in shopper's cart, grouped by shop. Persisted with the
 * rest of the query cache (cleared at logout) so the cart shows offline; while changes are
 * queued the screen shows the optimistic version (see cart-changes.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CartResponse } from '../../../../contract/cart.ts';

export type CartData = CartResponse['data'];
export const CART_QUERY_KEY = ['cart'] as const;

export const getCart = async (signal?: AbortSignal) => (await apiRequest<CartResponse>('/carts', { signal })).data;

export const cartQueryOptions = () =>
  queryOptions({ queryKey: CART_QUERY_KEY, queryFn: ({ signal }) => getCart(signal), staleTime: 30_000 });

export const EMPTY_CART: CartData = { total: 0, cart_items: [] };
