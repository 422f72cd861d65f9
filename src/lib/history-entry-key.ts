/**
 * Gives the history entry of a page load its own key before React Router reads it.
 *
 * React Router keys what <ScrollRestoration> saves by `location.key`, and an entry the browser
 * made by loading a page (an address typed, a link from another site, a page loaded anew) has no
 * key of React Router's: every such entry reads as "default". So a shopper who scrolled the home
 * page 1 500 px down and then opened a product page by its address landed on it scrolled, at the
 * home page's position. With a key of its own, kept in history.state as the router's own keys are,
 * the entry's position is its own: a reload and a return to it (back/forward) still restore it,
 * another page load starts at the top.
 */
export function keyPageLoadHistoryEntry() {
  // Only this app writes history.state: null on a page load, else React Router's { usr, key, idx }.
  const state = window.history.state as { key?: unknown; idx?: unknown } | null;
  if (typeof state?.key === 'string') return;
  // React Router's own key form (8 base-36 characters); any unique string does. With the index
  // React Router gives an entry without one (0), so that it need not write the state again itself:
  // each write is a few milliseconds of the start-up's longest task on a slow phone (issue 15).
  const idx = typeof state?.idx === 'number' ? state.idx : 0;
  window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10), idx }, '');
}
