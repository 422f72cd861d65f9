import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/catalog.ts';
import { applyFavoriteChange } from './optimistic-favorites.ts';
import { EMPTY_FAVORITES } from '../api/get-favorites.ts';

const product = (id: number) => ({ id, name: `P${id}`, is_favorite: false }) as Product;

describe('applyFavoriteChange', () => {
  it('adds the product first, marked favourite, and counts it once', () => {
    const one = applyFavoriteChange(EMPTY_FAVORITES, { product: product(1), favorite: true });
    const two = applyFavoriteChange(one, { product: product(2), favorite: true });
    expect(two.product_ids).toEqual([2, 1]);
    expect(two.products.map((p) => [p.id, p.is_favorite])).toEqual([
      [2, true],
      [1, true],
    ]);
    expect(two.total).toBe(2);
    // The same heart tapped on twice (a replay): still counted once.
    expect(applyFavoriteChange(two, { product: product(2), favorite: true }).total).toBe(2);
  });

  it('removes it and never counts below zero', () => {
    const one = applyFavoriteChange(EMPTY_FAVORITES, { product: product(1), favorite: true });
    const none = applyFavoriteChange(one, { product: product(1), favorite: false });
    expect(none).toEqual({ products: [], product_ids: [], total: 0 });
    expect(applyFavoriteChange(none, { product: product(1), favorite: false }).total).toBe(0);
  });
});
