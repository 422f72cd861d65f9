/**
 * Orders (issue #5, spec §7 place-order and buy-now, ADR 007): POST /place-order (multipart form
 * or JSON), POST /buy-now, GET /orders, GET /orders/{id}, POST /orders/{id}/cancel.
 *
 * Placing orders is ONE transaction (inside app.idempotent, so a retried or double-clicked
 * request never places twice): the product rows are locked (SELECT … FOR UPDATE, in id order),
 * everything is re-priced from the database, stock is checked and decremented, one order per
 * shop is written with its lines at today's prices and a status history row, and the bought cart
 * lines are removed. Two shoppers racing for the last unit: the second waits for the first's lock,
 * then finds the stock gone and gets 409 naming the product.
 *
 * Card payment: orders start `pending` with payment_status `awaiting`, and the answer carries
 * payment_url (the sandbox page outside production, services/payment-gateway.ts).
 *
 * Placing an order clears the anonymous catalog's response cache (app.catalogCache, ADR 011) once
 * committed, so this process never answers from the cache a stock it changed itself; a
 * cancellation does through the order-status hook (plugins/response-cache.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import { idParamSchema } from '../../contract/ids.ts';
import { buyNowOrderSchema, CANCELLABLE_STATUSES, orderListQuerySchema, orderListResponseSchema, orderResponseSchema, ORDERS_PER_PAGE, placeOrderResponseSchema, placeOrderSchema, type PaymentMethod } from '../../contract/orders.ts';
import { cartItems, orderItems, orders, orderStatusHistory, payments } from '../db/schema.ts';
import { HttpError, fieldError } from '../lib/http-error.ts';
import type { Tx } from '../plugins/idempotency.ts';
import { unitOf, type PricedLine } from '../repositories/cart-repository.ts';
import { getOrderDetails, listOrders, orderSummaries } from '../repositories/order-repository.ts';
import { assertStock, findOwnAddress, priceCheckout, selectLines, takeStock, type Selection } from '../services/checkout-service.ts';
import { announceLowStock, type LowStock } from '../services/push-triggers.ts';
import { changeOrderStatus, emitOrderStatusChanged, lockOrder, type OrderStatusChanged } from '../services/order-status.ts';
import { paymentGatewayFor } from '../services/payment-gateway.ts';
import { lineTotal } from '../lib/checkout-math.ts';

export const newOrderNumber = () => `TLC-${randomBytes(5).toString('hex').toUpperCase()}`;

/** Multipart fields as the spec's form sends them: "shop_ids[]" or "shop_ids[0]" → shop_ids (a list). */
function normaliseForm(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(body as Record<string, unknown>)) {
    const match = /^([^[\]]+)\[\d*\]$/.exec(rawKey);
    if (!match) {
      out[rawKey] = value;
      continue;
    }
    const name = match[1]!;
    const list = Array.isArray(out[name]) ? (out[name] as unknown[]) : [];
    out[name] = list.concat(value);
  }
  return out;
}

interface OrderInput {
  address_id: number;
  payment_method: PaymentMethod;
  coupon_code?: string | null;
  note?: string | null;
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const gateway = paymentGatewayFor(app.accounts.env);

  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 400, fieldSize: 4096 } });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = normaliseForm(request.body);
  });
  app.addHook('preHandler', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /** The whole order placement, inside the caller's transaction. */
  async function placeOrders(tx: Tx, userId: number, selection: Selection, input: OrderInput, lowStock: LowStock[]) {
    if (input.payment_method === 'card' && !gateway) throw fieldError('payment_method', 'validation.payment_method_invalid');
    const address = await findOwnAddress(tx, userId, input.address_id);
    const lines = await selectLines(tx, userId, selection, { lock: true });
    assertStock(lines, 409);
    const checkout = await priceCheckout(tx, userId, lines, input.coupon_code);

    let paymentId: string | null = null;
    if (input.payment_method === 'card') {
      paymentId = randomUUID();
      await tx.insert(payments).values({ id: paymentId, userId, provider: gateway!.provider, amount: checkout.amounts.payable_amount });
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
      const [order] = await tx
        .insert(orders)
        .values({
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
        })
        .returning({ id: orders.id, number: orders.number });
      ids.push(order!.id);
      numbers.push(order!.number);
      await tx.insert(orderItems).values(
        group.lines.map((l: PricedLine) => ({
          orderId: order!.id,
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
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: 'pending' });
    }
    // Stock: in product id order (the rows are already locked in that order); products left with
    // one unit are announced to their favouriters after commit (issue #6).
    lowStock.push(...(await takeStock(tx, userId, lines)));
    const lineIds = lines.map((l) => l.request.lineId).filter((id) => id > 0);
    if (lineIds.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, lineIds)));

    let paymentUrl: string | null = null;
    if (paymentId) paymentUrl = (await gateway!.start({ paymentId, amount: checkout.amounts.payable_amount, orderNumbers: numbers })).url;
    return { orders: await orderSummaries(tx, ids), payment_url: paymentUrl };
  }

  app.post('/place-order', { schema: { body: placeOrderSchema, response: { 200: placeOrderResponseSchema } } }, async (request, reply) => {
    const lowStock: LowStock[] = [];
    const result = await app.idempotent(request, reply, async (tx) => {
      const b = request.body;
      const data = await placeOrders(tx, request.auth!.user.id, { shopIds: b.shop_ids, productIds: b.selected_products, lineIds: b.cart_ids }, b, lowStock);
      return { message: request.t('order.placed'), data };
    });
    // Committed: stock and sales changed, so no cached catalog answer may show the old ones (ADR 011).
    app.catalogCache.clear();
    await announceLowStock(db, lowStock, request.log);
    return result;
  });

  app.post('/buy-now', { schema: { body: buyNowOrderSchema, response: { 200: placeOrderResponseSchema } } }, async (request, reply) => {
    const lowStock: LowStock[] = [];
    const result = await app.idempotent(request, reply, async (tx) => {
      const b = request.body;
      // weight and delivery_charge from the client are ignored: the server prices everything.
      const buyNow = { product_id: b.product_id, quantity: b.quantity, size: b.size, color: b.color, unit: b.unit };
      const data = await placeOrders(tx, request.auth!.user.id, { buyNow }, b, lowStock);
      return { message: request.t('order.placed'), data };
    });
    // Committed: stock and sales changed, so no cached catalog answer may show the old ones (ADR 011).
    app.catalogCache.clear();
    await announceLowStock(db, lowStock, request.log);
    return result;
  });

  app.get('/orders', { schema: { querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } } }, async (request) => ({
    message: request.t('order.list'),
    data: await listOrders(db, request.auth!.user.id, request.query.status, request.query.page, ORDERS_PER_PAGE),
  }));

  app.get('/orders/:id', { schema: { params: idParamSchema, response: { 200: orderResponseSchema } } }, async (request) => {
    const order = await getOrderDetails(db, request.auth!.user.id, request.params.id);
    if (!order) throw new HttpError(404, 'order.not_found');
    return { message: request.t('order.details'), data: { order } };
  });

  app.post('/orders/:id/cancel', { schema: { params: idParamSchema, response: { 200: orderResponseSchema } } }, async (request, reply) => {
    const userId = request.auth!.user.id;
    const events: OrderStatusChanged[] = [];
    const result = await app.idempotent(request, reply, async (tx) => {
      const order = await lockOrder(tx, { id: request.params.id, userId });
      if (!order) throw new HttpError(404, 'order.not_found');
      // Cancelling a cancelled order again is answered like the first time.
      if (order.status !== 'cancelled') {
        if (!CANCELLABLE_STATUSES.includes(order.status)) throw new HttpError(422, 'order.cannot_cancel');
        events.push(await changeOrderStatus(tx, order, 'cancelled', { note: 'cancelled by the customer' }));
      }
      return { message: request.t('order.cancelled'), data: { order: (await getOrderDetails(tx, userId, order.id))! } };
    });
    await emitOrderStatusChanged(events, request.log);
    return result;
  });
};
export default orderRoutes;
