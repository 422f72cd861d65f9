/**
 * Verified reviews (issue 37, ADR 033): only the shopper of a delivered order reviews its shop,
 * once; the shop's rating and count everywhere are computed from the published reviews; the list
 * is newest first and paginated; the seed's ratings come from real delivered orders.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopReviewsResponseSchema } from '#contract/reviews.ts';
import { orderResponseSchema } from '#contract/orders.ts';
import { orders, shopReviews, shops } from '#server/db/schema.ts';
import { rowsOf } from '#server/db/rows.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
});

async function order(shopId?: number, name = 'Ana Maria Popescu') {
  const s = await shopperWithAddress(t, c, name);
  const shop = shopId ? { id: shopId } : await makeShop(t);
  const product = await makeProduct(t, shop.id, { price: 80, quantity: 50 });
  expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: s.token })).statusCode).toBe(200);
  const res = await c.post(
    '/place-order',
    { shop_ids: [shop.id], selected_products: [product.id], address_id: s.address, payment_method: 'cash' },
    { token: s.token, key: key() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { s, shopId: shop.id, orderId: res.json().data.orders[0].id as number };
}

const deliver = async (orderId: number) =>
  expect((await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'delivered' })).statusCode).toBe(200);

const countReviews = async (orderId: number) =>
  (await t.db.select({ id: shopReviews.id }).from(shopReviews).where(eq(shopReviews.orderId, orderId))).length;

describe('POST /orders/{id}/reviews', () => {
  it('refuses a review before delivery, and stores nothing', async () => {
    const { s, shopId, orderId } = await order();
    const res = await c.post(`/orders/${orderId}/reviews`, { shop_id: shopId, rating: 5 }, { token: s.token, key: key() });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Poți scrie o recenzie după ce comanda a fost livrată.');
    expect(await countReviews(orderId)).toBe(0);
  });

  it('takes one review of a delivered order: a second is refused, a retry with its key replays the first', async () => {
    const { s, shopId, orderId } = await order();
    await deliver(orderId);
    const k = key();
    const first = await c.post(
      `/orders/${orderId}/reviews`,
      { shop_id: shopId, rating: 4, text: '  Foarte mulțumită <b>!</b>  ' },
      { token: s.token, key: k },
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.review).toMatchObject({ shop_id: shopId, rating: 4, text: 'Foarte mulțumită <b>!</b>' });
    const replay = await c.post(
      `/orders/${orderId}/reviews`,
      { shop_id: shopId, rating: 4, text: '  Foarte mulțumită <b>!</b>  ' },
      { token: s.token, key: k },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const second = await c.post(`/orders/${orderId}/reviews`, { shop_id: shopId, rating: 1 }, { token: s.token, key: key() });
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('Ai scris deja o recenzie pentru această comandă.');
    expect(await countReviews(orderId)).toBe(1);
    const details = orderResponseSchema.parse((await c.get(`/orders/${orderId}`, { token: s.token })).json()).data.order;
    expect(details.review).toMatchObject({ rating: 4, shop_id: shopId });
  });

  it("answers 404 for another shopper's order and 422 for a shop not in the order", async () => {
    const { shopId, orderId } = await order();
    await deliver(orderId);
    const other = await shopperWithAddress(t, c, 'Ion Ionescu');
    const stranger = await c.post(`/orders/${orderId}/reviews`, { shop_id: shopId, rating: 1 }, { token: other.token, key: key() });
    expect(stranger.statusCode).toBe(404);
    const { s, orderId: own } = await order();
    await deliver(own);
    const elsewhere = await c.post(`/orders/${own}/reviews`, { shop_id: shopId, rating: 5 }, { token: s.token, key: key() });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.shop_id).toEqual(['Magazinul acesta nu face parte din comandă.']);
    expect(await countReviews(orderId)).toBe(0);
    expect(await countReviews(own)).toBe(0);
    expect((await c.post(`/orders/${own}/reviews`, { shop_id: shopId, rating: 5 }, { key: key() })).statusCode).toBe(401);
  });

  it('checks the stars and the text per field', async () => {
    const { s, shopId, orderId } = await order();
    await deliver(orderId);
    for (const rating of [0, 6, 2.5, 'five']) {
      const res = await c.post(`/orders/${orderId}/reviews`, { shop_id: shopId, rating }, { token: s.token, key: key() });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.rating).toEqual(['Alege o notă de la 1 la 5 stele.']);
    }
    const long = await c.post(
      `/orders/${orderId}/reviews`,
      { shop_id: shopId, rating: 3, text: 'a'.repeat(2001) },
      { token: s.token, key: key() },
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.text).toEqual(['Recenzia poate avea cel mult 2 000 de caractere.']);
    expect(await countReviews(orderId)).toBe(0);
  });
});

describe('ratings computed from reviews', () => {
  it("a shop's rating and count are its reviews' mean and number, in every answer", async () => {
    const shop = await makeShop(t);
    const ratings = [5, 4, 4, 2];
    for (const [i, rating] of ratings.entries()) {
      const { s, orderId } = await order(shop.id, `Cumpărătoare ${i} Test`);
      await deliver(orderId);
      expect((await c.post(`/orders/${orderId}/reviews`, { shop_id: shop.id, rating }, { token: s.token, key: key() })).statusCode).toBe(
        201,
      );
    }
    const details = (await c.get(`/shops/${shop.id}`)).json().data.shop;
    expect(details).toMatchObject({ rating: 3.8, reviews_count: 4 });
    const list = shopReviewsResponseSchema.parse((await c.get(`/shops/${shop.id}/reviews`)).json()).data;
    expect(list.summary).toEqual({ rating: 3.8, reviews_count: 4, distribution: [0, 1, 0, 2, 1] });
    expect(list.data.map((r) => r.rating)).toEqual([2, 4, 4, 5]);
    expect(list.data[0]).toMatchObject({ reviewer: 'Cumpărătoare T.', verified_purchase: true, text: null });
    const [row] = await t.db.select({ rating: shops.rating, n: shops.reviewsCount }).from(shops).where(eq(shops.id, shop.id));
    expect(row).toEqual({ rating: 3.8, n: 4 });
    // A removed review no longer counts (the operator's decision on a report).
    const [newest] = await t.db
      .select()
      .from(shopReviews)
      .where(eq(shopReviews.shopId, shop.id))
      .orderBy(sql`${shopReviews.id} desc`)
      .limit(1);
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      remoteAddress: '10.37.0.1',
      payload: {
        target_type: 'review',
        target_id: newest!.id,
        reason: 'offensive',
        explanation: 'Recenzie scrisă de un concurent.',
        name: 'Ion Pop',
        email: 'ion@example.ro',
        good_faith: true,
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const decided = await c.post(`/dev/operator/reports/${reported.json().data.report.reference}/decision`, {
      decision: 'remove',
      reason: 'Recenzie falsă.',
    });
    expect(decided.statusCode).toBe(200);
    expect((await c.get(`/shops/${shop.id}`)).json().data.shop).toMatchObject({ rating: 4.3, reviews_count: 3 });
  });

  it('lists newest first, ten a page, with meta like the product lists', async () => {
    const shop = await makeShop(t);
    const { s, orderId } = await order(shop.id);
    await deliver(orderId);
    expect(
      (await c.post(`/orders/${orderId}/reviews`, { shop_id: shop.id, rating: 5, text: 'Prima' }, { token: s.token, key: key() }))
        .statusCode,
    ).toBe(201);
    // Eleven more, written straight into the table against delivered orders of this shop.
    const [model] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    for (let i = 0; i < 11; i++) {
      const [o] = await t.db
        .insert(orders)
        .values({ ...model!, id: undefined, number: `TLC-T${orderId}${i}`.slice(0, 14) })
        .returning();
      await t.db.insert(shopReviews).values({
        orderId: o!.id,
        shopId: shop.id,
        userId: model!.userId,
        rating: 3,
        text: `Recenzia ${i}`,
        createdAt: new Date(Date.now() + (i + 1) * 1000),
      });
    }
    const first = shopReviewsResponseSchema.parse((await c.get(`/shops/${shop.id}/reviews`)).json()).data;
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.data[0]!.text).toBe('Recenzia 10');
    const second = shopReviewsResponseSchema.parse((await c.get(`/shops/${shop.id}/reviews?page=2`)).json()).data;
    expect(second.data.map((r) => r.text)).toEqual(['Recenzia 0', 'Prima']);
    expect((await c.get(`/shops/${shop.id}/reviews?page=0`)).statusCode).toBe(422);
    expect((await c.get('/shops/99999999/reviews')).statusCode).toBe(404);
  });

  it("the seed's ratings come from delivered orders and their reviews", async () => {
    type Row = { id: number; rating: string; reviews_count: number; mean: string; n: number; undelivered: number };
    const seeded = await t.db.execute(sql`
      SELECT s.id, s.rating::text AS rating, s.reviews_count,
             round(avg(r.rating), 1)::text AS mean, count(r.id)::int AS n,
             count(*) FILTER (WHERE o.status <> 'delivered' OR o.user_id <> r.user_id OR o.shop_id <> r.shop_id)::int AS undelivered
        FROM shops s JOIN shop_reviews r ON r.shop_id = s.id AND r.removed_at IS NULL JOIN orders o ON o.id = r.order_id
       WHERE s.slug = 'garderoba-bunicii' GROUP BY s.id`);
    const row = rowsOf<Row>(seeded)[0]!;
    expect(row.n).toBeGreaterThan(10);
    expect(row.undelivered).toBe(0);
    expect(row.rating).toBe(row.mean);
    expect(row.reviews_count).toBe(row.n);
  });
});
