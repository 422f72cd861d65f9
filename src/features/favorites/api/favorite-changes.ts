/**
 * Favourite toggles that never lose a tap (docs/offline.md), queued in the app's outbox like the
 * cart changes: written to IndexedDB before the heart changes, sent once and in order, with the
 * Idempotency-Key made when the shopper tapped. The favourites query keeps the server's last
 * answer; what the shopper sees is that list with the waiting toggles applied on top.
 */
import { useCallback, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { outbox, useOutboxPending } from '../../../lib/outbox/index.ts';
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

/** Queues one toggle; if the phone cannot store it, says so (the heart does not change). */
export function useFavoriteChange() {
  const { t } = useTranslation();
  return useCallback(
    (change: FavoriteChange) =>
      outbox
        .enqueue({
          kind: 'favorite',
          request: { method: change.favorite ? 'PUT' : 'DELETE', path: `/favorite-products/${change.product.id}` },
          change,
          label: change.product.name,
        })
        .then(
          () => true,
          () => {
            notifications.show({ color: 'red', position: 'bottom-left', autoClose: 8000, message: t('offline.not_stored', { name: change.product.name }) });
            return false;
          },
        ),
    [t],
  );
}

/** The toggles the server has not confirmed yet (queued or in flight), oldest first. */
export function usePendingFavoriteChanges(): FavoriteChange[] {
  const entries = useOutboxPending<FavoriteChange>(outbox, 'favorite');
  return useMemo(() => entries.map((e) => e.change), [entries]);
}
