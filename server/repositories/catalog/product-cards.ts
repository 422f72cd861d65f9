/**
 * The catalog's card query engine (issue #3, issue #13): how every product list reads its cards.
 * Sale prices and the current price, sort keys, the page query over one or two price branches,
 * the card's fields, counts, the wire shape (toProducts), cards by id, and paging (Page,
 * pageMeta, TOTAL_CAP, pagedCards). The lists themselves are in product-lists.ts, products.ts,
 * flash-sales.ts and home.ts.
 *
 * Prices: a product's price before any sale is the stored generated column effective_price
 * (discount_price when above 0, else price, product §5). When the product is in a RUNNING flash
 * sale, the sale price is the discount_price it is shown and sold at; every list, filter and sort
 * uses that "current" price. User input only ever reaches SQL as bound parameters (drizzle's sql
 * template and query builder).
 *
 * Announced reductions (issue 36, ADR 030): a card shows a reduction only against its prior price
 * — the lowest price of the 30 days before the reduction started, kept by the database's
 * triggers in products.prior_price (the product's own price) and flash_sale_products.prior_price
 * (a sale's) — and only while the current price is below it. Best deals and the discount orders
 * use the same rule (reductionRatio); toProduct answers prior_price, reduction_started_at and the
 * percentage against the prior price (lib/price-reduction.ts).
 */
import { and, asc, count, eq, gt, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { attributeOptions, flashSaleProducts, flashSales, productSizes, products, productVideos, shops } from '#server/db/schema.ts';
import type { PaginationMeta, Product } from '#contract/catalog.ts';
import type { ImageMeta } from '#contract/images.ts';
import { imageMeta } from '../image-meta.ts';
import { announcedReduction } from '#server/lib/price-reduction.ts';
import type { ProductCondition } from '#contract/item-condition.ts';

const now = sql`now()`;
export const isRunning = and(lte(flashSales.startsAt, now), gt(flashSales.endsAt, now));

/** Sale price per product: the lowest price among running sales, or the prices of one given sale. */
export function salePrices(db: Database, flashSaleId?: number) {
  return db.$with('current_sale').as(
    db
      .selectDistinctOn([flashSaleProducts.productId], {
        productId: flashSaleProducts.productId,
        salePrice: flashSaleProducts.salePrice,
        salePriorPrice: flashSaleProducts.priorPrice,
        saleStartsAt: flashSales.startsAt,
      })
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

export const inStock = gt(products.quantity, 0);

/**
 * A listed product (issue 36): active, and its shop has a complete trader identity (shop_listed,
 * copied from shops.trader_listed by triggers). Every list, search, count, facet and card read
 * uses it; the list indexes are partial on exactly these two columns.
 */
export const listedProduct = and(eq(products.isActive, true), eq(products.shopListed, true))!;

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
export const up = (by: SortKey['by']): SortKey => ({ by, desc: false });
export const down = (by: SortKey['by']): SortKey => ({ by, desc: true });

export const stockFirst = down(sql`(${products.quantity} > 0)`);
export const newestFirst = [down(products.createdAt), down(products.id)];

/**
 * How much of the prior price the current price takes off (0 to 1; 0 when it is not an announced
 * reduction, issue 36): best deals, flash sales and the home page order by it.
 */
export const reductionRatio = (price: SQL<number>, prior: SQL) =>
  sql`(CASE WHEN ${price} < ${prior} THEN (${prior} - ${price}) / ${prior} ELSE 0 END)`;

/** The current price is an announced reduction: below its prior price (NULL prior: never). */
export const isReduced = (price: SQL<number>, prior: SQL) => sql`${price} < ${prior}`;

export interface CardQuery {
  /** Conditions that do not depend on the current price. */
  where?: SQL;
  /**
   * Conditions on the current price (running sale price, else effective_price) and its prior
   * price (the running sale's, else the product's own; NULL when no reduction is announced).
   */
  priceWhere?: (price: SQL<number>, prior: SQL) => SQL | undefined;
  /** The order, ending with a unique key; a function of the current (and prior) price when it uses it. */
  orderBy: SortKey[] | ((price: SQL<number>, prior: SQL) => SortKey[]);
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

export type CountQuery = Pick<CardQuery, 'where' | 'priceWhere' | 'flashSaleId'>;

interface Branch {
  /** The current price of this branch's rows, as a plain column where possible. */
  price: SQL<number>;
  /** The prior price of the reduction the current price announces (NULL: none). */
  prior: SQL;
  /** Joined to the sale prices: only products whose price a running sale overrides, or one sale's products. */
  sale?: 'override' | 'member';
  where: SQL | undefined;
}

/** The branches a card query runs over (see above); `split` when its conditions or order use the current price. */
export function branchesOf(db: Database, sale: SaleCte, query: CountQuery, split: boolean): Branch[] {
  const active = listedProduct;
  if (query.flashSaleId !== undefined) {
    const price = currentPrice(sale);
    const prior = sql`(CASE WHEN ${sale.salePrice} > 0 THEN ${sale.salePriorPrice} ELSE ${products.priorPrice} END)`;
    return [{ price, prior, sale: 'member', where: and(active, query.where, query.priceWhere?.(price, prior)) }];
  }
  const effective = sql<number>`${products.effectivePrice}`.mapWith(Number);
  const ownPrior = sql`${products.priorPrice}`;
  if (!split) return [{ price: effective, prior: ownPrior, where: and(active, query.where) }];
  const salePrice = sql<number>`${sale.salePrice}`.mapWith(Number);
  const salePrior = sql`${sale.salePriorPrice}`;
  const overridden = db.select({ productId: sale.productId }).from(sale).where(gt(sale.salePrice, 0));
  return [
    {
      price: effective,
      prior: ownPrior,
      where: and(active, notInArray(products.id, overridden), query.where, query.priceWhere?.(effective, ownPrior)),
    },
    { price: salePrice, prior: salePrior, sale: 'override', where: and(active, query.where, query.priceWhere?.(salePrice, salePrior)) },
  ];
}

export function selectBranch(db: Database, sale: SaleCte, branch: Branch, fields: Record<string, SQL.Aliased | AnyPgColumn>) {
  let query = db.select(fields).from(products).$dynamic();
  if (branch.sale === 'override') query = query.innerJoin(sale, and(eq(sale.productId, products.id), gt(sale.salePrice, 0)));
  if (branch.sale === 'member') query = query.innerJoin(sale, eq(sale.productId, products.id));
  return query.where(branch.where);
}

const keysOf = (query: CardQuery, branch: Pick<Branch, 'price' | 'prior'>) =>
  typeof query.orderBy === 'function' ? query.orderBy(branch.price, branch.prior) : query.orderBy;
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
  const keys = keysOf(query, branches[0]!);
  const counted = query.scanAll === true && branches.length === 1;
  const order = orderByNames(keys);
  const offset = query.offset ?? 0;
  const take = offset + query.limit;
  const parts = branches.map((branch) => {
    const fields: Record<string, SQL.Aliased | AnyPgColumn> = { id: products.id };
    keysOf(query, branch).forEach((key, i) => (fields[keyName(i)] = sql`${key.by}`.as(keyName(i))));
    const select = selectBranch(db, sale, branch, fields);
    if (!query.scanAll) return sql`${select.orderBy(order).limit(take)}`;
    // OFFSET 0 is an optimisation fence: the matches are planned without the LIMIT in view.
    const total = counted ? sql`, count(*) OVER () AS "total"` : sql``;
    return sql`(SELECT *${total} FROM (${select} OFFSET 0) AS "matches" ORDER BY ${order} LIMIT ${take})`;
  });
  const page = sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS "branches" ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}`;
  return { page, keys, counted };
}

export interface CardRow {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  thumbnail: string;
  thumbnailMeta: ImageMeta | null;
  price: number;
  discountPrice: number;
  /** The product's own reduction (NULL: none), kept by the database (migration 0013). */
  priorPrice: number | null;
  reductionStartedAt: Date | null;
  salePrice: number | null;
  /** The running sale's prior price and start (NULL without a running sale). */
  salePriorPrice: number | null;
  saleStartsAt: Date | null;
  quantity: number;
  totalSold: number;
  shopId: number;
  shopName: string;
  categoryId: number;
  condition: ProductCondition;
  /** Read with the row (one round trip) by fetchCardPage; toProducts() fetches them when absent. */
  sizes?: Product['sizes'];
  videos?: Product['videos'];
}

/** JSON array read by node-postgres and PGlite alike (both parse json columns; a string is parsed here). */
export const jsonList = <T>(value: unknown): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []);

/** The product columns a card and the product page both read (with `shops` joined). */
export const productColumns = () => ({
  id: products.id,
  name: products.name,
  slug: products.slug,
  brand: products.brand,
  thumbnail: products.thumbnail,
  thumbnailMeta: imageMeta(products.thumbnailKey),
  price: products.price,
  discountPrice: products.discountPrice,
  priorPrice: products.priorPrice,
  reductionStartedAt: products.reductionStartedAt,
  quantity: products.quantity,
  totalSold: products.totalSold,
  shopId: products.shopId,
  shopName: shops.name,
  categoryId: products.categoryId,
  condition: products.condition,
});

const nullableNumber = (v: unknown) => (v === null ? null : Number(v));
/** node-postgres and PGlite give a timestamptz read through sql`` as a Date or as PostgreSQL's text. */
const nullableDate = (v: unknown) => (v === null ? null : v instanceof Date ? v : new Date(String(v)));

/** The running sale's price, prior price and start of the row's product (each NULL without one). */
interface SaleColumns {
  salePrice: SQL | AnyPgColumn;
  salePriorPrice: SQL | AnyPgColumn;
  saleStartsAt: SQL | AnyPgColumn;
}

/** The columns of a product card, with the running sale's columns of the row. */
function cardFields(sale: SaleColumns) {
  return {
    ...productColumns(),
    salePrice: sql<number | null>`${sale.salePrice}`.mapWith(nullableNumber),
    salePriorPrice: sql<number | null>`${sale.salePriorPrice}`.mapWith(nullableNumber),
    saleStartsAt: sql<Date | null>`${sale.saleStartsAt}`.mapWith(nullableDate),
    ...cardListColumns(),
  };
}

/** The card's sizes and videos in the row's own statement (a correlated subquery per row; `products` in the FROM). */
export function cardListColumns() {
  return {
    sizes:
      sql`(SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', ps.price) ORDER BY o.position, o.id), '[]'::json)
      FROM ${productSizes} ps JOIN ${attributeOptions} o ON o.id = ps.size_id WHERE ps.product_id = ${products.id})`.mapWith((v) =>
        jsonList<{ id: number; name: string; price: number | string }>(v).map((size) => ({ ...size, price: Number(size.price) })),
      ),
    videos: sql`(SELECT coalesce(json_agg(json_build_object('url', v.url, 'thumbnail', v.thumbnail) ORDER BY v.id), '[]'::json)
      FROM ${productVideos} v WHERE v.product_id = ${products.id})`.mapWith((v) => jsonList<{ url: string; thumbnail: string }>(v)),
  };
}

export async function fetchCardRows(db: Database, query: CardQuery): Promise<CardRow[]> {
  return (await fetchCardPage(db, query)).rows;
}

/** The page's rows and, when the page query could count the matches, their number (else undefined). */
async function fetchCardPage(db: Database, query: CardQuery): Promise<{ rows: CardRow[]; total?: number }> {
  const sale = salePrices(db, query.flashSaleId);
  const { page, keys, counted } = pageQuery(db, sale, query);
  const rows = await db
    .with(sale)
    .select({
      ...cardFields(sale),
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
export async function countCards(db: Database, query: CountQuery, cap?: number): Promise<number> {
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

/** Sizes and videos of many cards in one query each (no N+1), then the wire shape. */
export async function toProducts(db: Database, lists: CardRow[][]): Promise<Product[][]> {
  const ids = [
    ...new Set(
      lists
        .flat()
        .filter((row) => !row.sizes || !row.videos)
        .map((row) => row.id),
    ),
  ];
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
  return lists.map((rows) =>
    rows.map((row) => toProduct(row, row.sizes ?? sizes.get(row.id) ?? [], row.videos ?? videos.get(row.id) ?? [])),
  );
}

/** A card row in the API's shape (the product page builds on it too). */
export function toProduct(row: CardRow, sizes: Product['sizes'], videos: Product['videos']): Product {
  const inSale = row.salePrice !== null && row.salePrice > 0;
  const discountPrice = inSale ? row.salePrice! : row.discountPrice;
  const current = discountPrice > 0 ? discountPrice : row.price;
  const reduction = inSale
    ? announcedReduction(current, row.salePriorPrice, row.saleStartsAt)
    : announcedReduction(current, row.priorPrice, row.reductionStartedAt);
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
    ...reduction,
    quantity: row.quantity,
    total_sold: row.totalSold,
    // The signed-in shopper's favourites are marked by the route (routes/catalog.ts, one lookup
    // per answer); those answers are then private, never publicly cacheable.
    is_favorite: false,
    sizes,
    shop_id: row.shopId,
    shop_name: row.shopName,
    category_id: row.categoryId,
    condition: row.condition,
  };
}

async function cards(db: Database, query: CardQuery): Promise<Product[]> {
  const [list] = await toProducts(db, [await fetchCardRows(db, query)]);
  return list!;
}

/** A column of the running sale of the row's product, by the SQL's rule (lowest price, then earliest end); NULL when none. */
const runningSale = (column: SQL) => sql`(SELECT ${column} FROM ${flashSaleProducts} fsp JOIN ${flashSales} fs ON fs.id = fsp.flash_sale_id
  WHERE fsp.product_id = ${products.id} AND fs.starts_at <= now() AND fs.ends_at > now() ORDER BY fsp.sale_price, fs.ends_at LIMIT 1)`;
const runningSaleColumns: SaleColumns = {
  salePrice: runningSale(sql`fsp.sale_price`),
  salePriorPrice: runningSale(sql`fsp.prior_price`),
  saleStartsAt: runningSale(sql`fs.starts_at`),
};

/**
 * Cards by id as one named prepared statement (issue #13): the lists chosen by the catalog index
 * read their page this way on every request, and a generated statement cost the database more to
 * parse and plan (~2 ms) than to run. Prepared once per database handle; node-postgres prepares it
 * on each pooled connection at first use.
 */
function prepareCardsById(db: Database) {
  return db
    .select(cardFields(runningSaleColumns))
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(listedProduct, sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`))
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

export async function pagedCards(db: Database, query: Omit<CardQuery, 'limit' | 'offset'>, page: Page, cap?: number) {
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
export function cappedMeta(page: Page, total: number, cap: number | undefined): PaginationMeta & { total_capped: boolean } {
  if (cap === undefined) return { ...pageMeta(page, total), total_capped: false };
  return { ...pageMeta(page, Math.min(total, cap)), total_capped: total > cap };
}
