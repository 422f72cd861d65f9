/**
 * The one error handler (issue #2): invalid input → 422 `{message, errors: {field: [messages]}}`,
 * known HTTP errors keep their status with a clear message, anything unexpected → 500 with a
 * generic message (the detail goes to the log only). Unknown /api paths → 404 JSON.
 *
 * Messages that are catalogue keys (the contract's `validation.*`, the API's `auth.*`) are
 * translated here, in `message` and in every `errors` list, for the request's Accept-Language
 * (first of ro/en, ro by default: server/lib/i18n.ts). Anything else is sent as it is.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLocale, translate, type TranslateVars } from '#server/lib/i18n.ts';
import { DATABASE_RETRY_AFTER_SECONDS, HttpError } from '#server/lib/http-error.ts';
import { dataExceptionCode, isDatabaseUnavailable } from '#server/db/faults.ts';

/**
 * busboy's errors for a multipart body it cannot read (no boundary, truncated, malformed headers):
 * they carry no status code, and they are the client's fault (400).
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|file)|Malformed (part header|urlencoded form)|Part terminated early|Unexpected end of multipart data)/;

function fieldErrors(validation: { instancePath: string; message?: string }[], context: string | undefined) {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const locale = pickLocale(request.headers['accept-language']);
    const t = (message: string, vars?: TranslateVars) => translate(locale, message, vars);
    const translated = (errors: Record<string, string[]>, vars?: TranslateVars) =>
      Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => t(m, vars))]));

    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
      // Every 503 says when to come back (the OpenAPI document promises it, issue 39): the
      // database's pause unless the error named its own.
      if (error.statusCode === 503 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(error.statusCode).send({
        message: t(error.message, error.options.vars),
        ...(error.errors && { errors: translated(error.errors, error.options.vars) }),
        ...(error.options.goneReason && { reason: error.options.goneReason }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = translated(fieldErrors(error.validation, (error as FastifyError).validationContext));
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    const status = (error as FastifyError).statusCode;
    // Client errors raised by Fastify itself (malformed JSON, body too large, unsupported media type, 429...).
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    // The database is down or restarting: a calm 503 the client retries (issue 14, ADR 013).
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { reason: (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code },
        'database unavailable',
      );
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: t('errors.service_unavailable') });
    }
    // A value PostgreSQL refused (SQLSTATE class 22: NUL byte, out of range, bad syntax…) that the
    // contract let through: the request's fault, 422, logged with its code only (the driver's
    // message may quote the value).
    const dataCode = dataExceptionCode(error);
    if (dataCode) {
      request.log.info({ sqlstate: dataCode }, 'value refused by the database');
      return reply.status(422).send({ message: t('validation.value_invalid'), errors: { request: [t('validation.value_invalid')] } });
    }
    if (MALFORMED_MULTIPART.test(error.message ?? '')) {
      return reply.status(400).send({ message: t('errors.malformed_form') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No API route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
