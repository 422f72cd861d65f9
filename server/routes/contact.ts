/**
 * POST /contact (issue #6): the contact form, signed in or not. A valid bearer token links the
 * message to its user; a missing or stale one does not stop a message from being sent.
 * Rate limited per client address (CONTACT_LIMIT); texts are stored as plain text (the contract
 * cleans them), the phone in E.164.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactResponseSchema, contactSchema } from '#contract/support.ts';
import { supportApi } from '#contract/routes/support.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { normalizePhone } from '#server/lib/phone.ts';
import { fieldError } from '#server/lib/http-error.ts';
import { insertContactMessage } from '#server/repositories/contact-repository.ts';
import { enforceLimit } from '#server/services/limits.ts';
import { clientIp } from '#server/services/session-service.ts';

/** Per client address. Generous enough for a family behind one address, tight enough for a script. */
export const CONTACT_LIMIT = { windowSeconds: 3600, max: 5 };

import { authenticateIfSignedIn } from '#server/plugins/auth.ts';
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.route({
    ...contractRoute(supportApi.contact, { body: contactSchema, response: contactResponseSchema }),
    handler: async (request, reply) => {
      await authenticateIfSignedIn(app, request, reply);
      const b = request.body;
      // The contract's pattern is the shape of a Romanian number; the numbering plan decides
      // (lib/phone.ts): an unallocated range is refused like a malformed number, never stored raw.
      const phone = b.phone === undefined ? null : normalizePhone(b.phone, '+40')?.e164;
      if (phone === undefined) throw fieldError('phone', 'validation.phone_invalid');
      await enforceLimit(db, `contact:ip:${clientIp(request)}`, CONTACT_LIMIT);
      await insertContactMessage(db, {
        userId: request.auth?.user.id ?? null,
        name: b.name,
        email: b.email?.toLowerCase() ?? null,
        phone,
        subject: b.subject,
        message: b.message,
      });
      const confirmation = request.t('contact.sent');
      return reply.status(201).send({ message: confirmation, data: { message: confirmation } });
    },
  });
};
export default contactRoutes;
