/**
 * POST /api/dev/operator/tickets/{ticketNumber}/reply {message} — what
 * `npm run ops -- ticket:reply` does, reachable over HTTP so the browser tests (whose server
 * holds the embedded database) and a person trying the demo can play the support operator.
 * Registered only when NODE_ENV is not production (server/app.ts): in production the route does
 * not exist, and operators use the ops command.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyToTicket, SupportCommandError } from '../services/support-service.ts';

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
};
export default devOperatorRoutes;
