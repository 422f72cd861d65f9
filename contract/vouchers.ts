/** Shop vouchers (coupons) a shopper collects and redeems at checkout (product §3, §7). */
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { id } from './ids.ts';

export const voucherSchema = z.object({
  id: z.number(),
  shop_id: z.number(),
  code: z.string(),
  discount: z.number(),
  /** 'Percentage' is a percent, 'Amount' lei (product §3). */
  discount_type: z.enum(['Percentage', 'Amount']),
  min_order_amount: z.number(),
  /** ISO end of validity. */
  validity: z.string(),
  is_collected: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;
export const voucherListQuerySchema = z.object({ shop_id: id.optional() });
export const voucherListResponseSchema = envelope(z.object({ coupons: z.array(voucherSchema) }));
export const collectVoucherSchema = z.object({ coupon_id: id });
