/**
 * TanStack Query set up for weak mobile data (docs/decisions/003-offline-data.md):
 * - offlineFirst: a query tries the network once and otherwise serves the cache instead of failing;
 * - gcTime (7 days) >= the persister's maxAge, so restored data is not garbage-collected at once;
 * - the cache is persisted to IndexedDB (src/lib/query-persister.ts) and busted on each build.
 */
import { MutationCache, QueryClient, matchMutation, onlineManager } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api-client.ts';
import { connectivity } from './connectivity.ts';
import { i18n } from './i18n.ts';
import { outboxMutationKey } from './outbox/use-queued-changes.ts';
import { PERSIST_MAX_AGE } from './persisted-cache-mark.ts';

/**
 * The app's one MutationCache: notices about mutations are told here, not by each caller. A
 * change the phone could not store (lib/outbox/use-queued-changes.ts) is named so the shopper
 * knows which tap did not count.
 */
export function createMutationCache() {
  return new MutationCache({
    onError: (_error, variables, _context, mutation) => {
      if (!matchMutation({ mutationKey: outboxMutationKey }, mutation)) return;
      const name = (variables as { label?: string } | undefined)?.label ?? '';
      notifications.show({ color: 'red', position: 'bottom-left', autoClose: 8000, message: i18n.t('offline.not_stored', { name }) });
    },
  });
}

export function createQueryClient() {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        gcTime: PERSIST_MAX_AGE,
        staleTime: 60_000,
        // A 4xx will not get better by retrying; network faults and 5xx do.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/**
 * TanStack's onlineManager follows what requests actually do (lib/connectivity.ts), not
 * `navigator.onLine`, which says "online" on a link that carries nothing. A server answering
 * 503 is reachable: queries may ask again (and meet the 503), so only 'offline' pauses them.
 */
export function bindOnlineManager() {
  onlineManager.setEventListener((setOnline) => {
    setOnline(connectivity.state() !== 'offline');
    return connectivity.subscribe(() => setOnline(connectivity.state() !== 'offline'));
  });
}
