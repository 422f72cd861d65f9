/**
 * A mark in local storage that this device holds the app's persisted query cache: IndexedDB can
 * only be read asynchronously, and the start-up script (src/boot/first-screen.ts) must know at
 * once, before the app runs, whether the app will draw its first screen from that cache.
 *
 * Why it matters (ADR 044): the server draws a first screen for an anonymous Romanian visitor with
 * nothing stored. A returning visitor without a service worker gets that screen too, but the app
 * draws hers from her cache and replaces the drawn one (main.tsx: `createRoot`), so a tap made on
 * the drawn screen before the app was live would be lost. With the mark, the start-up script
 * hides the drawn screen for her, as for a signed-in or English visitor, and starts the app's
 * code at once.
 *
 * The mark names the build whose cache it is and when that cache was written: a cache of another
 * build, or older than PERSIST_MAX_AGE, is thrown away when the app restores it, so the app then
 * hydrates the drawn screen, and the start-up script leaves it shown. A stale mark (IndexedDB
 * lost on its own, a write cut short) only hides a screen the app then hydrates; main.tsx shows it
 * again once it is live.
 *
 * Shared by the start-up script (an inline script) and the app: nothing here runs on import.
 */

/** The longest a persisted cache is restored (the persister's maxAge; the queries' gcTime). */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** Where the mark is kept. */
export const PERSISTED_CACHE_MARK_KEY = 'persisted-cache';

export interface PersistedCacheMark {
  /** The cache's buster: the build that wrote it (lib/query-persister.ts, CACHE_BUSTER). */
  buster: string;
  /** When it was written (ms since the epoch). */
  at: number;
}

/** The app, as it writes its cache to IndexedDB (null: it removed it). Storage errors are ignored. */
export function markPersistedCache(mark: PersistedCacheMark | null): void {
  try {
    if (mark) localStorage.setItem(PERSISTED_CACHE_MARK_KEY, JSON.stringify(mark));
    else localStorage.removeItem(PERSISTED_CACHE_MARK_KEY);
  } catch {
    // Unavailable storage: the start-up script reads no mark, as before there was one.
  }
}

/** The start-up script: will the app of build `buster` find its cache on this device? */
export function holdsPersistedCache(buster: string, now = Date.now()): boolean {
  try {
    const mark = JSON.parse(localStorage.getItem(PERSISTED_CACHE_MARK_KEY) as string) as PersistedCacheMark | null;
    return !!mark && mark.buster === buster && now - mark.at < PERSIST_MAX_AGE;
  } catch {
    return false;
  }
}
