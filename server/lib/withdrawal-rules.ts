/**
 * The withdrawal rules that need no database (issue 36, ADR 032; OUG 34/2014 art. 9–16): when the
 * "withdraw from contract here" function is open, its deadline, the refund deadline, the next
 * states, and what a withdrawal pays back. Pure, so the order repository (which answers the order
 * with its withdrawal information) and the withdrawal service share one reading.
 */
import { REFUND_DAYS, WITHDRAWAL_DAYS, type WithdrawalStatus } from '#contract/withdrawals.ts';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '#contract/orders.ts';
import { roundBani } from './checkout-math.ts';

const DAY_MS = 86_400_000;

const ROMANIAN_DATE_TIME = new Intl.DateTimeFormat('ro-RO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Bucharest',
});

/** 28.11.2026, 22:14 — Romanian time, as the shopper's acknowledgement and messages give it. */
export const formatRomanianDateTime = (at: Date) => ROMANIAN_DATE_TIME.format(at);

/** Statuses in which the parcel has not left the shop: a withdrawal cancels the units. */
export const BEFORE_SHIPPING: readonly OrderStatus[] = ['pending', 'confirmed', 'processing'];

/** The last moment to withdraw: 14 days after delivery (null while not delivered). */
export function withdrawalDeadline(deliveredAt: Date | null): Date | null {
  return deliveredAt ? new Date(deliveredAt.getTime() + WITHDRAWAL_DAYS * DAY_MS) : null;
}

/** The refund is due 14 days after the request. */
export const refundDueAt = (requestedAt: Date) => new Date(requestedAt.getTime() + REFUND_DAYS * DAY_MS);

/**
 * Why a withdrawal cannot be asked for now (a catalogue key), or null when it can: from the
 * placing of the order until 14 days after its delivery; never for a cancelled order.
 */
export function withdrawalClosedReason(status: OrderStatus, deliveredAt: Date | null, now: Date): string | null {
  if (status === 'cancelled') return 'withdrawal.order_cancelled';
  const deadline = withdrawalDeadline(status === 'delivered' ? deliveredAt : null);
  if (deadline && now.getTime() > deadline.getTime()) return 'withdrawal.deadline_passed';
  return null;
}

/**
 * Where a withdrawal may go next: after shipping the parcel comes back (AWB), is received, then
 * refunded; before shipping there is nothing to send back, so it is refunded (or closed) directly.
 */
export function nextWithdrawalStatuses(status: WithdrawalStatus, beforeShipping: boolean): WithdrawalStatus[] {
  if (beforeShipping) return status === 'requested' ? ['refunded'] : [];
  const flow: Record<WithdrawalStatus, WithdrawalStatus[]> = {
    requested: ['return_in_transit', 'received'],
    return_in_transit: ['received'],
    received: ['refunded'],
    refunded: [],
  };
  return flow[status];
}

/** The order's coupon share of `lineAmount` (the discount spread over its items by value). */
export function itemRefund(lineAmount: number, order: { totalAmount: number; couponDiscount: number }): number {
  const share = order.totalAmount > 0 ? (order.couponDiscount * lineAmount) / order.totalAmount : 0;
  return roundBani(Math.max(lineAmount - share, 0));
}

/**
 * What is paid back: the items (and the delivery when the withdrawal takes the order's last
 * units), when the shopper has paid or will have — a card payment made, or any order already
 * shipped (cash is paid on delivery). Cash or an unpaid card before shipping: nothing was paid.
 */
export function refundAmount(
  amounts: { items: number; delivery: number },
  order: { status: OrderStatus; paymentMethod: PaymentMethod; paymentStatus: PaymentStatus },
): number {
  const paid = order.paymentStatus === 'paid' || !BEFORE_SHIPPING.includes(order.status);
  return paid ? roundBani(amounts.items + amounts.delivery) : 0;
}
