/**
 * The favourites as every screen reads them: which products are favourites (hearts), the count
 * (product §3 favoriteProducts: header badge, dashboard) and which toggles are still queued.
 * The server's list with the waiting toggles applied on top (favorite-changes.ts), so a toggle
 * anywhere shows everywhere at once — in every tab, and after a reload.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EMPTY_FAVORITES, favoritesQueryOptions } from '../api/get-favorites.ts';
import { usePendingFavoriteChanges } from '../api/favorite-changes.ts';
import { applyFavoriteChange } from '../lib/optimistic-favorites.ts';

export function useFavorites(enabled: boolean) {
  const pending = usePendingFavoriteChanges();
  // No fetch while toggles wait: its answer would race them (fetched again once they are sent).
  const query = useQuery({ ...favoritesQueryOptions(), enabled: enabled && pending.length === 0 });
  const server = enabled ? (query.data ?? EMPTY_FAVORITES) : EMPTY_FAVORITES;
  const data = useMemo(() => (enabled ? pending.reduce(applyFavoriteChange, server) : EMPTY_FAVORITES), [enabled, pending, server]);
  const ids = useMemo(() => new Set(data.product_ids), [data.product_ids]);
  const pendingIds = useMemo(() => new Set(pending.map((c) => c.product.id)), [pending]);
  return { query, data, count: data.total, isFavorite: (id: number) => ids.has(id), isPending: (id: number) => pendingIds.has(id) };
}
