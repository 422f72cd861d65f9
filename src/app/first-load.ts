/**
 * The first page load (docs/decisions/042-first-load-today.md). Until the router's first navigation
 * has finished, a screen's loader waits a little for the data the screen shows, so the first
 * paint has the content: no skeleton swapped for content (layout shift) and no synchronous
 * re-render of the whole screen when a query resolves (one long task). It never waits longer
 * than FIRST_LOAD_WAIT_MS, nor offline, nor for data already in the (persisted) cache. Later
 * navigations prefetch without waiting and show skeletons at once, as before.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { connectivity } from '#src/lib/connectivity.ts';
import type { ImageMeta } from '#contract/images.ts';
import { offeredWidths, srcSetOf } from '#src/components/Photo/Photo.tsx';

export const FIRST_LOAD_WAIT_MS = 1500;

let firstNavigationDone = false;

/** main.tsx calls this once the router is initialized. */
export function markFirstNavigationDone() {
  firstNavigationDone = true;
}

/** What queryOptions() returns, whatever the data type. */
type AnyQueryOptions = { queryKey: QueryKey };

/**
 * `within(promise)`: on the first load, the promise's value — or undefined once
 * FIRST_LOAD_WAIT_MS have passed since firstLoadBudget() was called (one budget per loader, so
 * chained waits share it). Afterwards, offline, or on a later navigation: undefined at once
 * (the work goes on in the background).
 */
export function firstLoadBudget() {
  const waiting = !firstNavigationDone && connectivity.isOnline();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = waiting ? new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), FIRST_LOAD_WAIT_MS))) : null;
  return {
    waiting,
    within<T>(promise: Promise<T>): Promise<T | undefined> {
      if (!deadline) return Promise.resolve(undefined);
      return Promise.race([promise.catch(() => undefined), deadline]);
    },
    done() {
      clearTimeout(timer);
    },
  };
}

/**
 * Prefetches every query (stale ones refresh in the background); on the first load, also waits
 * (bounded) for those that have no data yet.
 */
export async function prefetchScreen(queryClient: QueryClient, queries: AnyQueryOptions[]): Promise<void> {
  const budget = firstLoadBudget();
  const missing: Promise<void>[] = [];
  for (const options of queries) {
    const cached = queryClient.getQueryData(options.queryKey) !== undefined;
    const fetching = queryClient.prefetchQuery(options as FetchQueryOptions);
    if (!cached) missing.push(fetching);
  }
  if (missing.length > 0) await budget.within(Promise.all(missing));
  budget.done();
}

const preloaded = new Set<string>();

/**
 * Starts loading the screen's largest image (its likely LCP element) as soon as its address is
 * known, before the screen has rendered the <img> that shows it. A pipeline image (issue 15) is
 * preloaded as the <Photo> will ask for it: its AVIF srcset with the same `sizes`, so the
 * browser fetches the one variant the picture then uses (browsers without AVIF skip the hint).
 */
export function preloadImage(src: string | null | undefined, photo?: { meta: ImageMeta | null | undefined; sizes: string }) {
  if (!src || preloaded.has(src) || typeof document === 'undefined') return;
  preloaded.add(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  if (photo?.meta) {
    link.type = 'image/avif';
    link.setAttribute('imagesrcset', srcSetOf(photo.meta, offeredWidths(photo.meta), 'avif'));
    link.setAttribute('imagesizes', photo.sizes);
  } else link.href = src;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
