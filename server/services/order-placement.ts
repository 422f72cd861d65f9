/**
 * Placing orders (issue #5, product §7 place-order and buy-now, ADR 007): `placeOrders` is the whole
 * placement, run inside the caller's ONE transaction (routes/orders.ts runs it in app.idempotent,
 * so a retried or double-clicked request never places twice): the product rows are locked
 * (SELECT … FOR UPDATE, in id order), everything is re-priced from the database, stock is checked
 * and decremented, one order per shop is written with its lines at today's prices and a status
 * history row, and the bought cart lines are removed. Two shoppers racing for the last unit: the
 * second waits for the first's lock, then finds the stock gone and gets 409 naming the product.
 *
 * Card payment: orders start `pending` with payment_status `awaiting`, and the answer carries
 * payment_url (the sandbox page outside production, services/payment-gateway.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentMethod } from '#contract/orders.ts';
import type { Database } from '#server/db/client.ts';
import { lineTotal } from '#server/lib/checkout-math.ts';
import { fieldError } from '#server/lib/http-error.ts';
import { deleteCartLines, unitOf, type PricedLine } from '#server/repositories/cart-repository.ts';
import { insertOrder, insertOrderItems, insertStatusHistory, orderSummaries } from '#server/repositories/order-repository.ts';
import { insertPayment } from '#server/repositories/payment-repository.ts';
import { assertStock, findOwnAddress, priceCheckout, selectLines, takeStock, type Selection } from './checkout-service.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import type { LowStock } from './push-triggers.ts';

export const newOrderNumber = () => `TLC-${randomBytes(5).toString('hex').toUpperCase()}`;

export interface OrderInput {
  address_id: number;
  payment_method: PaymentMethod;
  coupon_code?: string | null;
  note?: string | null;
}

/**
 * The whole order placement, inside the caller's transaction `tx`. `gateway` is this
 * environment's card gateway (null: card payment refused). Products this order left with one
 * unit are pushed onto `lowStock`, for the caller to announce once the transaction committed.
 */
export async function placeOrders(
  tx: Database,
  gateway: PaymentGateway | null,
  userId: number,
  selection: Selection,
  input: OrderInput,
  lowStock: LowStock[],
) {
  if (input.payment_method === 'card' && !gateway) throw fieldError('payment_method', 'validation.payment_method_invalid');
  const address = await findOwnAddress(tx, userId, input.address_id);
  const lines = await selectLines(tx, userId, selection, { lock: true });
  assertStock(lines, 409);
  const checkout = await priceCheckout(tx, userId, lines, input.coupon_code);

  let paymentId: string | null = null;
  if (input.payment_method === 'card') {
    paymentId = randomUUID();
    await insertPayment(tx, { id: paymentId, userId, provider: gateway!.provider, amount: checkout.amounts.payable_amount });
  }
  const snapshot = {
    name: address.name,
    phone: address.phone,
    county: address.county,
    locality: address.locality,
    street: address.street,
    postal_code: address.postalCode,
    type: address.type,
    country: address.country,
  };
  const ids: number[] = [];
  const numbers: string[] = [];
  for (const group of checkout.groups) {
    const a = group.amounts;
    const order = await insertOrder(tx, {
      number: newOrderNumber(),
      userId,
      shopId: group.shop_id,
      status: 'pending',
      paymentMethod: input.payment_method,
      paymentStatus: input.payment_method === 'card' ? 'awaiting' : 'unpaid',
      paymentId,
      address: snapshot,
      totalAmount: a.total_amount,
      deliveryCharge: a.delivery_charge,
      couponDiscount: a.coupon_discount,
      couponCode: a.coupon_discount > 0 || checkout.voucher?.shopId === group.shop_id ? (checkout.voucher?.code ?? null) : null,
      payableAmount: a.payable_amount,
      taxAmount: a.order_tax_amount,
      weight: a.weight,
      note: input.note ?? null,
    });
    ids.push(order.id);
    numbers.push(order.number);
    await insertOrderItems(
      tx,
      group.lines.map((l: PricedLine) => ({
        orderId: order.id,
        productId: l.product.id,
        name: l.product.name,
        brand: l.product.brand,
        thumbnail: l.product.thumbnail,
        sizeName: l.sizeName,
        colorName: l.colorName,
        unit: l.request.unit,
        quantity: l.request.quantity,
        price: l.wire.price,
        unitPrice: unitOf(l),
        lineTotal: lineTotal(unitOf(l), l.request.quantity),
        weight: l.product.weight,
      })),
    );
    await insertStatusHistory(tx, order.id, 'pending');
  }
  // Stock: in product id order (the rows are already locked in that order); products left with
  // one unit are announced to their favouriters after commit (issue #6).
  lowStock.push(...(await takeStock(tx, userId, lines)));
  await deleteCartLines(
    tx,
    userId,
    lines.map((l) => l.request.lineId).filter((id) => id > 0),
  );

  let paymentUrl: string | null = null;
  if (paymentId) paymentUrl = (await gateway!.start({ paymentId, amount: checkout.amounts.payable_amount, orderNumbers: numbers })).url;
  return { orders: await orderSummaries(tx, ids), payment_url: paymentUrl };
}
