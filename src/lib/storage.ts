/**
 * Local storage that never throws: private modes, full quotas and disabled storage must not
 * blank the app. Values are JSON.
 */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the in-memory state still works for this visit.
  }
}

/** Removes every key that starts with `prefix` (e.g. the form drafts at logout). */
export function removeStoredByPrefix(prefix: string): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter(
      (k): k is string => k?.startsWith(prefix) ?? false,
    );
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
