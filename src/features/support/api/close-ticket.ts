/** POST /support-tickets/{ticketNumber}/close — no more replies; closing again answers it unchanged. */
import { apiRequest } from '../../../lib/api-client.ts';
import type { TicketResponse } from '../../../../contract/support.ts';
import { idempotencyHeaders } from './ticket-body.ts';

export const closeTicket = (ticketNumber: string, idempotencyKey: string = crypto.randomUUID()) =>
  apiRequest<TicketResponse>(`/support-tickets/${encodeURIComponent(ticketNumber)}/close`, {
    method: 'POST',
    headers: idempotencyHeaders(idempotencyKey),
  });
