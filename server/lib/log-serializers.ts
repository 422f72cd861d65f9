/**
 * Log serializers that keep request data out of the logs (issue 14, ADR 015):
 * - errors: type, message, code and stack, with drizzle's "params: …" (the values of the failed
 *   query: a scrypt hash, a token, a phone) cut out of message and stack, and none of the driver's
 *   `detail`/`where` (which may quote a row's values), and PostgreSQL's quoted values in a
 *   database error's message replaced; causes serialized the same way;
 * - requests: method, path WITHOUT the query string, and the peer; never headers or bodies.
 */
import type { FastifyRequest } from 'fastify';

const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** PostgreSQL quotes the offending value in many messages (`invalid input syntax for type integer: "…"`). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

const scrub = (text: unknown, quoted = false) => {
  if (typeof text !== 'string') return undefined;
  const cut = text.replace(PARAMS, '');
  return quoted ? cut.replace(QUOTED, '"[redacted]"') : cut;
};

export function serializeError(error: unknown, depth = 0): unknown {
  if (!error || typeof error !== 'object') return error;
  const e = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  const fromDatabase = typeof e.code === 'string' && SQLSTATE.test(e.code);
  return {
    type: e.name || e.constructor?.name || 'Error',
    message: scrub(e.message, fromDatabase),
    ...(typeof e.code === 'string' && { code: e.code }),
    ...(typeof e.statusCode === 'number' && { statusCode: e.statusCode }),
    stack: scrub(e.stack, fromDatabase),
    ...(e.cause !== undefined && depth < 3 && { cause: serializeError(e.cause, depth + 1) }),
  };
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: (request.url ?? '').split('?')[0],
    remoteAddress: request.ip,
  };
}
