/** The voucher endpoints (product §7): GET /get-vouchers?shop_id= and POST /vouchers-collect (signed in). */
import type { messageOnlyResponseSchema } from '#contract/envelope.ts';
import type { collectVoucherSchema, voucherListQuerySchema, voucherListResponseSchema } from '#contract/vouchers.ts';
import { defineRoute } from '#contract/route.ts';

export const voucherApi = {
  list: defineRoute<{ query: typeof voucherListQuerySchema; response: typeof voucherListResponseSchema }>()('GET', '/get-vouchers'),
  collect: defineRoute<{ body: typeof collectVoucherSchema; response: typeof messageOnlyResponseSchema }>()('POST', '/vouchers-collect'),
};
