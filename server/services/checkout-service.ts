/**
 * Checkout (issue #5, ADR 007): which lines are bought, what they cost, which voucher applies.
 * Used by POST /cart/checkout (summary only), /place-order and /buy-now (inside the order
 * transaction, with the product rows locked). The client never sends a price.
 *
 * Selection: `selected_products` are PRODUCT ids — every cart line of those products is taken;
 * `cart_ids` (line ids) narrows to those lines; `shop_ids` keeps only those shops. An id that is
 * not in the user's own cart answers 404 (another user's line ids are simply not found).
 */
import type { Database } from '#server/db/client.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { shopAmounts, sumAmounts, voucherDiscount, type Amounts } from '#server/lib/checkout-math.ts';
import {
  groupByShop,
  listCartLines,
  priceLines,
  toLineRequest,
  unitOf,
  type PricedGroup,
  type PricedLine,
} from '#server/repositories/cart-repository.ts';
import { findAddress } from '#server/repositories/address-repository.ts';
import { takeProductStock } from '#server/repositories/stock-repository.ts';
import { findVoucherByCode, type VoucherRow } from '#server/repositories/voucher-repository.ts';
import type { LowStock } from './push-triggers.ts';

export interface Selection {
  shopIds?: number[];
  productIds?: number[];
  lineIds?: number[];
  buyNow?: { product_id: number; quantity: number; size?: number | null; color?: number | null; unit?: string | null };
}

export interface CheckoutGroup extends PricedGroup {
  amounts: Amounts & { weight: number };
}

export interface Checkout {
  groups: CheckoutGroup[];
  amounts: Amounts;
  voucher: VoucherRow | null;
}

/** Stock check over all lines of a product (two sizes of one item share its stock). */
export function assertStock(lines: readonly PricedLine[], status = 422) {
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.request.quantity);
  for (const line of lines) {
    // Issue 36: only products of shops with their complete trader identity are sold (named, so the shopper knows which).
    if (line.product.isActive && !line.product.trader)
      throw new HttpError(status, 'listing.trader_missing', undefined, { vars: { name: line.product.name } });
    const stock = line.product.isActive ? line.product.quantity : 0;
    const want = wanted.get(line.product.id)!;
    if (stock <= 0) throw new HttpError(status, 'order.product_unavailable', undefined, { vars: { name: line.product.name } });
    if (want > stock) throw new HttpError(status, 'order.sold_out', undefined, { vars: { name: line.product.name, available: stock } });
  }
}

/** The priced lines a selection names. */
export async function selectLines(
  db: Database,
  userId: number,
  selection: Selection,
  options: { lock?: boolean } = {},
): Promise<PricedLine[]> {
  if (selection.buyNow) {
    const item = selection.buyNow;
    const [line] = await priceLines(
      db,
      [
        {
          lineId: 0,
          productId: item.product_id,
          sizeId: item.size ?? null,
          colorId: item.color ?? null,
          unit: item.unit ?? null,
          quantity: item.quantity,
        },
      ],
      options,
    );
    if (!line || !line.product.isActive) throw new HttpError(404, 'cart.product_not_found');
    if (!line.product.trader) throw new HttpError(422, 'listing.trader_missing', undefined, { vars: { name: line.product.name } });
    if (!line.sizeValid) throw fieldError('size', 'cart.size_invalid');
    if (!line.colorValid) throw fieldError('color', 'cart.color_invalid');
    return [line];
  }
  const rows = await listCartLines(db, userId);
  const productIds = selection.productIds && new Set(selection.productIds);
  const lineIds = selection.lineIds && new Set(selection.lineIds);
  if (productIds) for (const id of productIds) if (!rows.some((r) => r.productId === id)) throw new HttpError(404, 'cart.line_not_found');
  if (lineIds) for (const id of lineIds) if (!rows.some((r) => r.id === id)) throw new HttpError(404, 'cart.line_not_found');
  const chosen = rows.filter((r) => (!productIds || productIds.has(r.productId)) && (!lineIds || lineIds.has(r.id)));
  const priced = await priceLines(db, chosen.map(toLineRequest), options);
  const shopIds = selection.shopIds?.length ? new Set(selection.shopIds) : undefined;
  const lines = shopIds ? priced.filter((l) => shopIds.has(l.product.shopId)) : priced;
  if (!lines.length) throw fieldError('selected_products', 'cart.nothing_selected');
  return lines;
}

/** A voucher the user may use now: exists, collected by them, valid now (else a coupon_code field error). */
export async function findUsableVoucher(db: Database, userId: number, code: string) {
  const row = await findVoucherByCode(db, userId, code);
  if (!row) throw fieldError('coupon_code', 'voucher.not_found');
  if (!row.collected) throw fieldError('coupon_code', 'voucher.not_collected');
  if (!row.valid) throw fieldError('coupon_code', 'voucher.expired');
  return row.voucher;
}

/** Prices the lines by shop, applies the voucher to its shop, sums. */
export async function priceCheckout(
  db: Database,
  userId: number,
  lines: readonly PricedLine[],
  couponCode?: string | null,
): Promise<Checkout> {
  const voucher = couponCode ? await findUsableVoucher(db, userId, couponCode) : null;
  const groups = groupByShop(lines);
  if (voucher && !groups.some((g) => g.shop_id === voucher.shopId)) throw fieldError('coupon_code', 'voucher.wrong_shop');
  const priced: CheckoutGroup[] = groups.map((group) => {
    const input = group.lines.map((l) => ({ unit: unitOf(l), quantity: l.request.quantity, weight: l.product.weight }));
    let couponDiscount = 0;
    if (voucher && voucher.shopId === group.shop_id) {
      const subtotal = shopAmounts({ lines: input, bands: group.bands }).total_amount;
      const outcome = voucherDiscount(
        { discount: voucher.discount, discountType: voucher.discountType, minOrderAmount: voucher.minOrderAmount },
        subtotal,
      );
      if (!outcome.ok) throw fieldError('coupon_code', 'voucher.min_order', { amount: outcome.minOrderAmount.toFixed(2) });
      couponDiscount = outcome.discount;
    }
    return { ...group, amounts: shopAmounts({ lines: input, bands: group.bands, couponDiscount }) };
  });
  return { groups: priced, amounts: sumAmounts(priced.map((g) => g.amounts)), voucher };
}

/** The user's own address, else 404. */
export async function findOwnAddress(db: Database, userId: number, addressId: number) {
  const row = await findAddress(db, userId, addressId);
  if (!row) throw new HttpError(404, 'address.not_found');
  return row;
}

export function checkoutData(checkout: Checkout) {
  return {
    checkout_items: checkout.groups.map(({ id, shop_id, shop_name, shop_rating, products, amounts, lines }) => ({
      id,
      shop_id,
      shop_name,
      shop_rating,
      products,
      // Issue 36: who sells this group (assertStock refused any line without a trader before pricing).
      trader: lines[0]?.product.trader ?? null,
      weight: amounts.weight,
      delivery_charge: amounts.delivery_charge,
      coupon_discount: amounts.coupon_discount,
      subtotal: amounts.total_amount,
      payable_amount: amounts.payable_amount,
      tax_amount: amounts.order_tax_amount,
    })),
    checkout: checkout.amounts,
    coupon_code: checkout.voucher?.code ?? null,
  };
}

/**
 * Takes the bought units from stock inside the order transaction (rows already locked, in product
 * id order so two orders never deadlock) and answers the products this order left with exactly
 * ONE unit, down from more — their favouriters are told after commit (issue #6: pass the answer
 * to services/push-triggers.ts#announceLowStock once the transaction is done).
 */
export async function takeStock(tx: Database, buyerId: number, lines: readonly PricedLine[]): Promise<LowStock[]> {
  const bought = new Map<number, { quantity: number; name: string }>();
  for (const l of lines) {
    const entry = bought.get(l.product.id) ?? { quantity: 0, name: l.product.name };
    entry.quantity += l.request.quantity;
    bought.set(l.product.id, entry);
  }
  const low: LowStock[] = [];
  for (const [productId, { quantity, name }] of [...bought].sort(([a], [b]) => a - b)) {
    const left = await takeProductStock(tx, productId, quantity);
    if (left === 1 && left + quantity > 1) low.push({ productId, name, buyerId });
  }
  return low;
}
