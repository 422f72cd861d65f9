/**
 * A first visit's page carries the answers its first screen shows (ADR 026,
 * server/first-screen/first-answers.ts): the very answers the API gives for the same addresses,
 * escaped so a seller's text cannot break out of the element, never for a screen the inline
 * start-up script does not know, not counted against the client's rate limit (a forged header
 * still is), and a page without them — never an error — when the database is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { products } from '#server/db/schema.ts';
import { ANSWER_REUSE_MS, createFirstAnswers } from '#server/first-screen/first-answers.ts';
import { ResponseCache } from '#server/plugins/response-cache.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { buildAppOn } from '../harness/push-helpers.ts';

const html = `<!doctype html><html lang="ro"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /><script>/* start-up */</script><title>Talcioc</title></head><body><div id="root"></div></body></html>`;
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'talcioc-first-answers-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  // Production: the rate limit counts loopback too, so the internal requests' exemption is real.
  t = await buildTestApp({
    env: {
      NODE_ENV: 'production',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/v1/messages',
      STATIC_DIR: dir,
      API_RATE_LIMIT: '8',
      CATALOG_CACHE_SECONDS: '0',
      // A loaded CI machine must not make answers miss the page's budget.
      FIRST_ANSWERS_MS: '5000',
    },
    serveStatic: true,
  });
}, 60_000);

afterAll(async () => {
  await t?.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The answers written into a page, or null when it has none. */
function answersOf(body: string): { locale: string; answers: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1]!) : null;
}

/** What the API itself answers an anonymous shopper (a new address each time: its own rate-limit count). */
let client = 0;
async function api(url: string) {
  client++;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    remoteAddress: `192.0.2.${client}`,
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'ro' },
  });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

/** A shopper reports the listing and the operator removes it (the development mirror of the decision). */
async function takeDown(app: FastifyInstance, productId: number) {
  const report = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: {
      target_type: 'product',
      target_id: productId,
      reason: 'misleading',
      explanation: 'Descrierea nu corespunde cu fotografiile produsului.',
      name: 'Radu Marin',
      email: 'radu.marin@example.ro',
      good_faith: true,
    },
  });
  expect(report.statusCode, report.body).toBe(201);
  const decided = await app.inject({
    method: 'POST',
    url: `/api/dev/operator/reports/${report.json().data.report.reference}/decision`,
    payload: { decision: 'remove', reason: 'Anunț înșelător.' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

describe('first answers in the page', () => {
  it('a category page carries the category and its first page of products, exactly as the API answers them, before the start-up script', async () => {
    const res = await page('/categories/imbracaminte-femei');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // After the viewport (a preload's sizes need the phone's width), before the start-up script that reads it.
    expect(res.body.indexOf('id="first-answers"')).toBeGreaterThan(res.body.indexOf('name="viewport"'));
    expect(res.body.indexOf('id="first-answers"')).toBeLessThan(res.body.indexOf('/* start-up */'));
    const first = answersOf(res.body)!;
    expect(first.locale).toBe('ro');
    const category = await api('/categories/imbracaminte-femei');
    expect(first.answers['/categories/imbracaminte-femei']).toEqual(category);
    const id = category.data.category.id;
    const key = `/products/filter?category=${id}&page=1&sort=newest`;
    expect(first.answers[key]).toEqual(await api(`/products/filter?category=${id}&sort=newest&page=1`));
    expect((first.answers[key] as { data: { data: unknown[] } }).data.data.length).toBeGreaterThan(0);
    for (const shared of ['/master', '/settings', '/categories']) expect(first.answers[shared], shared).toEqual(await api(shared));
  });

  it('the home page carries its sections and banners; a product page its product and similar products', async () => {
    const home = answersOf((await page('/')).body)!;
    expect(home.answers['/home']).toEqual(await api('/home'));
    expect(home.answers['/banners']).toEqual(await api('/banners'));
    const [product] = await t.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
    const details = answersOf((await page(`/products/${product!.id}/details`)).body)!;
    expect(details.answers[`/products/${product!.id}`]).toEqual(await api(`/products/${product!.id}`));
    expect(details.answers[`/products/${product!.id}/similar`]).toEqual(await api(`/products/${product!.id}/similar`));
  });

  it("a seller's text cannot close the element: every < in the answers is escaped", async () => {
    // Not the product the test above showed: its answer may still be reused (ANSWER_REUSE_MS).
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .offset(5)
      .limit(1);
    const name = 'Rochie </script><script>alert(1)</script><!-- vară';
    await t.db.update(products).set({ name }).where(eq(products.id, product!.id));
    const res = await page(`/products/${product!.id}/details`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!-- vară');
    const first = answersOf(res.body)!;
    expect((first.answers[`/products/${product!.id}`] as { data: { product: { name: string } } }).data.product.name).toBe(name);
  });

  it('pages that are not a first screen, a filtered category and a missing product are sent as they are, or without that answer', async () => {
    for (const url of ['/cart', '/products', '/categories/imbracaminte-femei?sort=price_asc', '/products/abc/details']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(html);
    }
    const missing = answersOf((await page('/products/999999/details')).body)!;
    expect(missing.answers['/products/999999']).toBeUndefined();
    expect(missing.answers['/master']).toBeDefined();
  });

  it("the server's own requests do not count against the rate limit; a forged internal header does", async () => {
    // 8 requests a minute per address (API_RATE_LIMIT): many pages, each with five or six internal requests.
    for (let i = 0; i < 5; i++) expect(answersOf((await page('/')).body)?.answers['/home'], `page ${i}`).toBeDefined();
    const forged = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/settings',
          remoteAddress: '198.51.100.7',
          headers: { 'x-talcioc-internal': 'guessed' },
        })
      ).statusCode;
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push(await forged());
    expect(codes.slice(0, 8).every((code) => code === 200)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
  });

  it('with the database gone, the page is still the app (no answers), never an error', async () => {
    // The answers made for the pages above serve for ANSWER_REUSE_MS: let them go first.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_REUSE_MS + 100));
    await t.handle.close();
    for (const url of ['/', '/categories/imbracaminte-femei', '/products/1/details']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(html);
    }
  });
});

describe('first answers after a takedown', () => {
  it('a listing taken down is not in the next page, even within the reuse of the answer made a moment before', async () => {
    // A development app: the operator's decision through its development route, as the browser tests make it.
    const dev = await buildTestApp({ env: { STATIC_DIR: dir, CATALOG_CACHE_SECONDS: '10', FIRST_ANSWERS_MS: '5000' }, serveStatic: true });
    try {
      const [product] = await dev.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.id)
        .offset(9)
        .limit(1);
      const id = product!.id;
      const devPage = async () =>
        answersOf((await dev.app.inject({ method: 'GET', url: `/products/${id}/details`, headers: { accept: 'text/html' } })).body)!;
      const before = await devPage();
      expect(Object.keys(before.answers)).toContain(`/products/${id}`);
      await takeDown(dev.app, id);
      // At once (well within ANSWER_REUSE_MS): only 200s are carried, so the app asks and gets the 410.
      const after = await devPage();
      expect(after.answers[`/products/${id}`]).toBeUndefined();
      expect(after.answers['/master']).toBeDefined();
    } finally {
      await dev.close();
    }
  }, 90_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL?.trim())('first answers after a takedown, two instances on one PostgreSQL', () => {
  it('the instance that did not take the decision stops carrying the listing within a second (NOTIFY)', async () => {
    const env = { STATIC_DIR: dir, CATALOG_CACHE_SECONDS: '10', FIRST_ANSWERS_MS: '5000', PUSH_WORKER: 'false' };
    const a = await buildTestApp({ env });
    const b = await buildAppOn(a.handle, env, { serveStatic: true });
    try {
      const [product] = await a.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.id)
        .offset(11)
        .limit(1);
      const id = product!.id;
      const carriedOnB = async () => {
        const res = await b.app.inject({ method: 'GET', url: `/products/${id}/details`, headers: { accept: 'text/html' } });
        return answersOf(res.body)?.answers[`/products/${id}`] !== undefined;
      };
      expect(await carriedOnB()).toBe(true);
      await takeDown(a.app, id);
      // Well within B's ANSWER_REUSE_MS and its catalog cache's 10 s.
      await expect.poll(carriedOnB, { timeout: 1000, interval: 20 }).toBe(false);
    } finally {
      await b.close();
      await a.close();
    }
  }, 120_000);
});

describe('first answers: bounded work', () => {
  /** A stand-in API whose answers come when the test says, counting what the server asks. */
  /** A stand-in app: the API's routes, and the catalog's response cache whose generation keys the reuse (off: no entries). */
  function standInApp() {
    const stub = Fastify();
    stub.decorate('catalogCache', new ResponseCache({ ttlSeconds: 0 }));
    return stub;
  }

  async function stubApi() {
    const stub = standInApp();
    const calls: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    stub.get('/api/*', async (request) => {
      calls.push(request.url);
      if (request.url === '/api/home') await held;
      return { message: 'ok', data: { url: request.url } };
    });
    await stub.ready();
    return { stub, calls, release };
  }

  it('a page goes with what came within the budget; what comes later is not in it', async () => {
    const { stub, release } = await stubApi();
    const firstAnswersFor = createFirstAnswers(stub, { budgetMs: 100 });
    const first = await firstAnswersFor({ screen: 'home' });
    expect(Object.keys(first!.answers).sort()).toEqual(['/banners', '/categories', '/master', '/settings']);
    release();
    await stub.close();
  });

  it('an answer serves the next pages for a while; a burst of pages costs one set of requests', async () => {
    const { stub, calls, release } = await stubApi();
    release();
    const firstAnswersFor = createFirstAnswers(stub, { budgetMs: 2_000, reuseMs: 60_000 });
    const pages = await Promise.all(Array.from({ length: 20 }, () => firstAnswersFor({ screen: 'home' })));
    expect(pages.every((page) => Object.keys(page!.answers).length === 5)).toBe(true);
    expect(calls.sort()).toEqual(['/api/banners', '/api/categories', '/api/home', '/api/master', '/api/settings']);
    await stub.close();
  });

  it('a catalog change (the response cache cleared, here or by another instance) ends the reuse at once', async () => {
    const { stub, calls, release } = await stubApi();
    release();
    const firstAnswersFor = createFirstAnswers(stub, { budgetMs: 2_000, reuseMs: 60_000 });
    await firstAnswersFor({ screen: 'product', id: 7 });
    await firstAnswersFor({ screen: 'product', id: 7 });
    expect(calls.filter((url) => url === '/api/products/7')).toHaveLength(1);
    // What another instance's NOTIFY does (plugins/response-cache.ts).
    stub.catalogCache.clearLocal();
    await firstAnswersFor({ screen: 'product', id: 7 });
    expect(calls.filter((url) => url === '/api/products/7')).toHaveLength(2);
    await stub.close();
  });

  it('never more internal requests at once than the bound, however many pages ask', async () => {
    const stub = standInApp();
    let active = 0;
    let most = 0;
    let asked = 0;
    stub.get('/api/*', async () => {
      asked++;
      most = Math.max(most, ++active);
      await new Promise((resolve) => setTimeout(resolve, 30));
      active--;
      return { message: 'ok', data: {} };
    });
    await stub.ready();
    const firstAnswersFor = createFirstAnswers(stub, { budgetMs: 1_000, maxInFlight: 3, reuseMs: 0 });
    const pages = await Promise.all(Array.from({ length: 12 }, (_, i) => firstAnswersFor({ screen: 'product', id: i + 1 })));
    expect(most).toBe(3);
    // 12 pages × 5 answers could have been 60 requests: the bound left most of them to the app.
    expect(asked).toBeLessThan(60);
    expect(pages.some((page) => page !== null)).toBe(true);
    await stub.close();
  });

  it('a HEAD request of a first screen gets the plain page and asks nothing', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/categories/imbracaminte-femei' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(html));
  });
});
