/**
 * How a product card or the product page shows and toggles its favourite heart. The app
 * provides it (src/app/FavoritesProvider.tsx, wiring the favourites feature and the login
 * check); without a provider the cards show no heart.
 */
import { createContext, useContext } from 'react';
import type { Product } from '#contract/catalog.ts';

export interface FavoriteControls {
  isFavorite(productId: number): boolean;
  /** The toggle is queued (offline) or on its way. */
  isPending(productId: number): boolean;
  toggle(product: Product): void;
}

export const FavoriteControlsContext = createContext<FavoriteControls | null>(null);

export const useFavoriteControls = () => useContext(FavoriteControlsContext);
