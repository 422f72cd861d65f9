/**
 * A bounded in-process response micro-cache for the anonymous catalog (issue #3, ADR 045): the
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
 *   compression hook: the stored body is the serialized JSON; the coding the miss's browser asked
 *   for is made there too, kept, and sent (the compressor leaves an encoded answer alone).
 * - Bounded (lru-cache): at most `maxEntries` entries and `maxBytes` bytes (the body's bytes, its
 *   encoded copies' and the key's at 2 bytes a UTF-16 unit, the most a string takes on the heap), least recently used first out (a
 *   hit makes its entry the most recent), each entry for `ttlSeconds` from when it was stored (a hit
 *   does not extend it), timed by the monotonic clock (performance.now), so a step of the system
 *   clock neither keeps entries longer nor drops them early. One answer over a sixteenth of
 *   `maxBytes` is not kept. `ttlSeconds` 0 turns it all off.
 * - An entry keeps what a repeat view needs without the route (issue 13): the answer's bytes, its
 *   ETag (set by the route before serialisation), so a hit whose If-None-Match names it is a 304
 *   without a body, and each content coding a browser asked for (br, gzip), made the first time it
 *   is asked for (by the miss or a later hit) and then kept. A browser always sends Accept-Encoding, so without this every hit
 *   compressed the same answer again (@fastify/compress leaves a body that already has a
 *   Content-Encoding alone). Same rules as the compressor: only answers of `compressAbove` bytes
 *   or more, Vary: Accept-Encoding when encoded, brotli at the compressor's quality 4.
 * - A race: a request that read the database before a write committed and answers after `clear()`
 *   must not store its (old) answer. Every clear() moves a generation on; a miss remembers the
 *   generation it started in and is stored only if it is still the current one.
 * - Several instances on one PostgreSQL: every clear() is announced (NOTIFY catalog_cache) and the
 *   other instances clear too (issue 14, ADR 022). Writes from `npm run ops` still show after at
 *   most `ttlSeconds` (CATALOG_CACHE_SECONDS, default 10).
 */
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import { ifNoneMatchNames } from '#server/lib/etag.ts';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

const MAX_CACHED_URL_LENGTH = 512;
/** The NOTIFY channel that tells every instance to clear its catalog cache (ADR 022). */
export const CACHE_CHANNEL = 'catalog_cache';
const CACHE_HEADER = 'X-Cache';
/** The content codings a hit is kept in, best first (the compressor's own choice among them). */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const ENCODE: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 4: @fastify/compress's default for answers made per request (a fraction of q11's time,
  // most of its gain on JSON).
  br: (body) =>
    brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
    }),
  gzip: (body) => gzipSync(body),
};
export interface ResponseCacheOptions {
  /** Seconds an entry is served; 0 turns the cache off. */
  ttlSeconds: number;
  /** Most entries kept (default 2000). */
  maxEntries?: number;
  /** Most bytes of payload kept (default 32 MB). */
  maxBytes?: number;
  /** Answers of this many bytes or more are sent compressed to browsers that accept it (the compressor's threshold; default 1024). */
  compressAbove?: number;
}

interface Entry {
  /** The answer as sent without a content coding. */
  body: Buffer;
  contentType: string;
  /** The route's validator of the answer, if it set one. */
  etag: string | undefined;
  /** The body in each content coding asked for so far. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

const entrySize = (entry: Entry, key: string) =>
  entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + key.length * 2;

export class ResponseCache {
  /** Undefined when `ttlSeconds` is 0: the cache is off. */
  private readonly entries: LRUCache<string, Entry> | undefined;
  private generationCount = 0;
  private readonly compressAbove: number;
  /** Misses on their way: the key and the generation they started in. */
  private readonly pending = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  constructor(options: ResponseCacheOptions) {
    this.compressAbove = options.compressAbove ?? 1024;
    const ttlMs = Math.max(0, options.ttlSeconds) * 1000;
    if (ttlMs === 0) return;
    const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 2000,
      maxSize: maxBytes,
      // One answer larger than this is not kept (it would push out many others).
      maxEntrySize: Math.floor(maxBytes / 16),
      sizeCalculation: entrySize,
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
    this.generationCount += 1;
  }

  /**
   * Moves on at every clear() of this process and of every other instance (NOTIFY): what was
   * made from the catalog in an earlier generation is not to be reused. The first answers and
   * first screens key their short reuse on it (server/first-screen, ADR 040).
   */
  get generation(): number {
    return this.generationCount;
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
      this.pending.set(request, { key, generation: this.generationCount });
      reply.header(CACHE_HEADER, 'MISS');
      return done();
    }
    reply.header(CACHE_HEADER, 'HIT');
    if (entry.etag !== undefined) {
      reply.header('ETag', entry.etag);
      // The shopper's copy is current: no body (the catalog's onSend hook keeps its Cache-Control).
      if (ifNoneMatchNames(request.headers['if-none-match'], entry.etag)) return void reply.code(304).send();
    }
    reply.code(200).header('Content-Type', entry.contentType);
    const encoding = this.encodingFor(request, entry.body);
    if (encoding === undefined) return void reply.send(entry.body);
    reply
      .header('Content-Encoding', encoding)
      .header('Vary', 'Accept-Encoding')
      .send(this.encodedBody(key, entry, encoding));
  };

  /** The best coding the request accepts for this body, if any (as @fastify/compress reads Accept-Encoding; none under its threshold). */
  private encodingFor(request: FastifyRequest, body: Buffer): Encoding | undefined {
    const header = request.headers['accept-encoding'];
    if (!header || body.length < this.compressAbove) return undefined;
    return (negotiate(header.toLowerCase(), [...ENCODINGS]) ?? undefined) as Encoding | undefined;
  }

  /** The entry's body in `encoding`, made once and kept (the entry's size grows, its expiry does not move). */
  private encodedBody(key: string, entry: Entry, encoding: Encoding): Buffer {
    const kept = entry.encoded[encoding];
    if (kept) return kept;
    const made = ENCODE[encoding](entry.body);
    // A new entry object: lru-cache counts the size again only when the value changes. The entry
    // still ends when it would have (noUpdateTTL), and one cleared meanwhile is not put back.
    if (this.entries?.peek(key) === entry)
      this.entries.set(key, { ...entry, encoded: { ...entry.encoded, [encoding]: made } }, { noUpdateTTL: true });
    return made;
  }

  /** onSend of the cached scope: keeps a 200 string payload of a remembered miss. */
  private store(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const miss = this.pending.get(request);
    if (!miss) return payload;
    this.pending.delete(request);
    if (miss.generation !== this.generationCount || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string') return payload;
    const etag = reply.getHeader('etag');
    const entry: Entry = { body: Buffer.from(payload), contentType, etag: typeof etag === 'string' ? etag : undefined, encoded: {} };
    // The coding this browser asked for is made here, once, and kept with the entry: the
    // compressor then leaves the answer alone (it already has a Content-Encoding).
    const encoding = this.encodingFor(request, entry.body);
    if (encoding !== undefined) entry.encoded[encoding] = ENCODE[encoding](entry.body);
    this.entries?.set(miss.key, entry);
    if (encoding === undefined) return payload;
    reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding');
    return entry.encoded[encoding];
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
      done(null, this.store(request, reply, payload));
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The anonymous catalog's response micro-cache (ADR 045). Call clear() after a catalog-changing write. */
    catalogCache: ResponseCache;
  }
}

export default fp<ResponseCacheOptions>(
  async function responseCachePlugin(app: FastifyInstance, options) {
    const cache = new ResponseCache(options);
    app.decorate('catalogCache', cache);
    // Several instances on one PostgreSQL (issue 14, ADR 022): every clear() is announced with
    // NOTIFY catalog_cache; every other instance clears on it, and clears after its listening
    // connection came back (it may have missed some). PGlite: one process, nothing to tell. Also
    // with the cache off: the generation still tells the first answers' reuse (ADR 040).
    let offNotify: (() => void) | undefined;
    const events = app.dbEvents;
    if (events) {
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
