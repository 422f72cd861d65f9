/**
 * A product's price as the operator command and the development route change it (issue #6,
 * issue 36): the row locked, the running flash sale's price (which wins over the product's own),
 * the write — whose history row and prior price the database's triggers keep (migration 0013) —
 * and the product's price history.
 */
import { and, asc, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { flashSaleProducts, flashSales, priceHistory, products } from '#server/db/schema.ts';

export async function lockProductPrice(tx: Database, productId: number) {
  const [row] = await tx
    .select({ id: products.id, name: products.name, price: products.price, discountPrice: products.discountPrice })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row;
}

/** The lowest price of the sales running now that the product is in; null when none. */
export async function runningSalePriceOf(tx: Database, productId: number): Promise<number | null> {
  const [sale] = await tx
    .select({ price: min(flashSaleProducts.salePrice) })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(
      and(
        eq(flashSaleProducts.productId, productId),
        gt(flashSaleProducts.salePrice, 0),
        lte(flashSales.startsAt, sql`now()`),
        gt(flashSales.endsAt, sql`now()`),
      ),
    );
  return sale?.price === null || sale?.price === undefined ? null : Number(sale.price);
}

/** Writes the price and discount; answers the product's reduction as the trigger left it. */
export async function writeProductPrice(tx: Database, productId: number, price: number, discountPrice: number) {
  const [row] = await tx
    .update(products)
    .set({ price, discountPrice })
    .where(eq(products.id, productId))
    .returning({ priorPrice: products.priorPrice, reductionStartedAt: products.reductionStartedAt });
  return row!;
}

/** The product's price history, oldest first. */
export function listPriceHistory(db: Database, productId: number) {
  return db
    .select({
      price: priceHistory.price,
      discountPrice: priceHistory.discountPrice,
      effectivePrice: priceHistory.effectivePrice,
      changedAt: priceHistory.changedAt,
    })
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.changedAt), asc(priceHistory.id));
}
