/**
 * A header menu whose code loads after the first paint (docs/decisions/008-first-load.md): a
 * plain button stands in until the page is idle, then the menu takes its place. `open()` (the
 * plain button's click) brings the menu in at once, opened; keyboard focus on the plain button
 * moves to the menu's own button through the swap. `menu` is null while the plain button shows.
 */
import { useEffect, useRef, useState } from 'react';
import { whenIdle } from './when-idle.ts';

export interface DeferredMenuState {
  opened: boolean;
  focus: boolean;
}

export function useDeferredMenu() {
  const button = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<DeferredMenuState | null>(null);
  useEffect(() => {
    let active = true;
    whenIdle(() => active && setMenu((m) => m ?? { opened: false, focus: document.activeElement === button.current }));
    return () => {
      active = false;
    };
  }, []);
  const open = () => setMenu({ opened: true, focus: true });
  return { button, menu, open };
}

/** The loaded menu's side of the swap: its button takes the focus the plain one had. */
export function useFocusOnMount(focus: boolean) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) target.current?.focus();
  }, [focus]);
  return target;
}
