/**
 * Requests the server makes to itself (`app.inject`, e.g. the first screen's answers written into
 * a page: server/first-screen/first-answers.ts) carry this header with a secret drawn at start and
 * never sent out of the process, so the per-address rate limit can leave them alone while a
 * client that forges the header still counts.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const INTERNAL_REQUEST_HEADER = 'x-talcioc-internal';
export const internalRequestSecret = randomBytes(32).toString('base64url');
const expected = Buffer.from(internalRequestSecret);

export function isInternalRequest(request: FastifyRequest): boolean {
  const value = request.headers[INTERNAL_REQUEST_HEADER];
  if (typeof value !== 'string') return false;
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
