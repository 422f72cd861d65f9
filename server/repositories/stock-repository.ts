/**
 * Product stock (issue #5, ADR 007): units taken by an order and put back by its cancellation,
 * with products.total_sold following. Callers hold the product rows' locks (place-order) or the
 * order's (a status change), and go in product id order so two transactions never deadlock.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orderItems, products } from '../db/schema.ts';

/** Takes `quantity` units of a product; answers the units left, or undefined when the product is gone. */
export async function takeProductStock(tx: Database, productId: number, quantity: number): Promise<number | undefined> {
  const [left] = await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}`, totalSold: sql`${products.totalSold} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ quantity: products.quantity });
  return left?.quantity;
}

/** Puts a cancelled order's units back (products still existing), in product id order. */
export async function restoreOrderStock(tx: Database, orderId: number) {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.productId} IS NOT NULL`))
    .orderBy(orderItems.productId);
  for (const item of items) {
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${item.quantity}`,
        totalSold: sql`greatest(${products.totalSold} - ${item.quantity}, 0)`,
      })
      .where(eq(products.id, item.productId!));
  }
}
