/**
 * Honest discounts (issue 36, ADR 030, docs/product.md "Honest discounts"): every price change is
 * in price_history whoever writes it, and a reduction is announced only against its prior price —
 * the lowest price of the 30 days before it started (since listing when listed for less; before
 * the first step of a reduction in steps; before the start of a flash sale) — on cards, details,
 * flash sales, best deals and the home page, with the percentage taken off that prior price.
 *
 * Past days are replayed as the seed does: a transaction sets talcioc.price_clock to the day
 * and changes the price through the same triggers as any writer (migration 0013).
 */
import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { favorites, flashSaleProducts, flashSales, notifications, priceHistory, products } from '#server/db/schema.ts';
import type { Database } from '#server/db/client.ts';
import { changeProductPrice } from '#server/services/product-price.ts';
import { renderNotification, type NotificationParams } from '#server/lib/notification-text.ts';
import { notifierFor } from '#server/plugins/notifier.ts';
import {
  flashSaleResponseSchema,
  homeResponseSchema,
  productDetailsResponseSchema,
  productListResponseSchema,
  type Product,
} from '#contract/catalog.ts';
import { cartResponseSchema } from '#contract/cart.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { makeProduct, makeShop, quickUser } from '../harness/cart-fixtures.ts';

const DAY = 86_400_000;
let t: TestApp;
let c: ReturnType<typeof client>;
let shopId: number;

test.override('appOptions', { env: { CATALOG_CACHE_SECONDS: '0', PUSH_WORKER: 'false' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  shopId = (await makeShop(t)).id;
});

const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A product listed `listedDaysAgo` days ago at `price` (its first history row is the listing's). */
async function listed(listedDaysAgo: number, price: number, discountPrice = 0) {
  const product = await makeProduct(t, shopId, { price, discountPrice });
  await t.db
    .update(products)
    .set({ createdAt: daysAgo(listedDaysAgo) })
    .where(eq(products.id, product.id));
  await t.db
    .update(priceHistory)
    .set({ changedAt: daysAgo(listedDaysAgo) })
    .where(eq(priceHistory.productId, product.id));
  return product.id;
}

/** Changes the price as any writer would, `days` days ago (0: now). */
async function reprice(id: number, days: number, price: number, discountPrice = 0) {
  await t.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    if (days > 0) await tx.execute(sql`SELECT set_config('talcioc.price_clock', ${daysAgo(days).toISOString()}, true)`);
    await tx.update(products).set({ price, discountPrice }).where(eq(products.id, id));
  });
}

async function card(id: number) {
  const res = await c.get(`/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return productDetailsResponseSchema.parse(res.json()).data.product;
}

/** Every product of /api/best-deal (all pages). */
async function bestDealIds(): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; page <= 20; page++) {
    const body = productListResponseSchema.parse((await c.get(`/best-deal?per_page=60&page=${page}`)).json()).data;
    found.push(...body.data.map((p) => p.id));
    if (page >= body.meta.last_page) break;
  }
  return found;
}

/** The card of a product as lists show it (the catalog index's page, cards read by id). */
async function listCard(id: number): Promise<Product | undefined> {
  const res = await c.get(`/products/filter?shop=${shopId}&per_page=60`);
  return productListResponseSchema.parse(res.json()).data.data.find((p) => p.id === id);
}

const noReduction = { prior_price: null, reduction_started_at: null, discount_percentage: 0 };

describe('price history', () => {
  it('keeps a row per change of price or discount price, from every writer; other changes add none', async () => {
    const id = await listed(40, 100);
    await changeProductPrice(t.db, { productId: id, price: 100, discount: 90 }, notifierFor(t.db)!);
    expect((await c.post(`/dev/operator/products/${id}/price`, { price: 110, discount_price: 0 })).statusCode).toBe(200);
    // Any other writer (a future seller screen): the trigger records it all the same.
    await t.db.update(products).set({ discountPrice: 95 }).where(eq(products.id, id));
    await t.db.update(products).set({ quantity: 2, totalSold: 3 }).where(eq(products.id, id));
    await t.db.update(products).set({ price: 110 }).where(eq(products.id, id));
    const rows = await t.db
      .select({ price: priceHistory.price, discount: priceHistory.discountPrice, selling: priceHistory.effectivePrice })
      .from(priceHistory)
      .where(eq(priceHistory.productId, id))
      .orderBy(asc(priceHistory.changedAt), asc(priceHistory.id));
    expect(rows).toEqual([
      { price: 100, discount: 0, selling: 100 },
      { price: 100, discount: 90, selling: 90 },
      { price: 110, discount: 0, selling: 110 },
      { price: 110, discount: 95, selling: 95 },
    ]);
  });

  it('the seed has realistic histories: reductions announced, discounts typed at listing not announced, steps', async () => {
    const [stats] = await t.db
      .select({
        reduced: sql<number>`count(*) filter (where ${products.priorPrice} is not null)::int`,
        discountedNotReduced: sql<number>`count(*) filter (where ${products.discountPrice} > 0 and ${products.priorPrice} is null)::int`,
        withSteps: sql<number>`count(*) filter (where (select count(*) from price_history h where h.product_id = ${products.id} and h.discount_price > 0) >= 2)::int`,
        listedRecently: sql<number>`count(*) filter (where ${products.priorPrice} is not null and ${products.createdAt} > now() - interval '30 days')::int`,
      })
      .from(products);
    expect(stats!.reduced).toBeGreaterThan(30);
    expect(stats!.discountedNotReduced).toBeGreaterThan(5);
    expect(stats!.withSteps).toBeGreaterThan(5);
    expect(stats!.listedRecently).toBeGreaterThan(0);
  });
});

describe('the prior price of a reduction', () => {
  it('raised then discounted within 30 days: the prior price is the lowest (before the raise), not the raised one', async () => {
    const id = await listed(60, 100);
    await reprice(id, 10, 150);
    await reprice(id, 2, 150, 120);
    // 120 is below the raised 150 but not below the 100 of 30 days ago: no reduction at all.
    expect(await card(id)).toMatchObject({ discount_price: 120, ...noReduction });
    expect(await listCard(id)).toMatchObject({ discount_price: 120, ...noReduction });
    expect(await bestDealIds()).not.toContain(id);

    await reprice(id, 0, 150, 90);
    const reduced = await card(id);
    expect(reduced).toMatchObject({ discount_price: 90, prior_price: 100, discount_percentage: 10 });
    expect(Date.now() - new Date(reduced.reduction_started_at!).getTime()).toBeLessThan(60_000);
    expect(await listCard(id)).toMatchObject({ prior_price: 100, discount_percentage: 10 });
    expect(await bestDealIds()).toContain(id);
  });

  it('listed less than 30 days ago: the lowest price since listing', async () => {
    const id = await listed(10, 80);
    await reprice(id, 3, 80, 60);
    expect(await card(id)).toMatchObject({ prior_price: 80, discount_percentage: 25, reduction_started_at: expect.any(String) });
    expect(new Date((await card(id)).reduction_started_at!).getTime()).toBeCloseTo(daysAgo(3).getTime(), -6);

    // Listed at 80, raised to 120, then "discounted" to 100: never below the 80 it was listed at.
    const raised = await listed(10, 80);
    await reprice(raised, 8, 120);
    await reprice(raised, 0, 120, 100);
    expect(await card(raised)).toMatchObject({ discount_price: 100, ...noReduction });
  });

  it('a reduction in steps keeps the price before the first step and its start; back at the prior price it ends', async () => {
    const id = await listed(90, 200);
    await reprice(id, 20, 200, 180);
    await reprice(id, 5, 200, 150);
    const stepped = await card(id);
    expect(stepped).toMatchObject({ discount_price: 150, prior_price: 200, discount_percentage: 25 });
    expect(new Date(stepped.reduction_started_at!).getTime()).toBeCloseTo(daysAgo(20).getTime(), -6);

    // Back at 200: no reduction. Down to 190 now: 150 was the lowest of the last 30 days — still none.
    await reprice(id, 0, 200);
    expect(await card(id)).toMatchObject(noReduction);
    await reprice(id, 0, 200, 190);
    expect(await card(id)).toMatchObject({ discount_price: 190, ...noReduction });
    expect(await bestDealIds()).not.toContain(id);
  });

  it('a discount typed in at listing is no reduction: no badge, no prior price, not in best deals or the home page', async () => {
    const id = await listed(5, 141, 100);
    expect(await card(id)).toMatchObject({ price: 141, discount_price: 100, ...noReduction });
    expect(await listCard(id)).toMatchObject(noReduction);
    expect(await bestDealIds()).not.toContain(id);
    const home = homeResponseSchema.parse((await c.get('/home')).json()).data;
    expect(home.best_deals.map((p) => p.id)).not.toContain(id);
    expect(home.best_deals.every((p) => p.prior_price !== null && p.discount_price < p.prior_price)).toBe(true);
  });
});

describe('flash sales', () => {
  it('a sale is announced against the lowest selling price of the 30 days before it started, from its start', async () => {
    const id = await listed(60, 100);
    await reprice(id, 20, 100, 85);
    const notBelow = await listed(60, 100);
    const [sale] = await t.db
      .insert(flashSales)
      .values({ name: 'Reduceri de test', thumbnail: '/x.svg', startsAt: daysAgo(1), endsAt: new Date(Date.now() + 3 * DAY) })
      .returning();
    await t.db.insert(flashSaleProducts).values([
      { flashSaleId: sale!.id, productId: id, salePrice: 70 },
      { flashSaleId: sale!.id, productId: notBelow, salePrice: 100 },
    ]);
    const details = await card(id);
    // 85 (its own reduction) was the lowest of the 30 days before the sale, not the listed 100.
    expect(details).toMatchObject({ discount_price: 70, prior_price: 85, discount_percentage: 17 });
    expect(details.reduction_started_at).toBe(sale!.startsAt.toISOString());
    expect(details.flash_sale).toEqual({
      id: sale!.id,
      name: 'Reduceri de test',
      starts_at: sale!.startsAt.toISOString(),
      ends_at: sale!.endsAt.toISOString(),
    });
    expect(await listCard(id)).toMatchObject({ discount_price: 70, prior_price: 85, discount_percentage: 17 });

    const page = flashSaleResponseSchema.parse((await c.get(`/flash-sales/${sale!.id}`)).json()).data;
    expect(page.flash_sale.starts_at).toBe(sale!.startsAt.toISOString());
    // Ordered by the reduction against the prior price: the real one first, the one at its old price after.
    expect(page.data.map((p) => p.id)).toEqual([id, notBelow]);
    expect(page.data[1]).toMatchObject({ discount_price: 100, ...noReduction });
    const deals = await bestDealIds();
    expect(deals).toContain(id);
    expect(deals).not.toContain(notBelow);
  });

  it('a sale that has not started follows the product price until it starts', async () => {
    const id = await listed(60, 100);
    const [sale] = await t.db
      .insert(flashSales)
      .values({ name: 'Curând', thumbnail: '/x.svg', startsAt: new Date(Date.now() + 2 * DAY), endsAt: new Date(Date.now() + 5 * DAY) })
      .returning();
    await t.db.insert(flashSaleProducts).values({ flashSaleId: sale!.id, productId: id, salePrice: 70 });
    const priorOf = async () =>
      (
        await t.db
          .select({ prior: flashSaleProducts.priorPrice })
          .from(flashSaleProducts)
          .where(eq(flashSaleProducts.flashSaleId, sale!.id))
      )[0]!.prior;
    expect(await priorOf()).toBe(100);
    await reprice(id, 0, 100, 75);
    expect(await priorOf()).toBe(75);
    const upcoming = flashSaleResponseSchema.parse((await c.get(`/flash-sales/${sale!.id}`)).json()).data;
    expect(upcoming.data[0]).toMatchObject({ discount_price: 70, prior_price: 75, discount_percentage: 6 });
  });
});

describe('the cart', () => {
  it('a line announces the reduction its card announces: against the prior price, none for a discount typed at listing', async () => {
    const shopper = await quickUser(t, 'Cart Reducere');
    const reduced = await listed(60, 100);
    await reprice(reduced, 20, 100, 85);
    const typedAtListing = await listed(5, 141, 100);
    const inSale = await listed(60, 100);
    await reprice(inSale, 20, 100, 85);
    const [sale] = await t.db
      .insert(flashSales)
      .values({ name: 'Reduceri în coș', thumbnail: '/x.svg', startsAt: daysAgo(1), endsAt: new Date(Date.now() + 3 * DAY) })
      .returning();
    await t.db.insert(flashSaleProducts).values({ flashSaleId: sale!.id, productId: inSale, salePrice: 70 });

    for (const id of [reduced, typedAtListing, inSale]) {
      const res = await c.post('/cart/store', { product_id: id, quantity: 1 }, { token: shopper.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const cart = cartResponseSchema.parse((await c.get('/carts', { token: shopper.token })).json()).data;
    const lineOf = (id: number) => cart.cart_items.flatMap((group) => group.products).find((line) => line.product_id === id)!;
    // 85 against the 100 of the 30 days before: 15 % (the typed price of 100 would have said 15 too;
    // the next two differ from the old rule against `price`).
    expect(lineOf(reduced)).toMatchObject({ discount_price: 85, discount_percentage: 15 });
    expect((await card(reduced)).discount_percentage).toBe(15);
    // 141 → 100 typed at listing: 29 % against price, but no reduction was ever announced.
    expect(lineOf(typedAtListing)).toMatchObject({ price: 141, discount_price: 100, discount_percentage: 0 });
    expect((await card(typedAtListing)).discount_percentage).toBe(0);
    // A flash sale at 70: against the sale's prior price 85 (17 %), not the price of 100 (30 %).
    expect(lineOf(inSale)).toMatchObject({ discount_price: 70, discount_percentage: 17 });
    expect((await card(inSale)).discount_percentage).toBe(17);
  });
});

describe('POST /api/dev/operator/products/{id}/price', () => {
  it('changes the price as the ops command does: history, prior price, favouriters told with the prior price', async () => {
    const id = await listed(45, 200);
    const ana = await quickUser(t, 'Ana');
    await t.db.insert(favorites).values({ userId: ana.user.id, productId: id });

    const res = await c.post(`/dev/operator/products/${id}/price`, { price: 200, discount_price: 149.9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      product: { id, price: 200, discount_price: 149.9 },
      old_price: 200,
      new_price: 149.9,
      prior_price: 200,
      notified: 1,
    });
    expect(await card(id)).toMatchObject({ discount_price: 149.9, prior_price: 200, discount_percentage: 25 });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(note).toMatchObject({
      kind: 'price_drop',
      params: expect.objectContaining({ prior_price: 200, new_price: 149.9, discount_percentage: 25 }),
    });
    // The in-app text and every push are rendered from these params in the reader's language.
    const params = note!.params as NotificationParams;
    const name = params.name as string;
    expect(renderNotification('ro', 'price_drop', params).body).toBe(
      `${name} costă acum 149,90\u00a0lei, cu 25% sub cel mai mic preț din ultimele 30 de zile (200,00\u00a0lei).`,
    );
    expect(renderNotification('en', 'price_drop', params).body).toBe(
      `${name} now costs 149,90\u00a0lei, 25% below its lowest price of the last 30 days (200,00\u00a0lei).`,
    );

    // Lower again but not an announced reduction? Raised then lowered above the lowest: nobody told.
    await c.post(`/dev/operator/products/${id}/price`, { price: 260, discount_price: 0 });
    const again = await c.post(`/dev/operator/products/${id}/price`, { price: 260, discount_price: 199 });
    expect(again.json().data).toMatchObject({ prior_price: null, notified: 0 });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ana.user.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown product and 422 per field for bad prices', async () => {
    expect((await c.post('/dev/operator/products/2000000000/price', { price: 10, discount_price: 0 })).statusCode).toBe(404);
    const id = await listed(1, 50);
    const tooHigh = await c.post(`/dev/operator/products/${id}/price`, { price: 50, discount_price: 50 });
    expect(tooHigh.statusCode).toBe(422);
    expect(tooHigh.json().errors.discount_price).toHaveLength(1);
    const zero = await c.post(`/dev/operator/products/${id}/price`, { price: 0, discount_price: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.price?.length).toBeGreaterThan(0);
    const cents = await c.post(`/dev/operator/products/${id}/price`, { price: 10.005, discount_price: 0 });
    expect(cents.statusCode).toBe(422);
    expect(cents.json().errors.price?.length).toBeGreaterThan(0);
    expect(await card(id)).toMatchObject({ price: 50, discount_price: 0 });
  });
});
