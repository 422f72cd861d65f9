/** Orders: placing them (one per shop), the history, details and cancelling (product §4, §7). */
import { z } from 'zod';
import { orderReviewSchema } from './reviews.ts';
import { envelope } from './envelope.ts';
import { paginationMetaSchema } from './catalog.ts';
import { imageMetaSchema } from './images.ts';
import { id } from './ids.ts';
import { lines } from './text.ts';
import { addressSchema } from './addresses.ts';
import { buyNowItemSchema, couponField, idArray } from './checkout.ts';
import { orderWithdrawalInfoSchema, withdrawalSchema } from './withdrawals.ts';

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** unpaid: cash on delivery; awaiting: card payment not finished; paid; failed (declined). */
export const PAYMENT_STATUSES = ['unpaid', 'awaiting', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A shopper may cancel while the order is in one of these. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed'];

/** POST /place-order (multipart form or JSON). Same selection semantics as checkout. */
export const placeOrderSchema = z.object({
  shop_ids: idArray.optional(),
  selected_products: idArray.optional(),
  cart_ids: idArray.optional(),
  address_id: id,
  payment_method: z.enum(PAYMENT_METHODS, { message: 'validation.payment_method_invalid' }),
  coupon_code: couponField,
  note: lines().trim().max(500, 'validation.note_max').nullish(),
});
export type PlaceOrderPayload = z.input<typeof placeOrderSchema>;

/** POST /buy-now: one item; weight and delivery_charge may be sent but are ignored (server prices). */
export const buyNowOrderSchema = buyNowItemSchema.extend({
  address_id: id,
  payment_method: z.enum(PAYMENT_METHODS, { message: 'validation.payment_method_invalid' }),
  coupon_code: couponField,
  note: lines().trim().max(500, 'validation.note_max').nullish(),
  weight: z.unknown().optional(),
  delivery_charge: z.unknown().optional(),
});
export type BuyNowOrderPayload = z.input<typeof buyNowOrderSchema>;

export const orderItemSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  thumbnail: z.string(),
  /** The variants of the picture kept at purchase time, while the pipeline still has them. */
  thumbnail_meta: imageMetaSchema.nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price before discount at purchase time (surcharge included). */
  price: z.number(),
  /** Unit price charged at purchase time. */
  unit_price: z.number(),
  line_total: z.number(),
});

export const orderSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  shop: z.object({ id: z.number(), name: z.string() }),
  items_count: z.number().int(),
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  payable_amount: z.number(),
  order_tax_amount: z.number(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderStatusEventSchema = z.object({ status: z.enum(ORDER_STATUSES), note: z.string().nullable(), created_at: z.string() });

export const orderDetailsSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  address: addressSchema.omit({ id: true, is_default: true }),
  coupon_code: z.string().nullable(),
  note: z.string().nullable(),
  tracking: z.string().nullable(),
  weight: z.number(),
  can_cancel: z.boolean(),
  history: z.array(orderStatusEventSchema),
  /** The shopper's review of the order's shop (issue 37): null until written; writable once delivered. */
  review: orderReviewSchema.nullable(),
  /** Issue 36: the withdrawals asked for, oldest first, and whether more can be. */
  withdrawals: z.array(withdrawalSchema),
  withdrawal: orderWithdrawalInfoSchema,
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

/** place-order and buy-now: the orders made (one per shop); payment_url for card payments. */
export const placeOrderResponseSchema = envelope(z.object({ orders: z.array(orderSummarySchema), payment_url: z.string().nullable() }));
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'validation.status_invalid' }).optional(),
  page: z.coerce
    .number({ message: 'validation.page_invalid' })
    .int('validation.page_invalid')
    .min(1, 'validation.page_invalid')
    .max(100_000, 'validation.page_invalid')
    .default(1),
});
export const orderListResponseSchema = envelope(z.object({ data: z.array(orderSummarySchema), meta: paginationMetaSchema }));
export const orderResponseSchema = envelope(z.object({ order: orderDetailsSchema }));
/** POST /orders/{id}/withdrawal: 201 with the withdrawal made and the order as it is now. */
export const withdrawalResponseSchema = envelope(z.object({ withdrawal: withdrawalSchema, order: orderDetailsSchema }));
export const ORDERS_PER_PAGE = 10;
