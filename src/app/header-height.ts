/**
 * The sticky header's height in px, measured by the Header and read by what floats below it (the
 * top notices: NotificationsHost). Kept here, not as a CSS variable on <html>: a custom property
 * set on the root is inherited by every element, so each write recalculated the style of the
 * whole page — on a first visit, one task of 40–50 ms at a slow phone's speed right after the
 * app took over the drawn screen (issue 15, TBT). The notices' containers are a few elements.
 */
import { useSyncExternalStore } from 'react';

let height = 0;
const listeners = new Set<() => void>();

export const headerHeight = {
  get: () => height,
  /** Tells the readers only when the height really changed (the first measure, a wrap, a resize). */
  set(next: number) {
    if (next === height) return;
    height = next;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useHeaderHeight = () => useSyncExternalStore(headerHeight.subscribe, headerHeight.get, () => 0);
