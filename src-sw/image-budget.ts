/**
 * The image cache's byte bound (issue 15, ADR 043): workbox-expiration's ExpirationPlugin bounds
 * entries and age only, so this plugin keeps the bytes of the cache under `maxBytes`, evicting
 * the least recently used images (a cache hit counts as a use). Sizes and last uses live in
 * IndexedDB (idb-keyval), written at most once a second; the accounting is reconciled with the
 * cache's keys before each eviction, so entries the ExpirationPlugin removed are not counted.
 */
import { get, set } from 'idb-keyval';
import type { WorkboxPlugin } from 'workbox-core';
import { ByteBudget, type BudgetEntry } from '#src/lib/byte-budget.ts';

export function byteBudgetPlugin(cacheName: string, maxBytes: number): WorkboxPlugin {
  const key = `cache-bytes:${cacheName}`;
  let loaded: Promise<ByteBudget> | undefined;
  const budget = () =>
    (loaded ??= get<Record<string, BudgetEntry>>(key).then(
      (saved) => new ByteBudget(maxBytes, saved ?? {}),
      () => new ByteBudget(maxBytes),
    ));
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const save = (b: ByteBudget) => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void set(key, b.toJSON()).catch(() => undefined), 1000);
  };
  let queue = Promise.resolve();
  const serial = (job: () => Promise<void>) => (queue = queue.then(job, job));

  return {
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      if (cachedResponse) {
        const url = typeof request === 'string' ? request : request.url;
        void serial(async () => {
          const b = await budget();
          b.touch(url, Date.now());
          save(b);
        });
      }
      return cachedResponse ?? null;
    },
    cacheDidUpdate: async ({ request, newResponse }) => {
      const size = Number(newResponse.headers.get('Content-Length')) || (await newResponse.clone().blob()).size;
      await serial(async () => {
        const b = await budget();
        b.add(request.url, size, Date.now());
        if (b.total > maxBytes) {
          const cache = await caches.open(cacheName);
          b.keepOnly((await cache.keys()).map((r) => r.url));
          for (const url of b.evict()) await cache.delete(url);
        }
        save(b);
      });
    },
  };
}
