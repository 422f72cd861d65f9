/**
 * The catalog API (issue #3) against the real app and a freshly seeded database (PGlite in
 * memory, or PostgreSQL when TEST_DATABASE_URL is set). Every answer is parsed with the contract
 * schemas; lists are checked row by row against what the database holds (the "truth" below,
 * computed in JavaScript from plain table reads), not against the code under test.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  categoryResponseSchema,
  flashSaleResponseSchema,
  homeResponseSchema,
  productDetailsResponseSchema,
  productListResponseSchema,
  shopDetailsResponseSchema,
  shopListResponseSchema,
  similarProductsResponseSchema,
  type Product,
} from '#contract/catalog.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, MAX_SEARCH_LENGTH } from '#contract/catalog-constants.ts';
import { categoriesResponseSchema } from '#contract/content.ts';
import { errorBody, validationErrorBody } from '#contract/envelope.ts';
import {
  attributeOptions,
  categories,
  flashSaleProducts,
  flashSales,
  productColors,
  productImages,
  products,
  productSizes,
  productVideos,
  shops,
} from '#server/db/schema.ts';
import { refreshProductSearchText } from '#server/repositories/catalog/search-text-refresh.ts';
import { normalizeSearchText, searchDocument } from '#server/lib/search-text.ts';
import { planSearch } from '#server/lib/search-query.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';

const CACHE = 'public, max-age=60, stale-while-revalidate=86400';
const DAY = 86_400_000;

let t: TestApp;

/** Fixture rows added on top of the seed. */
const fx = {
  category: 0,
  wholeWord: 0, // "Vulpexo ..." in its name, oldest
  prefix: 0, // "Vulpexolux ..."
  infix: 0, // "Supervulpexo ..."
  categoryOnly: 0, // in category "Colecția Vulpexo", newest
  cedilla: 0, // name written with cedilla ş/ţ
  inactive: 0,
  upcomingSale: 0,
  upcomingProduct: 0,
  upcomingPrice: 0,
};

interface Row {
  id: number;
  name: string;
  brand: string | null;
  shopId: number;
  categoryId: number;
  price: number;
  discountPrice: number;
  priorPrice: number | null;
  reductionStartedAt: Date | null;
  quantity: number;
  totalSold: number;
  seasonId: number | null;
  qualityId: number | null;
  isActive: boolean;
  createdAt: Date;
  searchText: string;
}

/** What the database holds, read plainly; expectations are computed from this. */
const truth = {
  rows: [] as Row[],
  active: [] as Row[],
  byId: new Map<number, Row>(),
  sizes: new Map<number, Set<number>>(),
  colors: new Map<number, Set<number>>(),
  /** Lowest sale price of a running flash sale, per product. */
  running: new Map<number, number>(),
  /** That sale's prior price and start (the lowest price, then the earliest end, as the API picks). */
  runningSale: new Map<number, { price: number; prior: number | null; startsAt: Date; endsAt: Date }>(),
};

async function loadTruth() {
  const rows = await t.db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      shopId: products.shopId,
      categoryId: products.categoryId,
      price: products.price,
      discountPrice: products.discountPrice,
      priorPrice: products.priorPrice,
      reductionStartedAt: products.reductionStartedAt,
      quantity: products.quantity,
      totalSold: products.totalSold,
      seasonId: products.seasonId,
      qualityId: products.qualityId,
      isActive: products.isActive,
      createdAt: products.createdAt,
      searchText: products.searchText,
    })
    .from(products);
  truth.rows = rows;
  truth.active = rows.filter((r) => r.isActive);
  truth.byId = new Map(rows.map((r) => [r.id, r]));
  for (const s of await t.db.select().from(productSizes)) {
    if (!truth.sizes.has(s.productId)) truth.sizes.set(s.productId, new Set());
    truth.sizes.get(s.productId)!.add(s.sizeId);
  }
  for (const c of await t.db.select().from(productColors)) {
    if (!truth.colors.has(c.productId)) truth.colors.set(c.productId, new Set());
    truth.colors.get(c.productId)!.add(c.colorId);
  }
  const now = Date.now();
  const sales = await t.db
    .select({
      productId: flashSaleProducts.productId,
      salePrice: flashSaleProducts.salePrice,
      priorPrice: flashSaleProducts.priorPrice,
      startsAt: flashSales.startsAt,
      endsAt: flashSales.endsAt,
    })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId));
  truth.running.clear();
  truth.runningSale.clear();
  for (const s of sales) {
    if (s.startsAt.getTime() <= now && s.endsAt.getTime() > now) {
      truth.running.set(s.productId, Math.min(s.salePrice, truth.running.get(s.productId) ?? Infinity));
      const seen = truth.runningSale.get(s.productId);
      if (!seen || s.salePrice < seen.price || (s.salePrice === seen.price && s.endsAt < seen.endsAt)) {
        truth.runningSale.set(s.productId, { price: s.salePrice, prior: s.priorPrice, startsAt: s.startsAt, endsAt: s.endsAt });
      }
    }
  }
}

/** Product §5 plus flash sales: the price a product is sold at now. */
function currentPrice(r: Row) {
  const sale = truth.running.get(r.id);
  if (sale !== undefined && sale > 0) return sale;
  return r.discountPrice > 0 ? r.discountPrice : r.price;
}
const shownDiscountPrice = (r: Row) => truth.running.get(r.id) ?? r.discountPrice;
/** Whole percent off the prior price, rounded down, at least 1 (issue 36); 0 when no reduction. */
const percentOff = (prior: number | null, current: number) =>
  prior !== null && current < prior ? Math.max(1, Math.floor((Math.round((prior - current) * 100) * 100) / Math.round(prior * 100))) : 0;
/** The announced reduction of a product (issue 36): a running sale's, else its own; null when none. */
function reductionOf(r: Row): { prior: number; startedAt: Date } | null {
  const sale = truth.runningSale.get(r.id);
  const [prior, startedAt] = sale && sale.price > 0 ? [sale.prior, sale.startsAt] : [r.priorPrice, r.reductionStartedAt];
  return prior !== null && startedAt !== null && currentPrice(r) < prior ? { prior, startedAt } : null;
}
const cardPrice = (p: Product) => (p.discount_price > 0 ? p.discount_price : p.price);

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function ok<T>(url: string, schema: { parse(value: unknown): T }): Promise<T> {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['cache-control'], url).toBe(CACHE);
  return schema.parse(res.json());
}

const list = (url: string) => ok(url, productListResponseSchema).then((body) => body.data);

/** Every page of a list (per_page 60), checking the meta of each. */
async function allPages(url: string): Promise<{ items: Product[]; total: number }> {
  const sep = url.includes('?') ? '&' : '?';
  const first = await list(`${url}${sep}per_page=${MAX_PER_PAGE}`);
  const items = [...first.data];
  for (let page = 2; page <= first.meta.last_page; page++) {
    const next = await list(`${url}${sep}per_page=${MAX_PER_PAGE}&page=${page}`);
    expect(next.meta).toEqual({ ...first.meta, current_page: page });
    items.push(...next.data);
  }
  expect(items).toHaveLength(first.meta.total);
  expect(first.meta.last_page).toBe(Math.max(1, Math.ceil(first.meta.total / MAX_PER_PAGE)));
  return { items, total: first.meta.total };
}

const ids = (items: { id: number }[]) => items.map((p) => p.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

async function expect422(url: string, field: string) {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(422);
  const body = validationErrorBody.parse(res.json());
  expect(body.message).not.toBe('');
  expect(body.errors[field]?.length, `${url} → ${JSON.stringify(body.errors)}`).toBeGreaterThan(0);
  expect(res.headers['cache-control']).not.toBe(CACHE);
}

async function expect404(url: string, message?: string) {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(404);
  const body = errorBody.parse(res.json());
  if (message) expect(body.message).toBe(message);
  else expect(body.message).not.toBe('');
  expect(res.headers['cache-control']).not.toBe(CACHE);
}

/** Each returned card agrees with the database: shop, category, prices, stock. */
function expectCardsMatchDatabase(items: Product[]) {
  for (const p of items) {
    const r = truth.byId.get(p.id)!;
    expect(r, `product ${p.id}`).toBeDefined();
    expect(r.isActive).toBe(true);
    expect(p).toMatchObject({
      name: r.name,
      brand: r.brand,
      shop_id: r.shopId,
      category_id: r.categoryId,
      price: r.price,
      quantity: r.quantity,
      total_sold: r.totalSold,
      is_favorite: false,
      discount_price: shownDiscountPrice(r),
      prior_price: reductionOf(r)?.prior ?? null,
      reduction_started_at: reductionOf(r)?.startedAt.toISOString() ?? null,
      discount_percentage: percentOff(reductionOf(r)?.prior ?? null, currentPrice(r)),
    });
    expect(cardPrice(p)).toBe(currentPrice(r));
  }
}

// The database path itself: these tests write to the database directly (as another process
// would), which the response cache learns of only after its lifetime — it has its own tests
// (catalog-cache.test.ts, ADR 045).
test.override('appOptions', { env: { CATALOG_CACHE_SECONDS: '0' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  const db = t.db;
  const [shop] = await db.select({ id: shops.id }).from(shops).orderBy(shops.id).limit(1);
  const [someCategory] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
  const [category] = await db
    .insert(categories)
    .values({ name: 'Colecția Vulpexo', slug: 'colectia-vulpexo', thumbnail: '/media/categories/colectia-vulpexo.svg', position: 99 })
    .returning({ id: categories.id });
  fx.category = category!.id;
  const base = {
    shopId: shop!.id,
    description: 'Fixture.',
    thumbnail: '/media/products/1-1.svg',
    price: 50,
    quantity: 3,
    weight: 0.5,
    condition: 'very_good' as const,
  };
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  const inserted = await db
    .insert(products)
    .values([
      { ...base, categoryId: someCategory!.id, name: 'Vulpexo bluză cu nasturi', slug: 'fx-whole', createdAt: at(40) },
      { ...base, categoryId: someCategory!.id, name: 'Vulpexolux geantă mică', slug: 'fx-prefix', createdAt: at(30) },
      { ...base, categoryId: someCategory!.id, name: 'Cană Supervulpexo', slug: 'fx-infix', createdAt: at(20) },
      { ...base, categoryId: fx.category, name: 'Bluză simplă de bumbac', slug: 'fx-category', createdAt: at(0.01) },
      { ...base, categoryId: someCategory!.id, name: 'Ştergar ţărănesc vechi', slug: 'fx-cedilla', createdAt: at(50) },
      { ...base, categoryId: someCategory!.id, name: 'Vulpexo ascuns', slug: 'fx-inactive', isActive: false, createdAt: at(1) },
    ])
    .returning({ id: products.id, slug: products.slug });
  const idOf = (slug: string) => inserted.find((p) => p.slug === slug)!.id;
  fx.wholeWord = idOf('fx-whole');
  fx.prefix = idOf('fx-prefix');
  fx.infix = idOf('fx-infix');
  fx.categoryOnly = idOf('fx-category');
  fx.cedilla = idOf('fx-cedilla');
  fx.inactive = idOf('fx-inactive');
  // Code that inserts products keeps search_text up to date through the repository.
  expect(await refreshProductSearchText(db, { productIds: ids(inserted) })).toBe(inserted.length);

  // An upcoming sale: its price must not show anywhere until it starts.
  const [upcoming] = await db
    .insert(flashSales)
    .values({ name: 'Reduceri de iarnă', description: null, thumbnail: '/media/flash-sales/9.svg', startsAt: at(-2), endsAt: at(-9) })
    .returning({ id: flashSales.id });
  fx.upcomingSale = upcoming!.id;
  fx.upcomingProduct = fx.prefix;
  fx.upcomingPrice = 12.5;
  await db.insert(flashSaleProducts).values({ flashSaleId: fx.upcomingSale, productId: fx.upcomingProduct, salePrice: fx.upcomingPrice });

  await loadTruth();
});

describe('search_text', () => {
  it('is filled by the seed for every product: name, brand, category, shop and description, as searchDocument() makes them', async () => {
    const rows = await t.db
      .select({
        name: products.name,
        brand: products.brand,
        shop: shops.name,
        category: categories.name,
        description: products.description,
        searchText: products.searchText,
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .innerJoin(categories, eq(categories.id, products.categoryId));
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) {
      expect(r.searchText).toBe([r.name, r.brand, r.category, r.shop, r.description].map(searchDocument).join('\n'));
    }
  });
});

describe('GET /api/products and /api/products/filter', () => {
  it('list every active product, newest first, 24 a page, sold-out ones included', async () => {
    const filter = await list('/api/products/filter');
    const plain = await list('/api/products');
    expect(plain).toEqual(filter);
    expect(filter.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(truth.active.length / DEFAULT_PER_PAGE),
      per_page: DEFAULT_PER_PAGE,
      total: truth.active.length,
    });
    expect(filter.data).toHaveLength(DEFAULT_PER_PAGE);

    const { items } = await allPages('/api/products/filter');
    expect(sorted(ids(items))).toEqual(sorted(ids(truth.active)));
    expect(items.some((p) => p.quantity === 0)).toBe(true);
    expect(ids(items)).not.toContain(fx.inactive);
    const expected = [...truth.active].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    expect(ids(items)).toEqual(ids(expected));
    expectCardsMatchDatabase(items);
  });

  it('show a running flash sale price as the discount_price, never an upcoming or ended one', async () => {
    expect(truth.running.size).toBeGreaterThan(0);
    const { items } = await allPages('/api/products/filter');
    const onSale = items.filter((p) => truth.running.has(p.id));
    expect(onSale.length).toBeGreaterThan(0);
    for (const p of onSale) {
      expect(p.discount_price).toBe(truth.running.get(p.id));
      // Announced against the lowest price of the 30 days before the sale started (issue 36).
      expect(p.prior_price).toBe(truth.runningSale.get(p.id)!.prior);
      expect(p.reduction_started_at).toBe(truth.runningSale.get(p.id)!.startsAt.toISOString());
      expect(p.discount_percentage).toBe(percentOff(p.prior_price, p.discount_price));
      expect(p.discount_percentage).toBeGreaterThan(0);
    }
    const upcoming = items.find((p) => p.id === fx.upcomingProduct)!;
    expect(upcoming.discount_price).toBe(0);
    expect(upcoming.price).toBe(50);
  });

  it('carry sizes (option id, name, surcharge) and videos', async () => {
    const { items } = await allPages('/api/products/filter');
    const [video] = await t.db.select().from(productVideos).limit(1);
    const withVideo = items.find((p) => p.id === video!.productId)!;
    expect(withVideo.videos).toContainEqual({ url: video!.url, thumbnail: video!.thumbnail });
    const sizeRows = await t.db
      .select({ productId: productSizes.productId, id: productSizes.sizeId, name: attributeOptions.name, price: productSizes.price })
      .from(productSizes)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productSizes.sizeId));
    for (const p of items) {
      const expected = sizeRows.filter((s) => s.productId === p.id).map(({ id, name, price }) => ({ id, name, price }));
      expect(sorted(p.sizes.map((s) => s.id))).toEqual(sorted(expected.map((s) => s.id)));
      expect(p.sizes).toEqual(expect.arrayContaining(expected));
    }
    expect(items.some((p) => p.sizes.some((s) => s.price > 0))).toBe(true);
  });

  describe('sorts', () => {
    it('price_asc and price_desc order by the current price (discount or running sale)', async () => {
      const asc = (await allPages('/api/products/filter?sort=price_asc')).items;
      const desc = (await allPages('/api/products/filter?sort=price_desc')).items;
      expectCardsMatchDatabase(asc);
      const ascPrices = asc.map(cardPrice);
      const descPrices = desc.map(cardPrice);
      expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
      expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
      expect(asc).toHaveLength(truth.active.length);
      // A product on sale sorts by its sale price, not its regular price.
      const saleId = [...truth.running.keys()].find((id) => truth.byId.get(id)?.isActive)!;
      const position = ids(asc).indexOf(saleId);
      expect(ascPrices[position]).toBe(truth.running.get(saleId));
    });

    it('most_sold orders by total_sold', async () => {
      const { items } = await allPages('/api/products/filter?sort=most_sold');
      const sold = items.map((p) => p.total_sold);
      expect(sold).toEqual([...sold].sort((a, b) => b - a));
      expect(items).toHaveLength(truth.active.length);
    });

    it('newest is the default without a search, and explicit', async () => {
      const byDefault = await list('/api/products/filter?per_page=60');
      const newest = await list('/api/products/filter?per_page=60&sort=newest');
      expect(ids(byDefault.data)).toEqual(ids(newest.data));
    });
  });

  describe('pagination', () => {
    it('pages are consecutive slices of the same order', async () => {
      const all = (await list('/api/products/filter?per_page=20')).data;
      const second = await list('/api/products/filter?per_page=5&page=2');
      expect(second.meta).toEqual({
        current_page: 2,
        last_page: Math.ceil(truth.active.length / 5),
        per_page: 5,
        total: truth.active.length,
      });
      expect(ids(second.data)).toEqual(ids(all.slice(5, 10)));
    });

    it('a page past the end answers 200 with no products and the right meta', async () => {
      const body = await list('/api/products/filter?page=500&per_page=10');
      expect(body.data).toEqual([]);
      expect(body.meta).toEqual({
        current_page: 500,
        last_page: Math.ceil(truth.active.length / 10),
        per_page: 10,
        total: truth.active.length,
      });
    });

    it('nothing found: total 0, last_page 1', async () => {
      const body = await list('/api/products/filter?shop=999999');
      expect(body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: DEFAULT_PER_PAGE, total: 0 } });
    });
  });

  describe('filters', () => {
    const options = async (kind: 'season' | 'quality' | 'color' | 'size') =>
      (
        await t.db
          .select({ id: attributeOptions.id })
          .from(attributeOptions)
          .where(eq(attributeOptions.kind, kind))
          .orderBy(attributeOptions.id)
      ).map((o) => o.id);

    async function expectFilter(query: string, keep: (r: Row) => boolean) {
      const { items, total } = await allPages(`/api/products/filter?${query}`);
      const expected = truth.active.filter(keep);
      expect(expected.length, `${query} should select something`).toBeGreaterThan(0);
      expect(expected.length, `${query} should leave something out`).toBeLessThan(truth.active.length);
      expect(total, query).toBe(expected.length);
      expect(sorted(ids(items)), query).toEqual(sorted(ids(expected)));
      expectCardsMatchDatabase(items);
      return items;
    }

    it('quality and season: several ids are OR within the key', async () => {
      const [q1, q2] = await options('quality');
      await expectFilter(`quality=${q1}`, (r) => r.qualityId === q1);
      await expectFilter(`quality=${q1},${q2}`, (r) => r.qualityId === q1 || r.qualityId === q2);
      const [s1, , s3] = await options('season');
      await expectFilter(`season=${s1}, ${s3}`, (r) => r.seasonId === s1 || r.seasonId === s3);
    });

    it('size and color go through the product options', async () => {
      const sizes = await options('size');
      const colors = await options('color');
      const some = (set: Set<number> | undefined, wanted: number[]) => wanted.some((id) => set?.has(id));
      await expectFilter(`size=${sizes[0]},${sizes[2]}`, (r) => some(truth.sizes.get(r.id), [sizes[0]!, sizes[2]!]));
      await expectFilter(`color=${colors[0]}`, (r) => some(truth.colors.get(r.id), [colors[0]!]));
    });

    it('category and shop', async () => {
      const [c1, c2] = (await t.db.select({ id: categories.id }).from(categories).orderBy(categories.id)).map((c) => c.id);
      await expectFilter(`category=${c1},${c2}`, (r) => r.categoryId === c1 || r.categoryId === c2);
      const shopIds = (await t.db.select({ id: shops.id }).from(shops).orderBy(shops.id)).map((s) => s.id);
      await expectFilter(`shop=${shopIds[1]}`, (r) => r.shopId === shopIds[1]);
    });

    it('price range on the current price, in_stock=1 drops sold-out products', async () => {
      await expectFilter('min_price=20&max_price=60', (r) => currentPrice(r) >= 20 && currentPrice(r) <= 60);
      await expectFilter('min_price=100', (r) => currentPrice(r) >= 100);
      const inStock = await expectFilter('in_stock=1', (r) => r.quantity > 0);
      expect(inStock.every((p) => p.quantity > 0)).toBe(true);
      const all = await list('/api/products/filter?in_stock=0');
      expect(all.meta.total).toBe(truth.active.length);
    });

    it('several keys are AND, with any sort', async () => {
      const [q1, q2] = await options('quality');
      const [shop] = (await t.db.select({ id: shops.id }).from(shops).orderBy(shops.id).limit(1)).map((s) => s.id);
      const items = await expectFilter(
        `quality=${q1},${q2}&shop=${shop}&in_stock=1&max_price=150&sort=price_desc`,
        (r) => (r.qualityId === q1 || r.qualityId === q2) && r.shopId === shop && r.quantity > 0 && currentPrice(r) <= 150,
      );
      const prices = items.map(cardPrice);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });
  });

  describe('search', () => {
    // Full-text search since issue #13 (ADR 046): whole words, folded, irregular forms as their
    // base form. A product is expected when every word of the query is a word of its search
    // text (the stemmer may add forms of the same word; the queries below have none in the seed).
    const wordsOf = (r: Row) => new Set(r.searchText.split(/\s+/));
    const found = (r: Row, query: string) => {
      const words = planSearch(query).words;
      return words.length > 0 && words.every((word) => wordsOf(r).has(word));
    };

    async function search(query: string, extra = '') {
      return allPages(`/api/products/filter?search=${encodeURIComponent(query)}${extra}`);
    }

    it('"geaca" finds "Geacă" and so do "GEACĂ" and "Geaca": same products, exactly those that have the word', async () => {
      const { items } = await search('geaca');
      expect(items.some((p) => p.name.includes('Geacă'))).toBe(true);
      expect(sorted(ids(items))).toEqual(sorted(ids(truth.active.filter((r) => found(r, 'geaca')))));
      for (const other of ['GEACĂ', 'Geaca', '  geacă  ']) {
        expect(sorted(ids((await search(other)).items)), other).toEqual(sorted(ids(items)));
      }
      expectCardsMatchDatabase(items);
    });

    it('a cedilla ş query finds comma ș names, and a comma ș query finds cedilla ş names', async () => {
      const { items } = await search('ADIDAŞI'); // U+015E/U+015F cedilla
      const comma = truth.active.filter((r) => r.name.includes('Adidași')); // U+0219 comma below
      expect(comma.length).toBeGreaterThan(0);
      expect(ids(items)).toEqual(expect.arrayContaining(ids(comma)));
      expect(sorted(ids(items))).toEqual(sorted(ids((await search('adidași')).items)));

      for (const query of ['ștergar țărănesc', 'stergar taranesc', 'ŞTERGAR']) {
        const hits = (await search(query)).items;
        expect(ids(hits), query).toEqual([fx.cedilla]);
      }
    });

    it('every word must match (AND), in the name, brand, category, shop or description', async () => {
      const both = await search('geaca zara');
      expect(both.total).toBeGreaterThan(0);
      expect(sorted(ids(both.items))).toEqual(sorted(ids(truth.active.filter((r) => found(r, 'geaca zara')))));
      expect(both.total).toBeLessThan((await search('geaca')).total);

      // Brand only: the publisher of the books is not in their names.
      const publisher = await search('humanitas');
      expect(publisher.total).toBeGreaterThan(0);
      for (const p of publisher.items) expect(normalizeSearchText(p.brand)).toContain('humanitas');

      // Shop name only.
      const [pitic] = await t.db.select().from(shops).where(eq(shops.slug, 'pitic-boutique'));
      const shopHits = await search('pitic');
      expect(sorted(ids(shopHits.items))).toEqual(sorted(ids(truth.active.filter((r) => r.shopId === pitic!.id))));

      // Category name only (with its diacritics folded): "Jucării".
      const [toys] = await t.db.select().from(categories).where(eq(categories.slug, 'jucarii'));
      const categoryHits = await search('jucarii');
      expect(ids(categoryHits.items)).toEqual(expect.arrayContaining(ids(truth.active.filter((r) => r.categoryId === toys!.id))));

      // Words across fields: a name word and a shop word.
      const mixed = await search('geaca garderoba');
      expect(mixed.total).toBeGreaterThan(0);
      for (const p of mixed.items) expect(p.shop_name).toBe('Garderoba Bunicii');
    });

    it('matches whole words: the name match ranks above the category-only match; relevance is the default', async () => {
      const expected = [fx.wholeWord, fx.categoryOnly];
      expect(ids((await search('vulpexo')).items)).toEqual(expected);
      expect(ids((await search('VULPEXO', '&sort=relevance')).items)).toEqual(expected);
      // Other sorts still apply to the matches: newest puts the category-only match first.
      expect(ids((await search('vulpexo', '&sort=newest')).items)).toEqual([fx.categoryOnly, fx.wholeWord]);
      // Longer words are words of their own.
      expect(ids((await search('vulpexolux')).items)).toEqual([fx.prefix]);
      expect(ids((await search('supervulpexo')).items)).toEqual([fx.infix]);
      // The inactive fixture named "Vulpexo ascuns" is never found.
      expect(ids((await search('ascuns')).items)).toEqual([]);
    });

    it('ranks name matches first in the seed too: "casa" lists names before shop- or category-only matches', async () => {
      const { items } = await search('casa');
      const named = items.map((p) =>
        normalizeSearchText(p.name)
          .split(/[^a-z0-9]+/)
          .includes('casa'),
      );
      expect(named).toContain(true);
      expect(named).toContain(false);
      expect(named.slice(named.indexOf(false))).not.toContain(true);
    });

    it('SQL, LIKE and tsquery metacharacters are plain text: never an error, never a match they do not spell', async () => {
      for (const query of [
        "' OR 1=1 --",
        '%',
        '_',
        '\\',
        '%%',
        "'; DROP TABLE products; --",
        'a%b',
        '"',
        '(',
        '[',
        '*',
        '.*',
        '\\m',
        '$1',
        '!',
        '&',
        '|',
        ':*',
        'geaca:*',
        'geaca & !zara',
        'geaca | zara',
        '<->',
      ]) {
        const res = await get(`/api/products/filter?search=${encodeURIComponent(query)}&per_page=${MAX_PER_PAGE}`);
        expect(res.statusCode, query).toBe(200);
        const body = productListResponseSchema.parse(res.json());
        const words = planSearch(query).words.filter((w) => w.length > 1);
        if (!planSearch(query).words.length) expect(body.data.meta.total, query).toBe(0);
        for (const p of body.data.data) {
          for (const word of words) expect(wordsOf(truth.byId.get(p.id)!).has(word), `${query}: ${p.name}`).toBe(true);
        }
      }
      // "geaca | zara" is two words, both required: the OR operator is not obeyed.
      const pipe = await search('geaca | zara');
      expect(sorted(ids(pipe.items))).toEqual(sorted(ids((await search('geaca zara')).items)));
      // A word with an apostrophe that exists: Levi's.
      const levis = await search("levi's");
      expect(levis.total).toBeGreaterThan(0);
      expect(levis.total).toBe(truth.active.filter((r) => found(r, "levi's")).length);
      // And the table is still there.
      expect((await list('/api/products/filter')).meta.total).toBe(truth.active.length);
    });

    it('blank text is no search; odd characters never break it', async () => {
      const all = await list('/api/products/filter?search=%20%20%20');
      expect(all.meta.total).toBe(truth.active.length);
      const newest = await list('/api/products/filter');
      expect(ids(all.data)).toEqual(ids(newest.data));
      for (const query of ['%00', '%F0%9F%98%80', '%ED%A0%80', '%E2%80%8B', '%CC%81', 'a%00b', '%FF%FE']) {
        const res = await get(`/api/products/filter?search=${query}`);
        expect(res.statusCode, query).toBe(200);
        productListResponseSchema.parse(res.json());
      }
    });

    it('combines with filters and sorts', async () => {
      const { items } = await search('geaca', '&in_stock=1&sort=price_asc');
      expect(sorted(ids(items))).toEqual(sorted(ids(truth.active.filter((r) => found(r, 'geaca') && r.quantity > 0))));
      const prices = items.map(cardPrice);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it(`takes up to ${MAX_SEARCH_LENGTH} characters and many short words quickly`, async () => {
      const long = await get(`/api/products/filter?search=${'a'.repeat(MAX_SEARCH_LENGTH)}`);
      expect(long.statusCode).toBe(200);
      const started = performance.now();
      const many = await get(
        `/api/products/filter?search=${encodeURIComponent('a e i o u r s t n l c m p'.repeat(15).slice(0, MAX_SEARCH_LENGTH))}`,
      );
      expect(many.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
    });
  });

  describe('bad input answers 422 with per-field errors, never 500', () => {
    it('sort, page, per_page', async () => {
      await expect422('/api/products/filter?sort=cheapest', 'sort');
      await expect422("/api/products/filter?sort=price_asc'--", 'sort');
      for (const page of ['0', '-1', 'abc', '1.5', '1e9', '']) await expect422(`/api/products/filter?page=${page}`, 'page');
      for (const perPage of ['1000', '0', 'x', String(MAX_PER_PAGE + 1)])
        await expect422(`/api/products/filter?per_page=${perPage}`, 'per_page');
      await expect422('/api/products?page=0', 'page');
    });

    it('filters and prices', async () => {
      await expect422('/api/products/filter?quality=abc', 'quality');
      await expect422('/api/products/filter?season=1%20OR%201=1', 'season');
      await expect422('/api/products/filter?size=1,,2', 'size');
      await expect422('/api/products/filter?min_price=-1', 'min_price');
      await expect422('/api/products/filter?max_price=cheap', 'max_price');
      await expect422('/api/products/filter?min_price=50&max_price=10', 'min_price');
      await expect422('/api/products/filter?in_stock=yes', 'in_stock');
      await expect422('/api/products/filter?quality=1&quality=2', 'quality');
    });

    it('search text longer than the limit (even 10 kB) is refused', async () => {
      await expect422(`/api/products/filter?search=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`, 'search');
      const res = await get(`/api/products/filter?search=${'geaca%20'.repeat(1_300)}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(errorBody.parse(res.json()).message).not.toBe('');
    });
  });
});

describe('GET /api/products/:id', () => {
  it('answers everything the details page shows', async () => {
    const [image] = await t.db
      .select({ productId: productImages.productId })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.isActive, true), eq(productImages.position, 2)))
      .limit(1);
    const id = image!.productId;
    const { product } = (await ok(`/api/products/${id}`, productDetailsResponseSchema)).data;
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    const images = await t.db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(productImages.position);
    const colorRows = await t.db
      .select({ id: attributeOptions.id, name: attributeOptions.name })
      .from(productColors)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productColors.colorId))
      .where(eq(productColors.productId, id));
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, row!.shopId));
    const [category] = await t.db.select().from(categories).where(eq(categories.id, row!.categoryId));

    expect(product.id).toBe(id);
    expect(product.description).toBe(row!.description);
    expect(product.weight).toBe(row!.weight);
    // Each photo with its size, placeholder and variants (issue 15, ADR 043).
    expect(product.images).toEqual(
      images.map((i) => ({
        id: i.id,
        url: i.url,
        meta: expect.objectContaining({ width: 1600, height: 1200, variants: `/media/img/v1/${i.imageKey}` }),
      })),
    );
    expect(product.images.length).toBeGreaterThanOrEqual(3);
    expect(sorted(ids(product.colors))).toEqual(sorted(ids(colorRows)));
    expect(product.category).toEqual({ id: category!.id, name: category!.name, slug: category!.slug });
    expect(product.shop).toEqual({
      id: shop!.id,
      name: shop!.name,
      slug: shop!.slug,
      logo: shop!.logo,
      rating: shop!.rating,
      reviews_count: shop!.reviewsCount,
      city: shop!.city,
      logo_meta: expect.objectContaining({ width: 640, height: 640, variants: `/media/img/v1/${shop!.logoKey}` }),
    });
    if (row!.qualityId !== null) expect(product.quality?.id).toBe(row!.qualityId);
    if (row!.seasonId !== null) expect(product.season?.id).toBe(row!.seasonId);
    else expect(product.season).toBeNull();
    expectCardsMatchDatabase([product]);
  });

  it('names the running flash sale and sells at its price', async () => {
    const [running] = await t.db.select().from(flashSales).where(eq(flashSales.name, 'Vinerea Verde'));
    const saleProductId = [...truth.running.keys()].find((id) => truth.byId.get(id)?.isActive)!;
    const { product } = (await ok(`/api/products/${saleProductId}`, productDetailsResponseSchema)).data;
    expect(product.flash_sale).toEqual({
      id: running!.id,
      name: running!.name,
      starts_at: running!.startsAt.toISOString(),
      ends_at: running!.endsAt.toISOString(),
    });
    expect(product.discount_price).toBe(truth.running.get(saleProductId));
    // The sale's reduction is announced from its start, against the lowest price of the 30 days before it.
    expect(product.reduction_started_at).toBe(running!.startsAt.toISOString());
    expect(product.prior_price).toBe(truth.runningSale.get(saleProductId)!.prior);
    expect(product.discount_percentage).toBe(percentOff(product.prior_price, product.discount_price));

    // In an upcoming sale only: regular prices, no flash sale.
    const upcoming = (await ok(`/api/products/${fx.upcomingProduct}`, productDetailsResponseSchema)).data.product;
    expect(upcoming.flash_sale).toBeNull();
    expect(upcoming.discount_price).toBe(0);
  });

  it('answers a sold-out product normally, with its sizes and videos', async () => {
    const soldOut = truth.active.find((r) => r.quantity === 0)!;
    const { product } = (await ok(`/api/products/${soldOut.id}`, productDetailsResponseSchema)).data;
    expect(product.quantity).toBe(0);

    const [video] = await t.db.select().from(productVideos).limit(1);
    const withVideo = (await ok(`/api/products/${video!.productId}`, productDetailsResponseSchema)).data.product;
    expect(withVideo.videos).toContainEqual({ url: video!.url, thumbnail: video!.thumbnail });
  });

  it('404 for unknown or inactive products, 422 for ids that are not positive whole numbers', async () => {
    await expect404('/api/products/999999', 'Product not found.');
    await expect404(`/api/products/${fx.inactive}`, 'Product not found.');
    await expect404('/api/products/2147483647', 'Product not found.');
    for (const id of ['abc', '0', '-3', '1.5', '99999999999', "1'%20OR%20'1'='1"]) await expect422(`/api/products/${id}`, 'id');
  });
});

describe('GET /api/products/:id/similar', () => {
  it('up to 12 in-stock products of the same shop, same category first, never itself', async () => {
    // A product whose shop has in-stock products both in its category and in others.
    const candidates = truth.active.filter((r) => {
      const mates = truth.active.filter((o) => o.shopId === r.shopId && o.id !== r.id && o.quantity > 0);
      const same = mates.filter((o) => o.categoryId === r.categoryId).length;
      return same > 0 && same < 12 && mates.length > 12;
    });
    expect(candidates.length).toBeGreaterThan(0);
    for (const r of candidates.slice(0, 3)) {
      const { data } = (await ok(`/api/products/${r.id}/similar`, similarProductsResponseSchema)).data;
      const expected = truth.active
        .filter((o) => o.shopId === r.shopId && o.id !== r.id && o.quantity > 0)
        .sort(
          (a, b) =>
            Number(b.categoryId === r.categoryId) - Number(a.categoryId === r.categoryId) ||
            b.createdAt.getTime() - a.createdAt.getTime() ||
            b.id - a.id,
        )
        .slice(0, 12);
      expect(ids(data)).toEqual(ids(expected));
      expect(data).toHaveLength(12);
      expect(ids(data)).not.toContain(r.id);
      const same = data.map((p) => p.category_id === r.categoryId);
      expect(same[0]).toBe(true);
      expect(same).toContain(false);
      expect(same.slice(same.indexOf(false))).not.toContain(true);
      expectCardsMatchDatabase(data);
    }
  });

  it('works for a sold-out product; 404 unknown, 422 bad id', async () => {
    const soldOut = truth.active.find((r) => r.quantity === 0)!;
    const { data } = (await ok(`/api/products/${soldOut.id}/similar`, similarProductsResponseSchema)).data;
    for (const p of data) expect(p.quantity).toBeGreaterThan(0);
    await expect404('/api/products/999999/similar', 'Product not found.');
    await expect404(`/api/products/${fx.inactive}/similar`);
    await expect422('/api/products/abc/similar', 'id');
  });
});

describe('GET /api/categories/:key', () => {
  it('by id or by slug, with the count of active products', async () => {
    const [row] = await t.db.select().from(categories).where(eq(categories.slug, 'carti'));
    const bySlug = (await ok('/api/categories/carti', categoryResponseSchema)).data.category;
    const byId = (await ok(`/api/categories/${row!.id}`, categoryResponseSchema)).data.category;
    expect(bySlug).toEqual(byId);
    expect(bySlug).toEqual({
      id: row!.id,
      name: 'Cărți',
      slug: 'carti',
      thumbnail: row!.thumbnail,
      thumbnail_meta: expect.objectContaining({
        width: 640,
        height: 640,
        widths: [160, 320, 480, 640],
        variants: `/media/img/v1/${row!.thumbnailKey}`,
      }),
      products_count: truth.active.filter((r) => r.categoryId === row!.id).length,
    });
    expect(bySlug.products_count).toBeGreaterThan(0);
    const fixture = (await ok('/api/categories/colectia-vulpexo', categoryResponseSchema)).data.category;
    expect(fixture.products_count).toBe(1);
  });

  it('404 for unknown keys, whatever they look like', async () => {
    for (const key of [
      'nu-exista',
      '999999',
      '0',
      '99999999999',
      'DROP%20TABLE',
      '%27%20OR%201%3D1',
      '%00',
      '%25',
      'a'.repeat(100),
      encodeURIComponent('Cărți'),
    ]) {
      const res = await get(`/api/categories/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(errorBody.parse(res.json()).message).not.toBe('');
    }
    await expect404('/api/categories/nu-exista', 'Category not found.');
  });

  it('a long key is refused with a 4xx (Fastify answers 414 past 100 characters), the list still answers', async () => {
    for (const length of [101, 120, 121, 5_000]) {
      const res = await get(`/api/categories/${'a'.repeat(length)}`);
      expect([404, 414, 422], String(length)).toContain(res.statusCode);
      expect(errorBody.parse(res.json()).message).not.toBe('');
    }
    const list = await get('/api/categories');
    expect(list.statusCode).toBe(200);
    const { categories: all } = categoriesResponseSchema.parse(list.json()).data;
    expect(all.map((c) => c.slug)).toContain('colectia-vulpexo');
  });
});

describe('GET /api/shops', () => {
  it('lists every shop, best rated first, with its active product count', async () => {
    const rows = await t.db.select().from(shops);
    const { data, meta } = (await ok('/api/shops', shopListResponseSchema)).data;
    expect(meta).toEqual({ current_page: 1, last_page: 1, per_page: DEFAULT_PER_PAGE, total: rows.length });
    expect(sorted(ids(data))).toEqual(sorted(ids(rows)));
    for (const shop of data) expect(shop.products_count).toBe(truth.active.filter((r) => r.shopId === shop.id).length);
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1]!, data[i]!];
      expect(a.rating > b.rating || (a.rating === b.rating && a.reviews_count >= b.reviews_count)).toBe(true);
    }
  });

  it('pages with page and per_page', async () => {
    const all = (await ok('/api/shops', shopListResponseSchema)).data.data;
    const second = (await ok('/api/shops?page=2&per_page=2', shopListResponseSchema)).data;
    expect(ids(second.data)).toEqual(ids(all.slice(2, 4)));
    expect(second.meta).toEqual({ current_page: 2, last_page: Math.ceil(all.length / 2), per_page: 2, total: all.length });
    const past = (await ok('/api/shops?page=99', shopListResponseSchema)).data;
    expect(past.data).toEqual([]);
    await expect422('/api/shops?page=0', 'page');
    await expect422('/api/shops?per_page=1000', 'per_page');
  });
});

describe('GET /api/shops/:id', () => {
  it('answers the shop and the categories it has products in, with its own counts', async () => {
    const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'garderoba-bunicii'));
    const { shop, categories: shopCategories } = (await ok(`/api/shops/${row!.id}`, shopDetailsResponseSchema)).data;
    expect(shop).toMatchObject({
      id: row!.id,
      name: row!.name,
      phone: row!.phone,
      email: row!.email,
      joined_at: row!.createdAt.toISOString(),
    });
    expect(shop.products_count).toBe(truth.active.filter((r) => r.shopId === row!.id).length);
    const mine = truth.active.filter((r) => r.shopId === row!.id);
    const expectedIds = [...new Set(mine.map((r) => r.categoryId))];
    expect(sorted(ids(shopCategories))).toEqual(sorted(expectedIds));
    for (const c of shopCategories) expect(c.products_count).toBe(mine.filter((r) => r.categoryId === c.id).length);
    expect(shopCategories.reduce((sum, c) => sum + c.products_count, 0)).toBe(shop.products_count);
  });

  it('404 unknown, 422 bad id', async () => {
    await expect404('/api/shops/999999', 'Shop not found.');
    await expect422('/api/shops/abc', 'id');
  });
});

describe('GET /api/most-popular and /api/best-deal', () => {
  it('most popular: every active product, in-stock first, most sold first', async () => {
    const { items } = await allPages('/api/most-popular');
    expect(sorted(ids(items))).toEqual(sorted(ids(truth.active)));
    const firstOut = items.findIndex((p) => p.quantity === 0);
    expect(firstOut).toBeGreaterThan(0);
    expect(items.slice(firstOut).every((p) => p.quantity === 0)).toBe(true);
    for (const group of [items.slice(0, firstOut), items.slice(firstOut)]) {
      const sold = group.map((p) => p.total_sold);
      expect(sold).toEqual([...sold].sort((a, b) => b - a));
    }
    expectCardsMatchDatabase(items);
  });

  it('best deals: exactly the announced reductions (sales included), biggest reduction against the prior price first', async () => {
    const { items } = await allPages('/api/best-deal');
    expect(sorted(ids(items))).toEqual(sorted(ids(truth.active.filter((r) => reductionOf(r) !== null))));
    // Some discounted products are no announced reduction (discounted at listing, or not below the lowest of 30 days).
    expect(truth.active.some((r) => r.discountPrice > 0 && reductionOf(r) === null)).toBe(true);
    expect(items.every((p) => p.prior_price !== null && cardPrice(p) < p.prior_price)).toBe(true);
    const firstOut = items.findIndex((p) => p.quantity === 0);
    const groups = firstOut === -1 ? [items] : [items.slice(0, firstOut), items.slice(firstOut)];
    if (firstOut !== -1) expect(groups[1]!.every((p) => p.quantity === 0)).toBe(true);
    for (const group of groups) {
      const pct = group.map((p) => p.discount_percentage);
      expect(pct).toEqual([...pct].sort((a, b) => b - a));
    }
    expectCardsMatchDatabase(items);
  });

  it('validate page and per_page', async () => {
    await expect422('/api/most-popular?page=-1', 'page');
    await expect422('/api/best-deal?per_page=abc', 'per_page');
    const past = (await ok('/api/best-deal?page=1000', productListResponseSchema)).data;
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBeGreaterThan(0);
  });
});

describe('GET /api/flash-sales/:id', () => {
  const saleRows = async (id: number) => t.db.select().from(flashSaleProducts).where(eq(flashSaleProducts.flashSaleId, id));

  it('a running sale: its products at sale prices', async () => {
    const [sale] = await t.db.select().from(flashSales).where(eq(flashSales.name, 'Vinerea Verde'));
    const body = (await ok(`/api/flash-sales/${sale!.id}`, flashSaleResponseSchema)).data;
    expect(body.flash_sale).toEqual({
      id: sale!.id,
      name: sale!.name,
      description: sale!.description,
      thumbnail: sale!.thumbnail,
      starts_at: sale!.startsAt.toISOString(),
      ends_at: sale!.endsAt.toISOString(),
      status: 'running',
    });
    const rows = await saleRows(sale!.id);
    expect(body.meta.total).toBe(rows.length);
    expect(sorted(ids(body.data))).toEqual(sorted(rows.map((r) => r.productId)));
    for (const p of body.data) {
      const row = rows.find((r) => r.productId === p.id)!;
      expect(p.discount_price).toBe(row.salePrice);
      expect(p.prior_price).toBe(row.salePrice < row.priorPrice! ? row.priorPrice : null);
      expect(p.discount_percentage).toBe(percentOff(p.prior_price, row.salePrice));
      expect(p.price).toBe(truth.byId.get(p.id)!.price);
    }
    const paged = (await ok(`/api/flash-sales/${sale!.id}?page=2&per_page=5`, flashSaleResponseSchema)).data;
    expect(ids(paged.data)).toEqual(ids(body.data.slice(5, 10)));
    const past = (await ok(`/api/flash-sales/${sale!.id}?page=50`, flashSaleResponseSchema)).data;
    expect(past.data).toEqual([]);
    expect(past.meta.last_page).toBe(1);
  });

  it('ended and upcoming sales say so; their prices show only here', async () => {
    const [ended] = await t.db.select().from(flashSales).where(eq(flashSales.name, 'Lichidare de sezon'));
    const endedBody = (await ok(`/api/flash-sales/${ended!.id}`, flashSaleResponseSchema)).data;
    expect(endedBody.flash_sale.status).toBe('ended');
    const endedRows = await saleRows(ended!.id);
    for (const p of endedBody.data) expect(p.discount_price).toBe(endedRows.find((r) => r.productId === p.id)!.salePrice);

    const upcoming = (await ok(`/api/flash-sales/${fx.upcomingSale}`, flashSaleResponseSchema)).data;
    expect(upcoming.flash_sale.status).toBe('upcoming');
    expect(upcoming.flash_sale.description).toBeNull();
    expect(ids(upcoming.data)).toEqual([fx.upcomingProduct]);
    // Its prior price is the lowest of the 30 days before it starts: the listing's 50 lei.
    expect(upcoming.data[0]).toMatchObject({ price: 50, discount_price: fx.upcomingPrice, prior_price: 50, discount_percentage: 75 });
  });

  it('404 unknown, 422 bad id or page', async () => {
    await expect404('/api/flash-sales/999999', 'Flash sale not found.');
    await expect422('/api/flash-sales/abc', 'id');
    await expect422('/api/flash-sales/1?page=0', 'page');
  });
});

describe('GET /api/home', () => {
  it('answers every home section', async () => {
    const home = (await ok('/api/home', homeResponseSchema)).data;

    const [running] = await t.db.select().from(flashSales).where(eq(flashSales.name, 'Vinerea Verde'));
    expect(home.flash_sale).not.toBeNull();
    expect(home.flash_sale!.id).toBe(running!.id);
    expect(home.flash_sale!.status).toBe('running');
    expect(home.flash_sale!.products.length).toBeGreaterThan(0);
    expect(home.flash_sale!.products.length).toBeLessThanOrEqual(8);
    const saleRows = await t.db.select().from(flashSaleProducts).where(eq(flashSaleProducts.flashSaleId, running!.id));
    for (const p of home.flash_sale!.products) expect(p.discount_price).toBe(saleRows.find((r) => r.productId === p.id)!.salePrice);

    const inStock = truth.active.filter((r) => r.quantity > 0);
    expect(home.most_popular).toHaveLength(12);
    expect(home.best_deals).toHaveLength(12);
    expect(home.new_arrivals).toHaveLength(12);
    for (const section of [home.most_popular, home.best_deals, home.new_arrivals]) {
      expect(section.every((p) => p.quantity > 0)).toBe(true);
      expectCardsMatchDatabase(section);
    }
    const topSold = Math.max(...inStock.map((r) => r.totalSold));
    expect(home.most_popular[0]!.total_sold).toBe(topSold);
    const sold = home.most_popular.map((p) => p.total_sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));

    expect(home.best_deals.every((p) => p.prior_price !== null && cardPrice(p) < p.prior_price)).toBe(true);
    const pct = home.best_deals.map((p) => p.discount_percentage);
    expect(pct).toEqual([...pct].sort((a, b) => b - a));

    const newest = [...inStock].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, 12);
    expect(ids(home.new_arrivals)).toEqual(ids(newest));

    expect(home.popular_shops.length).toBeGreaterThan(0);
    expect(home.popular_shops.length).toBeLessThanOrEqual(8);
    const shopRows = await t.db
      .select()
      .from(shops)
      .where(inArray(shops.id, ids(home.popular_shops)));
    for (let i = 1; i < home.popular_shops.length; i++) {
      const [a, b] = [home.popular_shops[i - 1]!, home.popular_shops[i]!];
      expect(a.rating > b.rating || (a.rating === b.rating && a.reviews_count >= b.reviews_count)).toBe(true);
    }
    expect(shopRows).toHaveLength(home.popular_shops.length);
  });

  it('flash_sale is null when no sale is running', async () => {
    const [running] = await t.db.select().from(flashSales).where(eq(flashSales.name, 'Vinerea Verde'));
    const original = { startsAt: running!.startsAt, endsAt: running!.endsAt };
    await t.db
      .update(flashSales)
      .set({ startsAt: new Date(Date.now() + 3 * DAY), endsAt: new Date(Date.now() + 4 * DAY) })
      .where(eq(flashSales.id, running!.id));
    try {
      const home = (await ok('/api/home', homeResponseSchema)).data;
      expect(home.flash_sale).toBeNull();
      // Without a running sale, list prices fall back to the products' own discounts.
      const saleProduct = [...truth.running.keys()][0]!;
      const { product } = (await ok(`/api/products/${saleProduct}`, productDetailsResponseSchema)).data;
      expect(product.flash_sale).toBeNull();
      expect(product.discount_price).toBe(truth.byId.get(saleProduct)!.discountPrice);
    } finally {
      await t.db.update(flashSales).set(original).where(eq(flashSales.id, running!.id));
    }
  });
});
