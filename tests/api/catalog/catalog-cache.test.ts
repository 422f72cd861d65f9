/**
 * The anonymous catalog's response micro-cache (issue #3, ADR 045, server/plugins/response-cache.ts)
 * against the real app: MISS then HIT with the same body and headers, never for signed-in
 * requests, one entry per URL and language, cleared by orders, cancellations and declined card
 * payments of this process, expiry after CATALOG_CACHE_SECONDS, off at 0, errors never kept, hits
 * still rate-limited and compressed. The LRU bounds are checked on a tiny app without a database.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { productDetailsResponseSchema, productListResponseSchema } from '#contract/catalog.ts';
import { readEnv } from '#server/env.ts';
import i18nPlugin from '#server/plugins/i18n.ts';
import responseCachePlugin from '#server/plugins/response-cache.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, quickUser, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let shopId: number;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  shopId = (await makeShop(t)).id;
});

const xCache = (res: { headers: Record<string, unknown> }) => res.headers['x-cache'];
const details = (res: { json(): unknown }) => productDetailsResponseSchema.parse(res.json()).data.product;

const shopper = (name: string) => shopperWithAddress(t, c, name);

describe('anonymous catalog GETs', () => {
  it('MISS, then HIT with the same body and the same Cache-Control / Vary', async () => {
    const p = await makeProduct(t, shopId);
    const first = await c.get(`/products/${p.id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(xCache(first)).toBe('MISS');
    const second = await c.get(`/products/${p.id}`);
    expect(second.statusCode).toBe(200);
    expect(xCache(second)).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    expect(second.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=86400');
    expect(second.headers.vary).toBe(first.headers.vary);
    expect(String(second.headers.vary)).toMatch(/Authorization/);
    expect(details(second).id).toBe(p.id);

    const list = '/products/filter?sort=newest&per_page=5';
    expect(xCache(await c.get(list))).toBe('MISS');
    const hit = await c.get(list);
    expect(xCache(hit)).toBe('HIT');
    expect(productListResponseSchema.parse(hit.json()).data.data).toHaveLength(5);
  });

  it('keeps one entry per query and per language (ro / en as the server reads Accept-Language)', async () => {
    const base = '/products/filter?sort=price_asc&per_page=3';
    expect(xCache(await c.get(base))).toBe('MISS');
    expect(xCache(await c.get(`${base}&page=2`))).toBe('MISS');
    expect(xCache(await c.get(`${base}&page=2`))).toBe('HIT');
    // Another spelling of the query is another URL (the key is the URL as sent).
    expect(xCache(await c.get('/products/filter?per_page=3&sort=price_asc'))).toBe('MISS');

    const url = '/products/filter?sort=most_sold&per_page=3';
    expect(xCache(await c.get(url, { lang: 'en' }))).toBe('MISS');
    expect(xCache(await c.get(url, { lang: 'ro' }))).toBe('MISS');
    expect(xCache(await c.get(url, { lang: 'en-US,en;q=0.9' }))).toBe('HIT');
    expect(xCache(await c.get(url, { lang: 'ro-RO,ro;q=0.9,en;q=0.5' }))).toBe('HIT');
    expect(xCache(await c.get(url))).toBe('HIT'); // no header: ro, the default
  });

  it("never serves nor stores a signed-in answer: is_favorite is always the shopper's", async () => {
    const ana = await quickUser(t, 'Ana Favorit');
    const p = await makeProduct(t, shopId);
    expect((await c.put(`/favorite-products/${p.id}`, undefined, { token: ana.token })).statusCode).toBe(200);

    // Anonymous first: stored, and a signed-in request does not get it.
    const anonymous = await c.get(`/products/${p.id}`);
    expect(xCache(anonymous)).toBe('MISS');
    expect(details(anonymous).is_favorite).toBe(false);
    const signedIn = await c.get(`/products/${p.id}`, { token: ana.token });
    expect(signedIn.statusCode).toBe(200);
    expect(xCache(signedIn)).toBeUndefined();
    expect(details(signedIn).is_favorite).toBe(true);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(xCache(await c.get(`/products/${p.id}`))).toBe('HIT');

    // Signed-in first: not stored, so the next anonymous request is a miss and shows no favourite.
    const url = `/products/filter?shop=${shopId}&sort=newest`;
    const mine = await c.get(url, { token: ana.token });
    expect(xCache(mine)).toBeUndefined();
    expect(productListResponseSchema.parse(mine.json()).data.data.find((x) => x.id === p.id)?.is_favorite).toBe(true);
    const theirs = await c.get(url);
    expect(xCache(theirs)).toBe('MISS');
    expect(productListResponseSchema.parse(theirs.json()).data.data.find((x) => x.id === p.id)?.is_favorite).toBe(false);
    expect(xCache(await c.get(url, { token: ana.token }))).toBeUndefined();
    // Any Authorization header at all bypasses the cache, even one that is not a valid token.
    expect(xCache(await c.get(url, { headers: { authorization: 'Basic eDp5' } }))).toBeUndefined();
  });

  it('does not keep 404 and 422 answers, nor URLs over 512 characters', async () => {
    for (const url of ['/products/2000000000', '/products/filter?page=0', '/categories/--nope--']) {
      const first = await c.get(url);
      expect(first.statusCode).toBeGreaterThanOrEqual(400);
      const second = await c.get(url);
      expect(second.statusCode).toBe(first.statusCode);
      expect(xCache(second)).not.toBe('HIT');
    }
    const long = `/products/filter?sort=newest&utm_campaign=${'a'.repeat(470)}`; // unknown keys are ignored
    expect(`/api${long}`.length).toBeGreaterThan(512);
    expect((await c.get(long)).statusCode).toBe(200);
    expect(xCache(await c.get(long))).toBeUndefined();
  });

  it('only GET: HEAD and other routes are not cached', async () => {
    const p = await makeProduct(t, shopId);
    expect(xCache(await t.app.inject({ method: 'HEAD', url: `/api/products/${p.id}` }))).toBeUndefined();
    expect(xCache(await c.get('/health'))).toBeUndefined();
  });

  it('a hit is still compressed and still counted by the rate limiter', async () => {
    const url = '/api/products/filter?sort=newest&per_page=20';
    const from = { remoteAddress: '10.9.8.7', headers: { 'accept-encoding': 'gzip' } };
    const miss = await t.app.inject({ method: 'GET', url, ...from });
    const hit = await t.app.inject({ method: 'GET', url, ...from });
    expect([xCache(miss), xCache(hit)]).toEqual(['MISS', 'HIT']);
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(String(hit.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(hit.rawPayload).toString()).toBe(gunzipSync(miss.rawPayload).toString());
    expect(Number(hit.headers['x-ratelimit-remaining'])).toBe(Number(miss.headers['x-ratelimit-remaining']) - 1);
  });

  it("a hit keeps the answer's ETag: a repeat view that names it gets 304 without a body", async () => {
    const url = '/products/filter?sort=price_desc&per_page=7';
    const miss = await c.get(url);
    expect(xCache(miss)).toBe('MISS');
    const etag = String(miss.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const hit = await c.get(url);
    expect([xCache(hit), hit.headers.etag]).toEqual(['HIT', etag]);

    const repeat = await c.get(url, { headers: { 'if-none-match': `"something-else", ${etag}` } });
    expect([repeat.statusCode, xCache(repeat), repeat.headers.etag, repeat.body]).toEqual([304, 'HIT', etag, '']);
    expect(repeat.headers['cache-control']).toBe(hit.headers['cache-control']);
    const stale = await c.get(url, { headers: { 'if-none-match': 'W/"not-this-one"' } });
    expect([stale.statusCode, xCache(stale), stale.body]).toEqual([200, 'HIT', hit.body]);
  });

  it('a hit is sent in the coding the browser prefers: brotli and gzip decode to the very answer', async () => {
    const url = '/api/products/filter?sort=most_sold&per_page=20';
    const ask = (encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await ask();
    expect(xCache(plain)).toBe('MISS');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ask('gzip, deflate, br, zstd'); // a browser's header: br is the best of what is kept
    expect([xCache(br), br.headers['content-encoding']]).toEqual(['HIT', 'br']);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);
    expect(String(br.headers.vary)).toMatch(/Authorization/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gzip = await ask('gzip;q=1, br;q=0');
    expect([xCache(gzip), gzip.headers['content-encoding']]).toEqual(['HIT', 'gzip']);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);

    const identity = await ask('identity');
    expect([identity.headers['content-encoding'], identity.body]).toEqual([undefined, plain.body]);
  });

  it('a miss is sent in the coding its browser asked for, and a hit in that coding is those very bytes', async () => {
    const url = '/api/products/filter?sort=price_asc&per_page=18';
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const miss = await t.app.inject({ method: 'GET', url, headers: browser });
    expect([xCache(miss), miss.headers['content-encoding']]).toEqual(['MISS', 'br']);
    expect(String(miss.headers.vary)).toMatch(/Accept-Encoding/);
    expect(Number(miss.headers['content-length'])).toBe(miss.rawPayload.length);
    const hit = await t.app.inject({ method: 'GET', url, headers: browser });
    expect([xCache(hit), hit.headers['content-encoding'], hit.headers.vary]).toEqual(['HIT', 'br', miss.headers.vary]);
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(brotliDecompressSync(miss.rawPayload).toString()).toBe(plain.body);
    expect(productListResponseSchema.parse(plain.json()).data.data).toHaveLength(18);
  });

  it('expires after CATALOG_CACHE_SECONDS (10 s by default)', async () => {
    const p = await makeProduct(t, shopId);
    expect(xCache(await c.get(`/products/${p.id}`))).toBe('MISS');
    // The cache (lru-cache) times entries by the monotonic performance.now(), not the wall clock:
    // move that clock on. (vi's fake timers would replace the global `performance` object, which
    // lru-cache has already taken.)
    const realNow = performance.now.bind(performance);
    let ahead = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + ahead);
    try {
      ahead = 9_000;
      expect(xCache(await c.get(`/products/${p.id}`))).toBe('HIT');
      ahead = 10_500;
      expect(xCache(await c.get(`/products/${p.id}`))).toBe('MISS');
      expect(xCache(await c.get(`/products/${p.id}`))).toBe('HIT');
    } finally {
      clock.mockRestore();
    }
  });
});

describe("invalidation by this process's writes", () => {
  it('an order, a buy-now and a cancellation show at once in product details and lists', async () => {
    const ion = await shopper('Ion Cache');
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 5 });
    const url = `/products/${p.id}`;
    const list = `/products/filter?shop=${shop.id}`;
    expect(details(await c.get(url)).quantity).toBe(5);
    expect(xCache(await c.get(url))).toBe('HIT');
    expect(productListResponseSchema.parse((await c.get(list)).json()).data.data[0]?.quantity).toBe(5);
    expect(xCache(await c.get(list))).toBe('HIT');

    // Buy now (2 units).
    const bought = await c.post(
      '/buy-now',
      { product_id: p.id, quantity: 2, address_id: ion.address, payment_method: 'cash' },
      { token: ion.token, key: key() },
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const after = await c.get(url);
    expect(xCache(after)).toBe('MISS');
    expect(details(after).quantity).toBe(3);
    expect(productListResponseSchema.parse((await c.get(list)).json()).data.data[0]?.quantity).toBe(3);

    // Place order from the cart (1 unit).
    expect(xCache(await c.get(url))).toBe('HIT');
    expect((await c.post('/cart/store', { product_id: p.id, quantity: 1 }, { token: ion.token })).statusCode).toBe(200);
    const placed = await c.post(
      '/place-order',
      { address_id: ion.address, payment_method: 'cash', shop_ids: [shop.id], selected_products: [p.id] },
      { token: ion.token, key: key() },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(details(await c.get(url)).quantity).toBe(2);

    // Cancel the buy-now order: its 2 units come back.
    expect(xCache(await c.get(url))).toBe('HIT');
    const orderId = bought.json().data.orders[0].id as number;
    expect((await c.post(`/orders/${orderId}/cancel`, {}, { token: ion.token })).statusCode).toBe(200);
    const restored = await c.get(url);
    expect(xCache(restored)).toBe('MISS');
    expect(details(restored).quantity).toBe(4);
  });

  it('a declined card payment puts the stock back and shows at once', async () => {
    const ion = await shopper('Ion Card');
    const p = await makeProduct(t, shopId, { quantity: 2 });
    const url = `/products/${p.id}`;
    const res = await c.post(
      '/buy-now',
      { product_id: p.id, quantity: 2, address_id: ion.address, payment_method: 'card' },
      { token: ion.token, key: key() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(details(await c.get(url)).quantity).toBe(0);
    expect(xCache(await c.get(url))).toBe('HIT');
    const decline = await t.app.inject({ method: 'POST', url: `${res.json().data.payment_url}/decline` });
    expect(decline.statusCode).toBe(303);
    const after = await c.get(url);
    expect(xCache(after)).toBe('MISS');
    expect(details(after).quantity).toBe(2);
  });
});

describe('CATALOG_CACHE_SECONDS', () => {
  it('is validated at boot: a whole number from 0 to 300, default 10', () => {
    expect(readEnv({}).CATALOG_CACHE_SECONDS).toBe(10);
    expect(readEnv({ CATALOG_CACHE_SECONDS: '0' }).CATALOG_CACHE_SECONDS).toBe(0);
    for (const bad of ['-1', '1.5', 'abc', '301']) expect(() => readEnv({ CATALOG_CACHE_SECONDS: bad })).toThrow(/CATALOG_CACHE_SECONDS/);
  });

  it('0 turns the cache off: never a HIT, no X-Cache header', async () => {
    const off = await buildTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await off.app.inject({ method: 'GET', url: '/api/products/filter?sort=newest' });
        expect(res.statusCode).toBe(200);
        expect(xCache(res)).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });
});

describe('bounds (a tiny app, no database)', () => {
  async function tiny(options: { maxEntries?: number; maxBytes?: number; compressAbove?: number }) {
    const app = Fastify();
    await app.register(i18nPlugin);
    await app.register(responseCachePlugin, { ttlSeconds: 60, ...options });
    let calls = 0;
    await app.register(async (scope) => {
      scope.catalogCache.install(scope);
      scope.get('/item/:n', async (request) => {
        calls += 1;
        return { n: (request.params as { n: string }).n, pad: 'x'.repeat(250) };
      });
      // A write that commits while this answer is being read: the (old) answer must not be kept.
      scope.get('/racy', async () => {
        calls += 1;
        scope.catalogCache.clear();
        return { stale: true };
      });
    });
    await app.ready();
    const get = async (n: number, headers: Record<string, string> = {}) =>
      xCache(await app.inject({ method: 'GET', url: `/item/${n}`, headers }));
    return { app, get, calls: () => calls };
  }

  it('does not keep an answer that started before a clear()', async () => {
    const { app, calls } = await tiny({});
    try {
      const racy = async () => xCache(await app.inject({ method: 'GET', url: '/racy' }));
      expect([await racy(), await racy()]).toEqual(['MISS', 'MISS']);
      expect(calls()).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('makes each coding of an entry once, counts it in the bytes kept, and does not extend the entry', async () => {
    const { app, get, calls } = await tiny({ compressAbove: 100 });
    try {
      expect(await get(1)).toBe('MISS');
      const plain = app.catalogCache.stats().bytes;
      expect(await get(1, { 'accept-encoding': 'br' })).toBe('HIT');
      const withBrotli = app.catalogCache.stats().bytes;
      expect(withBrotli).toBeGreaterThan(plain);
      expect(await get(1, { 'accept-encoding': 'br' })).toBe('HIT');
      expect(app.catalogCache.stats().bytes).toBe(withBrotli);
      expect(await get(1, { 'accept-encoding': 'gzip' })).toBe('HIT');
      expect(app.catalogCache.stats().bytes).toBeGreaterThan(withBrotli);
      expect(calls()).toBe(1);

      const realNow = performance.now.bind(performance);
      const clock = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + 61_000);
      try {
        expect(await get(1, { 'accept-encoding': 'gzip' })).toBe('MISS'); // 60 s from when it was stored
      } finally {
        clock.mockRestore();
      }
    } finally {
      await app.close();
    }
  });

  it('keeps at most maxEntries, the least recently used leaving first', async () => {
    const { app, get, calls } = await tiny({ maxEntries: 2 });
    try {
      expect([await get(1), await get(2), await get(1)]).toEqual(['MISS', 'MISS', 'HIT']);
      expect(await get(3)).toBe('MISS'); // evicts 2 (1 was used more recently)
      expect([await get(1), await get(3), await get(2)]).toEqual(['HIT', 'HIT', 'MISS']);
      expect(app.catalogCache.stats().entries).toBe(2);
      expect(calls()).toBe(4);
    } finally {
      await app.close();
    }
  });

  it('keeps at most maxBytes, and no single answer over a sixteenth of them', async () => {
    const { app, get } = await tiny({ maxBytes: 16 * 400 });
    try {
      for (let n = 0; n < 40; n++) await get(n);
      const { entries, bytes } = app.catalogCache.stats();
      expect(bytes).toBeLessThanOrEqual(16 * 400);
      expect(entries).toBeGreaterThan(5);
      expect(entries).toBeLessThan(40);
      expect(await get(39)).toBe('HIT');
      expect(await get(0)).toBe('MISS');
    } finally {
      await app.close();
    }
    const small = await tiny({ maxBytes: 16 * 100 });
    try {
      expect([await small.get(1), await small.get(1)]).toEqual(['MISS', 'MISS']);
      expect(small.app.catalogCache.stats().entries).toBe(0);
    } finally {
      await small.app.close();
    }
  });
});
