/**
 * The checkout summary (issue #5, product §4, §7, signed in): POST /cart/checkout prices the selected
 * lines, or one buy-now item, with the coupon and the delivery to the address. A read (it changes
 * nothing), so it needs no Idempotency-Key. Placing the order is in orders.ts (orderApi.place,
 * orderApi.buyNow).
 */
import type { checkoutRequestSchema, checkoutResponseSchema } from '#contract/checkout.ts';
import { defineRoute } from '#contract/route.ts';

export const checkoutApi = {
  summary: defineRoute<{ body: typeof checkoutRequestSchema; response: typeof checkoutResponseSchema }>()('POST', '/cart/checkout'),
};
