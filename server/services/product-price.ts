/**
 * A product's price change, as the operator command (`npm run ops -- product:price`) and the
 * development route (`POST /api/dev/operator/products/{id}/price`) make it (issue #6, issue 36):
 * one transaction that writes the price and discount — the database records the history and
 * keeps the prior price (migration 0013, ADR 030) — and, when the price the product sells at now
 * becomes an announced reduction (below its prior price: the lowest of the 30 days before), tells
 * everyone who has it as a favourite, with that prior price. A running flash sale's price still
 * wins over the product's own, so a change under a sale notifies nobody.
 */
import type { Database } from '#server/db/client.ts';
import { lockProductPrice, runningSalePriceOf, writeProductPrice } from '#server/repositories/price-repository.ts';
import type { Notifier } from './notify.ts';
import { notifyPriceDrop } from './push-triggers.ts';

export interface ProductPriceCommand {
  productId: number;
  price: number;
  /** 0: no discount. */
  discount: number;
}

export interface PriceChange {
  productId: number;
  name: string;
  /** The price it sold at before and after (a running flash sale's price wins over both). */
  oldPrice: number;
  newPrice: number;
  /** The prior price of the reduction the new price announces (null: it announces none). */
  priorPrice: number | null;
  /** Shoppers told about a lower price. */
  notified: number;
}

export class UnknownProductError extends Error {
  constructor(readonly productId: number) {
    super(`No product ${productId}.`);
  }
}

export async function changeProductPrice(db: Database, command: ProductPriceCommand, notifier: Notifier): Promise<PriceChange> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const product = await lockProductPrice(tx, command.productId);
    if (!product) throw new UnknownProductError(command.productId);
    const salePrice = await runningSalePriceOf(tx, product.id);
    const selling = (price: number, discount: number) => salePrice ?? (discount > 0 ? discount : price);
    const oldPrice = selling(product.price, product.discountPrice);
    const newPrice = selling(command.price, command.discount);
    const reduction = await writeProductPrice(tx, product.id, command.price, command.discount);
    const priorPrice = salePrice === null && reduction.priorPrice !== null && newPrice < reduction.priorPrice ? reduction.priorPrice : null;
    const notified =
      newPrice < oldPrice && priorPrice !== null
        ? await notifyPriceDrop(tx, { productId: product.id, name: product.name, oldPrice, newPrice, priorPrice }, notifier)
        : 0;
    return { productId: product.id, name: product.name, oldPrice, newPrice, priorPrice, notified };
  });
}
