/**
 * Persists the query cache to IndexedDB (idb-keyval) through query-persist-client-core,
 * so master data, translations, categories and whatever was browsed survive reloads and
 * a dropped connection. Writes are throttled: a burst of cache updates is one IDB write; a
 * screen's newly arrived data and queued changes are written at once.
 */
import { del, get, set } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { markPersistedCache, PERSIST_MAX_AGE } from './persisted-cache-mark.ts';

const IDB_KEY = 'talcioc-query-cache';

/** How soon a newly arrived query is written: the other answers of the same screen come with it. */
const NEW_DATA_DELAY_MS = 50;

/** The persister, plus a write of the latest snapshot at once (awaited). */
export type FlushablePersister = Persister & { flush(): Promise<void> };

export function createIdbPersister(key = IDB_KEY, throttleMs = 1000): FlushablePersister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = 0;
  let latest: PersistedClient | undefined;
  let savedMutations = -1;
  let seenQueries = 0;
  const write = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!latest) return Promise.resolve();
    // Readable before the app runs: the start-up script hides a drawn screen the app will replace.
    markPersistedCache({ buster: latest.buster, at: latest.timestamp });
    return set(key, latest).catch(() => undefined);
  };
  /** Writes after `delay` ms, or sooner if a write is already due sooner. */
  const schedule = (delay: number) => {
    const due = Date.now() + delay;
    if (timer && dueAt <= due) return;
    if (timer) clearTimeout(timer);
    dueAt = due;
    timer = setTimeout(write, delay);
  };
  // A tap must never be lost: leaving the page writes what is pending at once.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => timer && void write());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && timer && void write());
  }
  return {
    persistClient(client) {
      latest = keepLastGoodData(client);
      // A queued (paused) change appeared or went: write now, not in a second — the shopper
      // may close the app right after tapping.
      const mutations = client.clientState.mutations.length;
      if (mutations !== savedMutations) {
        savedMutations = mutations;
        return void write();
      }
      // A screen's data arrived for the first time: written almost at once, so a page the
      // shopper saw and left right away still opens offline. Updates wait for the throttle.
      const queries = client.clientState.queries.length;
      if (queries > seenQueries) {
        seenQueries = queries;
        return schedule(NEW_DATA_DELAY_MS);
      }
      schedule(throttleMs);
    },
    restoreClient: () => get<PersistedClient>(key).catch(() => undefined),
    // Whatever is pending, written now: e.g. a queued change's answer before the change leaves the
    // outbox, so a tab killed right after never restores the state from before the answer.
    flush: () => (timer ? write() : Promise.resolve()),
    removeClient: async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      seenQueries = 0;
      markPersistedCache(null);
      await del(key).catch(() => undefined);
    },
  };
}

/**
 * A query whose last refetch failed still holds the data the shopper saw: it is written as that
 * data, not as the failure (an Error does not belong on disk, and a restored "error" would draw an
 * error state where the device has something to show). The restored copy is stale anyway and asks
 * the server again when its screen mounts.
 */
export function keepLastGoodData(client: PersistedClient): PersistedClient {
  if (!client.clientState.queries.some((q) => q.state.status === 'error')) return client;
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((q) =>
        q.state.status === 'error'
          ? {
              ...q,
              state: { ...q.state, status: 'success', error: null, fetchStatus: 'idle', fetchFailureCount: 0, fetchFailureReason: null },
            }
          : q,
      ),
    },
  };
}

/** Changes with every build, so a new release never reads a cache shaped by an old one. */
export const CACHE_BUSTER = import.meta.env.VITE_BUILD_ID ?? 'dev';

export interface PersistedCache {
  /** Resolves once the cache is back from IndexedDB (or known to be empty). */
  restored: Promise<void>;
  /** Logout: forget everything persisted (product §4 / issue #2). */
  clear(): Promise<void>;
  /** Writes what is pending now (resolves once IndexedDB has it). */
  flush(): Promise<void>;
}

export function persistQueryCache(
  queryClient: QueryClient,
  persister: Persister & Partial<Pick<FlushablePersister, 'flush'>> = createIdbPersister(),
): PersistedCache {
  const options = {
    queryClient,
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: CACHE_BUSTER,
    dehydrateOptions: {
      // Every non-private result the shopper has seen is kept (queries opt out with
      // meta.persist = false) — also when its last refetch failed: a cart whose refresh met a
      // 503 or a dead connection must not vanish from the device at the next write.
      shouldDehydrateQuery: (query: { state: { data: unknown }; meta?: Record<string, unknown> }) =>
        query.state.data !== undefined && query.meta?.persist !== false,
    },
  };
  let unsubscribe = () => {};
  const restored = persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      unsubscribe = persistQueryClientSubscribe(options);
      // What came back from IndexedDB shows at once but counts as stale: each screen asks the
      // server again when it mounts (TanStack's offline recipe), so a reload never keeps a cart,
      // a favourites list or an unread count from before. Offline, the refetch simply waits.
      void queryClient.invalidateQueries({ refetchType: 'none' });
      // Mutations paused offline before a reload continue now (their defaults are registered by features).
      void queryClient.resumePausedMutations();
    });
  return {
    restored,
    flush: () => persister.flush?.() ?? Promise.resolve(),
    async clear() {
      unsubscribe();
      queryClient.clear();
      await persister.removeClient();
      unsubscribe = persistQueryClientSubscribe(options);
    },
  };
}
