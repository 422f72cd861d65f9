/**
 * Orders (issue #5, product §7 place-order and buy-now, ADR 007): POST /place-order (multipart form
 * or JSON), POST /buy-now, GET /orders, GET /orders/{id}, POST /orders/{id}/cancel.
 *
 * Placing orders is ONE transaction, inside app.idempotent (so a retried or double-clicked
 * request never places twice): services/order-placement.ts#placeOrders locks, re-prices, takes
 * the stock and writes one order per shop.
 *
 * Placing an order clears the anonymous catalog's response cache (app.catalogCache, ADR 045) once
 * committed, so this process never answers from the cache a stock it changed itself; a
 * cancellation does through app.orderStatusEvents (plugins/response-cache.ts listens).
 */
import { orderApi } from '#contract/routes/orders.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { idParamSchema } from '#contract/ids.ts';
import {
  buyNowOrderSchema,
  CANCELLABLE_STATUSES,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  ORDERS_PER_PAGE,
  placeOrderResponseSchema,
  placeOrderSchema,
  withdrawalResponseSchema,
} from '#contract/orders.ts';
import { withdrawalRequestSchema } from '#contract/withdrawals.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { getOrderDetails, listOrders, lockOrder } from '#server/repositories/order-repository.ts';
import { placeOrders } from '#server/services/order-placement.ts';
import { announceLowStock, type LowStock } from '#server/services/push-triggers.ts';
import { changeOrderStatus, type OrderStatusChanged } from '#server/services/order-status.ts';
import { paymentGatewayFor } from '#server/services/payment-gateway.ts';
import { requestWithdrawal, type WithdrawalChanged } from '#server/services/withdrawal-service.ts';
import { confirmOrders, tellWithdrawal, type NoticeContext } from '#server/services/consumer-notices.ts';

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

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const gateway = paymentGatewayFor(app.accounts.env);
  /** Issue 36: what the confirmation and withdrawal messages need, for this request. */
  const notices = (request: FastifyRequest): NoticeContext => ({
    db,
    sender: app.accounts.sender,
    notifier: app.notifier,
    locale: request.locale,
    origin: `${request.protocol}://${request.host}`,
    log: request.log,
  });
  /** After orders committed: the durable confirmation of what was bought (OUG 34/2014 art. 7). */
  const confirm = async (request: FastifyRequest, orderIds: readonly number[]) => {
    const userId = request.auth!.user.id;
    const details = (await Promise.all(orderIds.map((id) => getOrderDetails(db, userId, id)))).filter((o) => o !== undefined);
    await confirmOrders(notices(request), userId, details);
  };

  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 400, fieldSize: 4096 } });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = normaliseForm(request.body);
  });
  app.addHook('preHandler', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...contractRoute(orderApi.place, { body: placeOrderSchema, response: placeOrderResponseSchema }),
    handler: async (request, reply) => {
      const lowStock: LowStock[] = [];
      // The orders this request placed (none on a replay: confirmed once, by the first answer).
      const placed: number[] = [];
      const result = await app.idempotent(request, reply, async (tx) => {
        const b = request.body;
        const data = await placeOrders(
          tx,
          gateway,
          request.auth!.user.id,
          { shopIds: b.shop_ids, productIds: b.selected_products, lineIds: b.cart_ids },
          b,
          lowStock,
        );
        placed.push(...data.orders.map((o) => o.id));
        return { message: request.t('order.placed'), data };
      });
      // Committed: stock and sales changed, so no cached catalog answer may show the old ones (ADR 045).
      app.catalogCache.clear();
      await announceLowStock(db, lowStock, request.log, app.notifier);
      await confirm(request, placed);
      return result;
    },
  });

  app.route({
    ...contractRoute(orderApi.buyNow, { body: buyNowOrderSchema, response: placeOrderResponseSchema }),
    handler: async (request, reply) => {
      const lowStock: LowStock[] = [];
      // The orders this request placed (none on a replay: confirmed once, by the first answer).
      const placed: number[] = [];
      const result = await app.idempotent(request, reply, async (tx) => {
        const b = request.body;
        // weight and delivery_charge from the client are ignored: the server prices everything.
        const buyNow = { product_id: b.product_id, quantity: b.quantity, size: b.size, color: b.color, unit: b.unit };
        const data = await placeOrders(tx, gateway, request.auth!.user.id, { buyNow }, b, lowStock);
        placed.push(...data.orders.map((o) => o.id));
        return { message: request.t('order.placed'), data };
      });
      // Committed: stock and sales changed, so no cached catalog answer may show the old ones (ADR 045).
      app.catalogCache.clear();
      await announceLowStock(db, lowStock, request.log, app.notifier);
      await confirm(request, placed);
      return result;
    },
  });

  app.route({
    ...contractRoute(orderApi.list, { query: orderListQuerySchema, response: orderListResponseSchema }),
    handler: async (request) => ({
      message: request.t('order.list'),
      data: await listOrders(db, request.auth!.user.id, request.query.status, request.query.page, ORDERS_PER_PAGE),
    }),
  });

  app.route({
    ...contractRoute(orderApi.details, { params: idParamSchema, response: orderResponseSchema }),
    handler: async (request) => {
      const order = await getOrderDetails(db, request.auth!.user.id, request.params.id);
      if (!order) throw new HttpError(404, 'order.not_found');
      return { message: request.t('order.details'), data: { order } };
    },
  });

  app.route({
    ...contractRoute(orderApi.cancel, { params: idParamSchema, response: orderResponseSchema }),
    handler: async (request, reply) => {
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
      await app.orderStatusEvents.emit(events, request.log);
      return result;
    },
  });

  // Issue 36 (OUG 34/2014 art. 9–16, Directive 2023/2673 art. 11a): "withdraw from contract here".
  app.route({
    ...contractRoute(orderApi.withdraw, { params: idParamSchema, body: withdrawalRequestSchema, response: withdrawalResponseSchema }),
    handler: async (request, reply) => {
      const userId = request.auth!.user.id;
      const events: OrderStatusChanged[] = [];
      const made: { change: WithdrawalChanged; items: { name: string; quantity: number; amount: number }[] }[] = [];
      const result = await app.idempotent(request, reply, async (tx) => {
        const order = await lockOrder(tx, { id: request.params.id, userId });
        if (!order) throw new HttpError(404, 'order.not_found');
        const { withdrawal, change, orderEvents } = await requestWithdrawal(tx, order, request.body, (key, vars) => request.t(key, vars));
        events.push(...orderEvents);
        const details = (await getOrderDetails(tx, userId, order.id))!;
        const answer = details.withdrawals.find((w) => w.id === withdrawal.id)!;
        made.push({ change, items: answer.items });
        reply.status(201);
        return { message: request.t('withdrawal.requested'), data: { withdrawal: answer, order: details } };
      });
      // Committed (a replay made nothing): stock may be back, the shopper is told with date and time.
      if (made.length) app.catalogCache.clear();
      await app.orderStatusEvents.emit(events, request.log);
      for (const m of made) await tellWithdrawal(notices(request), m.change, m.items);
      return result;
    },
  });
};
export default orderRoutes;
