/**
 * One product (issue #3): the product page's details (GET /api/products/:id) and its similar
 * products (GET /api/products/:id/similar), each through statements prepared once per database
 * handle.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
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
} from '../../db/schema.ts';
import type { ProductDetails, ProductSafety } from '../../../contract/catalog.ts';
import { traderColumns, traderOf } from './trader-identity.ts';
import { imageMeta } from '../image-meta.ts';
import { inStock, isRunning, listedProduct, listProductCardsByIds, productColumns, toProducts, type CardRow } from './product-cards.ts';

const seasonOption = alias(attributeOptions, 'season_option');
const qualityOption = alias(attributeOptions, 'quality_option');

export async function findActiveProductRef(db: Database, id: number) {
  const [row] = await db
    .select({ id: products.id, shopId: products.shopId, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.id, id), listedProduct));
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
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(seasonOption, eq(seasonOption.id, products.seasonId))
      .leftJoin(qualityOption, eq(qualityOption.id, products.qualityId))
      .leftJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(and(eq(products.id, id), listedProduct))
      .prepare('catalog_product_details'),
    sale: db
      .select({
        id: flashSales.id,
        name: flashSales.name,
        startsAt: flashSales.startsAt,
        endsAt: flashSales.endsAt,
        salePrice: flashSaleProducts.salePrice,
        priorPrice: flashSaleProducts.priorPrice,
      })
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
  const trader = traderOf(row.trader);
  // Listed products have a complete identity (listedProduct); a row without one is not shown.
  if (!trader) return undefined;

  const [[sale], images, colors] = await Promise.all([
    statements.sale.execute({ id }),
    statements.images.execute({ id }),
    statements.colors.execute({ id }),
  ]);
  const card: CardRow = {
    ...row,
    salePrice: sale?.salePrice ?? null,
    salePriorPrice: sale?.priorPrice ?? null,
    saleStartsAt: sale?.startsAt ?? null,
  };
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
    flash_sale:
      sale && sale.salePrice > 0
        ? { id: sale.id, name: sale.name, starts_at: sale.startsAt.toISOString(), ends_at: sale.endsAt.toISOString() }
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
