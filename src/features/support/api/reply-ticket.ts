/** POST /support-tickets/{ticketNumber}/replies — the shopper's reply (the ticket opens again). */
import { apiRequest } from '../../../lib/api-client.ts';
import type { TicketResponse } from '../../../../contract/support.ts';
import { idempotencyHeaders, ticketBody } from './ticket-body.ts';

export const replyToTicket = (ticketNumber: string, message: string, attachment: File | null, idempotencyKey: string) =>
  apiRequest<TicketResponse>(`/support-tickets/${encodeURIComponent(ticketNumber)}/replies`, {
    method: 'POST',
    body: ticketBody({ message }, attachment),
    headers: idempotencyHeaders(idempotencyKey),
  });
