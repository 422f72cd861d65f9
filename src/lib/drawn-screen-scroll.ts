/**
 * Where the shopper has scrolled the server-drawn first screen (ADR 028) before the app took it
 * over. React Router's <ScrollRestoration> scrolls a first visit to the top when it first
 * renders (it has no saved position for it), which threw a shopper who had already scrolled the
 * drawn screen back to the top. main.tsx starts following the scroll as React takes the screen
 * over; <KeepDrawnScreenScroll> (app/RootShell.tsx), rendered after <ScrollRestoration>, puts
 * the position back in the same commit, before the browser paints.
 *
 * The same on a reload of a scrolled page: the browser puts the page (drawn, or the app's) back
 * where it was, and at the first commit React Router, whose saved positions are not yet read then
 * (it reads them when <ScrollRestoration> first mounts, then restores in a later render), scrolled
 * it to the top: a reload showed the top for a frame, then jumped back (seen in a browser test).
 */
let lastY = 0;
let following = false;

function remember() {
  lastY = window.scrollY;
}

/** Called by main.tsx (in the browser only) as React takes the page over. */
export function followDrawnScreenScroll() {
  if (following) return;
  following = true;
  remember();
  window.addEventListener('scroll', remember, { passive: true });
}

/** The page's last scroll position before the first commit, once (0 when it stood at the top). */
export function takeDrawnScreenScroll(): number {
  if (!following) return 0;
  following = false;
  window.removeEventListener('scroll', remember);
  return lastY;
}
