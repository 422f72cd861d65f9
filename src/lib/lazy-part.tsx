/**
 * A part of the page whose code loads on demand (docs/decisions/008-first-load.md) must never take
 * the page down when that code cannot be fetched — offline on a first visit, before the service
 * worker has precached the app. `lazyPart(load)` is React.lazy with a boundary: while the code
 * is on its way, and if fetching it fails, the fallback shows (null by default); once the device
 * is back online (the app's requests reach the server, or the browser says so) the part tries
 * again — and after a growing pause if the failure comes when the device already counts as online.
 * Errors other than a failed fetch of code propagate as usual.
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let Loaded = lazy(load);
  return function LazyPart({ fallback = null, ...props }: ComponentProps<C> & { fallback?: ReactNode }) {
    const [, setAttempt] = useState(0);
    const onRetry = useCallback(() => {
      // React.lazy remembers a failed load: a new one fetches again.
      Loaded = lazy(load);
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

/** Fetches code ahead of need (idle time); a failure only means it will be fetched when needed. */
export function prefetchCode(load: () => Promise<unknown>) {
  load().catch(() => undefined);
}
