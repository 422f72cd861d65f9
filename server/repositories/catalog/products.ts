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
  productColors,
  productImages,
  products,
  shops,
} from '../../db/schema.ts';
import type { ProductDetails } from '../../../contract/catalog.ts';
import { imageMeta } from '../image-meta.ts';
import { inStock, isRunning, listProductCardsByIds, productColumns, toProducts, type CardRow } from './product-cards.ts';

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
    .where(
      and(eq(products.isActive, true), eq(products.shopId, sql.placeholder('shopId')), ne(products.id, sql.placeholder('id')), inStock),
    )
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
