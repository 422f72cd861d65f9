/**
 * GET /api/dev/outbox?recipient= — the messages the outbox sender kept instead of delivering
 * (newest first), so a person trying the demo, and the tests, can read their codes. Registered
 * only when NODE_ENV is not production (server/app.ts): in production the route does not exist.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxResponseSchema } from '#contract/auth.ts';
import { listOutboxMessages } from '#server/repositories/outbox-repository.ts';

const querySchema = z.object({
  recipient: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', { schema: { querystring: querySchema, response: { 200: outboxResponseSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // "+40…" in a query string arrives as " 40…" when the client did not encode the plus.
    const raw = request.query.recipient;
    const recipient = raw && /^\d+$/.test(raw) && request.url.includes('recipient=+') ? `+${raw}` : raw;
    const rows = await listOutboxMessages(app.db, { recipient: recipient || undefined, limit: request.query.limit });
    return {
      message: 'Outbox',
      data: {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          body: m.body,
          created_at: m.createdAt.toISOString(),
        })),
      },
    };
  });
};
export default devOutboxRoutes;
