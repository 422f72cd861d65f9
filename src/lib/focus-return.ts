/**
 * Gives the focus back when a dialog that lives in a store closes (WCAG 2.4.3, issue 37). The
 * sign-in dialogs are unmounted the moment their store says "closed", so Mantine's own return of
 * the focus (on its `opened` prop turning false) never runs, and after a sign-in the button that
 * opened them is gone (the account menu takes its place). Without this the focus falls to
 * <body> and the next Tab starts from the top of the page — or leaves it.
 */

/** What has the focus now, when it is a control worth returning to. */
export function focusedControl(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

function isShown(el: Element): boolean {
  return el.isConnected && el.getClientRects().length > 0;
}

/** Frames to wait for the element to take the focus to (a screen redrawn after a queued change). */
const MAX_FRAMES = 30;

/**
 * After the next paint (the closed dialog is gone, the header redrawn), focuses `opener` if it is
 * still on the screen, otherwise the first shown element matching `fallback` (waiting up to
 * MAX_FRAMES frames for it to appear). Nothing is done when something else took the focus
 * meanwhile (a link in the dialog navigated to a page that placed it).
 */
export function returnFocus(opener: HTMLElement | null, fallback?: string) {
  if (typeof window === 'undefined') return;
  let frames = 0;
  const attempt = () => {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected && !now.closest('[role="dialog"]')) return;
    const candidates = [opener, ...(fallback ? Array.from(document.querySelectorAll<HTMLElement>(fallback)) : [])];
    const target = candidates.find((el): el is HTMLElement => el !== null && isShown(el));
    if (target) target.focus();
    else if ((frames += 1) < MAX_FRAMES) window.requestAnimationFrame(attempt);
  };
  window.requestAnimationFrame(attempt);
}
