/**
 * The in-process catalog index (issue #13, ADR 041) answers exactly what the SQL answers: the
 * same products, in the same order, with the same capped count and "did you mean", for random
 * filter and search requests — on the seeded catalog, after writes made behind its back (stock,
 * prices, flash sales, categories, products withdrawn and added), on PGlite and PostgreSQL.
 *
 * Whole answers are compared — the cards too, which the index keeps per product (ADR 041).
 *
 * The SQL path (listProducts without an index) is the reference: it is what every list used
 * before the index, and what a list falls back to whenever the index cannot be trusted.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { productListQuerySchema, type ProductListQuery } from '#contract/catalog.ts';
import { PRODUCT_SORTS } from '#contract/catalog-constants.ts';
import { PRODUCT_CONDITIONS } from '#contract/item-condition.ts';
import {
  attributeOptions,
  categories,
  flashSaleProducts,
  flashSales,
  productColors,
  products,
  productSizes,
  productVideos,
  shops,
} from '#server/db/schema.ts';
import { listProducts } from '#server/services/catalog-lists.ts';
import { CatalogIndexSync } from '#server/catalog-index/sync.ts';
import { changeProductPrice } from '#server/services/product-price.ts';
import { notifierFor } from '#server/plugins/notifier.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';

let t: TestApp;
let index: CatalogIndexSync;
const ids = {
  categories: [] as number[],
  shops: [] as number[],
  season: [] as number[],
  quality: [] as number[],
  size: [] as number[],
  color: [] as number[],
};

const WORDS = [
  'jocuri',
  'rucsacurile',
  'pantofii sport',
  'geaca',
  'geci',
  'gaeca',
  'rochii',
  'rochita',
  'tricouri',
  'pantofi sport',
  'adidas',
  'carti copii',
  'zara',
  'nike',
  'telefon',
  'din',
  'si de',
  'blugi',
  'jeansi',
  'hanorac',
  'pulovere',
  'camasi',
  'carte',
  'joc',
  'lemn',
  'piele',
  'xyzzy',
  'pantofi',
  'geanta',
  'genti',
  'iphone',
  'samsung',
  'lego',
  'rochie neagra',
  'geaca din piele',
  'a',
  'cu',
  '42',
];

test.override('appOptions', { env: { CATALOG_CACHE_SECONDS: '0', CATALOG_INDEX: 'true', CATALOG_INDEX_POLL_MS: '200' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  // An index of its own over the app's database (the app's is inside its encapsulated plugin):
  // the same class the server runs, polling fast.
  index = new CatalogIndexSync(t.db, t.app.log, { pollMs: 200 });
  index.start();
  ids.categories = (await t.db.select({ id: categories.id }).from(categories)).map((r) => r.id);
  ids.shops = (await t.db.select({ id: shops.id }).from(shops)).map((r) => r.id);
  for (const kind of ['season', 'quality', 'size', 'color'] as const) {
    ids[kind] = (await t.db.select({ id: attributeOptions.id }).from(attributeOptions).where(eq(attributeOptions.kind, kind))).map(
      (r) => r.id,
    );
  }
  // Ties in creation time (the order's tie-break is then the id), sold-out products, and flash
  // sales: running (one at price 0, which overrides nothing), overlapping, and not yet started.
  const all = (await t.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id);
  await t.db
    .update(products)
    .set({ createdAt: sql`'2026-01-01T10:00:00.123456Z'::timestamptz` })
    .where(
      inArray(
        products.id,
        all.filter((_, i) => i % 9 === 0),
      ),
    );
  await t.db
    .update(products)
    .set({ quantity: 0 })
    .where(
      inArray(
        products.id,
        all.filter((_, i) => i % 7 === 3),
      ),
    );
  await t.db
    .update(products)
    .set({ totalSold: 5 })
    .where(
      inArray(
        products.id,
        all.filter((_, i) => i % 5 === 1),
      ),
    );
  const hour = 3_600_000;
  const [running, cheaper, later] = await t.db
    .insert(flashSales)
    .values([
      { name: 'Parity running', thumbnail: '/x.svg', startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + 5 * hour) },
      {
        name: 'Parity overlapping',
        thumbnail: '/x.svg',
        startsAt: new Date(Date.now() - 2 * hour),
        endsAt: new Date(Date.now() + 3 * hour),
      },
      { name: 'Parity later', thumbnail: '/x.svg', startsAt: new Date(Date.now() + 2 * hour), endsAt: new Date(Date.now() + 9 * hour) },
    ])
    .returning({ id: flashSales.id });
  await t.db
    .insert(flashSaleProducts)
    .values([
      ...all.filter((_, i) => i % 6 === 2).map((productId, i) => ({ flashSaleId: running!.id, productId, salePrice: 5 + (i % 40) })),
      ...all
        .filter((_, i) => i % 12 === 2)
        .map((productId, i) => ({ flashSaleId: cheaper!.id, productId, salePrice: i % 3 === 0 ? 0 : 3 + i })),
      ...all.filter((_, i) => i % 10 === 4).map((productId) => ({ flashSaleId: later!.id, productId, salePrice: 1 })),
    ]);
  await waitForIndex();
}, 120_000);

// The fixture closes the app after this hook: the index stops first.
afterAll(async () => {
  await index?.close();
});

async function waitForIndex() {
  await vi.waitFor(() => expect(index.ready).toBe(true), { timeout: 30_000, interval: 100 });
}

/** A random list request as the filter page or the search box would send it (ids from the catalog). */
function requestArb(): fc.Arbitrary<ProductListQuery> {
  // Each key is present in about one request out of four: answers are mostly non-empty.
  const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
  const some = (values: number[], max: number) =>
    sometimes(fc.uniqueArray(fc.constantFrom(...values, 999_999), { minLength: 1, maxLength: max }));
  return fc
    .record({
      search: sometimes(fc.constantFrom(...WORDS)),
      category: some(ids.categories, 3),
      shop: some(ids.shops, 2),
      season: some(ids.season, 2),
      quality: some(ids.quality, 2),
      condition: sometimes(fc.uniqueArray(fc.constantFrom(...PRODUCT_CONDITIONS), { minLength: 1, maxLength: 2 })),
      size: some(ids.size, 3),
      color: some(ids.color, 2),
      price: sometimes(fc.tuple(fc.constantFrom(0, 5, 10.5, 20, 49.99, 100), fc.constantFrom(10, 25.1, 50, 100, 300, 5000))),
      in_stock: sometimes(fc.constant('1' as const)),
      sort: sometimes(fc.constantFrom(...PRODUCT_SORTS)),
      page: fc.constantFrom(1, 1, 1, 2, 3, 8),
      per_page: fc.constantFrom(5, 24),
    })
    .map(({ price, category, shop, season, quality, condition, size, color, ...rest }) => {
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(rest)) if (value !== undefined) query[key] = String(value);
      for (const [key, value] of Object.entries({ category, shop, season, quality, condition, size, color }))
        if (value) query[key] = value.join(',');
      if (price) {
        query.min_price = String(Math.min(...price));
        query.max_price = String(Math.max(...price));
      }
      return query as ProductListQuery;
    });
}

async function compare(query: ProductListQuery) {
  const filters = productListQuerySchema.parse(query);
  const page = { page: filters.page, perPage: filters.per_page ?? 24 };
  const chosen = await index.select(filters, undefined, filters.sort ?? 'newest', { offset: 0, limit: 1 }, 1000);
  expect(chosen, 'the index answers (it is loaded and current)').toBeDefined();
  const [fromIndex, fromSql] = [await listProducts(t.db, filters, page, index), await listProducts(t.db, filters, page)];
  // Whole cards: the index keeps them too, and must drop them when their product changes.
  const shape = (r: typeof fromSql) => ({ cards: r.data, meta: r.meta, did_you_mean: r.did_you_mean });
  expect(shape(fromIndex), JSON.stringify(query)).toEqual(shape(fromSql));
  return fromSql.data.length;
}

describe('the catalog index answers as the SQL does', () => {
  it('random filters, searches, sorts and pages on the seeded catalog (with flash sales, ties and sold-out items)', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(requestArb(), async (query) => {
        if ((await compare(query)) > 0) nonEmpty++;
      }),
      { numRuns: 400 },
    );
    // The requests must exercise real pages, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(100);
  }, 300_000);

  it('fixed requests: every sort of the whole list and deep pages; a search of only stop words; a typo corrected', async () => {
    for (const sort of PRODUCT_SORTS) for (const page of ['1', '2', '5', '15']) await compare({ sort, page, per_page: '24' });
    await compare({ search: 'din de' });
    await compare({ search: 'gaeca' });
    await compare({ search: 'geci', sort: 'price_asc', in_stock: '1' });
    // Inflected forms (issue 40): the dictionary's lemma on both paths.
    for (const search of ['jocuri', 'jocurile de societate', 'rucsacurile', 'RUCSACURI', 'păpuşile', 'jucăriilor', 'rucsacuir'])
      await compare({ search });
    await compare({ min_price: '10.1', max_price: '20.1' });
    // Issue 36: the condition filter, alone and with others.
    for (const condition of PRODUCT_CONDITIONS) expect(await compare({ condition, per_page: '24' }), condition).toBeGreaterThan(0);
    await compare({ condition: 'good,satisfactory', sort: 'price_asc', in_stock: '1' });
    await compare({ condition: 'new_with_tags', search: 'geaca' });
  }, 120_000);

  it('a shop losing its trader identity leaves the index and the SQL alike, and comes back with it (issue 36)', async () => {
    const shopId = ids.shops[1]!;
    const [before] = await t.db.select().from(shops).where(eq(shops.id, shopId));
    const ofShop = { shop: String(shopId), per_page: '24' };
    expect(await compare(ofShop)).toBeGreaterThan(0);
    await t.db.update(shops).set({ traderCui: null }).where(eq(shops.id, shopId));
    try {
      expect(await compare(ofShop), 'no product of the unlisted shop').toBe(0);
      for (const sort of PRODUCT_SORTS) await compare({ sort, per_page: '24' });
      const all = await listProducts(t.db, productListQuerySchema.parse({ per_page: '60' }), { page: 1, perPage: 60 }, index);
      expect(all.data.some((p) => p.shop_id === shopId)).toBe(false);
    } finally {
      await t.db.update(shops).set({ traderCui: before!.traderCui }).where(eq(shops.id, shopId));
    }
    expect(await compare(ofShop), 'listed again with its identity').toBeGreaterThan(0);
  }, 120_000);

  it('follows writes made behind its back — stock, prices, sales, categories, sizes, withdrawn and new products — at the next list', async () => {
    const some = (
      await t.db.select({ id: products.id, categoryId: products.categoryId }).from(products).orderBy(asc(products.id)).limit(40)
    ).map((r) => r);
    const [sold, repriced, moved, withdrawn, sized] = [some[0]!, some[1]!, some[2]!, some[3]!, some[4]!];

    // Read your writes: the last one sold out leaves "in stock" at once.
    const inStockBefore = await listProducts(
      t.db,
      productListQuerySchema.parse({ in_stock: '1', category: String(sold.categoryId), per_page: '60' }),
      { page: 1, perPage: 60 },
      index,
    );
    await t.db.update(products).set({ quantity: 0 }).where(eq(products.id, sold.id));
    const inStockAfter = await listProducts(
      t.db,
      productListQuerySchema.parse({ in_stock: '1', category: String(sold.categoryId), per_page: '60' }),
      { page: 1, perPage: 60 },
      index,
    );
    if (inStockBefore.data.some((p) => p.id === sold.id)) expect(inStockAfter.data.some((p) => p.id === sold.id)).toBe(false);

    await t.db.update(products).set({ price: 1, discountPrice: 0 }).where(eq(products.id, repriced.id));
    await t.db
      .update(products)
      .set({ categoryId: sized.categoryId === moved.categoryId ? ids.categories.find((c) => c !== moved.categoryId)! : sized.categoryId })
      .where(eq(products.id, moved.id));
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    await t.db.insert(productSizes).values({ productId: sized.id, sizeId: ids.size[0]!, price: 0 }).onConflictDoNothing();
    await t.db.insert(productColors).values({ productId: sized.id, colorId: ids.color[0]! }).onConflictDoNothing();
    await t.db.update(products).set({ totalSold: 999 }).where(eq(products.id, some[5]!.id));
    const [copy] = await t.db.select().from(products).where(eq(products.id, some[6]!.id));
    const { id: _id, effectivePrice: _e, searchVector: _v, slug, ...fields } = copy!;
    await t.db.insert(products).values({ ...fields, slug: `${slug}-nou`, createdAt: new Date() });
    const [sale] = await t.db
      .insert(flashSales)
      .values({
        name: 'Parity new',
        thumbnail: '/x.svg',
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: flashSales.id });
    await t.db.insert(flashSaleProducts).values({ flashSaleId: sale!.id, productId: some[7]!.id, salePrice: 0.5 });
    // What only the cards show: a shop's new name, a video added.
    await t.db.update(shops).set({ name: 'Garderoba Redenumită' }).where(eq(shops.id, ids.shops[0]!));
    await t.db
      .insert(productVideos)
      .values({ productId: some[8]!.id, url: '/media/videos/parity.mp4', thumbnail: '/media/videos/parity.svg' });

    const newest = await listProducts(t.db, productListQuerySchema.parse({ sort: 'newest' }), { page: 1, perPage: 24 }, index);
    expect(newest.data[0]?.slug, 'the product added behind its back is the newest').toBe(`${slug}-nou`);
    const cheapest = await listProducts(t.db, productListQuerySchema.parse({ sort: 'price_asc' }), { page: 1, perPage: 24 }, index);
    expect(cheapest.data[0]?.id, 'the new sale price (0.50) is the lowest').toBe(some[7]!.id);
    const all = await listProducts(t.db, productListQuerySchema.parse({ per_page: '60' }), { page: 1, perPage: 60 }, index);
    expect(all.data.some((p) => p.id === withdrawn.id)).toBe(false);
    const withSize = await listProducts(
      t.db,
      productListQuerySchema.parse({ size: String(ids.size[0]), color: String(ids.color[0]), per_page: '60' }),
      { page: 1, perPage: 60 },
      index,
    );
    expect(withSize.data.map((p) => p.id)).toContain(sized.id);

    await fc.assert(
      fc.asyncProperty(requestArb(), async (query) => void (await compare(query))),
      { numRuns: 150 },
    );
  }, 300_000);

  it('announced reductions (issue 36): prior prices and starts on cards agree after price changes, steps and a new sale', async () => {
    const some = await t.db
      .select({ id: products.id, price: products.price })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.discountPrice, 0)))
      .orderBy(asc(products.id))
      .limit(6);
    const notifier = notifierFor(t.db)!;
    const cut = (price: number, share: number) => Math.floor(price * share * 100) / 100;
    for (const p of some.slice(0, 3))
      await changeProductPrice(t.db, { productId: p.id, price: p.price, discount: cut(p.price, 0.8) }, notifier);
    // A second step keeps the first one's prior price; a raise ends another.
    await changeProductPrice(t.db, { productId: some[0]!.id, price: some[0]!.price, discount: cut(some[0]!.price, 0.6) }, notifier);
    await changeProductPrice(t.db, { productId: some[1]!.id, price: some[1]!.price * 2, discount: 0 }, notifier);
    const [sale] = await t.db
      .insert(flashSales)
      .values({
        name: 'Parity prior',
        thumbnail: '/x.svg',
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: flashSales.id });
    await t.db.insert(flashSaleProducts).values([
      { flashSaleId: sale!.id, productId: some[3]!.id, salePrice: cut(some[3]!.price, 0.5) },
      { flashSaleId: sale!.id, productId: some[4]!.id, salePrice: some[4]!.price },
    ]);

    const all = await listProducts(t.db, productListQuerySchema.parse({ per_page: '60' }), { page: 1, perPage: 60 }, index);
    const byId = new Map(all.data.map((p) => [p.id, p]));
    const reduced = [...byId.values()].filter((p) => p.prior_price !== null);
    expect(reduced.length).toBeGreaterThan(0);
    if (byId.has(some[1]!.id)) expect(byId.get(some[1]!.id)!.prior_price).toBeNull();
    for (const sort of PRODUCT_SORTS) for (const page of ['1', '3']) await compare({ sort, page, per_page: '60' });
    await compare({ min_price: '1', max_price: '80', sort: 'price_asc' });
  }, 120_000);

  it('a list asked while the log is being read answers after the changes read are applied (read your writes under a race)', async () => {
    // The index once moved its watermark past the changes it had read before reading their
    // products again: a list asked in that window (the log's head "seen") answered from the old
    // rows. Here each round moves a product in the newest-first order, then reads the log and
    // asks the list at the same moment, many times: every answer must be the SQL's.
    const slots = (await t.db.select({ id: products.id }).from(products).where(eq(products.isActive, true))).map((r) => r.id);
    const query = productListQuerySchema.parse({ sort: 'newest', per_page: '24' });
    const page = { page: 1, perPage: 24 };
    for (let round = 0; round < 60; round++) {
      const id = slots[(round * 37) % slots.length]!;
      // Alternately the newest of all and back among the oldest: it enters and leaves page 1.
      const createdAt = round % 2 ? new Date(Date.now() + round * 1000) : new Date(Date.UTC(2020, 0, 1, 0, 0, round));
      await t.db.update(products).set({ createdAt }).where(eq(products.id, id));
      const [, fromIndex] = await Promise.all([index.catchUp(), listProducts(t.db, query, page, index)]);
      const fromSql = await listProducts(t.db, query, page);
      expect(
        fromIndex.data.map((p) => p.id),
        `round ${round}`,
      ).toEqual(fromSql.data.map((p) => p.id));
    }
  }, 120_000);

  it('a withdrawn product that comes back, and a product whose sizes are all removed, are followed too', async () => {
    const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.isActive, false)).limit(1);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, row!.id));
    const [sized] = await t.db.select({ productId: productSizes.productId }).from(productSizes).limit(1);
    await t.db.delete(productSizes).where(and(eq(productSizes.productId, sized!.productId)));
    await fc.assert(
      fc.asyncProperty(requestArb(), async (query) => void (await compare(query))),
      { numRuns: 100 },
    );
  }, 300_000);
});
