/**
 * The page's scroll position when the app takes it over, kept through the app's first commit.
 *
 * React Router's <ScrollRestoration> scrolls the page to the top at its first render: it reads
 * its saved positions only when it first mounts, and restores one in a later render. Two things
 * went wrong with that:
 * - a shopper who had scrolled the server-drawn first screen (ADR 044) before the app was live
 *   was thrown back to the top;
 * - a reload of a scrolled page (the browser puts it back where it was) showed its top for a
 *   moment, then jumped back (seen in a browser test).
 * main.tsx starts following the scroll as React takes the page over (drawn screen or not);
 * <KeepScrollAtTakeover> (app/RootShell.tsx), rendered after <ScrollRestoration>, puts the
 * position back in the same commit, before the browser paints.
 */
let lastY = 0;
let following = false;

function remember() {
  lastY = window.scrollY;
}

/** Called by main.tsx (in the browser only) as React takes the page over. */
export function followScrollUntilTakeover() {
  if (following) return;
  following = true;
  remember();
  window.addEventListener('scroll', remember, { passive: true });
}

/** The page's last scroll position before the first commit, once (0 when it stood at the top). */
export function takeScrollAtTakeover(): number {
  if (!following) return 0;
  following = false;
  window.removeEventListener('scroll', remember);
  return lastY;
}
