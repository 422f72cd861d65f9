/**
 * Price arithmetic of product §5: a discount_price above 0 is used, else price; in the option
 * modal the size surcharge is added before multiplying by the quantity. Amounts are kept in
 * whole bani (cents) while adding so 0.1 + 0.2 never shows as 0.30000000000000004.
 *
 * A reduction is shown only as the API announces it (issue 36, docs/product.md "Honest
 * discounts"): against its prior_price — the lowest price of the 30 days before it started — and
 * only while the price is below it. The struck-through price is that prior price, never `price`.
 */
import type { Product } from '#contract/catalog.ts';

type Priced = Pick<Product, 'price' | 'discount_price'>;
type Reduced = Priced & Pick<Product, 'prior_price'>;

const toBani = (amount: number) => Math.round(amount * 100);

/** The price a shopper pays for one unit, before any size surcharge. */
export function unitPrice(product: Priced): number {
  return product.discount_price > 0 ? product.discount_price : product.price;
}

/** An announced reduction: a prior price the current price is below. */
export function isDiscounted(product: Reduced): boolean {
  return product.prior_price !== null && unitPrice(product) < product.prior_price;
}

/** (unit price + size surcharge) × quantity; quantity below 1 counts as 1 (product §5). */
export function linePrice(product: Priced, surcharge = 0, quantity = 1): number {
  const units = Math.max(1, Math.floor(quantity));
  return ((toBani(unitPrice(product)) + toBani(surcharge)) * units) / 100;
}

/** The prior (struck-through) price for the same size and quantity; the price itself when no reduction is announced. */
export function originalLinePrice(product: Reduced, surcharge = 0, quantity = 1): number {
  const units = Math.max(1, Math.floor(quantity));
  return ((toBani(product.prior_price ?? unitPrice(product)) + toBani(surcharge)) * units) / 100;
}
