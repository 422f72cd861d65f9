/**
 * A part of the page whose code loads on demand (docs/decisions/042-first-load-today.md) must never take
 * the page down when that code cannot be fetched — offline on a first visit, before the service
 * worker has precached the app. `lazyPart(load)` is React.lazy with a boundary: while the code
 * is on its way, and if fetching it fails, the fallback shows (null by default); once the device
 * is back online (the app's requests reach the server, or the browser says so) the part tries
 * again — and after a growing pause if the failure comes when the device already counts as online.
 * Errors other than a failed fetch of code propagate as usual.
 *
 * Chromium keeps a module whose fetch failed in the page's module map, and every later `import()`
 * of that address — or of a module importing it — fails at once without a request (measured on
 * Chromium 150, 2026-11-29: the notices and the cart drawer never came back after their code
 * failed offline). Hence two rules:
 * - code is not asked for while it cannot arrive (offline, and no service worker to answer from
 *   its precache): the part shows its fallback and loads once the device is back (`whenCodeCanArrive`);
 * - a retry whose plain load fails again at once asks for the module under a fresh address
 *   (`?retry=N`, see `loadAgain`) — a fetch that failed as the device came back; the part's
 *   export is picked by name for that reason.
 */
import { connectivity } from './connectivity.ts';
import { Component, lazy, Suspense, useCallback, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** Chromium, Firefox and Safari word a failed dynamic import differently. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

/**
 * Pauses before trying again when a fetch of code failed while the device counted as online. The
 * failure may come after the device is back (a fetch started offline, answered once the `online`
 * event and the app's first answer from the server have passed: seen in cart.spec.ts, where the
 * notices then never showed), and no later event would announce anything. Growing, and bounded: a
 * file that is really gone (an old version's, after a release) is not asked for every second for
 * the rest of the visit; the next time the device comes back online still tries again.
 */
export const RETRY_WHILE_ONLINE_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

class LoadBoundary extends Component<{ fallback: ReactNode; onRetry: () => void; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** Stops waiting for the device to be back online (nothing to stop until a fetch failed). */
  private stopWaiting = () => {};
  /** Failures seen while the device counted as online: how long the next pause is. */
  private failuresWhileOnline = 0;

  componentDidCatch(error: unknown) {
    // Committed with the fallback: try again once the device is back online — when the app's own
    // requests find the server again (lib/connectivity.ts), or the browser says so. Not the
    // browser's word alone: it may never come (a connection that carries nothing, or a test's
    // emulated network), and a part that never comes back kept every notice of the visit hidden.
    if (!isChunkLoadError(error)) return;
    this.stopWaiting();
    const unsubscribe = connectivity.subscribe(() => connectivity.isOnline() && this.retryOnceBack());
    window.addEventListener('online', this.retryOnceBack, { once: true });
    const pause = connectivity.isOnline() ? RETRY_WHILE_ONLINE_MS[this.failuresWhileOnline++] : undefined;
    const timer = pause === undefined ? undefined : setTimeout(this.retry, pause);
    this.stopWaiting = () => {
      unsubscribe();
      window.removeEventListener('online', this.retryOnceBack);
      clearTimeout(timer);
    };
  }

  componentWillUnmount() {
    this.stopWaiting();
  }

  /** Back online: the pauses start again from the shortest. */
  private retryOnceBack = () => {
    this.failuresWhileOnline = 0;
    this.retry();
  };

  private retry = () => {
    this.stopWaiting();
    this.props.onRetry();
    this.setState({ error: null });
  };

  render() {
    if (!this.state.error) return this.props.children;
    if (!isChunkLoadError(this.state.error)) throw this.state.error;
    return this.props.fallback;
  }
}

/**
 * Resolves once a fetch of code can succeed: at once when a service worker controls the page (its
 * precache holds every module of the app) or the device counts as online; otherwise when it is
 * back. A module fetched while offline would fail and, in Chromium, stay failed with everything it
 * imports. Online means both: the app's requests reach the server (lib/connectivity.ts, which
 * probes on its own while they do not) and the browser does not know itself without a link — an
 * answer to a request sent just before the link dropped counts the server as reachable again
 * (seen in cart.spec.ts: the cart drawer's code was then asked for offline, at the first tap).
 */
export function whenCodeCanArrive(): Promise<void> {
  const canArrive = () =>
    typeof navigator === 'undefined' ||
    Boolean(navigator.serviceWorker?.controller) ||
    (navigator.onLine !== false && connectivity.isOnline());
  if (canArrive()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!canArrive()) return;
      unsubscribe();
      window.removeEventListener('online', check);
      resolve();
    };
    const unsubscribe = connectivity.subscribe(check);
    window.addEventListener('online', check);
  });
}

/** The address a failed dynamic import names (Chromium and Firefox give it; Safari does not). */
export function failedModuleAddress(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /\bhttps?:\/\/\S+/.exec(message)?.[0] ?? null;
}

/** The same module under an address the module map has not seen: `?retry=<attempt>` (any other query kept). */
export function freshModuleAddress(address: string, attempt: number): string {
  const url = new URL(address);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}

/** The browser's module loader, for an address known only at run time (replaced in unit tests: Node's cannot fetch). */
export const moduleLoader = {
  importAddress: (address: string): Promise<unknown> => import(/* @vite-ignore */ address),
};

/**
 * Loads a part's code again after a failed fetch: the plain load first (a browser that does not
 * keep failures fetches it again, and Vite's loader asks again for the styles and modules it
 * preloads with it), then, if that fails at once with the same address, the module under a fresh
 * one. Its own imports keep their addresses: a shared module that failed too stays failed until
 * the page is loaded again (not seen in the cases measured: the shared modules came with the page).
 */
async function loadAgain<M>(load: () => Promise<M>, attempt: number): Promise<M> {
  await whenCodeCanArrive();
  try {
    return await load();
  } catch (error) {
    const address = failedModuleAddress(error);
    if (!isChunkLoadError(error) || !address) throw error;
    return (await moduleLoader.importAddress(freshModuleAddress(address, attempt))) as M;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred
type AnyComponent = ComponentType<any>;

/**
 * `load` brings the part's module, `name` is the export to show (`default` unless given):
 * `lazyPart(() => import('./home-rows.tsx'), 'HomeProducts')`.
 */
export function lazyPart<M extends Record<K, AnyComponent>, K extends string = 'default'>(load: () => Promise<M>, name?: K) {
  type C = M[K];
  const exportName = (name ?? 'default') as K;
  const pick = (module: M) => ({ default: module[exportName] as C });
  let attempts = 0;
  let Loaded = lazy(() => whenCodeCanArrive().then(load).then(pick));
  return function LazyPart({ fallback = null, ...props }: ComponentProps<C> & { fallback?: ReactNode }) {
    const [, setAttempt] = useState(0);
    const onRetry = useCallback(() => {
      // React.lazy remembers a failed load: a new one fetches again.
      const attempt = ++attempts;
      Loaded = lazy(() => loadAgain(load, attempt).then(pick));
      setAttempt((n) => n + 1);
    }, []);
    return (
      <LoadBoundary fallback={fallback} onRetry={onRetry}>
        <Suspense fallback={fallback}>
          <Loaded {...(props as ComponentProps<C>)} />
        </Suspense>
      </LoadBoundary>
    );
  };
}

/**
 * Fetches code ahead of need (idle time), not while it cannot arrive (`whenCodeCanArrive`); a
 * failure only means it will be fetched when needed.
 */
export function prefetchCode(load: () => Promise<unknown>) {
  whenCodeCanArrive()
    .then(load)
    .catch(() => undefined);
}
