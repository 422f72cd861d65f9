/**
 * A part of the page whose code loads on demand (docs/decisions/008-first-load.md) must never take
 * the page down when that code cannot be fetched — offline on a first visit, before the service
 * worker has precached the app. `lazyPart(load)` is React.lazy with a boundary: while the code
 * is on its way, and if fetching it fails, the fallback shows (null by default); once the device
 * is back online (the app's requests reach the server, or the browser says so) the part tries
 * again. Errors other than a failed fetch of code propagate as usual.
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

class LoadBoundary extends Component<{ fallback: ReactNode; onRetry: () => void; children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  /** Stops waiting for the device to be back online (nothing to stop until a fetch failed). */
  private stopWaiting = () => {};

  componentDidCatch(error: unknown) {
    // Committed with the fallback: try again once the device is back online — when the app's own
    // requests find the server again (lib/connectivity.ts), or the browser says so. Not the
    // browser's word alone: it may never come (a connection that carries nothing, or a test's
    // emulated network), and a part that never comes back kept every notice of the visit hidden.
    if (!isChunkLoadError(error)) return;
    this.stopWaiting();
    const unsubscribe = connectivity.subscribe(() => connectivity.isOnline() && this.retry());
    window.addEventListener('online', this.retry, { once: true });
    this.stopWaiting = () => {
      unsubscribe();
      window.removeEventListener('online', this.retry);
    };
  }

  componentWillUnmount() {
    this.stopWaiting();
  }

  retry = () => {
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
