/**
 * The API-wide per-address limit (@fastify/rate-limit: API_RATE_LIMIT requests a minute to /api per
 * client address), counted in the database so that every instance behind a load balancer counts
 * the same requests (issue 14, ADR 023).
 *
 * @fastify/rate-limit's default store is an LRU map in the process's memory: with two instances
 * behind a round-robin proxy, a client got twice the limit (and N times with N instances). Here its
 * store is the rate-limit repository (rate_limit_buckets, the table the account limits use: one
 * atomic upsert per hit on PGlite and PostgreSQL alike, the database's clock), under the key
 * `api:ip:<address>`, for every request whose MATCHED ROUTE is under /api (the router's decoded
 * path, not the raw URL: issue 38). The address is `request.ip` (TRUST_PROXY decides which X-Forwarded-For hop
 * it is, ADR 014), IPv6 grouped by /64 as the plugin does.
 *
 * A refused hit is not counted (the repository's rule), so a client that keeps knocking while
 * limited is let in again when the window ends, as with the in-memory store.
 *
 * When the database cannot be reached the limit is skipped (`skipOnError`): the request goes on
 * to its handler, which answers 503 itself if it needs the database, and GET /api/health (the
 * liveness check, no query) keeps answering 200 during an outage (ADR 013).
 */
import fp from 'fastify-plugin';
import { isInternalRequest } from '#server/lib/internal-request.ts';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/db/faults.ts';
import { bucketCount, hitBucket } from '#server/repositories/rate-limit-repository.ts';

/** Whether a matched route (its pattern, e.g. `/api/products/:id`) is one of the API's. */
export const isApiRoute = (routeUrl: string | undefined) => routeUrl !== undefined && routeUrl.startsWith('/api/');

/** Bucket key prefix of the API-wide limit. */
export const API_LIMIT_KEY_PREFIX = 'api:ip:';

export interface RateLimitPluginOptions {
  /** Requests a minute per client address (API_RATE_LIMIT). */
  max: number;
  /** Loopback addresses are not counted (development and tests; never in production). */
  exemptLoopback: boolean;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over rate_limit_buckets. `onError` sees database errors other than
 * "unreachable" (those are the handlers' to answer 503 for).
 */
export function databaseStore(db: Database, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = API_LIMIT_KEY_PREFIX,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      const windowSeconds = Math.max(1, Math.ceil(timeWindow / 1000));
      hitBucket(db, this.prefix + key, { windowSeconds, max }).then(
        // A refused hit is reported as one over the limit (the plugin answers 429 when current > max);
        // ttl: until the window ends when allowed, until the next hit is allowed when refused.
        (hit) =>
          callback(null, hit.allowed ? { current: hit.count, ttl: hit.resetIn * 1000 } : { current: max + 1, ttl: hit.retryAfter * 1000 }),
        (error: unknown) => {
          if (!isDatabaseUnavailable(error)) onError(error);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    /** The count without a hit (`createRateLimit(...)(request, { increment: false })`). */
    read(key: string, callback: Callback, timeWindow: number) {
      bucketCount(db, this.prefix + key, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ count, secondsLeft }) => callback(null, { current: count, ttl: count ? secondsLeft * 1000 : 0 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** A route with its own `config.rateLimit` counts in buckets of its own. */
    child(routeOptions: { method?: string | string[]; url?: string }) {
      const method = Array.isArray(routeOptions.method) ? routeOptions.method.join(',') : (routeOptions.method ?? '');
      return new DatabaseStore(undefined, `${this.prefix}${method}${routeOptions.url ?? ''}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** Registered after the database plugin (the store needs `app.db`) and before any route. */
export default fp<RateLimitPluginOptions>(
  async function rateLimitPlugin(app: FastifyInstance, options) {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: '1 minute',
      store: databaseStore(app.db, (error) => app.log.error({ err: error }, 'API rate limit: counting failed, request let through')),
      skipOnError: true,
      // Only the API is counted: the app's own files and images are not (one visit loads ~60 of
      // them, and a shopper reloading on a weak connection must never see a 429 for a script).
      // "The API" is what the router matched, never the raw URL (issue 38): the router decodes
      // the path, so `/%61pi/master` runs GET /api/master and must count like it.
      // The server's own requests (first-screen answers) carry a per-process secret: a forged header still counts.
      allowList: (request, key) =>
        !isApiRoute(request.routeOptions.url) ||
        (options.exemptLoopback && (key === '127.0.0.1' || key === '::1')) ||
        isInternalRequest(request),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'talcioc-rate-limit' },
);
