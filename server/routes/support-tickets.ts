/**
 * Support tickets (issue #6, ADR 010), every route behind app.authenticate and scoped to the
 * session's user: another user's ticket or attachment, or a made-up number, answers the same 404.
 *
 *   GET  /support-tickets?page=&status=                 the user's tickets, newest update first
 *   POST /support-tickets                               open one (JSON or multipart with `attachment`)
 *   GET  /support-tickets/:ticketNumber                 the thread, oldest message first
 *   POST /support-tickets/:ticketNumber/replies         reply (JSON or multipart); status → open
 *   POST /support-tickets/:ticketNumber/close           close (again: answered unchanged)
 *   GET  /support-tickets/:ticketNumber/attachments/:id the image, to the ticket's owner only
 *
 * Multipart bodies are read in preValidation (after authentication, so nobody uploads 5 MB
 * signed out): the text fields become the body the contract's schema validates, the one image is
 * kept aside, checked by its bytes and written under a random name only once the change runs.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  createTicketSchema,
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_NUMBER_PATTERN,
  ticketAttachmentParamSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketNumberParamSchema,
  ticketReplySchema,
  ticketResponseSchema,
  TICKETS_PER_PAGE,
} from '#contract/support.ts';
import { supportApi } from '#contract/routes/support.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { imagePipeline } from '#server/media/pipeline.ts';
import {
  checkImage,
  displayFileName,
  inlineDisposition,
  IMAGE_TYPES,
  readUpload,
  STORED_FILE,
  type CheckedImage,
} from '#server/lib/uploads.ts';
import { findOwnAttachment, findTicket, listTickets, ticketDetails, type NewAttachment } from '#server/repositories/support-repository.ts';
import { addCustomerReply, closeTicket, openTicket, ticketNotFound } from '#server/services/support-service.ts';

const PIPELINE_MESSAGES = {
  field: TICKET_ATTACHMENT_FIELD,
  wrongType: 'validation.attachment_type',
  tooManyPixels: 'validation.attachment_pixels',
};
const ATTACHMENT_MESSAGES = {
  field: TICKET_ATTACHMENT_FIELD,
  tooLarge: 'validation.attachment_too_large',
  wrongType: 'validation.attachment_type',
};
/** Longest text field we read from a form; longer values are refused on their field. */
const FORM_FIELD_BYTES = 64 * 1024;
const TOO_LONG: Record<string, string> = { subject: 'validation.subject_max', message: 'validation.message_max' };

/** What preValidation kept aside from a multipart body. */
interface PendingUpload {
  image?: CheckedImage & { clientName: string };
  error?: HttpError;
}

const ticketNumberOf = (raw: string) => {
  const number = raw.trim().toUpperCase();
  if (!TICKET_NUMBER_PATTERN.test(number)) throw ticketNotFound();
  return number;
};

const supportTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const uploads = new WeakMap<FastifyRequest, PendingUpload>();

  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: FORM_FIELD_BYTES },
  });
  // Before the body is read: a signed-out request never uploads anything.
  app.addHook('preValidation', app.authenticate);
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const fields: Record<string, string> = {};
    const pending: PendingUpload = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          await readAttachment(part, pending);
        } else {
          if (part.valueTruncated) pending.error ??= fieldError(part.fieldname, TOO_LONG[part.fieldname] ?? 'validation.message_max');
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (error) {
      // One image per message: a second file is a mistake of the form, said on its field.
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
        throw fieldError(TICKET_ATTACHMENT_FIELD, 'validation.attachment_single');
      throw error;
    }
    request.body = fields;
    uploads.set(request, pending);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  async function readAttachment(part: MultipartFile, pending: PendingUpload) {
    if (part.fieldname !== TICKET_ATTACHMENT_FIELD) {
      part.file.resume();
      return;
    }
    try {
      const bytes = await readUpload(part, ATTACHMENT_MESSAGES);
      // A form sent with no file chosen has an empty part without a name: no attachment.
      if (bytes.length === 0 && !part.filename) return;
      pending.image = { ...(await checkImage(bytes, ATTACHMENT_MESSAGES)), clientName: part.filename };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      pending.error ??= error;
    }
  }

  /**
   * The checked image of this request (errors on `attachment` are raised here, after the text
   * fields passed validation) and a function that stores it through the image pipeline; the
   * stored image is forgotten again when the change does not commit.
   */
  async function withAttachment<T>(
    request: FastifyRequest,
    run: (store: () => Promise<NewAttachment | undefined>) => Promise<T>,
  ): Promise<T> {
    const pending = uploads.get(request);
    if (pending?.error) throw pending.error;
    const image = pending?.image;
    // Through the image pipeline (issue 15, ADR 043): upright, no metadata (GPS), stored once
    // under its content address. Before the transaction: the embedded database has one
    // connection, and the pipeline records the image outside the change's transaction.
    // Private (issue 38): a key with a secret of its own, variants for the ticket's owner only.
    const clean = image ? await imagePipeline(app).ingest(image.bytes, PIPELINE_MESSAGES, { ownerId: request.auth!.user.id }) : undefined;
    const stored = clean ? `${clean.key}.${clean.format}` : undefined;
    const store = async (): Promise<NewAttachment | undefined> =>
      clean && image && stored
        ? {
            storageKey: stored,
            originalName: displayFileName(image.clientName, clean.format),
            mimeType: IMAGE_TYPES[clean.format],
            sizeBytes: clean.size,
          }
        : undefined;
    try {
      return await run(store);
    } catch (error) {
      // The change did not commit: the image goes too, unless another message or photo has the same bytes.
      if (stored)
        await imagePipeline(app)
          .forgetIfUnused(stored)
          .catch(() => undefined);
      throw error;
    }
  }

  app.route({
    ...contractRoute(supportApi.list, { query: ticketListQuerySchema, response: ticketListResponseSchema }),
    handler: async (request) => ({
      message: request.t('support.ticket_list'),
      data: await listTickets(db, request.auth!.user.id, request.query.status, request.query.page, TICKETS_PER_PAGE),
    }),
  });

  app.route({
    ...contractRoute(supportApi.create, { body: createTicketSchema, response: ticketResponseSchema }),
    handler: async (request, reply) =>
      withAttachment(request, (store) => {
        reply.status(201);
        return app.idempotent(request, reply, async (tx) => {
          const b = request.body;
          const ticket = await openTicket(tx, {
            userId: request.auth!.user.id,
            subject: b.subject,
            priority: b.priority,
            orderId: b.order_id,
            message: b.message,
            attachment: await store(),
          });
          return { message: request.t('support.ticket_created'), data: { ticket } };
        });
      }),
  });

  app.route({
    ...contractRoute(supportApi.details, { params: ticketNumberParamSchema, response: ticketResponseSchema }),
    handler: async (request) => {
      const ticket = await findTicket(db, ticketNumberOf(request.params.ticketNumber), { userId: request.auth!.user.id });
      if (!ticket) throw ticketNotFound();
      return { message: request.t('support.ticket_details'), data: { ticket: await ticketDetails(db, ticket) } };
    },
  });

  app.route({
    ...contractRoute(supportApi.reply, {
      params: ticketNumberParamSchema,
      body: ticketReplySchema,
      response: ticketResponseSchema,
    }),
    handler: async (request, reply) => {
      const number = ticketNumberOf(request.params.ticketNumber);
      return withAttachment(request, (store) => {
        reply.status(201);
        return app.idempotent(request, reply, async (tx) => {
          const ticket = await addCustomerReply(tx, request.auth!.user.id, number, request.body.message, await store());
          return { message: request.t('support.reply_sent'), data: { ticket } };
        });
      });
    },
  });

  app.route({
    ...contractRoute(supportApi.close, { params: ticketNumberParamSchema, response: ticketResponseSchema }),
    handler: async (request, reply) => {
      const number = ticketNumberOf(request.params.ticketNumber);
      return app.idempotent(request, reply, async (tx) => {
        const ticket = await closeTicket(tx, number, request.auth!.user.id);
        if (!ticket) throw ticketNotFound();
        return { message: request.t('support.ticket_closed_ok'), data: { ticket } };
      });
    },
  });

  // The image's bytes, not JSON: no contract definition (the client reads it from `attachment.url`).
  app.get('/support-tickets/:ticketNumber/attachments/:id', { schema: { params: ticketAttachmentParamSchema } }, async (request, reply) => {
    const notFound = () => new HttpError(404, 'support.attachment_not_found');
    const number = request.params.ticketNumber.trim().toUpperCase();
    const id = Number(request.params.id);
    if (!TICKET_NUMBER_PATTERN.test(number) || !/^\d{1,9}$/.test(request.params.id)) throw notFound();
    const found = await findOwnAttachment(db, request.auth!.user.id, number, id);
    const bytes =
      found && STORED_FILE.test(found.storageKey)
        ? ((await app.files.get('originals', found.storageKey)) ?? (await app.files.get('support', found.storageKey)))
        : undefined;
    if (!found || !bytes) throw notFound();
    return reply
      .header('Content-Type', found.mimeType)
      .header('Content-Disposition', inlineDisposition(found.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Cache-Control', 'private, max-age=3600')
      .send(bytes);
  });
};
export default supportTicketRoutes;
