/** GET /api/get-vouchers?shop_id= and POST /api/vouchers-collect (spec §7, signed in). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Voucher } from '../../../../contract/vouchers.ts';

export const vouchersQueryOptions = (shopId: number) =>
  queryOptions({
    queryKey: ['vouchers', shopId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: { coupons: Voucher[] } }>('/get-vouchers', { query: { shop_id: shopId }, signal })).data.coupons,
    meta: { persist: false },
  });

export const collectVoucher = (couponId: number) =>
  apiRequest<{ message: string }>('/vouchers-collect', { method: 'POST', body: { coupon_id: couponId } });
