/**
 * The catalog (issue #3): product lists with filters, search and sorts, product details,
 * similar products, categories, shops, flash sales and the home sections.
 *
 * Prices: a product's price before any sale is the stored generated column effective_price
 * (discount_price when above 0, else price, spec §5). When the product is in a RUNNING flash
 * sale, the sale price is the discount_price it is shown and sold at; every list, filter and sort
 * uses that "current" price. Search: ADR 004 (full-text since issue #13). User input only ever reaches SQL as bound
 * parameters (drizzle's sql template and query builder).
 */
import { and, asc, count, desc, eq, exists, gt, gte, inArray, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  attributeOptions, categories, flashSaleProducts, flashSales, productColors, productImages, productSizes, products,
  productVideos, shops,
} from '../db/schema.ts';
import { normalizeSearchText, productSearchText } from '../lib/search-text.ts';
import { allGroupsQuery, anyGroupQuery, planSearch, type SearchPlan } from '../lib/search-query.ts';
import { correctQuery, getSearchLexicon, invalidateSearchLexicon } from './catalog/search-lexicon.ts';
import type { FlashSale, PaginationMeta, Product, ProductDetails, ProductListFilters, Shop, ShopDetails } from '../../contract/catalog.ts';
import type { Category } from '../../contract/content.ts';
import type { ProductSort } from '../../contract/catalog-constants.ts';
import type { ImageMeta } from '../../contract/images.ts';
import { imageMeta } from './image-meta.ts';
import type { CatalogListIndex } from '../catalog-index/sync.ts';

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

// ----------------------------------------------------------------------------------------------
// Product cards
//
// Performance at catalog size (docs/performance.md): every card list is one page query and, for
// paged lists, one count, shaped so that PostgreSQL can answer them from the covering partial
// indexes products_list_*_idx (index-only scans, no wide heap rows) and stop early in index order:
// - The page is chosen on narrow rows (id and sort keys) and only its rows are then joined to
//   products and shops (a "deferred join").
// - The current price is not one column: a running sale overrides effective_price for a few
//   products. When a condition or the order uses it, the query is split into two branches whose
//   price IS a plain column — products without an overriding sale (effective_price, served by
//   products_list_price_idx) and the few with one (their sale price) — each ordered and limited
//   on its own, then merged (UNION ALL, ORDER BY, LIMIT/OFFSET). The result is the same as
//   ordering every product by the CASE expression, without sorting the whole catalog.

/** One key of a card order: an expression and its direction (ASC NULLS LAST or DESC NULLS FIRST). */
interface SortKey {
  by: SQL | AnyPgColumn;
  desc: boolean;
}
const up = (by: SortKey['by']): SortKey => ({ by, desc: false });
const down = (by: SortKey['by']): SortKey => ({ by, desc: true });

const stockFirst = down(sql`(${products.quantity} > 0)`);
const newestFirst = [down(products.createdAt), down(products.id)];

interface CardQuery {
  /** Conditions that do not depend on the current price. */
  where?: SQL;
  /** Conditions on the current price (running sale price, else effective_price). */
  priceWhere?: (price: SQL<number>) => SQL | undefined;
  /** The order, ending with a unique key; a function of the current price when it uses it. */
  orderBy: SortKey[] | ((price: SQL<number>) => SortKey[]);
  limit: number;
  offset?: number;
  /** Prices (and membership) of this flash sale instead of the running sales. */
  flashSaleId?: number;
  /**
   * Plan the page for every match (then sort) instead of walking an index in sort order until
   * the page is full. Set for conditions that cost a probe or a heap visit per row checked —
   * search terms, sizes, colours — and that correlate with categories, shops and prices: an
   * ordered walk would read the whole catalog when the matches sit at the far end of the order
   * or do not exist ("telefon" by price_asc, a shoe size in a clothes shop). Measured at 100 000
   * products, planning for every match is cheaper on average and has no such worst case.
   */
  scanAll?: boolean;
}

type CountQuery = Pick<CardQuery, 'where' | 'priceWhere' | 'flashSaleId'>;

interface Branch {
  /** The current price of this branch's rows, as a plain column where possible. */
  price: SQL<number>;
  /** Joined to the sale prices: only products whose price a running sale overrides, or one sale's products. */
  sale?: 'override' | 'member';
  where: SQL | undefined;
}

/** The branches a card query runs over (see above); `split` when its conditions or order use the current price. */
function branchesOf(db: Database, sale: SaleCte, query: CountQuery, split: boolean): Branch[] {
  const active = eq(products.isActive, true);
  if (query.flashSaleId !== undefined) {
    const price = currentPrice(sale);
    return [{ price, sale: 'member', where: and(active, query.where, query.priceWhere?.(price)) }];
  }
  const effective = sql<number>`${products.effectivePrice}`.mapWith(Number);
  if (!split) return [{ price: effective, where: and(active, query.where) }];
  const salePrice = sql<number>`${sale.salePrice}`.mapWith(Number);
  const overridden = db.select({ productId: sale.productId }).from(sale).where(gt(sale.salePrice, 0));
  return [
    { price: effective, where: and(active, notInArray(products.id, overridden), query.where, query.priceWhere?.(effective)) },
    { price: salePrice, sale: 'override', where: and(active, query.where, query.priceWhere?.(salePrice)) },
  ];
}

function selectBranch(db: Database, sale: SaleCte, branch: Branch, fields: Record<string, SQL.Aliased | AnyPgColumn>) {
  let query = db.select(fields).from(products).$dynamic();
  if (branch.sale === 'override') query = query.innerJoin(sale, and(eq(sale.productId, products.id), gt(sale.salePrice, 0)));
  if (branch.sale === 'member') query = query.innerJoin(sale, eq(sale.productId, products.id));
  return query.where(branch.where);
}

const keysOf = (query: CardQuery, price: SQL<number>) => (typeof query.orderBy === 'function' ? query.orderBy(price) : query.orderBy);
const keyName = (i: number) => `k${i}`;
const orderByNames = (keys: SortKey[], table?: string) =>
  sql.raw(keys.map((key, i) => `${table ? `"${table}".` : ''}"${keyName(i)}" ${key.desc ? 'desc' : 'asc'}`).join(', '));

/**
 * Ids and sort keys (k0, k1, ...) of the requested page, in order. With `counted`, every row also
 * carries "total", the number of matches: a page planned for every match (scanAll) over a single
 * branch has them all in hand, so the separate count query is saved.
 */
function pageQuery(db: Database, sale: SaleCte, query: CardQuery): { page: SQL; keys: SortKey[]; counted: boolean } {
  const branches = branchesOf(db, sale, query, query.priceWhere !== undefined || typeof query.orderBy === 'function');
  const keys = keysOf(query, branches[0]!.price);
  const counted = query.scanAll === true && branches.length === 1;
  const order = orderByNames(keys);
  const offset = query.offset ?? 0;
  const take = offset + query.limit;
  const parts = branches.map((branch) => {
    const fields: Record<string, SQL.Aliased | AnyPgColumn> = { id: products.id };
    keysOf(query, branch.price).forEach((key, i) => (fields[keyName(i)] = sql`${key.by}`.as(keyName(i))));
    const select = selectBranch(db, sale, branch, fields);
    if (!query.scanAll) return sql`${select.orderBy(order).limit(take)}`;
    // OFFSET 0 is an optimisation fence: the matches are planned without the LIMIT in view.
    const total = counted ? sql`, count(*) OVER () AS "total"` : sql``;
    return sql`(SELECT *${total} FROM (${select} OFFSET 0) AS "matches" ORDER BY ${order} LIMIT ${take})`;
  });
  const page = sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS "branches" ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}`;
  return { page, keys, counted };
}

interface CardRow {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  thumbnail: string;
  thumbnailMeta: ImageMeta | null;
  price: number;
  discountPrice: number;
  salePrice: number | null;
  quantity: number;
  totalSold: number;
  shopId: number;
  shopName: string;
  categoryId: number;
  /** Read with the row (one round trip) by fetchCardPage; toProducts() fetches them when absent. */
  sizes?: Product['sizes'];
  videos?: Product['videos'];
}

/** JSON array read by node-postgres and PGlite alike (both parse json columns; a string is parsed here). */
const jsonList = <T>(value: unknown): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []));

/** The columns of a product card; `salePrice` is the running sale's price of the row (or NULL). */
/** The product columns a card and the product page both read (with `shops` joined). */
const productColumns = () => ({
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  thumbnail: products.thumbnail,
  thumbnailMeta: imageMeta(products.thumbnailKey),
  price: products.price,
  discountPrice: products.discountPrice,
  quantity: products.quantity,
  totalSold: products.totalSold,
  shopId: products.shopId,
  shopName: shops.name,
  categoryId: products.categoryId,
});

function cardFields(salePrice: SQL | AnyPgColumn) {
  return {
    ...productColumns(),
    salePrice: sql<number | null>`${salePrice}`.mapWith((v) => (v === null ? null : Number(v))),
    // The card's sizes and videos in the same statement (a correlated subquery per page row).
    sizes: sql`(SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', ps.price) ORDER BY o.position, o.id), '[]'::json)
      FROM ${productSizes} ps JOIN ${attributeOptions} o ON o.id = ps.size_id WHERE ps.product_id = ${products.id})`.mapWith((v) =>
      jsonList<{ id: number; name: string; price: number | string }>(v).map((size) => ({ ...size, price: Number(size.price) })),
    ),
    videos: sql`(SELECT coalesce(json_agg(json_build_object('url', v.url, 'thumbnail', v.thumbnail) ORDER BY v.id), '[]'::json)
      FROM ${productVideos} v WHERE v.product_id = ${products.id})`.mapWith((v) => jsonList<{ url: string; thumbnail: string }>(v)),
  };
}

async function fetchCardRows(db: Database, query: CardQuery): Promise<CardRow[]> {
  return (await fetchCardPage(db, query)).rows;
}

/** The page's rows and, when the page query could count the matches, their number (else undefined). */
async function fetchCardPage(db: Database, query: CardQuery): Promise<{ rows: CardRow[]; total?: number }> {
  const sale = salePrices(db, query.flashSaleId);
  const { page, keys, counted } = pageQuery(db, sale, query);
  const rows = await db
    .with(sale)
    .select({
      ...cardFields(sale.salePrice),
      total: (counted ? sql`"card_page"."total"` : sql`NULL`).mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(sql`(${page}) AS "card_page"`)
    .innerJoin(products, sql`${products.id} = "card_page"."id"`)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(sale, eq(sale.productId, products.id))
    .orderBy(orderByNames(keys, 'card_page'));
  // An empty page only tells the total when it is the first one (no matches at all).
  const total = !counted ? undefined : rows[0] ? (rows[0].total ?? undefined) : query.offset ? undefined : 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** The number of matches; with `cap`, counting stops after cap + 1 (enough to say "more than cap"). */
async function countCards(db: Database, query: CountQuery, cap?: number): Promise<number> {
  const sale = salePrices(db, query.flashSaleId);
  const branches = branchesOf(db, sale, query, query.priceWhere !== undefined);
  const parts = branches.map((branch) => selectBranch(db, sale, branch, { id: products.id }));
  const limit = cap === undefined ? sql`` : sql` LIMIT ${cap + 1}`;
  const [row] = await db
    .with(sale)
    .select({ n: count() })
    .from(sql`(SELECT 1 FROM (${sql.join(parts, sql` UNION ALL `)}) AS "all_matches"${limit}) AS "matches"`);
  return row?.n ?? 0;
}

/** Whole percent off the price; 0 when the current price is not below it. */
export function discountPercentage(price: number, current: number): number {
  return price > 0 && current < price ? Math.round(((price - current) / price) * 100) : 0;
}

/** Sizes and videos of many cards in one query each (no N+1), then the wire shape. */
async function toProducts(db: Database, lists: CardRow[][]): Promise<Product[][]> {
  const ids = [...new Set(lists.flat().filter((row) => !row.sizes || !row.videos).map((row) => row.id))];
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
  return lists.map((rows) => rows.map((row) => toProduct(row, row.sizes ?? sizes.get(row.id) ?? [], row.videos ?? videos.get(row.id) ?? [])));
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
    thumbnail_meta: row.thumbnailMeta,
    videos,
    price: row.price,
    discount_price: discountPrice,
    discount_percentage: discountPercentage(row.price, current),
    quantity: row.quantity,
    total_sold: row.totalSold,
    // The signed-in shopper's favourites are marked by the route (routes/catalog.ts, one lookup
    // per answer); those answers are then private, never publicly cacheable.
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

/** The running sale's price of the row's product, by the SQL's rule (lowest, then earliest end); NULL when none. */
const runningSalePrice = sql`(SELECT fsp.sale_price FROM ${flashSaleProducts} fsp JOIN ${flashSales} fs ON fs.id = fsp.flash_sale_id
  WHERE fsp.product_id = ${products.id} AND fs.starts_at <= now() AND fs.ends_at > now() ORDER BY fsp.sale_price, fs.ends_at LIMIT 1)`;

/**
 * Cards by id as one named prepared statement (issue #13): the lists chosen by the catalog index
 * read their page this way on every request, and a generated statement cost the database more to
 * parse and plan (~2 ms) than to run. Prepared once per database handle; node-postgres prepares it
 * on each pooled connection at first use.
 */
function prepareCardsById(db: Database) {
  return db
    .select(cardFields(runningSalePrice))
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.isActive, true), sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`))
    .prepare('catalog_cards_by_id');
}
const cardsById = new WeakMap<Database, ReturnType<typeof prepareCardsById>>();

/**
 * Cards of the given ACTIVE products in the order of `ids` (favourites, issue #6; the catalog
 * index's pages, issue #13). Same shape and prices as every other list; inactive or unknown ids
 * are left out.
 */
export async function listProductCardsByIds(db: Database, ids: readonly number[]): Promise<Product[]> {
  if (!ids.length) return [];
  let statement = cardsById.get(db);
  if (!statement) cardsById.set(db, (statement = prepareCardsById(db)));
  const rows = await statement.execute({ ids: [...ids] });
  const byId = new Map(rows.map((row) => [row.id, toProduct(row, row.sizes, row.videos)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface Page {
  page: number;
  perPage: number;
}

export function pageMeta({ page, perPage }: Page, total: number): PaginationMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/**
 * Product lists and searches count their matches only up to this many (issue #13): beyond it the
 * answer says "more than 1 000" (meta.total_capped) — counting every match of a broad filter was
 * most of the database's work. Pages past the cap are still served.
 */
export const TOTAL_CAP = 1000;

async function pagedCards(db: Database, query: Omit<CardQuery, 'limit' | 'offset'>, page: Page, cap?: number) {
  const slice = { ...query, limit: page.perPage, offset: (page.page - 1) * page.perPage };
  if (query.scanAll) {
    // The page query counts the matches itself when it can (see pageQuery); count only otherwise.
    const { rows, total } = await fetchCardPage(db, slice);
    const [[data], count] = await Promise.all([toProducts(db, [rows]), total ?? countCards(db, query, cap)]);
    return { data: data!, meta: cappedMeta(page, count, cap) };
  }
  const [total, data] = await Promise.all([countCards(db, query, cap), cards(db, slice)]);
  return { data, meta: cappedMeta(page, total, cap) };
}

/** Pagination of a count taken up to `cap` (none: exact; total_capped then always false). */
function cappedMeta(page: Page, total: number, cap: number | undefined): PaginationMeta & { total_capped: boolean } {
  if (cap === undefined) return { ...pageMeta(page, total), total_capped: false };
  return { ...pageMeta(page, Math.min(total, cap)), total_capped: total > cap };
}

// ----------------------------------------------------------------------------------------------
// GET /api/products, /api/products/filter

/**
 * A search as SQL (issue #13, ADR 004): `match` selects the products having every group of the
 * plan (search-query.ts) anywhere in their search_vector — name, brand, category, shop or
 * description — through the GIN index products_search_vector_idx; `rank` orders them:
 * +4 when a searched word is the product's brand (a brand search puts the brand's own items
 * first), then +2 when every group is in the name, else +1 when every group is in the name, brand
 * or category (description and shop matches last). The texts reach SQL as bound parameters only.
 */
export function searchSql(plan: SearchPlan): { match: SQL; rank: SQL } | undefined {
  const all = allGroupsQuery(plan);
  if (!all) return undefined;
  const vector = products.searchVector;
  const q = (text: string) => sql`to_tsquery('romanian', ${text})`;
  return {
    match: sql`${vector} @@ ${q(all)}`,
    rank: sql`((CASE WHEN ${vector} @@ ${q(anyGroupQuery(plan, 'B'))} THEN 4 ELSE 0 END)
      + (CASE WHEN ${vector} @@ ${q(allGroupsQuery(plan, 'A'))} THEN 2 WHEN ${vector} @@ ${q(allGroupsQuery(plan, 'ABC'))} THEN 1 ELSE 0 END))`,
  };
}

/** Every condition of a product list (filters and search) except the current price's. */
export function productListConditions(filters: Omit<ProductListFilters, 'page'>, search: SQL | undefined): CountQuery {
  const { min_price: min, max_price: max } = filters;
  return {
    where: and(
      search,
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
      filters.in_stock === '1' ? inStock : undefined,
    ),
    priceWhere:
      min !== undefined || max !== undefined
        ? (price) => and(min !== undefined ? gte(price, min) : undefined, max !== undefined ? lte(price, max) : undefined)
        : undefined,
  };
}

function productListOrder(sort: ProductSort, rank: SQL | undefined): CardQuery['orderBy'] {
  switch (sort) {
    case 'price_asc':
      return (price) => [up(price), ...newestFirst];
    case 'price_desc':
      return (price) => [down(price), ...newestFirst];
    case 'most_sold':
      return [down(products.totalSold), ...newestFirst];
    case 'relevance':
      // Best rank first; among equals, what can be bought before what is sold out, then newest.
      if (rank) return [down(rank), stockFirst, ...newestFirst];
      return newestFirst;
    case 'newest':
      return newestFirst;
  }
}

/** The sort a list query uses: the one asked for, else relevance for a search, else newest. */
export function resolveSort(filters: Pick<ProductListFilters, 'sort' | 'search'>): ProductSort {
  if (filters.sort) return filters.sort;
  return normalizeSearchText(filters.search) ? 'relevance' : 'newest';
}

/**
 * The search plan of a list request (the process's synonyms applied); undefined when the text is
 * blank (no search: the whole list). Text with nothing searchable in it ("%", "--") is a search
 * that finds nothing.
 */
export async function searchPlanOf(db: Database, search: string | undefined): Promise<SearchPlan | undefined> {
  if (!normalizeSearchText(search)) return undefined;
  const lexicon = await getSearchLexicon(db);
  return planSearch(search, lexicon.synonyms);
}

async function listProductsFor(db: Database, filters: ProductListFilters, plan: SearchPlan | undefined, page: Page, index?: CatalogListIndex) {
  const search = plan ? searchSql(plan) : undefined;
  // Words that fold to nothing searchable (only punctuation or stop words) find nothing.
  if (plan && !search) return { data: [], meta: cappedMeta(page, 0, TOTAL_CAP) };
  // The in-process index (ADR 025) chooses the page and counts; the cards are read by id.
  const chosen = await index?.select(filters, plan, resolveSort(filters), { offset: (page.page - 1) * page.perPage, limit: page.perPage }, TOTAL_CAP);
  if (chosen) return { data: await index!.cards(chosen.ids), meta: cappedMeta(page, chosen.total, TOTAL_CAP) };
  return pagedCards(
    db,
    {
      ...productListConditions(filters, search?.match),
      orderBy: productListOrder(resolveSort(filters), search?.rank),
      scanAll: search !== undefined || filters.size !== undefined || filters.color !== undefined,
    },
    page,
    TOTAL_CAP,
  );
}

/**
 * GET /api/products and /api/products/filter. A search that finds nothing is retried once with
 * its unknown words replaced by the closest catalog words (one or two typos, or a word cut
 * short); when that finds something, the answer holds those products and `did_you_mean` the
 * corrected text ("gaeca" → products for "geacă", did_you_mean "geacă").
 */
export async function listProducts(db: Database, filters: ProductListFilters, page: Page, index?: CatalogListIndex) {
  const plan = await searchPlanOf(db, filters.search);
  const result = await listProductsFor(db, filters, plan, page, index);
  if (!plan || result.meta.total > 0 || page.page > 1) return { ...result, did_you_mean: null };
  const lexicon = await getSearchLexicon(db);
  const corrected = correctQuery(lexicon, filters.search!);
  if (!corrected) return { ...result, did_you_mean: null };
  const retry = await listProductsFor(db, filters, planSearch(corrected, lexicon.synonyms), page, index);
  return retry.meta.total > 0 ? { ...retry, did_you_mean: corrected } : { ...result, did_you_mean: null };
}

// ----------------------------------------------------------------------------------------------
// GET /api/products/facets

export const FACET_GROUPS = ['categories', 'sizes', 'colors', 'seasons', 'qualities', 'shops'] as const;
type FacetGroup = (typeof FACET_GROUPS)[number];
/** The list filter each facet group counts (and leaves out of its own counts). */
const FACET_FILTER: Record<FacetGroup, 'category' | 'size' | 'color' | 'season' | 'quality' | 'shop'> = {
  categories: 'category',
  sizes: 'size',
  colors: 'color',
  seasons: 'season',
  qualities: 'quality',
  shops: 'shop',
};

/** Matching products' ids per option of one group: [option id, products]. */
async function facetCounts(db: Database, query: CountQuery, group: FacetGroup): Promise<{ id: number; n: number }[]> {
  const sale = salePrices(db);
  const branches = branchesOf(db, sale, query, query.priceWhere !== undefined);
  const parts = branches.map((branch) =>
    selectBranch(db, sale, branch, {
      id: products.id,
      category_id: sql`${products.categoryId}`.as('category_id'),
      shop_id: sql`${products.shopId}`.as('shop_id'),
      season_id: sql`${products.seasonId}`.as('season_id'),
      quality_id: sql`${products.qualityId}`.as('quality_id'),
    }),
  );
  const matches = sql`(${sql.join(parts, sql` UNION ALL `)}) AS "matches"`;
  const base = db.with(sale);
  if (group === 'sizes' || group === 'colors') {
    const link = group === 'sizes' ? { table: productSizes, option: productSizes.sizeId, product: productSizes.productId } : { table: productColors, option: productColors.colorId, product: productColors.productId };
    return base
      .select({ id: link.option, n: count() })
      .from(matches)
      .innerJoin(link.table, sql`${link.product} = "matches"."id"`)
      .groupBy(link.option);
  }
  const column = { categories: 'category_id', shops: 'shop_id', seasons: 'season_id', qualities: 'quality_id' }[group];
  const key = sql<number>`"matches".${sql.identifier(column)}`;
  const rows = await base.select({ id: key, n: count() }).from(matches).groupBy(key);
  return rows.filter((row) => row.id !== null).map((row) => ({ id: Number(row.id), n: row.n }));
}

/**
 * Facet counts of a product list (issue #13): for each group, the options present among the
 * products matching every condition except that group's own, with their counts; plus the list's
 * total. Names come from the options, categories and shops; options without products are left out.
 */
export async function listProductFacets(db: Database, filters: Omit<ProductListFilters, 'page'>, plan: SearchPlan | undefined) {
  const search = plan ? searchSql(plan) : undefined;
  const empty = { total: 0, categories: [], sizes: [], colors: [], seasons: [], qualities: [], shops: [] };
  if (plan && !search) return empty;
  const conditions = (without?: FacetGroup) => productListConditions(without ? { ...filters, [FACET_FILTER[without]]: undefined } : filters, search?.match);
  const [total, ...groups] = await Promise.all([countCards(db, conditions()), ...FACET_GROUPS.map((group) => facetCounts(db, conditions(group), group))]);
  const counted = Object.fromEntries(FACET_GROUPS.map((group, i) => [group, groups[i]!])) as Record<FacetGroup, { id: number; n: number }[]>;
  const ids = (list: { id: number }[]) => list.map((row) => row.id);
  const optionIds = [...ids(counted.sizes), ...ids(counted.colors), ...ids(counted.seasons), ...ids(counted.qualities)];
  const [options, categoryRows, shopRows] = await Promise.all([
    optionIds.length
      ? db.select({ id: attributeOptions.id, name: attributeOptions.name, position: attributeOptions.position }).from(attributeOptions).where(inArray(attributeOptions.id, optionIds))
      : [],
    counted.categories.length
      ? db.select({ id: categories.id, name: categories.name, position: categories.position }).from(categories).where(inArray(categories.id, ids(counted.categories)))
      : [],
    counted.shops.length ? db.select({ id: shops.id, name: shops.name, position: shops.id }).from(shops).where(inArray(shops.id, ids(counted.shops))) : [],
  ]);
  const named = (list: { id: number; n: number }[], names: { id: number; name: string; position: number }[]) => {
    const byId = new Map(names.map((row) => [row.id, row]));
    return list
      .filter((row) => row.n > 0 && byId.has(row.id))
      .sort((a, b) => byId.get(a.id)!.position - byId.get(b.id)!.position || a.id - b.id)
      .map((row) => ({ id: row.id, name: byId.get(row.id)!.name, count: row.n }));
  };
  return {
    total,
    categories: named(counted.categories, categoryRows),
    sizes: named(counted.sizes, options),
    colors: named(counted.colors, options),
    seasons: named(counted.seasons, options),
    qualities: named(counted.qualities, options),
    shops: named(counted.shops, shopRows),
  };
}

/** GET /api/most-popular: most sold first (in-stock ones before sold-out ones). */
export function listMostPopular(db: Database, page: Page) {
  return pagedCards(db, { orderBy: [stockFirst, down(products.totalSold), ...newestFirst] }, page);
}

const discountRatio = (price: SQL<number>) => sql`COALESCE((${products.price} - ${price}) / NULLIF(${products.price}, 0), 0)`;

/** GET /api/best-deal: discounted products (sales included), biggest discount first, in-stock first. */
export function listBestDeals(db: Database, page: Page) {
  return pagedCards(
    db,
    { priceWhere: (price) => sql`${price} < ${products.price}`, orderBy: (price) => [stockFirst, down(discountRatio(price)), ...newestFirst] },
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

/**
 * The product page's statements, named and prepared once per database handle (issue #13): planning
 * the generated main query cost PostgreSQL 2–6 ms on 100 000 products (the products table has
 * many indexes to consider) against 0.4 ms to run it, so the details answer spent most of its
 * database time planning. node-postgres prepares each on a pooled connection at first use.
 */
function prepareDetails(db: Database) {
  const id = sql.placeholder('id');
  return {
    row: db
      .select({
        ...productColumns(),
        description: products.description,
        weight: products.weight,
        category: { id: categories.id, name: categories.name, slug: categories.slug },
        shop: {
          id: shops.id,
          name: shops.name,
          slug: shops.slug,
          logo: shops.logo,
          logo_meta: imageMeta(shops.logoKey),
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
      .where(and(eq(products.id, id), eq(products.isActive, true)))
      .prepare('catalog_product_details'),
    sale: db
      .select({ id: flashSales.id, name: flashSales.name, endsAt: flashSales.endsAt, salePrice: flashSaleProducts.salePrice })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .where(and(eq(flashSaleProducts.productId, id), isRunning))
      .orderBy(asc(flashSaleProducts.salePrice), asc(flashSales.endsAt))
      .limit(1)
      .prepare('catalog_product_sale'),
    images: db
      .select({ id: productImages.id, url: productImages.url, meta: imageMeta(productImages.imageKey) })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .prepare('catalog_product_images'),
    colors: db
      .select({ id: attributeOptions.id, name: attributeOptions.name })
      .from(productColors)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productColors.colorId))
      .where(eq(productColors.productId, id))
      .orderBy(asc(attributeOptions.position), asc(attributeOptions.id))
      .prepare('catalog_product_colors'),
  };
}
const detailsStatements = new WeakMap<Database, ReturnType<typeof prepareDetails>>();

export async function getProductDetails(db: Database, id: number): Promise<ProductDetails | undefined> {
  let statements = detailsStatements.get(db);
  if (!statements) detailsStatements.set(db, (statements = prepareDetails(db)));
  const [row] = await statements.row.execute({ id });
  if (!row) return undefined;

  const [[sale], images, colors] = await Promise.all([statements.sale.execute({ id }), statements.images.execute({ id }), statements.colors.execute({ id })]);
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

/**
 * The similar products' ids as one named prepared statement (the product page asks on every view;
 * planning a generated statement on the products table costs more than running it), then their
 * cards through the prepared cards-by-id statement.
 */
function prepareSimilarIds(db: Database) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.shopId, sql.placeholder('shopId')), ne(products.id, sql.placeholder('id')), inStock))
    .orderBy(sql`(${products.categoryId} = ${sql.placeholder('categoryId')}) DESC`, desc(products.createdAt), desc(products.id))
    .limit(SIMILAR_LIMIT)
    .prepare('catalog_similar_ids');
}
const similarIds = new WeakMap<Database, ReturnType<typeof prepareSimilarIds>>();

/** In-stock products of the same shop, same category first, newest next; never the product itself. */
export async function listSimilarProducts(db: Database, product: { id: number; shopId: number; categoryId: number }) {
  let statement = similarIds.get(db);
  if (!statement) similarIds.set(db, (statement = prepareSimilarIds(db)));
  const rows = await statement.execute({ shopId: product.shopId, id: product.id, categoryId: product.categoryId });
  return listProductCardsByIds(db, rows.map((row) => row.id));
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
      thumbnail_meta: imageMeta(categories.thumbnailKey),
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
  logo_meta: imageMeta(shops.logoKey),
  banner: shops.banner,
  banner_meta: imageMeta(shops.bannerKey),
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
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        thumbnail: categories.thumbnail,
        thumbnail_meta: imageMeta(categories.thumbnailKey),
        products_count: count(),
      })
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
const flashSaleProductsOrder = (price: SQL<number>) => [stockFirst, down(discountRatio(price)), up(products.id)];

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
    fetchCardRows(db, { where: inStock, orderBy: [down(products.totalSold), ...newestFirst], limit: HOME_LIMITS.products }),
    fetchCardRows(db, {
      where: inStock,
      priceWhere: (price) => sql`${price} < ${products.price}`,
      orderBy: (price) => [down(discountRatio(price)), ...newestFirst],
      limit: HOME_LIMITS.products,
    }),
    fetchCardRows(db, { where: inStock, orderBy: newestFirst, limit: HOME_LIMITS.products }),
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

/** search_text rows in an older layout (fewer than the five lines of productSearchText()). */
const staleSearchText = sql`(length(${products.searchText}) - length(replace(${products.searchText}, chr(10), ''))) < 4`;

/**
 * Recomputes products.search_text (and so search_vector) from name, brand, category name, shop
 * name and description. Call it after inserting products or changing a product's text, or renaming
 * a shop or category; with no filter it rewrites every product, with `onlyEmpty` only those never
 * filled or still in an older layout (databases from before migrations 0001 and 0006). Clears the
 * process's search lexicon (suggestions, corrections) when anything changed.
 */
export async function refreshProductSearchText(
  db: Database,
  filter: { productIds?: number[]; shopId?: number; categoryId?: number; onlyEmpty?: boolean } = {},
): Promise<number> {
  if (filter.productIds && filter.productIds.length === 0) return 0;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      description: products.description,
      shopName: shops.name,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        filter.productIds && inArray(products.id, filter.productIds),
        filter.shopId !== undefined ? eq(products.shopId, filter.shopId) : undefined,
        filter.categoryId !== undefined ? eq(products.categoryId, filter.categoryId) : undefined,
        filter.onlyEmpty ? staleSearchText : undefined,
      ),
    );
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((row) => sql`(${row.id}::integer, ${productSearchText(row)}::text)`);
    await db.execute(
      sql`UPDATE ${products} SET search_text = v.search_text FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, search_text) WHERE ${products.id} = v.id`,
    );
  }
  if (rows.length) invalidateSearchLexicon(db);
  return rows.length;
}
