/**
 * Checkout: the priced summary of what a shopper is about to order (product §4, §7: /cart/checkout).
 *
 * Decisions (ADR 007):
 * - `selected_products` are PRODUCT ids (what the client selects, product §4): every line of those
 *   products in the given `shop_ids` is checked out. Optional `cart_ids` (line ids) narrows the
 *   selection to those lines. `buy_now` prices one item without the cart (product §4).
 * - Prices include VAT (Romanian consumer prices): order_tax_amount is the 21% VAT CONTAINED in
 *   payable_amount = total_amount + delivery_charge − coupon_discount; it is never added on top.
 */
import { z } from 'zod';
import { line } from './text.ts';
import { envelope } from './envelope.ts';
import { id, nullableId } from './ids.ts';
import { cartGroupSchema, quantityField } from './cart.ts';
import { traderSchema } from './trader.ts';

export const VAT_RATE = 0.21;

/** Ids as a list, a comma-separated string (a form field) or one number. */
export const idArray = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(id, { message: 'validation.ids_invalid' }).max(200, 'validation.ids_invalid'),
);
export const couponField = z.preprocess((v) => (v === '' ? null : v), line().trim().max(64, 'validation.coupon_invalid').nullish());

/** One item bought without the cart (product §4 buy now). */
export const buyNowItemSchema = z.object({
  product_id: id,
  quantity: quantityField.default(1),
  size: nullableId.optional(),
  color: nullableId.optional(),
  unit: line().trim().max(40, 'validation.unit_invalid').nullish(),
});
export type BuyNowItem = z.input<typeof buyNowItemSchema>;

/**
 * POST /cart/checkout. selected_products are PRODUCT ids; cart_ids optionally narrows to lines.
 * With buy_now the summary is for that one item and the cart is not read.
 */
export const checkoutRequestSchema = z.object({
  shop_ids: idArray.optional(),
  selected_products: idArray.optional(),
  cart_ids: idArray.optional(),
  buy_now: buyNowItemSchema.optional(),
  coupon_code: couponField,
  address_id: nullableId.optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutAmountsSchema = z.object({
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  payable_amount: z.number(),
  /** VAT contained in payable_amount (prices include VAT). */
  order_tax_amount: z.number(),
});
export type CheckoutAmounts = z.infer<typeof checkoutAmountsSchema>;

export const checkoutGroupSchema = cartGroupSchema.extend({
  /** Per shop: summed weight, delivery charge, coupon discount applied to this shop. */
  weight: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  subtotal: z.number(),
  /** Issue 36 (OUG 34/2014 art. 6): the trader who sells this group; null never in practice (such lines are refused). */
  trader: traderSchema.nullable(),
  /** Issue 36 (OUG 34/2014 art. 6): this shop's total with VAT and delivery, and the VAT it contains. */
  payable_amount: z.number(),
  tax_amount: z.number(),
});
export const checkoutResponseSchema = envelope(
  z.object({ checkout_items: z.array(checkoutGroupSchema), checkout: checkoutAmountsSchema, coupon_code: z.string().nullable() }),
);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
