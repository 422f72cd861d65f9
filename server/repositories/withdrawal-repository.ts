/**
 * Withdrawals (issue 36, ADR 032): their rows and items, the units of an order already withdrawn,
 * when the order was delivered, and the status writes. Rules are services/withdrawal-service.ts's
 * and lib/withdrawal-rules.ts's.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders, orderStatusHistory, withdrawalItems, withdrawals } from '#server/db/schema.ts';
import type { Withdrawal, WithdrawalStatus } from '#contract/withdrawals.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** When the order was (last) delivered: its history's delivered row, else null. */
export async function orderDeliveredAt(db: Database, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'delivered')))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return row?.at ?? null;
}

/** The order's items as stored (prices at purchase time). */
export const orderItemRows = (db: Database, orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

/** Units of each of the order's items taken by its withdrawals so far. */
export async function withdrawnUnits(db: Database, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ orderItemId: withdrawalItems.orderItemId, quantity: sql<number>`sum(${withdrawalItems.quantity})`.mapWith(Number) })
    .from(withdrawalItems)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalItems.withdrawalId))
    .where(eq(withdrawals.orderId, orderId))
    .groupBy(withdrawalItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.quantity]));
}

export async function insertWithdrawal(
  tx: Database,
  values: Omit<typeof withdrawals.$inferInsert, 'id' | 'status'>,
  items: { orderItemId: number; quantity: number; amount: number }[],
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  await tx.insert(withdrawalItems).values(items.map((i) => ({ ...i, withdrawalId: row!.id })));
  return row!;
}

/** The order's withdrawals as the API answers them, oldest first. */
export async function orderWithdrawals(db: Database, orderId: number): Promise<Withdrawal[]> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId)).orderBy(asc(withdrawals.id));
  if (!rows.length) return [];
  const items = await db
    .select({
      withdrawalId: withdrawalItems.withdrawalId,
      orderItemId: withdrawalItems.orderItemId,
      name: orderItems.name,
      quantity: withdrawalItems.quantity,
      amount: withdrawalItems.amount,
    })
    .from(withdrawalItems)
    .innerJoin(orderItems, eq(orderItems.id, withdrawalItems.orderItemId))
    .where(
      inArray(
        withdrawalItems.withdrawalId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(withdrawalItems.id));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((w) => ({
    id: w.id,
    order_id: w.orderId,
    status: w.status,
    reason: w.reason,
    before_shipping: w.beforeShipping,
    items: items
      .filter((i) => i.withdrawalId === w.id)
      .map((i) => ({ order_item_id: i.orderItemId, name: i.name, quantity: i.quantity, amount: i.amount })),
    items_amount: w.itemsAmount,
    delivery_refund: w.deliveryRefund,
    refund_amount: w.refundAmount,
    return_tracking: w.returnTracking,
    requested_at: w.requestedAt.toISOString(),
    refund_due_at: w.refundDueAt.toISOString(),
    return_shipped_at: iso(w.returnShippedAt),
    received_at: iso(w.receivedAt),
    refunded_at: iso(w.refundedAt),
  }));
}

/** A withdrawal locked for a status change, with its order's number and shopper. */
export async function lockWithdrawal(tx: Database, id: number) {
  const [row] = await tx
    .select({ withdrawal: withdrawals, orderNumber: orders.number })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(eq(withdrawals.id, id))
    .for('update', { of: withdrawals });
  return row;
}

/** Sets a locked withdrawal's status, stamping when it got there (and the return's AWB). */
export async function setWithdrawalStatus(tx: Database, id: number, status: WithdrawalStatus, returnTracking?: string) {
  const stamp = {
    requested: {},
    return_in_transit: { returnShippedAt: sql`now()` },
    received: { receivedAt: sql`now()` },
    refunded: { refundedAt: sql`now()` },
  }[status];
  const [row] = await tx
    .update(withdrawals)
    .set({ status, ...stamp, ...(returnTracking !== undefined && { returnTracking }) })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}
