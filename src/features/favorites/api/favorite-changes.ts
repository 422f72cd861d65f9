/**
 * Favourite toggles that never lose a tap (docs/offline.md), queued in the app's outbox like the
 * cart changes: written to IndexedDB before the heart changes, sent once and in order, with the
 * Idempotency-Key made when the shopper tapped. The favourites query keeps the server's last
 * answer; what the shopper sees is that list with the waiting toggles applied on top.
 */
import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { outbox } from '#src/lib/outbox/index.ts';
import { usePendingChanges, useQueueChange } from '#src/lib/outbox/use-queued-changes.ts';
import { favoriteApi } from '#contract/routes/favorites.ts';
import { applyFavoriteChange, type FavoriteChange } from '../lib/optimistic-favorites.ts';
import { FAVORITES_QUERY_KEY, type FavoritesData } from './get-favorites.ts';

/** What the favourites' answers do in this tab (registered before the outbox is restored). */
export function registerFavoriteOutbox(queryClient: QueryClient) {
  outbox.registerKind('favorite', {
    // A fetch on its way predates the toggle (queued here, in another tab, or before a reload).
    cancelStaleFetches: () => void queryClient.cancelQueries({ queryKey: FAVORITES_QUERY_KEY }),
    // The server took the toggle: it moves from "waiting" into the list as the server has it.
    answered: (entry) => {
      const change = entry?.change as FavoriteChange | undefined;
      if (change) queryClient.setQueryData<FavoritesData>(FAVORITES_QUERY_KEY, (data) => (data ? applyFavoriteChange(data, change) : data));
      // Sent by another context before this tab ever saw it: only the server knows the list now.
      else void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
    settled: () => void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY }),
  });
}

/**
 * Queues one toggle. Resolves true once it is stored on the phone; false when it could not be
 * (the app's MutationCache names the item: lib/query-client.ts), and the heart does not change.
 */
export function useFavoriteChange() {
  const queue = useQueueChange<FavoriteChange>();
  return useCallback(
    (change: FavoriteChange) => {
      // The outbox sends it, not callRoute: the definition's method and path, its product id filled in.
      const route = change.favorite ? favoriteApi.add : favoriteApi.remove;
      return queue({
        kind: 'favorite',
        request: { method: route.method, path: route.path.replace(':productId', String(change.product.id)) },
        change,
        label: change.product.name,
      });
    },
    [queue],
  );
}

/** The toggles the server has not confirmed yet (queued or in flight), oldest first. */
export const usePendingFavoriteChanges = () => usePendingChanges<FavoriteChange>('favorite');
