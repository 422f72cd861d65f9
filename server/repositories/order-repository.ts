/**
 * Orders (issue #5): as the API answers them (summaries, details with lines and history,
 * dashboard counts), and their writes — a placed order with its lines, status changes with their
 * history rows, payment outcomes. Transitions and their rules are services/order-status.ts's.
 */
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders, orderStatusHistory, shops } from '#server/db/schema.ts';
import { CANCELLABLE_STATUSES, type OrderDetails, type OrderStatus, type OrderSummary } from '#contract/orders.ts';
import { imageMetaOfUrl } from './image-meta.ts';
import { findOrderReview } from './review-repository.ts';
import { orderWithdrawals } from './withdrawal-repository.ts';
import { withdrawalClosedReason, withdrawalDeadline } from '#server/lib/withdrawal-rules.ts';

const summaryFields = {
  order: orders,
  shopName: shops.name,
  itemsCount:
    sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`.mapWith(
      Number,
    ),
};

type SummaryRow = { order: typeof orders.$inferSelect; shopName: string; itemsCount: number };

export function toOrderSummary({ order: o, shopName, itemsCount }: SummaryRow): OrderSummary {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    payment_method: o.paymentMethod,
    payment_status: o.paymentStatus,
    shop: { id: o.shopId, name: shopName },
    items_count: itemsCount,
    total_amount: o.totalAmount,
    delivery_charge: o.deliveryCharge,
    coupon_discount: o.couponDiscount,
    payable_amount: o.payableAmount,
    order_tax_amount: o.taxAmount,
    created_at: o.createdAt.toISOString(),
  };
}

export async function orderSummaries(db: Database, ids: number[]): Promise<OrderSummary[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(summaryFields)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(inArray(orders.id, ids))
    .orderBy(orders.id);
  return rows.map(toOrderSummary);
}

export async function listOrders(db: Database, userId: number, status: string | undefined, page: number, perPage: number) {
  const where = and(eq(orders.userId, userId), status ? eq(orders.status, status as OrderSummary['status']) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryFields)
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(toOrderSummary),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(n / perPage)), per_page: perPage, total: n },
  };
}

export async function getOrderDetails(db: Database, userId: number, id: number): Promise<OrderDetails | undefined> {
  const [row] = await db
    .select(summaryFields)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) return undefined;
  const [items, history, review, withdrawals] = await Promise.all([
    db
      .select({ ...getTableColumns(orderItems), thumbnailMeta: imageMetaOfUrl(orderItems.thumbnail) })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(orderItems.id),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.id),
    findOrderReview(db, id),
    orderWithdrawals(db, id),
  ]);
  const o = row.order;
  // Issue 36: withdrawing is open from the placing until 14 days after delivery.
  const deliveredAt = o.status === 'delivered' ? (history.findLast((h) => h.status === 'delivered')?.createdAt ?? o.updatedAt) : null;
  const withdrawn = new Map<number, number>();
  for (const w of withdrawals) for (const i of w.items) withdrawn.set(i.order_item_id, (withdrawn.get(i.order_item_id) ?? 0) + i.quantity);
  const withdrawable = items.map((i) => ({ order_item_id: i.id, quantity: Math.max(i.quantity - (withdrawn.get(i.id) ?? 0), 0) }));
  const address = o.address as OrderDetails['address'];
  return {
    ...toOrderSummary(row),
    items: items.map((i) => ({
      id: i.id,
      product_id: i.productId,
      name: i.name,
      brand: i.brand,
      thumbnail: i.thumbnail,
      thumbnail_meta: i.thumbnailMeta,
      size: i.sizeName,
      color: i.colorName,
      unit: i.unit,
      quantity: i.quantity,
      price: i.price,
      unit_price: i.unitPrice,
      line_total: i.lineTotal,
    })),
    address,
    coupon_code: o.couponCode,
    note: o.note,
    tracking: o.tracking,
    weight: o.weight,
    can_cancel: CANCELLABLE_STATUSES.includes(o.status),
    history: history.map((h) => ({ status: h.status, note: h.note, created_at: h.createdAt.toISOString() })),
    review: review ?? null,
    withdrawals,
    withdrawal: {
      open: withdrawalClosedReason(o.status, deliveredAt, new Date()) === null && withdrawable.some((w) => w.quantity > 0),
      deadline: withdrawalDeadline(deliveredAt)?.toISOString() ?? null,
      withdrawable,
    },
  };
}

/** Dashboard: count per status and the five newest orders. */
export async function dashboardOrders(db: Database, userId: number) {
  const [counts, recent] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).where(eq(orders.userId, userId)).groupBy(orders.status),
    db
      .select({ id: orders.id, number: orders.number, status: orders.status, total: orders.payableAmount, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(5),
  ]);
  return {
    orders_by_status: Object.fromEntries(counts.map((c) => [c.status, c.n])),
    recent_orders: recent.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      total: r.total,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

// --- writes -------------------------------------------------------------------------------------

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;

/** A new order; answers its id and number. */
export async function insertOrder(tx: Database, values: NewOrder): Promise<{ id: number; number: string }> {
  const [order] = await tx.insert(orders).values(values).returning({ id: orders.id, number: orders.number });
  return order!;
}

export async function insertOrderItems(tx: Database, items: NewOrderItem[]) {
  await tx.insert(orderItems).values(items);
}

/** One row of an order's status history. */
export async function insertStatusHistory(tx: Database, orderId: number, status: OrderStatus, note: string | null = null) {
  await tx.insert(orderStatusHistory).values({ orderId, status, note });
}

/** Locks an order row (FOR UPDATE) for a change: by id or number, optionally the user's own. */
export async function lockOrder(tx: Database, where: { id?: number; number?: string; userId?: number }): Promise<OrderRow | undefined> {
  const conditions = [
    where.id !== undefined ? eq(orders.id, where.id) : undefined,
    where.number !== undefined ? eq(orders.number, where.number) : undefined,
    where.userId !== undefined ? eq(orders.userId, where.userId) : undefined,
  ];
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(...conditions))
    .for('update');
  return row;
}

/** Sets a (locked) order's status, and its tracking when given. */
export async function setOrderStatus(tx: Database, id: number, status: OrderStatus, tracking?: string | null) {
  await tx
    .update(orders)
    .set({ status, updatedAt: sql`now()`, ...(tracking !== undefined && { tracking }) })
    .where(eq(orders.id, id));
}

export async function setOrderPaymentStatus(tx: Database, id: number, paymentStatus: OrderRow['paymentStatus']) {
  await tx
    .update(orders)
    .set({ paymentStatus, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}
