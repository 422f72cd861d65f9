/** The persisted cache round-trips through IndexedDB, respects the buster, is marked for the start-up script and is cleared at logout. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CACHE_BUSTER, createIdbPersister, persistQueryCache } from './query-persister.ts';
import { holdsPersistedCache } from './persisted-cache-mark.ts';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('persistQueryCache', () => {
  it('restores what a previous visit cached, but not private queries', async () => {
    const key = `cache-${Math.random()}`;
    const first = new QueryClient();
    const cache = persistQueryCache(first, createIdbPersister(key, 10));
    await cache.restored;
    first.setQueryData(['categories'], [{ id: 1, name: 'Cărți' }]);
    await first.prefetchQuery({ queryKey: ['carts'], queryFn: async () => ({ total: 3 }), meta: { persist: false } });
    await settle(50);

    const second = new QueryClient();
    await persistQueryCache(second, createIdbPersister(key, 10)).restored;
    expect(second.getQueryData(['categories'])).toEqual([{ id: 1, name: 'Cărți' }]);
    expect(second.getQueryData(['carts'])).toBeUndefined();
  });

  it('keeps what the shopper saw when its refetch failed (a 503 or a dead connection never erases it from the device)', async () => {
    const key = `cache-${Math.random()}`;
    const first = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cache = persistQueryCache(first, createIdbPersister(key, 10));
    await cache.restored;
    await first.prefetchQuery({ queryKey: ['cart'], queryFn: async () => ({ lines: [306] }) });
    await first.refetchQueries({ queryKey: ['cart'] });
    await first
      .fetchQuery({ queryKey: ['cart'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 })
      .catch(() => undefined);
    expect(first.getQueryState(['cart'])?.status).toBe('error');
    await settle(50);

    const second = new QueryClient();
    await persistQueryCache(second, createIdbPersister(key, 10)).restored;
    expect(second.getQueryData(['cart'])).toEqual({ lines: [306] });
    expect(second.getQueryState(['cart'])?.status).toBe('success');
    expect(second.getQueryState(['cart'])?.error).toBeNull();
  });

  it('marks in local storage that the device holds this build’s cache, and unmarks it on clear', async () => {
    localStorage.clear();
    const key = `cache-${Math.random()}`;
    const client = new QueryClient();
    const cache = persistQueryCache(client, createIdbPersister(key, 10));
    await cache.restored;
    expect(holdsPersistedCache(CACHE_BUSTER)).toBe(false);
    client.setQueryData(['categories'], [{ id: 1 }]);
    await settle(50);
    expect(holdsPersistedCache(CACHE_BUSTER)).toBe(true);
    expect(holdsPersistedCache('another-build')).toBe(false);
    await cache.clear();
    expect(holdsPersistedCache(CACHE_BUSTER)).toBe(false);
  });

  it('forgets everything on clear (logout)', async () => {
    const key = `cache-${Math.random()}`;
    const client = new QueryClient();
    const cache = persistQueryCache(client, createIdbPersister(key, 10));
    await cache.restored;
    client.setQueryData(['addresses'], [{ id: 7 }]);
    await settle(50);
    await cache.clear();
    expect(client.getQueryData(['addresses'])).toBeUndefined();

    const next = new QueryClient();
    await persistQueryCache(next, createIdbPersister(key, 10)).restored;
    expect(next.getQueryData(['addresses'])).toBeUndefined();
  });
});

describe('flush', () => {
  it('writes an update at once instead of after the throttle (an outbox answer before its entry goes)', async () => {
    const key = `cache-${Math.random()}`;
    const client = new QueryClient();
    const cache = persistQueryCache(client, createIdbPersister(key, 60_000));
    await cache.restored;
    client.setQueryData(['favorites'], { product_ids: [] });
    await settle(100); // new data: written after ~50 ms
    client.setQueryData(['favorites'], { product_ids: [96] }); // an update: would wait a minute
    await cache.flush();

    const next = new QueryClient();
    await persistQueryCache(next, createIdbPersister(key, 60_000)).restored;
    expect(next.getQueryData(['favorites'])).toEqual({ product_ids: [96] });
  });
});

describe('createIdbPersister', () => {
  it('writes newly arrived data at once, not after the throttle (a page left right away still opens offline)', async () => {
    const key = `cache-${Math.random()}`;
    const client = new QueryClient();
    // A throttle far longer than the test: only the new-data rule can have written.
    const cache = persistQueryCache(client, createIdbPersister(key, 60_000));
    await cache.restored;
    client.setQueryData(['products', 'detail', 106], { id: 106, name: 'Geacă' });
    await settle(150);

    const next = new QueryClient();
    await persistQueryCache(next, createIdbPersister(key, 10)).restored;
    expect(next.getQueryData(['products', 'detail', 106])).toEqual({ id: 106, name: 'Geacă' });
  });

  it('waits for the throttle when known data only changes', async () => {
    const key = `cache-${Math.random()}`;
    const client = new QueryClient();
    const cache = persistQueryCache(client, createIdbPersister(key, 60_000));
    await cache.restored;
    client.setQueryData(['categories'], [{ id: 1, name: 'Cărți' }]);
    await settle(150);
    client.setQueryData(['categories'], [{ id: 1, name: 'Cărți rare' }]);
    await settle(150);

    const next = new QueryClient();
    await persistQueryCache(next, createIdbPersister(key, 10)).restored;
    expect(next.getQueryData(['categories'])).toEqual([{ id: 1, name: 'Cărți' }]);
  });
});
