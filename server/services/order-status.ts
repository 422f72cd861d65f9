/**
 * Order statuses (issue #5, ADR 007): pending → confirmed → processing → shipped (tracking) →
 * delivered, and cancelled from pending or confirmed (the shopper) or up to processing (the
 * operator). Every change is one row in order_status_history; cancelling restores the stock.
 *
 * `onOrderStatusChanged(listener)` is the hook the notifications issue plugs into: listeners run
 * after the change COMMITTED (callers pass the events to `emitOrderStatusChanged` once their
 * transaction is done), and a failing listener is logged, never undoing the change.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { orderItems, orders, orderStatusHistory, products } from '../db/schema.ts';
import type { OrderStatus } from '../../contract/orders.ts';

export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'processing', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => TRANSITIONS[from].includes(to);

export interface OrderStatusChanged {
  orderId: number;
  orderNumber: string;
  userId: number;
  from: OrderStatus;
  to: OrderStatus;
  tracking: string | null;
  at: Date;
}

type Listener = (event: OrderStatusChanged) => void | Promise<void>;
const listeners = new Set<Listener>();

/** Subscribes to committed status changes; answers the unsubscribe function. */
export function onOrderStatusChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function emitOrderStatusChanged(events: readonly OrderStatusChanged[], log?: { warn(obj: unknown, msg: string): void }) {
  for (const event of events) {
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch (err) {
        log?.warn({ err, orderId: event.orderId }, 'order status listener failed');
      }
    }
  }
}

export class TransitionError extends Error {
  constructor(
    public readonly from: OrderStatus,
    public readonly to: OrderStatus,
  ) {
    super(`An order cannot go from ${from} to ${to}.`);
  }
}

/**
 * Moves a LOCKED order (the caller selected it FOR UPDATE in `tx`) to `to`: history row, tracking,
 * stock back on cancel. Answers the event to emit after commit.
 */
export async function changeOrderStatus(
  tx: Database,
  order: { id: number; number: string; userId: number; status: OrderStatus },
  to: OrderStatus,
  options: { tracking?: string | null; note?: string | null } = {},
): Promise<OrderStatusChanged> {
  if (!canTransition(order.status, to)) throw new TransitionError(order.status, to);
  await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(options.tracking !== undefined && { tracking: options.tracking }) })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: to, note: options.note ?? (to === 'shipped' ? (options.tracking ?? null) : null) });
  if (to === 'cancelled') await restoreStock(tx, order.id);
  return { orderId: order.id, orderNumber: order.number, userId: order.userId, from: order.status, to, tracking: options.tracking ?? null, at: new Date() };
}

/** Puts a cancelled order's units back (products still existing), in product id order. */
export async function restoreStock(tx: Database, orderId: number) {
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.productId} IS NOT NULL`))
    .orderBy(orderItems.productId);
  for (const item of items) {
    await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${item.quantity}`, totalSold: sql`greatest(${products.totalSold} - ${item.quantity}, 0)` })
      .where(eq(products.id, item.productId!));
  }
}

/** Locks an order row for a status change. */
export async function lockOrder(tx: Database, where: { id?: number; number?: string; userId?: number }) {
  const conditions = [
    where.id !== undefined ? eq(orders.id, where.id) : undefined,
    where.number !== undefined ? eq(orders.number, where.number) : undefined,
    where.userId !== undefined ? eq(orders.userId, where.userId) : undefined,
  ];
  const [row] = await tx.select().from(orders).where(and(...conditions)).for('update');
  return row;
}
