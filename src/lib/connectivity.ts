/**
 * Is the server reachable? Judged by what requests actually do, never by `navigator.onLine`
 * alone (docs/offline.md): on a phone whose cell or Wi-Fi link carries no data ("lie-fi"), and in
 * Chromium after a reload while offline, the browser says "online" while every request fails.
 *
 * - a request that fails at the network (or times out) → offline, until a request gets through;
 * - a 502/503/504 → 'unavailable' (the server or its database is down: same waiting, calmer words);
 * - while not online, a probe (`GET /api/health`, which the service worker never answers from a
 *   cache) runs with a growing interval, and at once on the browser's `online` event, when the
 *   page becomes visible, or when something asks (`connectivity.probe()`);
 * - the browser's events are hints: `offline` (or navigator.onLine === false) is believed at once —
 *   a browser that knows it has no link is right — while `online` only triggers a probe.
 *
 * TanStack Query's onlineManager follows this judgement (see `bindOnlineManager`), so queries and
 * the offline banner agree with the outbox about when the device is online.
 */
import { useSyncExternalStore } from 'react';

export type Reachability = 'online' | 'offline' | 'unavailable';

const PROBE_PATH = '/api/health';
const PROBE_TIMEOUT_MS = 8_000;
/** Growing probe interval while not online: first look soon, then every 10 s (a failing probe costs nothing; a shopper back in coverage should not wait long for her changes to go). */
const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000];

type Listener = () => void;

export interface Connectivity {
  state(): Reachability;
  isOnline(): boolean;
  subscribe(listener: Listener): () => void;
  /** A request failed at the network (or timed out). */
  reportNetworkFailure(): void;
  /** The server answered 502/503/504: reachable network, but nothing can be done now. */
  reportUnavailable(): void;
  /** A request got a real answer from the server. */
  reportReachable(): void;
  /** Looks now (deduplicated); resolves with the state found. */
  probe(): Promise<Reachability>;
  /** Test hook: stop timers and listeners. */
  dispose(): void;
}

export function createConnectivity(options: { fetch?: typeof fetch; origin?: string; initial?: Reachability } = {}): Connectivity {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let current: Reachability = options.initial ?? (typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online');
  const listeners = new Set<Listener>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let inFlight: Promise<Reachability> | undefined;

  const set = (next: Reachability) => {
    if (next === 'online') {
      attempt = 0;
      if (timer) clearTimeout(timer);
      timer = undefined;
    } else scheduleProbe();
    if (next === current) return;
    current = next;
    listeners.forEach((listener) => listener());
  };

  function scheduleProbe() {
    if (timer) return;
    const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void probe();
    }, delay);
  }

  function probe(): Promise<Reachability> {
    if (inFlight) return inFlight;
    const url = new URL(PROBE_PATH, options.origin ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost'));
    url.searchParams.set('probe', String(Date.now()));
    inFlight = doFetch(url, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
      .then(
        (response) => (response.status >= 502 && response.status <= 504 ? 'unavailable' : 'online') as Reachability,
        () => 'offline' as Reachability,
      )
      .then((found) => {
        set(found);
        return found;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  const onOnlineHint = () => void probe();
  const onOfflineHint = () => set('offline');
  const onVisible = () => document.visibilityState === 'visible' && current !== 'online' && void probe();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnlineHint);
    window.addEventListener('offline', onOfflineHint);
    document.addEventListener('visibilitychange', onVisible);
  }
  if (current !== 'online') scheduleProbe();

  return {
    state: () => current,
    isOnline: () => current === 'online',
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportNetworkFailure: () => set('offline'),
    reportUnavailable: () => set('unavailable'),
    reportReachable: () => set('online'),
    probe,
    dispose() {
      if (timer) clearTimeout(timer);
      listeners.clear();
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnlineHint);
        window.removeEventListener('offline', onOfflineHint);
        document.removeEventListener('visibilitychange', onVisible);
      }
    },
  };
}

/** The app's one judge of connectivity. */
export const connectivity: Connectivity = createConnectivity();

/** The current judgement, re-rendering when it changes. */
export function useReachability(): Reachability {
  return useSyncExternalStore(connectivity.subscribe, connectivity.state, () => 'online');
}

/**
 * `{ online }` as screens use it ("needs a connection" buttons, drafts kept for later): the
 * server is reachable by what requests found. A server answering 503 counts as not online here.
 */
export function useOnline(): { online: boolean } {
  return { online: useReachability() === 'online' };
}
