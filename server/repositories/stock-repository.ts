/**
 * Product stock (issue #5, ADR 007): units taken by an order and put back by its cancellation or
 * by a withdrawal before shipping (issue 36), with products.total_sold following. Callers hold the product rows' locks (place-order) or the
 * order's (a status change), and go in product id order so two transactions never deadlock.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orderItems, products, withdrawalItems, withdrawals } from '#server/db/schema.ts';

/** Takes `quantity` units of a product; answers the units left, or undefined when the product is gone. */
export async function takeProductStock(tx: Database, productId: number, quantity: number): Promise<number | undefined> {
  const [left] = await tx
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}`, totalSold: sql`${products.totalSold} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ quantity: products.quantity });
  return left?.quantity;
}

/**
 * Puts a cancelled order's units back (products still existing), in product id order — less the
 * units a withdrawal before shipping already put back (issue 36).
 */
export async function restoreOrderStock(tx: Database, orderId: number) {
  const items = await tx
    .select({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.productId} IS NOT NULL`));
  const back = await tx
    .select({ orderItemId: withdrawalItems.orderItemId, quantity: sql<number>`sum(${withdrawalItems.quantity})`.mapWith(Number) })
    .from(withdrawalItems)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalItems.withdrawalId))
    .where(and(eq(withdrawals.orderId, orderId), eq(withdrawals.beforeShipping, true)))
    .groupBy(withdrawalItems.orderItemId);
  const alreadyBack = new Map(back.map((b) => [b.orderItemId, b.quantity]));
  await restoreUnits(
    tx,
    items.map((i) => ({ productId: i.productId!, quantity: i.quantity - (alreadyBack.get(i.id) ?? 0) })),
  );
}

/** Puts units back in stock (callers hold the order's lock), in product id order. */
export async function restoreUnits(tx: Database, units: readonly { productId: number; quantity: number }[]) {
  const sorted = units.filter((u) => u.quantity > 0).sort((a, b) => a.productId - b.productId);
  for (const item of sorted) {
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${item.quantity}`,
        totalSold: sql`greatest(${products.totalSold} - ${item.quantity}, 0)`,
      })
      .where(eq(products.id, item.productId));
  }
}
