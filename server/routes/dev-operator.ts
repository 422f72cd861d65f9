/**
 * What the operator commands (`npm run ops -- …`) do, reachable over HTTP so the browser tests
 * (whose server holds the embedded database) and a person trying the demo can play the operator:
 *
 *   POST /api/dev/operator/tickets/{ticketNumber}/reply {message}      — ticket:reply
 *   POST /api/dev/operator/orders/{id}/status {status, tracking?, note?} — order:status, walking
 *        the order through every allowed step up to `status` (to delivered: confirmed, processing,
 *        shipped, delivered), each recorded in its history and announced to the shopper
 *   POST /api/dev/operator/products/{id}/price {price, discount_price}  — product:price (issue 36):
 *        the same service (services/product-price.ts): the history row and prior price kept by
 *        the database, an announced reduction notified to the product's favouriters
 *   POST /api/dev/operator/reports/{reference}/decision {decision, reason} — report:decide (issue 37):
 *        remove | restrict | keep with its statement of reasons; the caches of every instance cleared
 *   PUT /api/dev/operator/shops/{id}/trader {trader: {legal_name, cui, registration_number, address,
 *        email, phone} | null}                                        — shop:trader (issue 36): sets
 *        (every value checked, certified now: the shop is listed) or clears (null: the shop and its
 *        products leave the lists, their pages answer 410) a shop's trader identity; the caches of
 *        every instance cleared
 *   POST /api/dev/operator/withdrawals/{id}/status {status, awb?}     — withdrawal:status (issue 36):
 *        requested → return_in_transit (awb: the courier's number) → received → refunded, the
 *        shopper notified and messaged at each step
 *
 * Registered only when NODE_ENV is not production (server/app.ts): in production the routes do
 * not exist, and operators use the ops command.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { ORDER_STATUSES } from '#contract/orders.ts';
import { REPORT_DECISIONS } from '#contract/reports.ts';
import { decideReport, ReportCommandError } from '#server/services/report-service.ts';
import { replyToTicket, SupportCommandError } from '#server/services/support-service.ts';
import { changeOrderStatus, lockOrder, transitionPath, type OrderStatusChanged } from '#server/services/order-status.ts';
import { changeProductPrice, UnknownProductError } from '#server/services/product-price.ts';

/** Lei within numeric(12, 2), at most two decimals (as the ops command's parser). */
const lei = z
  .number()
  .min(0)
  .max(9_999_999_999.99)
  .refine((n) => Math.round(n * 100) === n * 100, 'At most two decimals.');
import { traderIdentityInputSchema } from '#contract/trader.ts';
import { findShopTrader, setShopTrader } from '#server/repositories/catalog/trader-identity.ts';
import { WITHDRAWAL_STATUSES } from '#contract/withdrawals.ts';
import { changeWithdrawalStatus, WithdrawalTransitionError } from '#server/services/withdrawal-service.ts';
import { tellWithdrawal } from '#server/services/consumer-notices.ts';

const devOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/operator/tickets/:ticketNumber/reply',
    { schema: { params: z.object({ ticketNumber: z.string().max(64) }), body: z.object({ message: z.string().max(5000) }) } },
    async (request, reply) => {
      try {
        const ticket = await replyToTicket(app.db, request.params.ticketNumber, request.body.message, app.notifier);
        return { message: 'Replied', data: { ticket } };
      } catch (error) {
        if (error instanceof SupportCommandError) return reply.code(422).send({ message: error.message });
        throw error;
      }
    },
  );

  app.post(
    '/dev/operator/orders/:id/status',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: z.object({
          status: z.enum(ORDER_STATUSES),
          tracking: z.string().min(1).max(500).optional(),
          note: z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { status, tracking, note } = request.body;
      const outcome = await app.db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const order = await lockOrder(tx, { id: request.params.id });
        if (!order) return { notFound: true as const };
        const path = transitionPath(order.status, status);
        if (!path) return { from: order.status };
        const events: OrderStatusChanged[] = [];
        let current = order;
        for (const step of path) {
          // The courier's number goes with the step to shipped (a test's default when none is given).
          const shipped = step === 'shipped' ? (tracking ?? `FAN Courier DEV${order.id}`) : undefined;
          events.push(await changeOrderStatus(tx, current, step, { tracking: shipped, note: step === status ? note : undefined }));
          current = { ...current, status: step };
        }
        return { events };
      });
      if ('notFound' in outcome) return reply.code(404).send({ message: 'Order not found.' });
      if ('from' in outcome) return reply.code(422).send({ message: `An order cannot go from ${outcome.from} to ${status}.` });
      await app.orderStatusEvents.emit(outcome.events, request.log);
      return { message: 'Status changed', data: { order: { id: request.params.id, status }, steps: outcome.events.map((e) => e.to) } };
    },
  );

  app.post(
    '/dev/operator/products/:id/price',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: z
          .object({ price: lei.refine((n) => n > 0, 'The price must be above 0.'), discount_price: lei })
          .refine((b) => b.discount_price < b.price, {
            message: 'The discount price must be below the price (0 removes the discount).',
            path: ['discount_price'],
          }),
      },
    },
    async (request, reply) => {
      const { price, discount_price: discount } = request.body;
      try {
        const change = await changeProductPrice(app.db, { productId: request.params.id, price, discount }, app.notifier);
        // Anonymous catalog answers cached before the change would show the old price (ADR 045).
        app.catalogCache.clear();
        return {
          message: 'Price changed',
          data: {
            product: { id: change.productId, price, discount_price: discount },
            old_price: change.oldPrice,
            new_price: change.newPrice,
            prior_price: change.priorPrice,
            notified: change.notified,
          },
        };
      } catch (error) {
        if (error instanceof UnknownProductError) return reply.code(404).send({ message: 'Product not found.' });
        throw error;
      }
    },
  );

  app.post(
    '/dev/operator/reports/:reference/decision',
    {
      schema: {
        params: z.object({ reference: z.string().max(64) }),
        body: z.object({ decision: z.enum(REPORT_DECISIONS), reason: z.string().max(3000) }),
      },
    },
    async (request, reply) => {
      try {
        const outcome = await decideReport(app.db, request.params.reference, request.body.decision, request.body.reason);
        if (outcome.catalogChanged) app.catalogCache.clear();
        return { message: 'Decided', data: { decision: outcome } };
      } catch (error) {
        if (error instanceof ReportCommandError) return reply.code(422).send({ message: error.message });
        throw error;
      }
    },
  );

  app.put(
    '/dev/operator/shops/:id/trader',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        // The ops command's checks (contract/trader.ts): a 422 names each field that is wrong.
        body: z.object({ trader: traderIdentityInputSchema.nullable() }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await setShopTrader(app.db, id, request.body.trader))) return reply.code(404).send({ message: 'Shop not found.' });
      // The shop and its products join or leave every list and page (the change log tells the
      // catalog index; the anonymous answers cached before must go too, on every instance).
      app.catalogCache.clear();
      const shop = (await findShopTrader(app.db, id))!;
      return {
        message: shop.trader ? 'Shop listed' : 'Shop not listed',
        data: { shop: { id: shop.id, name: shop.name, listed: shop.listed, trader: shop.trader ?? null } },
      };
    },
  );

  app.post(
    '/dev/operator/withdrawals/:id/status',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: z.object({ status: z.enum(WITHDRAWAL_STATUSES), awb: z.string().min(1).max(100).optional() }),
      },
    },
    async (request, reply) => {
      try {
        const change = await changeWithdrawalStatus(app.db, request.params.id, request.body.status, { returnTracking: request.body.awb });
        await tellWithdrawal(
          {
            db: app.db,
            sender: app.accounts.sender,
            notifier: app.notifier,
            locale: request.locale,
            origin: `${request.protocol}://${request.host}`,
            log: request.log,
          },
          change,
        );
        return { message: 'Status changed', data: { withdrawal: { id: change.withdrawalId, status: change.status } } };
      } catch (error) {
        if (error instanceof WithdrawalTransitionError) return reply.code(error.notFound ? 404 : 422).send({ message: error.message });
        throw error;
      }
    },
  );
};
export default devOperatorRoutes;
