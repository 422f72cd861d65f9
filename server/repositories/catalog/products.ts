/**
 * One product (issue #3): the product page's details (GET /api/products/:id) and its similar
 * products (GET /api/products/:id/similar), each through statements prepared once per database
 * handle.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import {
  attributeOptions,
  categories,
  flashSaleProducts,
  flashSales,
  manufacturers,
  productColors,
  productImages,
  products,
  shops,
} from '#server/db/schema.ts';
import type { ProductDetails, ProductSafety } from '#contract/catalog.ts';
import { traderColumns, traderOf } from './trader-identity.ts';
import { imageMeta, toImageMeta } from '../image-meta.ts';
import type { KeptProductPages as CatalogListIndex } from './kept-product-pages.ts';
import { cardListColumns, inStock, jsonList, listedProduct, listProductCardsByIds, productColumns, toProduct } from './product-cards.ts';

const seasonOption = alias(attributeOptions, 'season_option');
const qualityOption = alias(attributeOptions, 'quality_option');

export async function findActiveProductRef(db: Database, id: number) {
  const [row] = await db
    .select({ id: products.id, shopId: products.shopId, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.id, id), listedProduct));
  return row;
}

/** The running sale of a product (the lowest sale price, then the earliest end), as read in the details row. */
interface RunningSaleJson {
  id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  sale_price: number | string;
  prior_price: number | string | null;
}

const jsonValue = <T>(value: unknown): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : ((value as T | null) ?? null));
const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The product page in ONE named prepared statement (issue #13, issue 36): the product row with its
 * shop, trader, category, options and safety information, and — as correlated JSON subqueries,
 * each an index lookup on the product's id — its running sale, pictures, colours, sizes and
 * videos. Issue 36 measured the page at 272 req/s against 1 643 for a filtered list: it cost six
 * statements (three of them after the row), each a round trip and, on the embedded database, a
 * turn on its one connection. Prepared once per database handle: planning a generated statement
 * on the products table (many indexes to consider) costs more than running it.
 */
function prepareDetails(db: Database) {
  return (
    db
      .select({
        ...productColumns(),
        ...cardListColumns(),
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
        // Issue 36: condition notes, the trader and the safety information in this same row.
        conditionNotes: products.conditionNotes,
        ...traderColumns,
        productIdentifier: products.productIdentifier,
        safetyWarnings: products.safetyWarnings,
        maker: {
          name: manufacturers.name,
          address: manufacturers.address,
          email: manufacturers.email,
          countryCode: manufacturers.countryCode,
          euName: manufacturers.euResponsibleName,
          euAddress: manufacturers.euResponsibleAddress,
          euEmail: manufacturers.euResponsibleEmail,
        },
        // The sale rule of every list (product-cards.ts runningSale): lowest price, then earliest end.
        sale: sql`(SELECT json_build_object('id', fs.id, 'name', fs.name, 'starts_at', fs.starts_at, 'ends_at', fs.ends_at,
          'sale_price', fsp.sale_price, 'prior_price', fsp.prior_price)
        FROM ${flashSaleProducts} fsp JOIN ${flashSales} fs ON fs.id = fsp.flash_sale_id
        WHERE fsp.product_id = ${products.id} AND fs.starts_at <= now() AND fs.ends_at > now()
        ORDER BY fsp.sale_price, fs.ends_at LIMIT 1)`.mapWith((v) => jsonValue<RunningSaleJson>(v)),
        images: sql`(SELECT coalesce(json_agg(json_build_object('id', pi.id, 'url', pi.url, 'meta', ${imageMeta(sql`pi.image_key`)})
          ORDER BY pi.position, pi.id), '[]'::json)
        FROM ${productImages} pi WHERE pi.product_id = ${products.id})`.mapWith((v) =>
          jsonList<{ id: number; url: string; meta: unknown }>(v).map((image) => ({
            id: image.id,
            url: image.url,
            meta: toImageMeta(image.meta),
          })),
        ),
        colors: sql`(SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name) ORDER BY o.position, o.id), '[]'::json)
        FROM ${productColors} pc JOIN ${attributeOptions} o ON o.id = pc.color_id WHERE pc.product_id = ${products.id})`.mapWith((v) =>
          jsonList<{ id: number; name: string }>(v),
        ),
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(seasonOption, eq(seasonOption.id, products.seasonId))
      .leftJoin(qualityOption, eq(qualityOption.id, products.qualityId))
      .leftJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      // Several pages at once (issue 36): the catalog index reads the misses of concurrent requests
      // in one statement (ADR 039).
      .where(and(sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`, listedProduct))
      .prepare('catalog_product_details')
  );
}
const detailsStatements = new WeakMap<Database, ReturnType<typeof prepareDetails>>();

/**
 * A listed product's page. With the catalog index (ADR 041, issue 36) it comes from the
 * instance's details store, kept current from the change log; otherwise from the database.
 */
export async function getProductDetails(db: Database, id: number, index?: CatalogListIndex): Promise<ProductDetails | undefined> {
  const kept = await index?.details(id);
  if (kept !== undefined) return kept ?? undefined;
  return readProductDetails(db, id);
}

/** A listed product's page, read from the database (one statement). */
export async function readProductDetails(db: Database, id: number): Promise<ProductDetails | undefined> {
  return (await readProductDetailsByIds(db, [id])).get(id);
}

/** Listed products' pages by id, read from the database in one statement; ids not listed are absent. */
export async function readProductDetailsByIds(db: Database, ids: readonly number[]): Promise<Map<number, ProductDetails>> {
  const pages = new Map<number, ProductDetails>();
  if (!ids.length) return pages;
  let statement = detailsStatements.get(db);
  if (!statement) detailsStatements.set(db, (statement = prepareDetails(db)));
  for (const row of await statement.execute({ ids: [...new Set(ids)] })) {
    const page = toProductDetails(row);
    if (page) pages.set(page.id, page);
  }
  return pages;
}

type DetailsRow = Awaited<ReturnType<ReturnType<typeof prepareDetails>['execute']>>[number];

function toProductDetails(row: DetailsRow): ProductDetails | undefined {
  const trader = traderOf(row.trader);
  // Listed products have a complete identity (listedProduct); a row without one is not shown.
  if (!trader) return undefined;
  const sale = row.sale;
  const salePrice = sale ? Number(sale.sale_price) : null;
  const product = toProduct(
    {
      ...row,
      salePrice,
      salePriorPrice: sale ? nullableNumber(sale.prior_price) : null,
      saleStartsAt: sale ? new Date(sale.starts_at) : null,
    },
    row.sizes,
    row.videos,
  );
  return {
    ...product,
    description: row.description,
    images: row.images,
    colors: row.colors,
    season: row.seasonId !== null && row.seasonName !== null ? { id: row.seasonId, name: row.seasonName } : null,
    quality: row.qualityId !== null && row.qualityName !== null ? { id: row.qualityId, name: row.qualityName } : null,
    weight: row.weight,
    category: row.category,
    shop: row.shop,
    flash_sale:
      sale && salePrice! > 0
        ? { id: sale.id, name: sale.name, starts_at: new Date(sale.starts_at).toISOString(), ends_at: new Date(sale.ends_at).toISOString() }
        : null,
    condition_notes: row.conditionNotes,
    trader,
    safety: safetyOf(row),
  };
}

function safetyOf(row: {
  maker: {
    name: string;
    address: string;
    email: string;
    countryCode: string;
    euName: string | null;
    euAddress: string | null;
    euEmail: string | null;
  } | null;
  productIdentifier: string | null;
  safetyWarnings: string | null;
}): ProductSafety {
  const maker = row.maker;
  return {
    manufacturer: maker ? { name: maker.name, address: maker.address, email: maker.email, country_code: maker.countryCode } : null,
    eu_responsible:
      maker?.euName && maker.euAddress && maker.euEmail ? { name: maker.euName, address: maker.euAddress, email: maker.euEmail } : null,
    identifier: row.productIdentifier,
    warnings: row.safetyWarnings,
  };
}

/** Whether an active product is hidden only because its shop has no complete trader identity (the page answers 410). */
export async function isProductOfUnlistedShop(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true), eq(products.shopListed, false)));
  return row !== undefined;
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
    .where(and(listedProduct, eq(products.shopId, sql.placeholder('shopId')), ne(products.id, sql.placeholder('id')), inStock))
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
  return listProductCardsByIds(
    db,
    rows.map((row) => row.id),
  );
}
