/**
 * Card payments (issue #5, ADR 007): one row per place-order call paid by card, covering that
 * call's orders (orders.payment_id). The random id is the capability the sandbox page is reached
 * by (routes/payments.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders, payments } from '#server/db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

export async function insertPayment(tx: Database, values: { id: string; userId: number; provider: string; amount: number }) {
  await tx.insert(payments).values(values);
}

/** A payment by id, locked until the transaction ends when `lock` (FOR UPDATE), or undefined. */
export async function findPayment(db: Database, id: string, options: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [payment] = options.lock ? await query.for('update') : await query;
  return payment;
}

/** The orders a payment covers, in id order. */
export function ordersOfPayment(db: Database, paymentId: string) {
  return db.select().from(orders).where(eq(orders.paymentId, paymentId)).orderBy(orders.id);
}

export async function setPaymentStatus(tx: Database, id: string, status: PaymentStatus) {
  await tx
    .update(payments)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}
