/**
 * Withdrawal from an order (issue 36, ADR 032; OUG 34/2014 art. 9–16, Directive 2023/2673 art.
 * 11a): the shopper's request, checked and written in the caller's transaction on the LOCKED
 * order, and the operator's status changes (requested → return_in_transit (AWB) → received →
 * refunded; requested → refunded when nothing had shipped).
 *
 * - Open from the placing of the order until 14 days after its delivery; never for a cancelled order.
 * - Each item at most the units bought, counting earlier withdrawals (a second request for the same
 *   units is a 422 naming the item).
 * - Before shipping, the withdrawn units are cancelled and go back in stock at once; when no unit of
 *   the order is left, the order itself is cancelled (its history says why).
 * - The refund: the units' price less their share of the coupon, plus the delivery charge with the
 *   withdrawal that takes the order's last units; due 14 days after the request.
 *
 * Callers tell the shopper after commit (services/consumer-notices.ts).
 */
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { TranslateVars } from '#server/lib/i18n.ts';
import type { OrderRow } from '#server/repositories/order-repository.ts';
import { restoreUnits } from '#server/repositories/stock-repository.ts';
import {
  insertWithdrawal,
  lockWithdrawal,
  orderDeliveredAt,
  orderItemRows,
  setWithdrawalStatus,
  withdrawnUnits,
  type WithdrawalRow,
} from '#server/repositories/withdrawal-repository.ts';
import {
  BEFORE_SHIPPING,
  itemRefund,
  nextWithdrawalStatuses,
  refundAmount,
  refundDueAt,
  withdrawalClosedReason,
} from '#server/lib/withdrawal-rules.ts';
import { roundBani } from '#server/lib/checkout-math.ts';
import type { WithdrawalStatus } from '#contract/withdrawals.ts';
import { changeOrderStatus, type OrderStatusChanged } from './order-status.ts';

export interface WithdrawalInput {
  items: { order_item_id: number; quantity: number }[];
  reason?: string | null;
}

/** A withdrawal made or moved, for the shopper's notification and message after commit. */
export interface WithdrawalChanged {
  withdrawalId: number;
  orderId: number;
  orderNumber: string;
  userId: number;
  status: WithdrawalStatus;
  /** When it got to this status (the request's time for `requested`). */
  at: Date;
  returnTracking: string | null;
  refundAmount: number;
  refundDueAt: Date;
  beforeShipping: boolean;
}

export const withdrawalChanged = (row: WithdrawalRow, orderNumber: string, at: Date): WithdrawalChanged => ({
  withdrawalId: row.id,
  orderId: row.orderId,
  orderNumber,
  userId: row.userId,
  status: row.status,
  at,
  returnTracking: row.returnTracking,
  refundAmount: row.refundAmount,
  refundDueAt: row.refundDueAt,
  beforeShipping: row.beforeShipping,
});

type Translate = (key: string, vars?: TranslateVars) => string;

/**
 * Records the shopper's withdrawal from `order` (locked FOR UPDATE by the caller, already checked
 * to be theirs). Throws a 422 with per-field messages (in the request's language, `t`) when it
 * cannot be made. Answers the withdrawal and the order status events to emit after commit.
 */
export async function requestWithdrawal(
  tx: Database,
  order: OrderRow,
  input: WithdrawalInput,
  t: Translate,
  now = new Date(),
): Promise<{ withdrawal: WithdrawalRow; change: WithdrawalChanged; orderEvents: OrderStatusChanged[] }> {
  const deliveredAt = order.status === 'delivered' ? ((await orderDeliveredAt(tx, order.id)) ?? order.updatedAt) : null;
  const closed = withdrawalClosedReason(order.status, deliveredAt, now);
  if (closed) throw new HttpError(422, closed, { order: [closed] });

  const items = await orderItemRows(tx, order.id);
  const withdrawn = await withdrawnUnits(tx, order.id);
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  const chosen: { item: (typeof items)[number]; quantity: number }[] = [];
  input.items.forEach((wanted, index) => {
    const item = items.find((i) => i.id === wanted.order_item_id);
    if (!item) {
      errors[`items.${index}.order_item_id`] = [t('withdrawal.item_not_in_order')];
      return;
    }
    if (seen.has(item.id)) {
      errors[`items.${index}.order_item_id`] = [t('withdrawal.item_repeated', { name: item.name })];
      return;
    }
    seen.add(item.id);
    const left = item.quantity - (withdrawn.get(item.id) ?? 0);
    if (left <= 0) errors[`items.${index}.quantity`] = [t('withdrawal.already_withdrawn', { name: item.name })];
    else if (wanted.quantity > left)
      errors[`items.${index}.quantity`] = [t('withdrawal.quantity_too_many', { name: item.name, count: left })];
    else chosen.push({ item, quantity: wanted.quantity });
  });
  const firstError = Object.values(errors)[0]?.[0];
  if (firstError) throw new HttpError(422, firstError, errors);

  const lines = chosen.map(({ item, quantity }) => ({
    orderItemId: item.id,
    quantity,
    amount: itemRefund(roundBani(item.unitPrice * quantity), order),
  }));
  const itemsAmount = roundBani(lines.reduce((sum, l) => sum + l.amount, 0));
  const unitsLeft = items.reduce((sum, i) => sum + i.quantity - (withdrawn.get(i.id) ?? 0), 0) - chosen.reduce((s, c) => s + c.quantity, 0);
  const deliveryRefund = unitsLeft === 0 ? order.deliveryCharge : 0;
  const beforeShipping = BEFORE_SHIPPING.includes(order.status);
  const withdrawal = await insertWithdrawal(
    tx,
    {
      orderId: order.id,
      userId: order.userId,
      reason: input.reason?.trim() || null,
      beforeShipping,
      itemsAmount,
      deliveryRefund,
      refundAmount: refundAmount({ items: itemsAmount, delivery: deliveryRefund }, order),
      requestedAt: now,
      refundDueAt: refundDueAt(now),
    },
    lines,
  );

  const orderEvents: OrderStatusChanged[] = [];
  if (beforeShipping) {
    await restoreUnits(
      tx,
      chosen.filter((c) => c.item.productId !== null).map((c) => ({ productId: c.item.productId!, quantity: c.quantity })),
    );
    // Nothing of the order is left to send: the order is cancelled (its stock is already back).
    if (unitsLeft === 0) orderEvents.push(await changeOrderStatus(tx, order, 'cancelled', { note: 'withdrawal before shipping' }));
  }
  return { withdrawal, change: withdrawalChanged(withdrawal, order.number, now), orderEvents };
}

/** An operator's step the withdrawal cannot take (or no such withdrawal: `notFound`). */
export class WithdrawalTransitionError extends Error {
  constructor(
    message: string,
    public readonly notFound = false,
  ) {
    super(message);
  }
}

/**
 * The operator moves a withdrawal on (the ops command, the development route): checks the step,
 * stamps it, answers the change to tell the shopper after commit. Runs its own transaction.
 */
export async function changeWithdrawalStatus(
  db: Database,
  withdrawalId: number,
  to: WithdrawalStatus,
  options: { returnTracking?: string } = {},
): Promise<WithdrawalChanged> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const found = await lockWithdrawal(tx, withdrawalId);
    if (!found) throw new WithdrawalTransitionError(`No withdrawal ${withdrawalId}.`, true);
    const { withdrawal, orderNumber } = found;
    if (!nextWithdrawalStatuses(withdrawal.status, withdrawal.beforeShipping).includes(to))
      throw new WithdrawalTransitionError(`A withdrawal cannot go from ${withdrawal.status} to ${to}.`);
    if (to === 'return_in_transit' && !options.returnTracking)
      throw new WithdrawalTransitionError('The return in transit needs the courier AWB (--awb).');
    if (to !== 'return_in_transit' && options.returnTracking) throw new WithdrawalTransitionError('--awb goes with return_in_transit.');
    const row = await setWithdrawalStatus(tx, withdrawal.id, to, options.returnTracking);
    const at = { requested: row.requestedAt, return_in_transit: row.returnShippedAt, received: row.receivedAt, refunded: row.refundedAt }[
      to
    ];
    return withdrawalChanged(row, orderNumber, at ?? new Date());
  });
}
