/** POST /support-tickets — subject, priority, optional order, message and optional image (201). */
import { apiRequest, callRoute } from '#src/lib/api-client.ts';
import { supportApi } from '#contract/routes/support.ts';
import type { RouteAnswer, RouteBody } from '#contract/route.ts';
import type { CreateTicketPayload } from '#contract/support.ts';
import { idempotencyHeaders, presentFields, ticketForm } from './ticket-body.ts';

export const createTicket = (payload: CreateTicketPayload, attachment: File | null, idempotencyKey: string) => {
  const fields = presentFields<RouteBody<typeof supportApi.create>>({
    subject: payload.subject,
    priority: payload.priority,
    order_id: payload.order_id,
    message: payload.message,
  });
  const headers = idempotencyHeaders(idempotencyKey);
  return attachment
    ? apiRequest<RouteAnswer<typeof supportApi.create>>(supportApi.create.path, {
        method: supportApi.create.method,
        body: ticketForm(fields, attachment),
        headers,
      })
    : callRoute(supportApi.create, { body: fields, headers });
};
