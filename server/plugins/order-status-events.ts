/**
 * `app.orderStatusEvents` (issue #5, ADR 007): this app's listeners of committed order status
 * changes (services/order-status.ts#OrderStatusEvents). Routes that change a status emit here
 * after their transaction committed; the push plugin (the shopper's notification) and the
 * response cache plugin (the catalog cache on a cancellation) listen. One set per app instance, so
 * apps built side by side in one process (the API tests) never hear each other's changes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { OrderStatusEvents } from '#server/services/order-status.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orderStatusEvents: OrderStatusEvents;
  }
}

export default fp(
  async function orderStatusEventsPlugin(app: FastifyInstance) {
    app.decorate('orderStatusEvents', new OrderStatusEvents());
  },
  { name: 'order-status-events' },
);
