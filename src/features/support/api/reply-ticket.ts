/** POST /support-tickets/{ticketNumber}/replies — the shopper's reply (the ticket opens again; 201). */
import { apiRequest, callRoute } from '#src/lib/api-client.ts';
import { supportApi } from '#contract/routes/support.ts';
import type { RouteAnswer } from '#contract/route.ts';
import { idempotencyHeaders, ticketForm } from './ticket-body.ts';

export const replyToTicket = (ticketNumber: string, message: string, attachment: File | null, idempotencyKey: string) => {
  const headers = idempotencyHeaders(idempotencyKey);
  return attachment
    ? apiRequest<RouteAnswer<typeof supportApi.reply>>(`/support-tickets/${encodeURIComponent(ticketNumber)}/replies`, {
        method: supportApi.reply.method,
        body: ticketForm({ message }, attachment),
        headers,
      })
    : callRoute(supportApi.reply, { params: { ticketNumber }, body: { message }, headers });
};
