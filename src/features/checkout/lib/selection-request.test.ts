import { describe, expect, it } from 'vitest';
import { selectionRequest } from './selection-request.ts';

describe('selectionRequest', () => {
  it('sends the selected line ids with their shops and products, sorted', () => {
    const selected = [
      { shop_id: 7, products: [{ id: 12, product_id: 100 }] },
      { shop_id: 3, products: [{ id: 21, product_id: 200 }] },
    ];
    expect(selectionRequest(selected)).toEqual({ cart_ids: [12, 21], shop_ids: [3, 7], selected_products: [100, 200] });
  });
  it('leaves out lines still waiting for the server and answers null when none remain', () => {
    expect(
      selectionRequest([
        {
          shop_id: 7,
          products: [
            { id: -5, product_id: 99 },
            { id: 13, product_id: 101 },
          ],
        },
      ]),
    ).toEqual({ cart_ids: [13], shop_ids: [7], selected_products: [101] });
    expect(selectionRequest([{ shop_id: 7, products: [{ id: -5, product_id: 99 }] }])).toBeNull();
    expect(selectionRequest([])).toBeNull();
  });
});
