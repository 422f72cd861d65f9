/** POST /support-tickets/{ticketNumber}/close — no more replies; closing again answers it unchanged. */
import { callRoute } from '#src/lib/api-client.ts';
import { supportApi } from '#contract/routes/support.ts';
import { idempotencyHeaders } from './ticket-body.ts';

export const closeTicket = (ticketNumber: string, idempotencyKey: string = crypto.randomUUID()) =>
  callRoute(supportApi.close, { params: { ticketNumber }, headers: idempotencyHeaders(idempotencyKey) });
