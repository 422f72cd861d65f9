/**
 * A decision that removes a listing, on two server instances sharing one PostgreSQL (issue 37,
 * ADR 033 with ADR 022/025): decided through one instance (the development route), or by the
 * operator's command in a process of its own (decideReport + NOTIFY, as scripts/ops/ops.ts does), the
 * listing leaves the other instance's lists, search and cached answers at once, and its page answers
 * 410 there. PostgreSQL only: PGlite is one process.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { CACHE_CHANNEL } from '#server/plugins/response-cache.ts';
import { decideReport } from '#server/services/report-service.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { buildAppOn } from '../harness/push-helpers.ts';
import { newIp } from '../harness/auth-helpers.ts';
import { makeProduct, makeShop } from '../harness/cart-fixtures.ts';

const url = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!url)('a removed listing on every instance', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildAppOn>>;
  const env = { CATALOG_CACHE_SECONDS: '60', PUSH_WORKER: 'false', CATALOG_INDEX: 'true' };
  beforeAll(async () => {
    a = await buildTestApp({ env });
    b = await buildAppOn(a.handle, env);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const get = (app: TestApp['app'], path: string) => app.inject({ method: 'GET', url: `/api${path}` });
  const listedOn = async (app: TestApp['app'], product: { id: number; shopId: number }, query = '') =>
    ((await get(app, `/products?shop=${product.shopId}${query}`)).json().data.data as { id: number }[]).some((p) => p.id === product.id);

  async function reported(word: string) {
    const shop = await makeShop(a);
    const product = await makeProduct(a, shop.id);
    await a.db
      .update(products)
      .set({ searchText: `ceas ${word}` })
      .where(eq(products.id, product.id));
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/reports',
      remoteAddress: newIp(),
      payload: {
        target_type: 'product',
        target_id: product.id,
        reason: 'illegal',
        explanation: 'Ceas contrafăcut, vândut ca original.',
        name: 'Elena Dinu',
        email: 'elena@example.ro',
        good_faith: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Seen (and cached) on the other instance first.
    const search = `&search=${word}`;
    await expect.poll(() => listedOn(b.app, product, search), { timeout: 5000, interval: 50 }).toBe(true);
    expect(await listedOn(b.app, product)).toBe(true);
    expect((await get(b.app, `/products/${product.id}`)).statusCode).toBe(200);
    expect((await get(b.app, `/products/${product.id}`)).headers['x-cache']).toBe('HIT');
    return { product, search, reference: res.json().data.report.reference as string };
  }

  async function goneFromB(product: { id: number; shopId: number }, search: string, decidedAt: number) {
    await expect.poll(async () => (await get(b.app, `/products/${product.id}`)).statusCode, { timeout: 1000, interval: 20 }).toBe(410);
    expect(await listedOn(b.app, product)).toBe(false);
    expect(await listedOn(b.app, product, search)).toBe(false);
    console.info(`removed listing gone from the other instance ${Date.now() - decidedAt} ms after the decision`);
  }

  it('decided through one instance: gone from the other at once', async () => {
    const { product, search, reference } = await reported('zorgonian');
    const decidedAt = Date.now();
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/dev/operator/reports/${reference}/decision`,
      payload: { decision: 'remove', reason: 'Contrafacere confirmată.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await goneFromB(product, search, decidedAt);
  });

  it('decided by the operator command (its own process): gone from both at once', async () => {
    const { product, search, reference } = await reported('quextral');
    const decidedAt = Date.now();
    // What scripts/ops/ops.ts report:decide does, on the database handle a separate process would open.
    const outcome = await decideReport(a.db, reference, 'remove', 'Contrafacere confirmată.');
    expect(outcome).toMatchObject({ productsTakenOut: 1, catalogChanged: true });
    await a.handle.events!.notify(CACHE_CHANNEL, 'ops');
    await goneFromB(product, search, decidedAt);
    expect((await get(a.app, `/products/${product.id}`)).statusCode).toBe(410);
  });
});
