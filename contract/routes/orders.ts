/** The order endpoints a shopper reads (spec §7): GET /orders?status&page, GET /orders/:id, POST /orders/:id/cancel. */
import type { idParamSchema } from '../ids.ts';
import type { orderListQuerySchema, orderListResponseSchema, orderResponseSchema } from '../orders.ts';
import { defineRoute } from '../route.ts';

export const orderApi = {
  list: defineRoute<{ query: typeof orderListQuerySchema; response: typeof orderListResponseSchema }>()('GET', '/orders'),
  details: defineRoute<{ params: typeof idParamSchema; response: typeof orderResponseSchema }>()('GET', '/orders/:id'),
  cancel: defineRoute<{ params: typeof idParamSchema; response: typeof orderResponseSchema }>()('POST', '/orders/:id/cancel'),
};
