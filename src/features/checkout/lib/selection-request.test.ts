import { describe, expect, it } from 'vitest';
import { selectionRequest } from './selection-request.ts';

const groups = [
  { shop_id: 7, products: [{ id: 11, product_id: 100 }, { id: 12, product_id: 100 }, { id: 13, product_id: 101 }] },
  { shop_id: 3, products: [{ id: 21, product_id: 200 }] },
];

describe('selectionRequest', () => {
  it('sends the selected line ids with their shops and products, sorted', () => {
    expect(selectionRequest([21, 12], groups)).toEqual({ cart_ids: [12, 21], shop_ids: [3, 7], selected_products: [100, 200] });
  });
  it('ignores lines no longer in the cart and answers null when none remain', () => {
    expect(selectionRequest([99, 13], groups)).toEqual({ cart_ids: [13], shop_ids: [7], selected_products: [101] });
    expect(selectionRequest([99], groups)).toBeNull();
    expect(selectionRequest([], groups)).toBeNull();
  });
});
