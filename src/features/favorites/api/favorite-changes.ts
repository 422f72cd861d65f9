/**
 * Favourite toggles that never lose a tap (issue #6), built like the cart changes (ADR 007):
 * each toggle is a mutation in ONE scope ('favorites', so they reach the server in order),
 * applied to the screen at once, paused while offline, persisted with the query cache and
 * resumed after a reload — the mutation function lives in `setMutationDefaults`, registered
 * before the cache is restored. PUT/DELETE are idempotent by nature and each toggle also
 * carries its own Idempotency-Key, so a replay is applied once.
 */
import { onlineManager, useMutation, useMutationState, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError, apiRequest } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../contract/constants.ts';
import type { FavoriteToggleResponse } from '../../../contract/engagement.ts';
import { applyFavoriteChange, type FavoriteChange } from '../lib/optimistic-favorites.ts';
import { EMPTY_FAVORITES, FAVORITES_QUERY_KEY, type FavoritesData } from './get-favorites.ts';

export const FAVORITE_MUTATION_KEY = ['favorites', 'toggle'] as const;

export interface FavoriteChangeVariables {
  change: FavoriteChange;
  idempotencyKey: string;
}

export function registerFavoriteMutations(queryClient: QueryClient) {
  const pendingCount = () => queryClient.isMutating({ mutationKey: FAVORITE_MUTATION_KEY });
  queryClient.setMutationDefaults(FAVORITE_MUTATION_KEY, {
    scope: { id: 'favorites' },
    networkMode: 'offlineFirst',
    retry: (failures, error) => error instanceof NetworkError || (error instanceof ApiError && error.status >= 500 && failures < 3),
    // Offline, pause at once so the paused toggle is persisted before the app can be closed.
    retryDelay: (failures, error) => (error instanceof NetworkError && !onlineManager.isOnline() ? 0 : Math.min(1000 * 2 ** failures, 30_000)),
    mutationFn: ({ change, idempotencyKey }: FavoriteChangeVariables) =>
      apiRequest<FavoriteToggleResponse>(`/favorite-products/${change.product.id}`, {
        method: change.favorite ? 'PUT' : 'DELETE',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onMutate: async ({ change }: FavoriteChangeVariables) => {
      await queryClient.cancelQueries({ queryKey: FAVORITES_QUERY_KEY });
      queryClient.setQueryData<FavoritesData>(FAVORITES_QUERY_KEY, (data) => applyFavoriteChange(data ?? EMPTY_FAVORITES, change));
    },
    onError: (error: unknown, { change }: FavoriteChangeVariables) => {
      // Say which item and why; the list is then fetched again (the server's truth).
      const message = error instanceof ApiError ? error.message : String(error);
      notifications.show({ color: 'red', position: 'bottom-left', message: `${change.product.name}: ${message}`, autoClose: 8000 });
    },
    onSettled: () => {
      // Later queued toggles are still to come: only after the last is the server's list the truth.
      if (pendingCount() <= 1) void queryClient.invalidateQueries({ queryKey: FAVORITES_QUERY_KEY });
    },
  });
}

/** Queues one toggle (the defaults above do the work). */
export function useFavoriteChange() {
  const mutation = useMutation<FavoriteToggleResponse, unknown, FavoriteChangeVariables>({ mutationKey: FAVORITE_MUTATION_KEY });
  return (change: FavoriteChange) => mutation.mutate({ change, idempotencyKey: crypto.randomUUID() });
}

/** Product ids whose toggle the server has not confirmed yet (queued offline or in flight). */
export function usePendingFavoriteIds(): number[] {
  return useMutationState({
    filters: { mutationKey: FAVORITE_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as FavoriteChangeVariables).change.product.id,
  });
}
