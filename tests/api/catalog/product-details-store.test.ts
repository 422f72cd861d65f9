/**
 * The product page kept per instance (issue 36, ADR 037): every instance's catalog index keeps the
 * pages it answered and drops them through the change log, so a page never shows what the
 * database no longer says — whichever instance wrote, and without waiting for a poll. Two
 * indexes over one database stand for two instances behind the proxy; neither polls during the
 * tests (a poll every 10 minutes), so only the read of the log's head before each answer can
 * bring them up to date. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, expect } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { productDetailsResponseSchema, type ProductDetails } from '#contract/catalog.ts';
import { categories, flashSaleProducts, flashSales, manufacturers, productImages, products, shops } from '#server/db/schema.ts';
import { CatalogIndexSync } from '#server/catalog-index/sync.ts';
import { readProductDetails } from '#server/repositories/catalog/products.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';

let t: TestApp;
let first: CatalogIndexSync;
let second: CatalogIndexSync;
const NO_POLL_MS = 600_000;

test.override('appOptions', { env: { CATALOG_CACHE_SECONDS: '0' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  first = new CatalogIndexSync(t.db, t.app.log, { pollMs: NO_POLL_MS });
  second = new CatalogIndexSync(t.db, t.app.log, { pollMs: NO_POLL_MS });
  // Loaded once, then never polled: catchUp() is the first (full) read of the log.
  await Promise.all([first.catchUp(), second.catchUp()]);
  expect(first.ready && second.ready).toBe(true);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** Both instances' page of `id` (each asked twice, so the second answer is a kept one). */
async function pages(id: number) {
  const answers: (ProductDetails | null | undefined)[] = [];
  for (const index of [first, second]) {
    await index.details(id);
    answers.push(await index.details(id));
  }
  return answers;
}

/** A listed product with a manufacturer, its shop and category. */
async function listedWithManufacturer() {
  const [row] = await t.db
    .select({ id: products.id, shopId: products.shopId, categoryId: products.categoryId, manufacturerId: products.manufacturerId })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.shopListed, true), isNotNull(products.manufacturerId)))
    .orderBy(asc(products.id))
    .limit(1);
  return row!;
}

test('a kept page is the page the database answers, for every listed product, also through the route', async () => {
  const listed = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.shopListed, true)))
    .orderBy(asc(products.id));
  expect(listed.length).toBeGreaterThan(100);
  for (const { id } of listed) {
    const fromDatabase = await readProductDetails(t.db, id);
    expect(fromDatabase).toBeDefined();
    await first.details(id);
    expect(await first.details(id)).toEqual(fromDatabase);
  }
  // The route's answer (the app's own index, or SQL while it loads) in the contract's shape.
  const id = listed[0]!.id;
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode).toBe(200);
  const product = productDetailsResponseSchema.parse(response.json()).data.product;
  expect(product).toEqual(await readProductDetails(t.db, id));
  expect(response.headers.etag).toMatch(/^W\/"/);
  const again = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: { 'if-none-match': response.headers.etag! } });
  expect(again.statusCode).toBe(304);
});

test('an answer is a copy: marking it (is_favorite) does not change what the next shopper gets', async () => {
  const { id } = await listedWithManufacturer();
  const answer = (await first.details(id))!;
  answer.is_favorite = true;
  expect((await first.details(id))!.is_favorite).toBe(false);
});

test('a write on either side shows on both instances at once: price, picture, manufacturer, category, shop', async () => {
  const product = await listedWithManufacturer();
  const [before] = await pages(product.id);
  expect(before).toBeTruthy();

  // Price (the product row).
  await t.db.update(products).set({ price: 999.5, discountPrice: 0 }).where(eq(products.id, product.id));
  for (const page of await pages(product.id)) expect(page).toMatchObject({ price: 999.5, discount_price: 0 });

  // A new picture (product_images: migration 0019).
  await t.db.insert(productImages).values({ productId: product.id, url: '/media/new-picture.jpg', position: 99 });
  for (const page of await pages(product.id)) expect(page!.images.at(-1)).toMatchObject({ url: '/media/new-picture.jpg', meta: null });

  // The manufacturer's address (safety information; migration 0019).
  await t.db.update(manufacturers).set({ address: 'Str. Nouă 1, Cluj-Napoca' }).where(eq(manufacturers.id, product.manufacturerId!));
  for (const page of await pages(product.id)) expect(page!.safety.manufacturer?.address).toBe('Str. Nouă 1, Cluj-Napoca');

  // The category's name (migration 0019).
  await t.db.update(categories).set({ name: 'Categorie redenumită' }).where(eq(categories.id, product.categoryId));
  for (const page of await pages(product.id)) expect(page!.category.name).toBe('Categorie redenumită');

  // The shop's trader identity: incomplete, the product is no longer listed (null: not shown).
  const [shop] = await t.db.select({ phone: shops.traderPhone }).from(shops).where(eq(shops.id, product.shopId));
  await t.db.update(shops).set({ traderPhone: null }).where(eq(shops.id, product.shopId));
  expect(await pages(product.id)).toEqual([null, null]);
  await t.db.update(shops).set({ traderPhone: shop!.phone }).where(eq(shops.id, product.shopId));
  for (const page of await pages(product.id)) expect(page!.trader.phone).toBe(shop!.phone);

  // Every kept page still equals the database's.
  const fromDatabase = await readProductDetails(t.db, product.id);
  expect(await pages(product.id)).toEqual([fromDatabase, fromDatabase]);
});

test('a flash sale that starts, and a product taken down, show on both instances at once', async () => {
  const product = await listedWithManufacturer();
  await pages(product.id);
  const [sale] = await t.db
    .insert(flashSales)
    .values({
      name: 'Reducerea paginii',
      thumbnail: '/x.svg',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: flashSales.id });
  await t.db.insert(flashSaleProducts).values({ flashSaleId: sale!.id, productId: product.id, salePrice: 1.5 });
  for (const page of await pages(product.id)) {
    expect(page).toMatchObject({ discount_price: 1.5, flash_sale: { id: sale!.id, name: 'Reducerea paginii' } });
    expect(page!.flash_sale!.starts_at).toBe(new Date(page!.flash_sale!.starts_at).toISOString());
  }
  expect(await pages(product.id)).toEqual(Array(2).fill(await readProductDetails(t.db, product.id)));

  // Taken down by moderation (issue 37): gone from both at once.
  await t.db.update(products).set({ isActive: false, moderation: 'removed' }).where(eq(products.id, product.id));
  expect(await pages(product.id)).toEqual([null, null]);
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
  expect(response.statusCode).toBe(410);
});

test('a burst of misses, read together (ADR 039): every answer is the database page, unlisted ones null', async () => {
  const listed = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.shopListed, true)))
    .orderBy(asc(products.id))
    .limit(60);
  const [unlisted] = await t.db.select({ id: products.id }).from(products).where(eq(products.isActive, false)).limit(1);
  const ids = [...listed.map((row) => row.id), unlisted?.id ?? -1, 2_000_000_000, listed[0]!.id];
  // A fresh instance: every page is a miss, all asked at once (as 60 shoppers' requests).
  const fresh = new CatalogIndexSync(t.db, t.app.log, { pollMs: NO_POLL_MS });
  try {
    await fresh.catchUp();
    const answers = await Promise.all(ids.map((id) => fresh.details(id)));
    const expected = await Promise.all(ids.map(async (id) => (await readProductDetails(t.db, id)) ?? null));
    expect(answers).toEqual(expected);
    expect(answers.filter((answer) => answer === null)).toHaveLength(2);
    // Two requests for one product get copies, not one shared object.
    expect(answers[0]).not.toBe(answers.at(-1));
  } finally {
    await fresh.close();
  }
});

test('a write committed while a burst is reading the log is seen by requests that came after it, on both instances', async () => {
  const product = await listedWithManufacturer();
  await pages(product.id);
  // A burst on the first instance: its head read is in flight (or queued) as the write commits;
  // the requests after the write must not share that read (ADR 039; the exact interleaving is
  // tested in server/catalog-index/batches.test.ts).
  const burst = Promise.all(Array.from({ length: 20 }, () => first.details(product.id)));
  await t.db.update(products).set({ price: 777.25, discountPrice: 0 }).where(eq(products.id, product.id));
  const after = await Promise.all([first.details(product.id), second.details(product.id), first.details(product.id)]);
  for (const page of after) expect(page).toMatchObject({ price: 777.25, discount_price: 0 });
  for (const page of await burst) expect(page).toBeTruthy();
});
