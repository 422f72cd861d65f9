/** POST /support-tickets — subject, priority, optional order, message and optional image. */
import { apiRequest } from '../../../lib/api-client.ts';
import type { CreateTicketPayload, TicketResponse } from '../../../../contract/support.ts';
import { idempotencyHeaders, ticketBody } from './ticket-body.ts';

export const createTicket = (payload: CreateTicketPayload, attachment: File | null, idempotencyKey: string) =>
  apiRequest<TicketResponse>('/support-tickets', {
    method: 'POST',
    body: ticketBody(
      {
        subject: payload.subject,
        priority: payload.priority as string | undefined,
        order_id: payload.order_id as number | null | undefined,
        message: payload.message,
      },
      attachment,
    ),
    headers: idempotencyHeaders(idempotencyKey),
  });
