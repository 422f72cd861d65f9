/** GET /api/get-vouchers?shop_id= and POST /api/vouchers-collect (product §7, signed in). */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { voucherApi } from '#contract/routes/vouchers.ts';

export const vouchersQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: ['vouchers', shopId],
    queryFn: async ({ signal }) => (await callRoute(voucherApi.list, { query: { shop_id: shopId }, signal })).data.coupons,
    meta: { persist: false },
  });

export const collectVoucher = (couponId: number) => callRoute(voucherApi.collect, { body: { coupon_id: couponId } });
