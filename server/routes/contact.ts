/**
 * POST /contact (issue #6): the contact form, signed in or not. A valid bearer token links the
 * message to its user; a missing or stale one does not stop a message from being sent.
 * Rate limited per client address (CONTACT_LIMIT); texts are stored as plain text (the contract
 * cleans them), the phone in E.164.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactResponseSchema, contactSchema } from '../../contract/support.ts';
import { normalizePhone } from '../lib/phone.ts';
import { insertContactMessage } from '../repositories/contact-repository.ts';
import { enforceLimit } from '../services/limits.ts';
import { clientIp } from '../services/session-service.ts';

/** Per client address. Generous enough for a family behind one address, tight enough for a script. */
export const CONTACT_LIMIT = { windowSeconds: 3600, max: 5 };

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post('/contact', { schema: { body: contactSchema, response: { 201: contactResponseSchema } } }, async (request, reply) => {
    if (request.headers.authorization) {
      try {
        await app.authenticate(request, reply);
      } catch {
        request.auth = null;
      }
    }
    await enforceLimit(db, `contact:ip:${clientIp(request)}`, CONTACT_LIMIT);
    const b = request.body;
    await insertContactMessage(db, {
      userId: request.auth?.user.id ?? null,
      name: b.name,
      email: b.email?.toLowerCase() ?? null,
      phone: b.phone ? (normalizePhone(b.phone, '+40')?.e164 ?? b.phone) : null,
      subject: b.subject,
      message: b.message,
    });
    const confirmation = request.t('contact.sent');
    return reply.status(201).send({ message: confirmation, data: { message: confirmation } });
  });
};
export default contactRoutes;
