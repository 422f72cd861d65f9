import { describe, expect, it } from 'vitest';
import { isDiscounted, linePrice, originalLinePrice, unitPrice } from './price.ts';

describe('price arithmetic (product §5)', () => {
  it('uses discount_price when above 0, else price', () => {
    expect(unitPrice({ price: 120, discount_price: 95.5 })).toBe(95.5);
    expect(unitPrice({ price: 120, discount_price: 0 })).toBe(120);
    expect(isDiscounted({ price: 120, discount_price: 95.5, prior_price: 110 })).toBe(true);
    expect(isDiscounted({ price: 120, discount_price: 0, prior_price: null })).toBe(false);
    // Issue 36: a discount the prior price does not announce (typed at listing, or not below the
    // lowest price of 30 days) is no reduction.
    expect(isDiscounted({ price: 120, discount_price: 95.5, prior_price: null })).toBe(false);
    expect(isDiscounted({ price: 120, discount_price: 95.5, prior_price: 95.5 })).toBe(false);
  });

  it('adds the size surcharge before multiplying by the quantity', () => {
    expect(linePrice({ price: 100, discount_price: 80 }, 15, 3)).toBe(285);
    // The struck-through line is the prior price (the lowest of 30 days), not the list price.
    expect(originalLinePrice({ price: 100, discount_price: 80, prior_price: 90 }, 15, 3)).toBe(315);
    expect(linePrice({ price: 49.9, discount_price: 0 }, 0, 2)).toBe(99.8);
  });

  it('never shows floating-point noise and never goes below one unit', () => {
    expect(linePrice({ price: 0.1, discount_price: 0 }, 0.2, 1)).toBe(0.3);
    expect(linePrice({ price: 19.99, discount_price: 0 }, 0, 0)).toBe(19.99);
    expect(linePrice({ price: 19.99, discount_price: 0 }, 0, -4)).toBe(19.99);
  });
});
