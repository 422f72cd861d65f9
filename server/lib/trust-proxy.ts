/**
 * Fastify's `trustProxy` from TRUST_PROXY (issue 14, ADR 014).
 *
 * - `false`: trust no proxy; `request.ip` is the socket's address and X-Forwarded-For is ignored.
 * - addresses/CIDRs: proxy-addr walks X-Forwarded-For from the right while the hop it came from is
 *   one of them; the first address not in the list is the client. Preferred: a client connecting
 *   directly is never believed.
 * - a hop count n: the n-th address from the right (the one the nearest proxy saw). Fastify 5.12
 *   makes a bare number trust nothing at all (it cannot tell a proxy from a direct client), so the
 *   count is given to it as a function. Use it only when nothing but the proxy can reach the
 *   server (a private network, a container port bound behind the proxy).
 */
import type { FastifyServerOptions } from 'fastify';
import type { Env } from '#server/env.ts';

export function trustProxyOption(value: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (value === false) return false;
  if (typeof value === 'number') {
    const hops = value;
    return (_address: string, index: number) => index < hops;
  }
  return value;
}
