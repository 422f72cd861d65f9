/**
 * GET /api/favorite-products (product §7, issue #6): the shopper's favourites as product cards,
 * newest first, with their count (product §3 favoriteProducts) and ids. Skipped without a token
 * (count 0). Persisted with the query cache so the wishlist and the hearts show offline; while
 * changes are queued the screen shows the optimistic version (favorite-changes.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { favoriteApi } from '#contract/routes/favorites.ts';
import type { RouteAnswer } from '#contract/route.ts';

/** The favourites as GET /favorite-products answers them. */
export type FavoritesData = RouteAnswer<typeof favoriteApi.list>['data'];
export const FAVORITES_QUERY_KEY = ['favorites'] as const;
export const EMPTY_FAVORITES: FavoritesData = { products: [], total: 0, product_ids: [] };

export const getFavorites = async (signal?: AbortSignal) => (await callRoute(favoriteApi.list, { signal })).data;

export const favoritesQueryOptions = () =>
  queryOptions({ queryKey: FAVORITES_QUERY_KEY, queryFn: ({ signal }) => getFavorites(signal), staleTime: 60_000 });
