/**
 * `getServerSnapshot` for a store read with useSyncExternalStore (ADR 044).
 *
 * Hydrating a screen the server drew, React renders with the server snapshot, then compares it
 * with the store's own: when they are different objects it re-renders every reader at once, in
 * one synchronous task (on a category page, all its cards: half a second on a slow phone). So the
 * server snapshot is the store's state itself whenever that state draws the same as the server's
 * (`initial`, compared by value), and `initial` only when the shopper's stored state differs.
 */
export function serverSnapshotOf<T>(get: () => T, initial: T): () => T {
  const initialJson = JSON.stringify(initial);
  let checked: T | undefined;
  let same = false;
  return () => {
    const state = get();
    if (state !== checked) {
      checked = state;
      same = JSON.stringify(state) === initialJson;
    }
    return same ? state : initial;
  };
}
