/**
 * Persists the query cache to IndexedDB (idb-keyval) through query-persist-client-core,
 * so master data, translations, categories and whatever was browsed survive reloads and
 * a dropped connection. Writes are throttled: a burst of cache updates is one IDB write.
 */
import { del, get, set } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { PERSIST_MAX_AGE } from './query-client.ts';

const IDB_KEY = 'talcioc-query-cache';

export function createIdbPersister(key = IDB_KEY, throttleMs = 1000): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  let savedMutations = -1;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (latest) void set(key, latest).catch(() => undefined);
  };
  // A tap must never be lost: leaving the page writes what is pending at once.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => timer && write());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && timer && write());
  }
  return {
    persistClient(client) {
      latest = client;
      // A queued (paused) change appeared or went: write now, not in a second — the shopper
      // may close the app right after tapping.
      const mutations = client.clientState.mutations.length;
      if (mutations !== savedMutations) {
        savedMutations = mutations;
        return write();
      }
      if (timer) return;
      timer = setTimeout(write, throttleMs);
    },
    restoreClient: () => get<PersistedClient>(key).catch(() => undefined),
    removeClient: async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      await del(key).catch(() => undefined);
    },
  };
}

/** Changes with every build, so a new release never reads a cache shaped by an old one. */
export const CACHE_BUSTER = import.meta.env.VITE_BUILD_ID ?? 'dev';

export interface PersistedCache {
  /** Resolves once the cache is back from IndexedDB (or known to be empty). */
  restored: Promise<void>;
  /** Logout: forget everything persisted (spec §4 / issue #2). */
  clear(): Promise<void>;
}

export function persistQueryCache(queryClient: QueryClient, persister: Persister = createIdbPersister()): PersistedCache {
  const options = {
    queryClient,
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: CACHE_BUSTER,
    dehydrateOptions: {
      // Only finished, non-private results are kept (queries opt out with meta.persist = false).
      shouldDehydrateQuery: (query: { state: { status: string }; meta?: Record<string, unknown> }) =>
        query.state.status === 'success' && query.meta?.persist !== false,
    },
  };
  let unsubscribe = () => {};
  const restored = persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      unsubscribe = persistQueryClientSubscribe(options);
      // Mutations paused offline before a reload continue now (their defaults are registered by features).
      void queryClient.resumePausedMutations();
    });
  return {
    restored,
    async clear() {
      unsubscribe();
      queryClient.clear();
      await persister.removeClient();
      unsubscribe = persistQueryClientSubscribe(options);
    },
  };
}
