/**
 * Two server instances on one PostgreSQL (issue 14, ADR 022): an order placed through one clears
 * the other's catalog response cache within a second (NOTIFY catalog_cache), an instance whose
 * listening connection was cut clears once it is back (it may have missed notifications), and an
 * avatar uploaded through one is served by the other (uploads in stored_files).
 * PostgreSQL only: PGlite is one process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { buildAppOn } from '../harness/push-helpers.ts';
import { signUp } from '../harness/auth-helpers.ts';
import { client } from '../harness/cart-call.ts';
import { makeProduct, makeShop } from '../harness/cart-fixtures.ts';

const url = process.env.TEST_DATABASE_URL?.trim();
const LISTING = '/api/products/filter?sort=newest&page=1';

describe.skipIf(!url)('the catalog cache across instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildAppOn>>;
  beforeAll(async () => {
    a = await buildTestApp({ env: { CATALOG_CACHE_SECONDS: '60', PUSH_WORKER: 'false' } });
    b = await buildAppOn(a.handle, { CATALOG_CACHE_SECONDS: '60', PUSH_WORKER: 'false' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const onB = async () => (await b.app.inject({ method: 'GET', url: LISTING })).headers['x-cache'];

  it('an order through one instance clears the other within a second', async () => {
    const { token } = await signUp(a);
    const shop = await makeShop(a);
    const product = await makeProduct(a, shop.id, { quantity: 3 });
    const c = client(a);
    const address = await c.post(
      '/address/store',
      { name: 'Ana', phone: '0722123456', county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. 1', postal_code: '400001', type: 'home' },
      { token },
    );
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token })).statusCode).toBe(200);

    await onB();
    expect(await onB()).toBe('HIT');
    const order = await c.post(
      '/place-order',
      { selected_products: [product.id], address_id: address.json().data.address.id, payment_method: 'cash' },
      { token },
    );
    expect(order.statusCode, order.body).toBe(200);
    const placedAt = Date.now();
    await expect.poll(onB, { timeout: 1000, interval: 20 }).toBe('MISS');
    console.info(`other instance cleared ${Date.now() - placedAt} ms after the order`);
  });

  it('an instance whose listening connection was cut clears when it is back', async () => {
    await onB();
    expect(await onB()).toBe('HIT');
    await a.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`);
    await expect.poll(onB, { timeout: 5000, interval: 50 }).toBe('MISS');
  });

  it('an avatar uploaded through one instance is served by the other (stored_files)', async () => {
    const { token } = await signUp(a);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const boundary = '----talcioc-two';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="eu.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().data.user.profile_photo as string;
    // The pipeline stores a cleaned copy (upright, no metadata; ADR 043), not the uploaded bytes:
    // the other instance must serve exactly what this one stored.
    const served = await b.app.inject({ method: 'GET', url });
    const own = await a.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(own.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    expect(served.rawPayload.length).toBeGreaterThan(0);
    expect(served.rawPayload.equals(own.rawPayload)).toBe(true);
  });
});
