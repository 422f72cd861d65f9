/**
 * Support tickets and the contact form (issue #6, ADR 010): GET and POST /support-tickets,
 * GET /support-tickets/:ticketNumber, POST …/replies and …/close (signed in), POST /contact
 * (signed in or not).
 *
 * Opening a ticket, replying and the contact form answer 201 (the answer's body is the one named
 * here). Opening and replying also take multipart/form-data: the same fields as text parts,
 * validated by the same schema, plus one optional `attachment` image. An attachment itself
 * (GET /support-tickets/:ticketNumber/attachments/:id) is the image's bytes, not JSON: it has no
 * definition here, the client reads it from `attachment.url`.
 */
import type {
  contactResponseSchema,
  contactSchema,
  createTicketSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketNumberParamSchema,
  ticketReplySchema,
  ticketResponseSchema,
} from '#contract/support.ts';
import { defineRoute } from '#contract/route.ts';

export const supportApi = {
  list: defineRoute<{ query: typeof ticketListQuerySchema; response: typeof ticketListResponseSchema }>()('GET', '/support-tickets'),
  /** Answers 201. */
  create: defineRoute<{ body: typeof createTicketSchema; response: typeof ticketResponseSchema }>()('POST', '/support-tickets', {
    status: 201,
  }),
  details: defineRoute<{ params: typeof ticketNumberParamSchema; response: typeof ticketResponseSchema }>()(
    'GET',
    '/support-tickets/:ticketNumber',
  ),
  reply: defineRoute<{ params: typeof ticketNumberParamSchema; body: typeof ticketReplySchema; response: typeof ticketResponseSchema }>()(
    'POST',
    '/support-tickets/:ticketNumber/replies',
    { status: 201 },
  ),
  close: defineRoute<{ params: typeof ticketNumberParamSchema; response: typeof ticketResponseSchema }>()(
    'POST',
    '/support-tickets/:ticketNumber/close',
  ),
  /** Answers 201; 429 past the per-address limit. */
  contact: defineRoute<{ body: typeof contactSchema; response: typeof contactResponseSchema }>()('POST', '/contact', { status: 201 }),
};
