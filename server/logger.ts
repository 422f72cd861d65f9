/**
 * pino options for the server: secrets never reach the logs. Fastify logs no bodies or headers
 * by itself; these paths also cover any object a handler logs that carries them (issue #4:
 * passwords, one-time codes, reset and session tokens, Authorization headers).
 */
import type { FastifyServerOptions } from 'fastify';
import type { Env } from './env.ts';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';

const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'otp', 'token'];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [`*.${field}`, `body.${field}`, `*.body.${field}`]),
  'body.code',
  '*.body.code',
];

export function loggerOptions(level: Env['LOG_LEVEL']): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  // Errors without the failed query's values, requests without their query string (ADR 015).
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError as never, req: serializeRequest as never },
  };
}
