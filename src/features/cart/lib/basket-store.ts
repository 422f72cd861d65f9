/**
 * Local basket state (product §3): the selection, coupon code, the buy-now item and a pending
 * address, persisted in the browser under `basket` so a reload or a dropped connection keeps
 * the shopper's choices. Cleared at logout (product §4).
 */
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '#src/lib/storage.ts';
import { serverSnapshotOf } from '#src/lib/server-snapshot.ts';
import { focusedControl, returnFocus } from '#src/lib/focus-return.ts';
import type { AddressInput } from '#contract/addresses.ts';
import type { BuyNowItem } from '#contract/checkout.ts';
import { EMPTY_SELECTION, parseSelection, type Selection } from './selection.ts';

export const BASKET_STORAGE_KEY = 'basket';

export interface BuyNowState {
  item: BuyNowItem;
  shop_id: number;
  /** What the checkout screen shows before the server prices it. */
  preview: { name: string; thumbnail: string; shop_name: string };
}

export interface BasketState {
  selection: Selection;
  coupon_code: string | null;
  buyNow: BuyNowState | null;
  pendingAddress: AddressInput | null;
  /** Whether the cart panel is open (product §3 basketCanvas). Not persisted meaningfully. */
  panelOpen: boolean;
}

const EMPTY: BasketState = { selection: EMPTY_SELECTION, coupon_code: null, buyNow: null, pendingAddress: null, panelOpen: false };

/** The stored basket, with the selection checked (an older version stored line ids). */
function fromStorage(stored: Partial<BasketState> | null): Omit<BasketState, 'panelOpen'> {
  const value = stored && typeof stored === 'object' ? stored : {};
  return { ...EMPTY, ...value, selection: parseSelection(value.selection) };
}

let state: BasketState = { ...fromStorage(readStored<Partial<BasketState> | null>(BASKET_STORAGE_KEY, null)), panelOpen: false };
const listeners = new Set<() => void>();
/** The control that opened the cart panel: the focus goes back to it when the panel closes. */
let panelOpener: HTMLElement | null = null;

// Every tab shows the same cart (the outbox and its answers are shared), so every tab keeps the
// same selection, coupon and buy-now: another tab's write replaces this tab's copy. Whether the
// cart panel is open stays this tab's own.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== BASKET_STORAGE_KEY && event.key !== null) return;
    state = { ...fromStorage(readStored<Partial<BasketState> | null>(BASKET_STORAGE_KEY, null)), panelOpen: state.panelOpen };
    listeners.forEach((l) => l());
  });
}

export const basketStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<BasketState> | ((s: BasketState) => Partial<BasketState>)) {
    state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
    writeStored(BASKET_STORAGE_KEY, { ...state, panelOpen: false });
    listeners.forEach((l) => l());
  },
  /** Unchanged selection (the same object back): nothing written, no other tab woken. */
  setSelection(update: (s: Selection) => Selection) {
    const next = update(state.selection);
    if (next !== state.selection) basketStore.set({ selection: next });
  },
  openPanel: () => {
    if (!basketStore.get().panelOpen) panelOpener = focusedControl();
    basketStore.set({ panelOpen: true });
  },
  closePanel: () => {
    basketStore.set({ panelOpen: false });
    // The drawer mounts on its first opening, already open: Mantine's own return of the focus
    // (which notes the opener when `opened` changes) misses that first time (issue 37).
    returnFocus(panelOpener, '[data-cart-opener]');
  },
  /** Logout (product §4): selection, coupon, buy-now and pending address go. */
  clear: () => basketStore.set({ ...EMPTY }),
};

/** The server draws a first screen with an empty basket (ADR 044): hydration starts from it. */
const serverSnapshot = serverSnapshotOf(basketStore.get, { ...EMPTY, panelOpen: false });

export function useBasket() {
  return useSyncExternalStore(basketStore.subscribe, basketStore.get, serverSnapshot);
}
