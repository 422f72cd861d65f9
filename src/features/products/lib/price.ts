/**
 * Price arithmetic of product §5: a discount_price above 0 is used, else price; in the option
 * modal the size surcharge is added before multiplying by the quantity. Amounts are kept in
 * whole bani (cents) while adding so 0.1 + 0.2 never shows as 0.30000000000000004.
 */
import type { Product } from '../../../../contract/catalog.ts';

type Priced = Pick<Product, 'price' | 'discount_price'>;

const toBani = (amount: number) => Math.round(amount * 100);

/** The price a shopper pays for one unit, before any size surcharge. */
export function unitPrice(product: Priced): number {
  return product.discount_price > 0 ? product.discount_price : product.price;
}

export function isDiscounted(product: Priced): boolean {
  return product.discount_price > 0 && product.discount_price < product.price;
}

/** (unit price + size surcharge) × quantity; quantity below 1 counts as 1 (product §5). */
export function linePrice(product: Priced, surcharge = 0, quantity = 1): number {
  const units = Math.max(1, Math.floor(quantity));
  return ((toBani(unitPrice(product)) + toBani(surcharge)) * units) / 100;
}

/** The original (struck-through) price for the same size and quantity. */
export function originalLinePrice(product: Priced, surcharge = 0, quantity = 1): number {
  const units = Math.max(1, Math.floor(quantity));
  return ((toBani(product.price) + toBani(surcharge)) * units) / 100;
}
