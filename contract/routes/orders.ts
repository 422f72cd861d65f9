/**
 * The order endpoints (product §7): placing them — POST /place-order (the cart's selection; JSON, or
 * the same fields as a multipart form) and POST /buy-now (one item), both with an Idempotency-Key —
 * and the shopper's reads: GET /orders?status&page, GET /orders/:id, POST /orders/:id/cancel, and
 * POST /orders/:id/withdrawal (issue 36).
 */
import type { idParamSchema } from '#contract/ids.ts';
import type {
  buyNowOrderSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  placeOrderResponseSchema,
  placeOrderSchema,
  withdrawalResponseSchema,
} from '#contract/orders.ts';
import type { withdrawalRequestSchema } from '#contract/withdrawals.ts';
import { defineRoute } from '#contract/route.ts';

export const orderApi = {
  place: defineRoute<{ body: typeof placeOrderSchema; response: typeof placeOrderResponseSchema }>()('POST', '/place-order'),
  buyNow: defineRoute<{ body: typeof buyNowOrderSchema; response: typeof placeOrderResponseSchema }>()('POST', '/buy-now'),
  list: defineRoute<{ query: typeof orderListQuerySchema; response: typeof orderListResponseSchema }>()('GET', '/orders'),
  details: defineRoute<{ params: typeof idParamSchema; response: typeof orderResponseSchema }>()('GET', '/orders/:id'),
  cancel: defineRoute<{ params: typeof idParamSchema; response: typeof orderResponseSchema }>()('POST', '/orders/:id/cancel'),
  /** Issue 36: "withdraw from contract here" (201, Idempotency-Key). */
  withdraw: defineRoute<{
    params: typeof idParamSchema;
    body: typeof withdrawalRequestSchema;
    response: typeof withdrawalResponseSchema;
  }>()('POST', '/orders/:id/withdrawal', { status: 201 }),
};
