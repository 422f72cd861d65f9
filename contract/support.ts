/**
 * Support tickets and the contact form wire contract (issue #6). Used by the server
 * (validation and serialisation) and by the client forms (the same schemas, messages shown with t()).
 *
 * Decisions (docs/decisions/010-support-tickets.md):
 * - A ticket is addressed by its public `ticket_number` ("T-" + 10 Crockford base32 characters,
 *   random), never by its database id. Another user's ticket or an unknown number answers 404
 *   with the same body.
 * - Messages are PLAIN TEXT: trimmed, CR LF → LF, tabs → spaces, other control characters
 *   (NUL included) removed; stored and answered as typed (`<script>` stays text). Clients render
 *   them as text, never as HTML.
 * - Statuses: open (waiting for support) → answered (support replied) → open again when the
 *   shopper replies; closed by the shopper (no more replies: 422 `support.ticket_closed`).
 * - Attachments: one optional image per message (multipart field `attachment`), JPEG, PNG or WebP
 *   by its first bytes (not its name), at most 5 MB; downloaded from `attachment.url` with the
 *   bearer token (owner only).
 * - POST /support-tickets and /support-tickets/{n}/replies take JSON or multipart/form-data.
 *
 * Validation messages are i18n keys (src/locales) translated by the server for Accept-Language.
 */
import { z } from 'zod';
import { id } from './ids.ts';
import { line, lines } from './text.ts';
import { envelope } from './envelope.ts';
import { paginationMetaSchema } from './catalog.ts';

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_AUTHORS = ['customer', 'support'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MIN = 5;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKETS_PER_PAGE = 10;
/** Multipart field name of the optional image. */
export const TICKET_ATTACHMENT_FIELD = 'attachment';
export const TICKET_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** "T-" + 10 Crockford base32 characters (no I, L, O, U). */
export const TICKET_NUMBER_PATTERN = /^T-[0-9A-HJKMNP-TV-Z]{10}$/;

export const CONTACT_NAME_MIN = 2;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MIN = 3;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * Plain text as stored: CR LF and lone CR → LF, tabs → a space, every other control character
 * (C0 except LF, DEL, C1) removed, then trimmed. The client may apply it too; the server always does.
 */
export function cleanText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '')
      .trim()
  );
}

/** One-line text (subjects, names): newlines become spaces too. */
export const cleanLine = (value: string) => cleanText(value).replace(/\s*\n\s*/g, ' ');

// One-line fields (subjects, names) refuse every control character, multi-line ones (messages) all
// but tab, LF and CR (contract/text.ts); what passes is then cleaned as above.
const text = (clean: (v: string) => string, requiredKey: string, min: number, minKey: string, max: number, maxKey: string) =>
  (clean === cleanLine ? line : lines)({ message: requiredKey })
    .overwrite(clean)
    // An empty field reports "required" only, not also "too short".
    .min(1, { message: requiredKey, abort: true })
    .min(min, minKey)
    .max(max, maxKey);

export const ticketSubjectField = text(
  cleanLine,
  'validation.subject_required',
  TICKET_SUBJECT_MIN,
  'validation.subject_min',
  TICKET_SUBJECT_MAX,
  'validation.subject_max',
);
export const ticketMessageField = text(
  cleanText,
  'validation.message_required',
  TICKET_MESSAGE_MIN,
  'validation.ticket_message_min',
  TICKET_MESSAGE_MAX,
  'validation.message_max',
);

const optionalId = z.preprocess((v) => (v === '' || v === 'null' || v === undefined ? null : v), id.nullable()).optional();

// --- Tickets: requests -----------------------------------------------------------------------

/** POST /support-tickets (JSON or multipart with an optional `attachment` file). */
export const createTicketSchema = z.object({
  subject: ticketSubjectField,
  priority: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(TICKET_PRIORITIES, { message: 'validation.ticket_priority_invalid' }).default('medium'),
  ),
  /** One of the shopper's own orders (else 422 on order_id). */
  order_id: optionalId,
  message: ticketMessageField,
});
export type CreateTicketPayload = z.input<typeof createTicketSchema>;

/** POST /support-tickets/{ticketNumber}/replies (JSON or multipart with an optional `attachment`). */
export const ticketReplySchema = z.object({ message: ticketMessageField });
export type TicketReplyPayload = z.input<typeof ticketReplySchema>;

/** GET /support-tickets?page=&status= */
export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES, { message: 'validation.ticket_status_invalid' }).optional(),
  page: z.coerce
    .number({ message: 'validation.page_invalid' })
    .int('validation.page_invalid')
    .min(1, 'validation.page_invalid')
    .max(100_000, 'validation.page_invalid')
    .default(1),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

/** Any string: a malformed number is answered 404 like an unknown one. */
export const ticketNumberParamSchema = z.object({ ticketNumber: line().max(64) });
export const ticketAttachmentParamSchema = z.object({ ticketNumber: line().max(64), id: line().max(12) });

// --- Tickets: answers ------------------------------------------------------------------------

export const ticketOrderSchema = z.object({ id: z.number(), number: z.string() });

export const ticketSummarySchema = z.object({
  ticket_number: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  order: ticketOrderSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The newest message's first characters (plain text, one line). */
  last_message_excerpt: z.string(),
  /** Who wrote the newest message. */
  last_message_author: z.enum(TICKET_AUTHORS),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketAttachmentSchema = z.object({
  id: z.number(),
  /** '/api/support-tickets/{ticketNumber}/attachments/{id}': needs the bearer token. */
  url: z.string(),
  /** The shopper's file name, for display only (sanitised). */
  name: z.string(),
  mime_type: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.number(),
  author: z.enum(TICKET_AUTHORS),
  /** Plain text; render as text, never as HTML. */
  body: z.string(),
  created_at: z.string(),
  attachment: ticketAttachmentSchema.nullable(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailsSchema = z.object({
  ticket_number: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  order: ticketOrderSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** false once closed: reply and close are refused. */
  can_reply: z.boolean(),
  /** Oldest first. */
  messages: z.array(ticketMessageSchema),
});
export type TicketDetails = z.infer<typeof ticketDetailsSchema>;

export const ticketListResponseSchema = envelope(z.object({ data: z.array(ticketSummarySchema), meta: paginationMetaSchema }));
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;
export const ticketResponseSchema = envelope(z.object({ ticket: ticketDetailsSchema }));
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

// --- Contact form ----------------------------------------------------------------------------

/** Romanian phone, digits only (product §5): 07xxxxxxxx, 7xxxxxxxx, 407xxxxxxxx or 00407xxxxxxxx (also 2/3 fixed lines). */
export const ROMANIAN_PHONE = /^(?:0040|40|0)?[237]\d{8}$/;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v);

/**
 * POST /contact (signed in or not). At least one of email and phone: without both, 422 with
 * `validation.contact_email_or_phone` on BOTH fields.
 */
export const contactSchema = z
  .object({
    name: text(
      cleanLine,
      'validation.name_required',
      CONTACT_NAME_MIN,
      'validation.contact_name_min',
      CONTACT_NAME_MAX,
      'validation.contact_name_max',
    ),
    email: z.preprocess(blankToUndefined, line().trim().max(190, 'validation.email_invalid').email('validation.email_invalid').optional()),
    phone: z.preprocess(
      blankToUndefined,
      line()
        .trim()
        .regex(/^\d+$/, { message: 'validation.phone_digits', abort: true })
        .regex(ROMANIAN_PHONE, 'validation.phone_invalid')
        .optional(),
    ),
    subject: text(
      cleanLine,
      'validation.subject_required',
      CONTACT_SUBJECT_MIN,
      'validation.subject_min',
      CONTACT_SUBJECT_MAX,
      'validation.subject_max',
    ),
    message: text(
      cleanText,
      'validation.message_required',
      CONTACT_MESSAGE_MIN,
      'validation.contact_message_min',
      CONTACT_MESSAGE_MAX,
      'validation.message_max',
    ),
  })
  .superRefine((v, ctx) => {
    if (v.email === undefined && v.phone === undefined) {
      for (const path of ['email', 'phone']) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.contact_email_or_phone' });
    }
  });
export type ContactPayload = z.input<typeof contactSchema>;

/** 201: data.message is the translated confirmation shown to the sender. */
export const contactResponseSchema = envelope(z.object({ message: z.string() }));
export type ContactResponse = z.infer<typeof contactResponseSchema>;
