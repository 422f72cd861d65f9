/**
 * The catalog (issue #3): product lists with filters, search and sorts, product details,
 * similar products, categories, shops, flash sales and the home sections.
 *
 * Prices: a product's price before any sale is the stored generated column effective_price
 * (discount_price when above 0, else price, spec §5). When the product is in a RUNNING flash
 * sale, the sale price is the discount_price it is shown and sold at; every list, filter and sort
 * uses that "current" price. Search: ADR 004. User input only ever reaches SQL as bound
 * parameters (drizzle's sql template and query builder).
 */
import { and, asc, count, desc, eq, exists, gt, gte, inArray, like, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  attributeOptions, categories, flashSaleProducts, flashSales, productColors, productImages, productSizes, products,
  productVideos, shops,
} from '../db/schema.ts';
import { likeContains, productSearchText, regexLiteral, searchTerms } from '../lib/search-text.ts';
import type { FlashSale, PaginationMeta, Product, ProductDetails, ProductListFilters, Shop, ShopDetails } from '../../src/contract/catalog.ts';
import type { Category } from '../../src/contract/content.ts';
import type { ProductSort } from '../../src/contract/catalog-constants.ts';

const now = sql`now()`;
const isRunning = and(lte(flashSales.startsAt, now), gt(flashSales.endsAt, now));

/** Sale price per product: the lowest price among running sales, or the prices of one given sale. */
function salePrices(db: Database, flashSaleId?: number) {
  return db.$with('current_sale').as(
    db
      .selectDistinctOn([flashSaleProducts.productId], { productId: flashSaleProducts.productId, salePrice: flashSaleProducts.salePrice })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .where(flashSaleId === undefined ? isRunning : eq(flashSaleProducts.flashSaleId, flashSaleId))
      .orderBy(asc(flashSaleProducts.productId), asc(flashSaleProducts.salePrice), asc(flashSales.endsAt)),
  );
}
type SaleCte = ReturnType<typeof salePrices>;

/** The price a product is sold at now (what price_asc/desc, min/max_price and best deals use). */
const currentPrice = (sale: SaleCte) =>
  sql<number>`(CASE WHEN ${sale.salePrice} > 0 THEN ${sale.salePrice} ELSE ${products.effectivePrice} END)`.mapWith(Number);

const inStock = gt(products.quantity, 0);
const stockFirst = sql`(${products.quantity} > 0) DESC`;
const newestFirst = [desc(products.createdAt), desc(products.id)];

// ----------------------------------------------------------------------------------------------
// Product cards

interface CardQuery {
  where?: (price: SQL<number>) => SQL | undefined;
  orderBy: (price: SQL<number>) => SQL[];
  limit: number;
  offset?: number;
  /** Prices (and membership) of this flash sale instead of the running sales. */
  flashSaleId?: number;
}

interface CardRow {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  thumbnail: string;
  price: number;
  discountPrice: number;
  salePrice: number | null;
  quantity: number;
  totalSold: number;
  shopId: number;
  shopName: string;
  categoryId: number;
}

function cardConditions(sale: SaleCte, query: Pick<CardQuery, 'where' | 'flashSaleId'>) {
  return and(
    eq(products.isActive, true),
    query.flashSaleId === undefined ? undefined : sql`${sale.productId} IS NOT NULL`,
    query.where?.(currentPrice(sale)),
  );
}

async function fetchCardRows(db: Database, query: CardQuery): Promise<CardRow[]> {
  const sale = salePrices(db, query.flashSaleId);
  return db
    .with(sale)
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      brand: products.brand,
      thumbnail: products.thumbnail,
      price: products.price,
      discountPrice: products.discountPrice,
      salePrice: sql<number | null>`${sale.salePrice}`.mapWith((v) => (v === null ? null : Number(v))),
      quantity: products.quantity,
      totalSold: products.totalSold,
      shopId: products.shopId,
      shopName: shops.name,
      categoryId: products.categoryId,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(sale, eq(sale.productId, products.id))
    .where(cardConditions(sale, query))
    .orderBy(...query.orderBy(currentPrice(sale)))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

async function countCards(db: Database, query: Pick<CardQuery, 'where' | 'flashSaleId'>): Promise<number> {
  const sale = salePrices(db, query.flashSaleId);
  const [row] = await db
    .with(sale)
    .select({ n: count() })
    .from(products)
    .leftJoin(sale, eq(sale.productId, products.id))
    .where(cardConditions(sale, query));
  return row?.n ?? 0;
}

/** Whole percent off the price; 0 when the current price is not below it. */
export function discountPercentage(price: number, current: number): number {
  return price > 0 && current < price ? Math.round(((price - current) / price) * 100) : 0;
}

/** Sizes and videos of many cards in one query each (no N+1), then the wire shape. */
async function toProducts(db: Database, lists: CardRow[][]): Promise<Product[][]> {
  const ids = [...new Set(lists.flat().map((row) => row.id))];
  const [sizeRows, videoRows] = ids.length
    ? await Promise.all([
        db
          .select({ productId: productSizes.productId, id: attributeOptions.id, name: attributeOptions.name, price: productSizes.price })
          .from(productSizes)
          .innerJoin(attributeOptions, eq(attributeOptions.id, productSizes.sizeId))
          .where(inArray(productSizes.productId, ids))
          .orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
        db
          .select({ productId: productVideos.productId, url: productVideos.url, thumbnail: productVideos.thumbnail })
          .from(productVideos)
          .where(inArray(productVideos.productId, ids))
          .orderBy(asc(productVideos.id)),
      ])
    : [[], []];
  const group = <T extends { productId: number }, U>(rows: T[], pick: (row: T) => U) => {
    const map = new Map<number, U[]>();
    for (const row of rows) {
      const list = map.get(row.productId) ?? [];
      list.push(pick(row));
      map.set(row.productId, list);
    }
    return map;
  };
  const sizes = group(sizeRows, ({ id, name, price }) => ({ id, name, price }));
  const videos = group(videoRows, ({ url, thumbnail }) => ({ url, thumbnail }));
  return lists.map((rows) => rows.map((row) => toProduct(row, sizes.get(row.id) ?? [], videos.get(row.id) ?? [])));
}

function toProduct(row: CardRow, sizes: Product['sizes'], videos: Product['videos']): Product {
  const discountPrice = row.salePrice !== null && row.salePrice > 0 ? row.salePrice : row.discountPrice;
  const current = discountPrice > 0 ? discountPrice : row.price;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    thumbnail: row.thumbnail,
    videos,
    price: row.price,
    discount_price: discountPrice,
    discount_percentage: discountPercentage(row.price, current),
    quantity: row.quantity,
    total_sold: row.totalSold,
    // Favourites come with a later issue (signed-in users); until then nothing is a favourite.
    // When they do, answers for a signed-in user must stop being publicly cacheable.
    is_favorite: false,
    sizes,
    shop_id: row.shopId,
    shop_name: row.shopName,
    category_id: row.categoryId,
  };
}

async function cards(db: Database, query: CardQuery): Promise<Product[]> {
  const [list] = await toProducts(db, [await fetchCardRows(db, query)]);
  return list!;
}

export interface Page {
  page: number;
  perPage: number;
}

export function pageMeta({ page, perPage }: Page, total: number): PaginationMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

async function pagedCards(db: Database, query: Omit<CardQuery, 'limit' | 'offset'>, page: Page) {
  const [total, data] = await Promise.all([
    countCards(db, query),
    cards(db, { ...query, limit: page.perPage, offset: (page.page - 1) * page.perPage }),
  ]);
  return { data, meta: pageMeta(page, total) };
}

// ----------------------------------------------------------------------------------------------
// GET /api/products, /api/products/filter

const namePart = sql`split_part(${products.searchText}, chr(10), 1)`;

/**
 * Relevance of one folded term (ADR 004): a whole word of the name 6, a word of the name
 * starting with it 5, inside the name 4; a word of brand, shop or category starting with it 2,
 * inside them 1. Terms reach SQL as parameters; the regex ones are escaped to literals.
 */
function termRank(term: string) {
  const word = `\\m${regexLiteral(term)}`;
  return sql`(CASE
    WHEN ${namePart} ~ ${`${word}\\M`} THEN 6
    WHEN ${namePart} ~ ${word} THEN 5
    WHEN strpos(${namePart}, ${term}) > 0 THEN 4
    WHEN ${products.searchText} ~ ${word} THEN 2
    ELSE 1 END)`;
}

export function productListConditions(filters: ProductListFilters, terms: string[]) {
  return (price: SQL<number>) =>
    and(
      ...terms.map((term) => like(products.searchText, likeContains(term))),
      filters.quality && inArray(products.qualityId, filters.quality),
      filters.season && inArray(products.seasonId, filters.season),
      filters.category && inArray(products.categoryId, filters.category),
      filters.shop && inArray(products.shopId, filters.shop),
      filters.size &&
        exists(
          sql`(SELECT 1 FROM ${productSizes} WHERE ${productSizes.productId} = ${products.id} AND ${inArray(productSizes.sizeId, filters.size)})`,
        ),
      filters.color &&
        exists(
          sql`(SELECT 1 FROM ${productColors} WHERE ${productColors.productId} = ${products.id} AND ${inArray(productColors.colorId, filters.color)})`,
        ),
      filters.min_price !== undefined ? gte(price, filters.min_price) : undefined,
      filters.max_price !== undefined ? lte(price, filters.max_price) : undefined,
      filters.in_stock === '1' ? inStock : undefined,
    );
}

function productListOrder(sort: ProductSort, terms: string[]) {
  return (price: SQL<number>): SQL[] => {
    switch (sort) {
      case 'price_asc':
        return [asc(price), ...newestFirst];
      case 'price_desc':
        return [desc(price), ...newestFirst];
      case 'most_sold':
        return [desc(products.totalSold), ...newestFirst];
      case 'relevance':
        if (terms.length) return [sql`${sql.join(terms.map(termRank), sql` + `)} DESC`, ...newestFirst];
        return newestFirst;
      case 'newest':
        return newestFirst;
    }
  };
}

/** The sort a list query uses: the one asked for, else relevance for a search, else newest. */
export function resolveSort(filters: Pick<ProductListFilters, 'sort' | 'search'>): ProductSort {
  if (filters.sort) return filters.sort;
  return searchTerms(filters.search).length ? 'relevance' : 'newest';
}

export function listProducts(db: Database, filters: ProductListFilters, page: Page) {
  const terms = searchTerms(filters.search);
  return pagedCards(db, { where: productListConditions(filters, terms), orderBy: productListOrder(resolveSort(filters), terms) }, page);
}

/** GET /api/most-popular: most sold first (in-stock ones before sold-out ones). */
export function listMostPopular(db: Database, page: Page) {
  return pagedCards(db, { orderBy: () => [stockFirst, desc(products.totalSold), ...newestFirst] }, page);
}

const discountRatio = (price: SQL<number>) => sql`COALESCE((${products.price} - ${price}) / NULLIF(${products.price}, 0), 0)`;

/** GET /api/best-deal: discounted products (sales included), biggest discount first, in-stock first. */
export function listBestDeals(db: Database, page: Page) {
  return pagedCards(
    db,
    { where: (price) => sql`${price} < ${products.price}`, orderBy: (price) => [stockFirst, desc(discountRatio(price)), ...newestFirst] },
    page,
  );
}

// ----------------------------------------------------------------------------------------------
// Product details and similar products

const seasonOption = alias(attributeOptions, 'season_option');
const qualityOption = alias(attributeOptions, 'quality_option');

export async function findActiveProductRef(db: Database, id: number) {
  const [row] = await db
    .select({ id: products.id, shopId: products.shopId, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  return row;
}

export async function getProductDetails(db: Database, id: number): Promise<ProductDetails | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      brand: products.brand,
      thumbnail: products.thumbnail,
      price: products.price,
      discountPrice: products.discountPrice,
      quantity: products.quantity,
      totalSold: products.totalSold,
      shopId: products.shopId,
      shopName: shops.name,
      categoryId: products.categoryId,
      description: products.description,
      weight: products.weight,
      category: { id: categories.id, name: categories.name, slug: categories.slug },
      shop: {
        id: shops.id,
        name: shops.name,
        slug: shops.slug,
        logo: shops.logo,
        rating: shops.rating,
        reviews_count: shops.reviewsCount,
        city: shops.city,
      },
      seasonId: seasonOption.id,
      seasonName: seasonOption.name,
      qualityId: qualityOption.id,
      qualityName: qualityOption.name,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(seasonOption, eq(seasonOption.id, products.seasonId))
    .leftJoin(qualityOption, eq(qualityOption.id, products.qualityId))
    .where(and(eq(products.id, id), eq(products.isActive, true)));
  if (!row) return undefined;

  const [[sale], images, colors] = await Promise.all([
    db
      .select({ id: flashSales.id, name: flashSales.name, endsAt: flashSales.endsAt, salePrice: flashSaleProducts.salePrice })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .where(and(eq(flashSaleProducts.productId, id), isRunning))
      .orderBy(asc(flashSaleProducts.salePrice), asc(flashSales.endsAt))
      .limit(1),
    db
      .select({ id: productImages.id, url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ id: attributeOptions.id, name: attributeOptions.name })
      .from(productColors)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productColors.colorId))
      .where(eq(productColors.productId, id))
      .orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
  ]);
  const card: CardRow = { ...row, salePrice: sale?.salePrice ?? null };
  const [[product]] = await toProducts(db, [[card]]);
  return {
    ...product!,
    description: row.description,
    images,
    colors,
    season: row.seasonId !== null && row.seasonName !== null ? { id: row.seasonId, name: row.seasonName } : null,
    quality: row.qualityId !== null && row.qualityName !== null ? { id: row.qualityId, name: row.qualityName } : null,
    weight: row.weight,
    category: row.category,
    shop: row.shop,
    flash_sale: sale && sale.salePrice > 0 ? { id: sale.id, name: sale.name, ends_at: sale.endsAt.toISOString() } : null,
  };
}

export const SIMILAR_LIMIT = 12;

/** In-stock products of the same shop, same category first, newest next; never the product itself. */
export function listSimilarProducts(db: Database, product: { id: number; shopId: number; categoryId: number }) {
  return cards(db, {
    where: () => and(eq(products.shopId, product.shopId), ne(products.id, product.id), inStock),
    orderBy: () => [sql`(${products.categoryId} = ${product.categoryId}) DESC`, ...newestFirst],
    limit: SIMILAR_LIMIT,
  });
}

// ----------------------------------------------------------------------------------------------
// Categories

const activeProductCount = count(products.id);

export async function findCategory(db: Database, key: { id: number } | { slug: string }): Promise<Category | undefined> {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      thumbnail: categories.thumbnail,
      products_count: activeProductCount,
    })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.isActive, true)))
    .where('id' in key ? eq(categories.id, key.id) : eq(categories.slug, key.slug))
    .groupBy(categories.id);
  return row;
}

// ----------------------------------------------------------------------------------------------
// Shops

const shopFields = {
  id: shops.id,
  name: shops.name,
  slug: shops.slug,
  logo: shops.logo,
  banner: shops.banner,
  rating: shops.rating,
  reviews_count: shops.reviewsCount,
  description: shops.description,
  city: shops.city,
  products_count: activeProductCount,
};

function selectShops(db: Database) {
  return db
    .select(shopFields)
    .from(shops)
    .leftJoin(products, and(eq(products.shopId, shops.id), eq(products.isActive, true)))
    .groupBy(shops.id);
}

const popularShopsOrder = [desc(shops.rating), desc(shops.reviewsCount), asc(shops.id)];

export async function listShops(db: Database, page: Page): Promise<{ data: Shop[]; meta: PaginationMeta }> {
  const [[total], data] = await Promise.all([
    db.select({ n: count() }).from(shops),
    selectShops(db)
      .orderBy(...popularShopsOrder)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
  ]);
  return { data, meta: pageMeta(page, total?.n ?? 0) };
}

export async function getShopDetails(db: Database, id: number): Promise<ShopDetails | undefined> {
  const [[shop], shopCategories] = await Promise.all([
    db
      .select({ ...shopFields, phone: shops.phone, email: shops.email, createdAt: shops.createdAt })
      .from(shops)
      .leftJoin(products, and(eq(products.shopId, shops.id), eq(products.isActive, true)))
      .where(eq(shops.id, id))
      .groupBy(shops.id),
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, thumbnail: categories.thumbnail, products_count: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.shopId, id), eq(products.isActive, true)))
      .groupBy(categories.id)
      .orderBy(asc(categories.position), asc(categories.id)),
  ]);
  if (!shop) return undefined;
  const { createdAt, ...rest } = shop;
  return { shop: { ...rest, joined_at: createdAt.toISOString() }, categories: shopCategories };
}

// ----------------------------------------------------------------------------------------------
// Flash sales and home

const flashSaleFields = {
  id: flashSales.id,
  name: flashSales.name,
  description: flashSales.description,
  thumbnail: flashSales.thumbnail,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
  status: sql<FlashSale['status']>`(CASE WHEN ${flashSales.startsAt} > now() THEN 'upcoming' WHEN ${flashSales.endsAt} > now() THEN 'running' ELSE 'ended' END)`,
};

function toFlashSale(row: { id: number; name: string; description: string | null; thumbnail: string; startsAt: Date; endsAt: Date; status: FlashSale['status'] }): FlashSale {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
  };
}

/** The sale's active products at the sale's prices, in-stock first, biggest discount next. */
const flashSaleProductsOrder = (price: SQL<number>) => [stockFirst, desc(discountRatio(price)), asc(products.id)];

export async function getFlashSale(db: Database, id: number, page: Page) {
  const [sale] = await db.select(flashSaleFields).from(flashSales).where(eq(flashSales.id, id));
  if (!sale) return undefined;
  const { data, meta } = await pagedCards(db, { flashSaleId: id, orderBy: flashSaleProductsOrder }, page);
  return { flash_sale: toFlashSale(sale), data, meta };
}

export const HOME_LIMITS = { flashSale: 8, products: 12, shops: 8 } as const;

export async function getHomeSections(db: Database) {
  const [[sale], mostPopular, bestDeals, newArrivals, popularShops] = await Promise.all([
    db.select(flashSaleFields).from(flashSales).where(isRunning).orderBy(asc(flashSales.endsAt), asc(flashSales.id)).limit(1),
    fetchCardRows(db, { where: () => inStock, orderBy: () => [desc(products.totalSold), ...newestFirst], limit: HOME_LIMITS.products }),
    fetchCardRows(db, {
      where: (price) => and(inStock, sql`${price} < ${products.price}`),
      orderBy: (price) => [desc(discountRatio(price)), ...newestFirst],
      limit: HOME_LIMITS.products,
    }),
    fetchCardRows(db, { where: () => inStock, orderBy: () => newestFirst, limit: HOME_LIMITS.products }),
    selectShops(db).orderBy(...popularShopsOrder).limit(HOME_LIMITS.shops),
  ]);
  const saleRows = sale ? await fetchCardRows(db, { flashSaleId: sale.id, orderBy: flashSaleProductsOrder, limit: HOME_LIMITS.flashSale }) : [];
  const [saleProducts, most, deals, arrivals] = await toProducts(db, [saleRows, mostPopular, bestDeals, newArrivals]);
  return {
    flash_sale: sale ? { ...toFlashSale(sale), products: saleProducts! } : null,
    most_popular: most!,
    best_deals: deals!,
    new_arrivals: arrivals!,
    popular_shops: popularShops,
  };
}

// ----------------------------------------------------------------------------------------------
// search_text maintenance (ADR 004)

/**
 * Recomputes products.search_text from name, brand, shop name and category name. Call it after
 * inserting products or renaming a product, shop or category; with no filter it rewrites every
 * product, with `onlyEmpty` only those never filled (databases migrated from before 0001).
 */
export async function refreshProductSearchText(
  db: Database,
  filter: { productIds?: number[]; shopId?: number; categoryId?: number; onlyEmpty?: boolean } = {},
): Promise<number> {
  if (filter.productIds && filter.productIds.length === 0) return 0;
  const rows = await db
    .select({ id: products.id, name: products.name, brand: products.brand, shopName: shops.name, categoryName: categories.name })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        filter.productIds && inArray(products.id, filter.productIds),
        filter.shopId !== undefined ? eq(products.shopId, filter.shopId) : undefined,
        filter.categoryId !== undefined ? eq(products.categoryId, filter.categoryId) : undefined,
        filter.onlyEmpty ? eq(products.searchText, '') : undefined,
      ),
    );
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((row) => sql`(${row.id}::integer, ${productSearchText(row)}::text)`);
    await db.execute(
      sql`UPDATE ${products} SET search_text = v.search_text FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, search_text) WHERE ${products.id} = v.id`,
    );
  }
  return rows.length;
}
