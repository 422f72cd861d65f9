/**
 * Local basket state (spec §3): the selection, coupon code, the buy-now item and a pending
 * address, persisted in the browser under `basket` so a reload or a dropped connection keeps
 * the shopper's choices. Cleared at logout (spec §4).
 */
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../../lib/storage.ts';
import type { AddressInput, BuyNowItem } from '../../../contract/cart.ts';
import { EMPTY_SELECTION, type Selection } from './selection.ts';

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
  /** Whether the cart panel is open (spec §3 basketCanvas). Not persisted meaningfully. */
  panelOpen: boolean;
}

const EMPTY: BasketState = { selection: EMPTY_SELECTION, coupon_code: null, buyNow: null, pendingAddress: null, panelOpen: false };

let state: BasketState = { ...EMPTY, ...readStored<Partial<BasketState>>(BASKET_STORAGE_KEY, {}), panelOpen: false };
const listeners = new Set<() => void>();

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
  setSelection(update: (s: Selection) => Selection) {
    basketStore.set((s) => ({ selection: update(s.selection) }));
  },
  openPanel: () => basketStore.set({ panelOpen: true }),
  closePanel: () => basketStore.set({ panelOpen: false }),
  /** Logout (spec §4): selection, coupon, buy-now and pending address go. */
  clear: () => basketStore.set({ ...EMPTY }),
};

export function useBasket() {
  return useSyncExternalStore(basketStore.subscribe, basketStore.get, basketStore.get);
}
