/**
 * The favourites as every screen reads them: which products are favourites (hearts), the count
 * (spec §3 favoriteProducts: header badge, dashboard) and which toggles are still queued.
 * One query, so a toggle anywhere shows everywhere at once.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_FAVORITES, favoritesQueryOptions } from '../api/get-favorites.ts';
import { usePendingFavoriteIds } from '../api/favorite-changes.ts';

export function useFavorites(enabled: boolean) {
  const query = useQuery({ ...favoritesQueryOptions(), enabled });
  const data = enabled ? (query.data ?? EMPTY_FAVORITES) : EMPTY_FAVORITES;
  const pending = usePendingFavoriteIds();
  const ids = useMemo(() => new Set(data.product_ids), [data.product_ids]);
  const pendingIds = useMemo(() => new Set(pending), [pending]);
  return { query, data, count: data.total, isFavorite: (id: number) => ids.has(id), isPending: (id: number) => pendingIds.has(id) };
}
