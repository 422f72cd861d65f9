/**
 * Withdrawal from an order (issue 36, product §"Before the order and a way back", ADR 032;
 * OUG 34/2014 art. 9–16, Directive 2023/2673 art. 11a): the shopper's request, its states and
 * what the order answers about it.
 */
import { z } from 'zod';
import { id } from './ids.ts';
import { lines } from './text.ts';

/** Days to withdraw after delivery (OUG 34/2014 art. 9) and to refund after the request (art. 13). */
export const WITHDRAWAL_DAYS = 14;
export const REFUND_DAYS = 14;
/** Years of legal guarantee of conformity (OUG 140/2021 art. 23). */
export const LEGAL_GUARANTEE_YEARS = 2;

/**
 * requested → return_in_transit (the courier's AWB) → received → refunded. A withdrawal made before
 * the order shipped has nothing to send back: requested → refunded.
 */
export const WITHDRAWAL_STATUSES = ['requested', 'return_in_transit', 'received', 'refunded'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** POST /orders/{id}/withdrawal (Idempotency-Key). */
export const withdrawalRequestSchema = z.object({
  items: z
    .array(
      z.object({
        order_item_id: id,
        quantity: z.coerce
          .number({ message: 'withdrawal.quantity_invalid' })
          .int('withdrawal.quantity_invalid')
          .min(1, 'withdrawal.quantity_invalid')
          .max(10_000, 'withdrawal.quantity_invalid'),
      }),
      { message: 'withdrawal.items_required' },
    )
    .min(1, 'withdrawal.items_required')
    .max(200, 'withdrawal.items_required'),
  reason: lines().trim().max(1000, 'withdrawal.reason_max').nullish(),
});
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;

export const withdrawalItemSchema = z.object({
  order_item_id: z.number(),
  name: z.string(),
  quantity: z.number().int(),
  /** What these units cost, the order's coupon share taken off. */
  amount: z.number(),
});

export const withdrawalSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  /** Asked before the order shipped: the units were cancelled and nothing is sent back. */
  before_shipping: z.boolean(),
  items: z.array(withdrawalItemSchema),
  items_amount: z.number(),
  /** The order's delivery charge, refunded with the withdrawal that takes its last units. */
  delivery_refund: z.number(),
  /** What is paid back (0 when nothing was paid yet: cash on delivery before shipping). */
  refund_amount: z.number(),
  return_tracking: z.string().nullable(),
  requested_at: z.string(),
  refund_due_at: z.string(),
  return_shipped_at: z.string().nullable(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** What an order says about withdrawing from it now. */
export const orderWithdrawalInfoSchema = z.object({
  /** The "withdraw from contract here" function is offered (placed, not cancelled, within 14 days of delivery). */
  open: z.boolean(),
  /** When delivered: the last moment to withdraw (delivery + 14 days); null before delivery. */
  deadline: z.string().nullable(),
  /** Units of each item not withdrawn yet. */
  withdrawable: z.array(z.object({ order_item_id: z.number(), quantity: z.number().int() })),
});
export type OrderWithdrawalInfo = z.infer<typeof orderWithdrawalInfoSchema>;
