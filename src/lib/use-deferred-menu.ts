/**
 * A header menu whose code loads when the shopper reaches for it (docs/decisions/042-first-load-today.md):
 * a plain button stands in until it is clicked (or tapped, or pressed with the keyboard), then the
 * menu takes its place, opened, and keyboard focus moves to the menu's own button. The menu's code
 * is fetched ahead as soon as the mouse comes over the button or the keyboard focuses it, so the
 * menu usually opens at once. `opened` is false while the plain button shows. Not at idle: rendering
 * both menus then was a long task on a cheap phone for menus most visits never open (issue 15,
 * TBT). The button is swapped only by the click itself: swapping it earlier (on hover) would
 * lose a click already under way.
 */
import { useEffect, useRef, useState } from 'react';
import { prefetchCode } from './lazy-part.tsx';

export function useDeferredMenu(loadMenu: () => Promise<unknown>) {
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const open = () => setOpened(true);
  const fetchAhead = () => prefetchCode(loadMenu);
  const intent = { onPointerEnter: fetchAhead, onFocus: fetchAhead };
  return { button, opened, open, intent };
}

/** The loaded menu's side of the swap: its button takes the focus the plain one had. */
export function useFocusOnMount(focus: boolean) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) target.current?.focus();
  }, [focus]);
  return target;
}
