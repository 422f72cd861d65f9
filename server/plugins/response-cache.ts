/**
 * A bounded in-process response micro-cache for the anonymous catalog (issue #3, ADR 011): the
 * server-side counterpart of the catalog's `Cache-Control: public, max-age=60` (routes/catalog.ts).
 *
 * - `app.catalogCache` (decorated on the root instance, so any route plugin can invalidate it):
 *   `clear()` after any write that changes what the catalog shows (an order placed, a buy-now;
 *   cancellations, which put stock back, clear it through this app's order status events,
 *   app.orderStatusEvents, once they committed), and
 *   `install(scope)`, which the catalog route plugin calls before declaring its routes.
 * - Only GET, only without an `Authorization` header (signed-in answers mark the shopper's
 *   favourites and are private), only 200 answers whose payload is a string, only URLs up to 512
 *   characters. Key: request.url (path and query exactly as sent) + '|' + request.locale (the one
 *   thing the server derives from Accept-Language: ro or en), so a browser's many Accept-Language
 *   spellings share one entry per language.
 * - A hit is answered from a route-level `onRequest` hook appended AFTER the rate limiter's and the
 *   compressor's (both add theirs from `onRoute`), so a hit still counts against the rate limit,
 *   still skips validation and the handler, and still goes through every `onSend` hook: the
 *   catalog's Cache-Control/Vary hook, then compression. Hits carry `X-Cache: HIT`, stored misses
 *   `X-Cache: MISS`.
 * - A miss is stored from an `onSend` hook of the catalog scope, which runs before the route-level
 *   compression hook: the stored payload is the serialized JSON, never a compressed body.
 * - Bounded (lru-cache): at most `maxEntries` entries and `maxBytes` bytes (body and key counted as
 *   2 bytes a UTF-16 unit, the most a string takes on the heap), least recently used first out (a
 *   hit makes its entry the most recent), each entry for `ttlSeconds` from when it was stored (a hit
 *   does not extend it), timed by the monotonic clock (performance.now), so a step of the system
 *   clock neither keeps entries longer nor drops them early. One answer over a sixteenth of
 *   `maxBytes` is not kept. `ttlSeconds` 0 turns it all off.
 * - A race: a request that read the database before a write committed and answers after `clear()`
 *   must not store its (old) answer. Every clear() moves a generation on; a miss remembers the
 *   generation it started in and is stored only if it is still the current one.
 * - Several instances on one PostgreSQL: every clear() is announced (NOTIFY catalog_cache) and the
 *   other instances clear too (issue 14, ADR 022). Writes from `npm run ops` still show after at
 *   most `ttlSeconds` (CATALOG_CACHE_SECONDS, default 10).
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

const MAX_CACHED_URL_LENGTH = 512;
/** The NOTIFY channel that tells every instance to clear its catalog cache (ADR 022). */
export const CACHE_CHANNEL = 'catalog_cache';
const CACHE_HEADER = 'X-Cache';

export interface ResponseCacheOptions {
  /** Seconds an entry is served; 0 turns the cache off. */
  ttlSeconds: number;
  /** Most entries kept (default 2000). */
  maxEntries?: number;
  /** Most bytes of payload kept (default 32 MB). */
  maxBytes?: number;
}

interface Entry {
  payload: string;
  contentType: string;
}

export class ResponseCache {
  /** Undefined when `ttlSeconds` is 0: the cache is off. */
  private readonly entries: LRUCache<string, Entry> | undefined;
  private generation = 0;
  /** Misses on their way: the key and the generation they started in. */
  private readonly pending = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  constructor(options: ResponseCacheOptions) {
    const ttlMs = Math.max(0, options.ttlSeconds) * 1000;
    if (ttlMs === 0) return;
    const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 2000,
      maxSize: maxBytes,
      // One answer larger than this is not kept (it would push out many others).
      maxEntrySize: Math.floor(maxBytes / 16),
      sizeCalculation: (entry, key) => entry.payload.length * 2 + key.length * 2,
      ttl: ttlMs,
      // Expiry is checked against the clock at every lookup: lru-cache's default reuses one reading
      // for a millisecond (with a timer per reading) — no saving worth an entry served past its time.
      ttlResolution: 0,
    });
  }

  /** Called after every clear() made by this process (the plugin tells the other instances). */
  onClear: (() => void) | undefined;

  /** Forgets every entry, and every miss still being answered (see the race above); tells the other instances. */
  clear() {
    this.clearLocal();
    this.onClear?.();
  }

  /** clear() for this process only (another instance's write, or a lost notification channel). */
  clearLocal() {
    this.entries?.clear();
    this.generation += 1;
  }

  /** What is kept (the tests check the bounds with it). */
  stats() {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  /** The key of a cacheable request, or undefined. */
  private keyOf(request: FastifyRequest): string | undefined {
    if (!this.entries || request.method !== 'GET' || request.headers.authorization !== undefined) return undefined;
    if (request.url.length > MAX_CACHED_URL_LENGTH) return undefined;
    return `${request.url}|${request.locale}`;
  }

  /** Route-level onRequest: answers a hit, or remembers a miss to store from onSend. */
  private readonly serve: onRequestHookHandler = (request, reply, done) => {
    const key = this.keyOf(request);
    if (key === undefined) return done();
    const entry = this.entries?.get(key);
    if (!entry) {
      this.pending.set(request, { key, generation: this.generation });
      reply.header(CACHE_HEADER, 'MISS');
      return done();
    }
    reply.code(200).header('Content-Type', entry.contentType).header(CACHE_HEADER, 'HIT').send(entry.payload);
  };

  /** onSend of the cached scope: keeps a 200 string payload of a remembered miss. */
  private store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const miss = this.pending.get(request);
    if (!miss) return;
    this.pending.delete(request);
    if (miss.generation !== this.generation || reply.statusCode !== 200 || typeof payload !== 'string') return;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return;
    this.entries?.set(miss.key, { payload, contentType });
  }

  /**
   * Caches the GET routes declared in `scope` after this call. Call it inside an encapsulated
   * route plugin, before its routes: the onRoute hook then runs after the root's (rate limit,
   * compression), so the hit hook comes after theirs in each route's onRequest list.
   */
  install(scope: FastifyInstance) {
    if (!this.entries) return;
    scope.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('GET')) return;
      const existing = route.onRequest;
      route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), this.serve];
    });
    scope.addHook('onSend', (request, reply, payload, done) => {
      this.store(request, reply, payload);
      done(null, payload);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The anonymous catalog's response micro-cache (ADR 011). Call clear() after a catalog-changing write. */
    catalogCache: ResponseCache;
  }
}

export default fp<ResponseCacheOptions>(
  async function responseCachePlugin(app: FastifyInstance, options) {
    const cache = new ResponseCache(options);
    app.decorate('catalogCache', cache);
    // Several instances on one PostgreSQL (issue 14, ADR 022): every clear() is announced with
    // NOTIFY catalog_cache; every other instance clears on it, and clears after its listening
    // connection came back (it may have missed some). PGlite: one process, nothing to tell.
    let offNotify: (() => void) | undefined;
    const events = app.dbEvents;
    if (events && options.ttlSeconds > 0) {
      const instance = randomUUID();
      cache.onClear = () => {
        events
          .notify(CACHE_CHANNEL, instance)
          .catch((err: unknown) => app.log.warn({ err }, 'catalog cache: could not tell the other instances'));
      };
      offNotify = await events
        .listen(CACHE_CHANNEL, (payload, resync) => {
          if (resync || payload !== instance) cache.clearLocal();
        })
        .catch((err: unknown) => {
          app.log.warn({ err }, 'catalog cache: not listening for other instances (entries expire on their own)');
          return undefined;
        });
    }
    // A cancellation puts stock back, whichever route of this app made it (the shopper's cancel, a
    // declined card payment): this app's order status events are told after its commit. (An app
    // without them — a test's bare app with this plugin alone — makes no cancellations.)
    const off = app.hasDecorator('orderStatusEvents')
      ? app.orderStatusEvents.on((event) => {
          if (event.to === 'cancelled') cache.clear();
        })
      : undefined;
    app.addHook('onClose', async () => {
      off?.();
      offNotify?.();
    });
  },
  { name: 'response-cache' },
);
