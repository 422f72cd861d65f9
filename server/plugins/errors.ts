/**
 * The one error handler (issue #2): invalid input → 422 `{message, errors: {field: [messages]}}`,
 * known HTTP errors keep their status with a clear message, anything unexpected → 500 with a
 * generic message (the detail goes to the log only). Unknown /api paths → 404 JSON.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, message);

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
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, (error as FastifyError).validationContext);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    const status = (error as FastifyError).statusCode;
    // Client errors raised by Fastify itself (malformed JSON, body too large, unsupported media type, 429...).
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No API route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
