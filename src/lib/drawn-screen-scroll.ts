/**
 * Where the shopper has scrolled the server-drawn first screen (ADR 028) before the app took it
 * over. React Router's <ScrollRestoration> scrolls a first visit to the top when it first
 * renders (it has no saved position for it), which threw a shopper who had already scrolled the
 * drawn screen back to the top. main.tsx starts following the scroll as React takes the screen
 * over; <KeepDrawnScreenScroll> (app/RootShell.tsx), rendered after <ScrollRestoration>, puts
 * the position back in the same commit, before the browser paints.
 */
let lastY = 0;
let following = false;

function remember() {
  lastY = window.scrollY;
}

/** Called by main.tsx (in the browser only) as React takes the drawn screen over. */
export function followDrawnScreenScroll() {
  if (following) return;
  following = true;
  remember();
  window.addEventListener('scroll', remember, { passive: true });
}

/** The drawn screen's last scroll position, once (0 when the app drew its own first screen). */
export function takeDrawnScreenScroll(): number {
  if (!following) return 0;
  following = false;
  window.removeEventListener('scroll', remember);
  return lastY;
}
