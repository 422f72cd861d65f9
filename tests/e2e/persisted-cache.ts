/**
 * Waiting for what the app has written to IndexedDB, instead of sleeping: a test that goes
 * offline right after a screen loaded must first know the screen's data is on the device (the
 * query cache writes new data within ~50 ms, but a loaded 2-core machine can take longer).
 */
import type { Page } from '@playwright/test';

/**
 * Resolves once the persisted query cache (idb-keyval: database `keyval-store`, key
 * `talcioc-query-cache`) holds a query whose hash contains every one of `parts`, for each list.
 */
export async function waitForPersistedQueries(page: Page, ...queries: string[][]) {
  await page.waitForFunction(
    async (wanted) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('keyval-store');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains('keyval')) return false;
        const value = await new Promise<{ clientState?: { queries?: { queryHash: string }[] } } | undefined>((resolve, reject) => {
          const request = db.transaction('keyval').objectStore('keyval').get('talcioc-query-cache');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const hashes = value?.clientState?.queries?.map((q) => q.queryHash) ?? [];
        return wanted.every((parts) => hashes.some((hash) => parts.every((part) => hash.includes(part))));
      } finally {
        db.close();
      }
    },
    queries,
    { polling: 100, timeout: 15_000 },
  );
}
