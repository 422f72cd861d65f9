/**
 * Work the first screen does not need waits until that screen has been painted and the browser
 * is idle (or `timeout` ms more at the latest), so it never competes with the first render
 * (docs/decisions/042-first-load-today.md). The page's `load` event is no signal here: it fires before
 * the app has drawn anything. Work for what the shopper may do next waits for her first
 * interaction instead (whenEngaged).
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

let markShown: () => void = () => undefined;
const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
  // Whatever happens to the first screen (an error page, a test without RootShell), idle work runs.
  // Never on the server: every screen it draws is a first screen (ADR 044), drawn as the browser's
  // first render will be, which hydrates it.
  if (typeof window !== 'undefined') setTimeout(resolve, 5000);
});

/** RootShell calls this once the first screen has been committed: idle work may start after its paint. */
export function markFirstScreenShown() {
  if (typeof requestAnimationFrame === 'undefined') return markShown();
  // The frame after the commit is the first paint; the task after that frame is past it.
  requestAnimationFrame(() => setTimeout(markShown, 0));
}

/** `work` right after the first screen's first paint (the drawn screen hydrated: main.tsx). */
export function afterFirstScreenShown(work: () => void) {
  void firstScreenShown.then(work);
}

let firstScreenSettled = false;
void firstScreenShown.then(() => whenIdle(() => (firstScreenSettled = true)));

/**
 * True once the app's first screen has been painted and the browser has been idle since: screens
 * shown from then on (navigations) render whole at once; the first one renders its below-the-fold
 * parts in idle time (app/Deferred.tsx, ProductGrid).
 */
export function isFirstScreenSettled(): boolean {
  return firstScreenSettled;
}

const noSubscription = () => () => undefined;

/**
 * `read()` for a component's first render, and `false` while React hydrates a screen the server
 * drew (ADR 044): the server drew it unsettled, and the client's first render must draw the same,
 * however late it comes. A part of the screen may hydrate after the first screen settled (its
 * boundary was still waiting, or a tap made React start it again): a grid that then drew all its
 * cards where the server drew six made React throw the screen away and draw it anew. Read once, at
 * mount; no change is followed.
 */
export function useAtMountUnlessHydrating(read: () => boolean): boolean {
  return useSyncExternalStore(noSubscription, read, () => false);
}

/** The browser's next idle period (at most `timeout` ms away), or a short timer where it has none. */
export function requestIdle(work: (deadline?: IdleDeadline) => void, timeout = 1000, fallbackMs = 50) {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window)
    window.requestIdleCallback((deadline) => work(deadline), { timeout });
  else setTimeout(() => work(), fallbackMs);
}

export function whenIdle(work: () => void, timeout = 3000) {
  void firstScreenShown.then(() => requestIdle(() => work(), timeout, 200));
}

/** False until `schedule` runs its work (once), then true. */
function useScheduled(schedule: (work: () => void) => void): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done) return;
    let active = true;
    // A transition: what appears then (the PWA host, the dialogs' hosts) renders in slices.
    schedule(() => active && startTransition(() => setDone(true)));
    return () => {
      active = false;
    };
  }, [done, schedule]);
  return done;
}

/** False until the browser is idle after the first screen was painted (see whenIdle). */
export const useIdle = (): boolean => useScheduled(whenIdle);

/**
 * Whether the page has been scrolled: by the shopper, or to a position kept for her (a drawn
 * screen she scrolled before the app took it over, a restored position). What sits far down the
 * page (the footer's subpage links once were) then need not wait for idle time: she is looking
 * there. A shopper who scrolled to the end at start waited for the whole first screen's idle work
 * (seconds on a slow phone) before the footer came; a browser test that does so failed in CI.
 */
let scrolled = false;
const onScrolled = new Set<() => void>();

function markScrolled() {
  if (scrolled) return;
  scrolled = true;
  window.removeEventListener('scroll', markScrolled);
  for (const work of onScrolled) work();
  onScrolled.clear();
}
if (typeof window !== 'undefined') window.addEventListener('scroll', markScrolled, { passive: true });

/** `work` once the page has been scrolled (at once if it has been, or if it stands scrolled). */
export function whenScrolled(work: () => void) {
  if (typeof window === 'undefined') return;
  if (!scrolled && window.scrollY > 0) markScrolled();
  if (scrolled) return work();
  onScrolled.add(work);
}

/** False until the page has been scrolled (see whenScrolled); false at the first render, as drawn. */
export const useScrolled = (): boolean => useScheduled(whenScrolled);

/** What a shopper does first with a page: touch, click, type, scroll with a wheel, or move the mouse. */
const ENGAGING_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'pointermove'] as const;
let engaged = false;
const onEngaged = new Set<() => void>();

function engage() {
  if (engaged) return;
  engaged = true;
  for (const type of ENGAGING_EVENTS) window.removeEventListener(type, engage, true);
  for (const work of onEngaged) work();
  onEngaged.clear();
}
if (typeof window !== 'undefined')
  for (const type of ENGAGING_EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });

/**
 * Work for what a shopper may do next (code of dialogs and panels she has not opened) waits for
 * her first touch, key, wheel or mouse move on the page, not for idle time: a first view she
 * only looks at stays within its bytes (issue 15: a category page's first view ≤ 450 KB; the
 * dialogs' and the cart drawer's code, ~80 KB transferred, were fetched at idle). A touch comes
 * ~100 ms before the tap it starts, so the code is usually there when the tap asks for it.
 * Offline, the service worker's precache (registered at idle, app/PwaHost.tsx) holds it.
 */
export function whenEngaged(work: () => void) {
  if (engaged || typeof window === 'undefined') return work();
  onEngaged.add(work);
}

/**
 * False until the shopper's first interaction with the page (see whenEngaged). False at the first
 * render even when she touched the page already: a screen drawn by the server (ADR 044) is
 * hydrated as drawn; the effect makes it true at once.
 */
export const useEngaged = (): boolean => useScheduled(whenEngaged);
