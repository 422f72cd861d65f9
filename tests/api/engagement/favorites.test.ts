/**
 * Favourites (issue #6): add / remove / list / count, Idempotency-Key replays (ADR 007), unknown
 * and inactive products, signed-out callers, Product.is_favorite on catalog answers for the owner
 * only (and those answers never publicly cacheable), and the per-user rate limit on changes.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { favorites, products } from '#server/db/schema.ts';
import { productDetailsResponseSchema, productListResponseSchema, homeResponseSchema } from '#contract/catalog.ts';
import { favoriteListResponseSchema, favoriteToggleResponseSchema } from '#contract/engagement.ts';
import { FAVORITE_CHANGES } from '#server/routes/favorites.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { makeProduct, makeShop, quickUser } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let shopId: number;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  shopId = (await makeShop(t)).id;
});

const put = (id: number | string, token: string, key?: string) => c.put(`/favorite-products/${id}`, undefined, { token, key });
const del = (id: number | string, token: string, key?: string) => c.del(`/favorite-products/${id}`, { token, key });
async function list(token: string) {
  const res = await c.get('/favorite-products', { token });
  expect(res.statusCode, res.body).toBe(200);
  return favoriteListResponseSchema.parse(res.json()).data;
}

describe('favourites', () => {
  it('needs a session', async () => {
    const p = await makeProduct(t, shopId);
    for (const res of [
      await c.get('/favorite-products'),
      await c.put(`/favorite-products/${p.id}`, undefined),
      await c.del(`/favorite-products/${p.id}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Te rugăm să te autentifici mai întâi!');
    }
    // A bad id from a signed-out caller is still 401 (nothing about the input is checked first).
    expect((await c.put('/favorite-products/abc', undefined)).statusCode).toBe(401);
  });

  it('adds, lists newest first as full product cards, counts and removes; both changes are idempotent', async () => {
    const ana = await quickUser(t, 'Ana');
    const first = await makeProduct(t, shopId, { price: 120, discountPrice: 99 });
    const second = await makeProduct(t, shopId, { price: 50 });
    expect(await list(ana.token)).toEqual({ products: [], total: 0, product_ids: [] });

    const added = await put(first.id, ana.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.headers['cache-control']).toBe('no-store');
    expect(favoriteToggleResponseSchema.parse(added.json())).toEqual({
      message: 'Produs adăugat la favorite',
      data: { product_id: first.id, is_favorite: true, total: 1 },
    });
    // Adding again changes nothing.
    expect((await put(first.id, ana.token)).json().data).toEqual({ product_id: first.id, is_favorite: true, total: 1 });
    await new Promise((r) => setTimeout(r, 5));
    expect((await put(second.id, ana.token)).json().data.total).toBe(2);

    const mine = await list(ana.token);
    expect(mine.total).toBe(2);
    expect(mine.product_ids).toEqual([second.id, first.id]);
    expect(mine.products[1]).toMatchObject({
      id: first.id,
      name: first.name,
      price: 120,
      discount_price: 99,
      // Listed with its discount already typed in: never sold at 120, so no reduction is announced (issue 36).
      prior_price: null,
      discount_percentage: 0,
      is_favorite: true,
      shop_id: shopId,
    });
    expect(mine.products.every((p) => p.is_favorite)).toBe(true);

    const removed = await del(first.id, ana.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({
      message: 'Produs eliminat de la favorite',
      data: { product_id: first.id, is_favorite: false, total: 1 },
    });
    expect((await del(first.id, ana.token)).json().data).toEqual({ product_id: first.id, is_favorite: false, total: 1 });
    expect((await list(ana.token)).product_ids).toEqual([second.id]);
    // Messages follow Accept-Language.
    expect((await c.put(`/favorite-products/${first.id}`, undefined, { token: ana.token, lang: 'en' })).json().message).toBe(
      'Added to favourites',
    );
  });

  it('replays the first answer for a retried Idempotency-Key and refuses the key for another request', async () => {
    const ion = await quickUser(t, 'Ion');
    const p = await makeProduct(t, shopId);
    const other = await makeProduct(t, shopId);
    const key = randomUUID();
    const first = await put(p.id, ion.token, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ product_id: p.id, is_favorite: true, total: 1 });
    // Removed meanwhile (another device), then the offline queue retries the same add: the first
    // answer comes back and nothing runs again.
    expect((await del(p.id, ion.token)).json().data.total).toBe(0);
    const retry = await put(p.id, ion.token, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await list(ion.token)).total).toBe(0);
    // The same key for another product or another method: 422.
    for (const res of [await put(other.id, ion.token, key), await del(p.id, ion.token, key)]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['Idempotency-Key']).toEqual(['Acest Idempotency-Key a fost deja folosit pentru o altă cerere']);
    }
    expect((await put(p.id, ion.token, 'not-a-uuid')).statusCode).toBe(422);
    // Keys are per user: another shopper's identical key is theirs.
    const maria = await quickUser(t, 'Maria');
    const hers = await put(p.id, maria.token, key);
    expect(hers.headers['idempotent-replayed']).toBeUndefined();
    expect(hers.json().data).toEqual({ product_id: p.id, is_favorite: true, total: 1 });
  });

  it('answers 404 for unknown and withdrawn products and 422 for ids that are not ids; withdrawn favourites are not listed', async () => {
    const ana = await quickUser(t, 'Ana');
    const res = await put(2_000_000_000, ana.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Produsul nu a fost găsit sau nu mai este disponibil');
    expect((await c.put('/favorite-products/2000000000', undefined, { token: ana.token, lang: 'en' })).json().message).toBe(
      'The product was not found or is no longer available',
    );
    const hidden = await makeProduct(t, shopId, { isActive: false });
    expect((await put(hidden.id, ana.token)).statusCode).toBe(404);
    expect((await del(hidden.id, ana.token)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const r = await put(bad, ana.token);
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().errors.productId).toBeDefined();
    }
    // A favourite whose product is withdrawn later stops being listed and counted.
    const later = await makeProduct(t, shopId);
    expect((await put(later.id, ana.token)).json().data.total).toBe(1);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, later.id));
    expect(await list(ana.token)).toEqual({ products: [], total: 0, product_ids: [] });
  });

  it('marks is_favorite on details, lists, similar and home for the owner only; such answers are private', async () => {
    const shop = await makeShop(t);
    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const liked = await makeProduct(t, shop.id, { quantity: 3 });
    const plain = await makeProduct(t, shop.id, { quantity: 3 });
    expect((await put(liked.id, ana.token)).statusCode).toBe(200);

    const details = async (id: number, token?: string) => {
      const r = await c.get(`/products/${id}`, { token });
      expect(r.statusCode).toBe(200);
      return { r, product: productDetailsResponseSchema.parse(r.json()).data.product };
    };
    const mine = await details(liked.id, ana.token);
    expect(mine.product.is_favorite).toBe(true);
    expect(mine.r.headers['cache-control']).toBe('private, no-cache');
    expect(mine.r.headers.vary).toMatch(/Authorization/);
    expect((await details(plain.id, ana.token)).product.is_favorite).toBe(false);
    expect((await details(liked.id, ion.token)).product.is_favorite).toBe(false);
    const anonymous = await details(liked.id);
    expect(anonymous.product.is_favorite).toBe(false);
    expect(anonymous.r.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=86400');
    expect(anonymous.r.headers.vary).toMatch(/Authorization/);
    // An unknown token is simply signed out for the catalog (still private: it carried a token).
    const stranger = await details(liked.id, 'x'.repeat(43));
    expect(stranger.product.is_favorite).toBe(false);
    expect(stranger.r.headers['cache-control']).toBe('private, no-cache');

    const listed = async (token?: string) =>
      productListResponseSchema
        .parse((await c.get(`/products?shop=${shop.id}`, { token })).json())
        .data.data.map((p) => [p.id, p.is_favorite]);
    expect(await listed(ana.token)).toEqual(
      expect.arrayContaining([
        [liked.id, true],
        [plain.id, false],
      ]),
    );
    expect(await listed(ion.token)).toEqual(
      expect.arrayContaining([
        [liked.id, false],
        [plain.id, false],
      ]),
    );
    expect(await listed()).toEqual(expect.arrayContaining([[liked.id, false]]));

    const similar = (await c.get(`/products/${plain.id}/similar`, { token: ana.token })).json().data.data as {
      id: number;
      is_favorite: boolean;
    }[];
    expect(similar.find((p) => p.id === liked.id)?.is_favorite).toBe(true);

    // Home: the newest arrivals include these products.
    const home = homeResponseSchema.parse((await c.get('/home', { token: ana.token })).json()).data;
    expect(home.new_arrivals.find((p) => p.id === liked.id)?.is_favorite).toBe(true);
    expect(home.new_arrivals.find((p) => p.id === plain.id)?.is_favorite).toBe(false);
    const homeIon = homeResponseSchema.parse((await c.get('/home', { token: ion.token })).json()).data;
    expect(homeIon.new_arrivals.some((p) => p.is_favorite)).toBe(false);
  });

  it('bounds 1000 toggles by the per-user rate limit (429 with Retry-After); other shoppers are not affected', async () => {
    expect(FAVORITE_CHANGES).toEqual({ windowSeconds: 60, max: 120 });
    const eager = await quickUser(t, 'Eager');
    const p = await makeProduct(t, shopId);
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 1000; i++) {
      const res = i % 2 === 0 ? await put(p.id, eager.token) : await del(p.id, eager.token);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter ??= res.headers['retry-after'] as string;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(880);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // 120 toggles from "not favourite": an even number, so it is not a favourite now.
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, eager.user.id))).toHaveLength(0);
    // Reading is not limited, and another shopper can still change theirs.
    expect((await c.get('/favorite-products', { token: eager.token })).statusCode).toBe(200);
    const calm = await quickUser(t, 'Calm');
    expect((await put(p.id, calm.token)).statusCode).toBe(200);
  });
});
