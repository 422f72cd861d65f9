/**
 * The favourites as the shopper sees them while a change is on its way: a heart toggled on
 * shows at once (the product card goes first in the wishlist), one toggled off goes at once.
 */
import type { Product } from '#contract/catalog.ts';
import type { FavoritesData } from '../api/get-favorites.ts';

export interface FavoriteChange {
  product: Product;
  favorite: boolean;
}

export function applyFavoriteChange(data: FavoritesData, { product, favorite }: FavoriteChange): FavoritesData {
  const others = data.products.filter((p) => p.id !== product.id);
  const products = favorite ? [{ ...product, is_favorite: true }, ...others] : others;
  const ids = data.product_ids.filter((id) => id !== product.id);
  const product_ids = favorite ? [product.id, ...ids] : ids;
  const had = data.product_ids.includes(product.id);
  const total = Math.max(0, data.total + (favorite === had ? 0 : favorite ? 1 : -1));
  return { products, product_ids, total };
}
