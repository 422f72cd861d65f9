/** Rows the /media routes draw from: small lookups by id or slug. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { attributeOptions, banners, categories, flashSales, productColors, products, productVideos, shops } from '#server/db/schema.ts';

/** Name, category slug and first colour of a product (active or not: old links keep working). */
export async function findProductArt(db: Database, id: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) return undefined;
  const [colour] = await db
    .select({ name: attributeOptions.name })
    .from(productColors)
    .innerJoin(attributeOptions, eq(attributeOptions.id, productColors.colorId))
    .where(eq(productColors.productId, id))
    .orderBy(asc(productColors.id))
    .limit(1);
  return { ...row, colour: colour?.name ?? null };
}

export async function productHasVideo(db: Database, id: number) {
  const [row] = await db.select({ id: productVideos.id }).from(productVideos).where(eq(productVideos.productId, id)).limit(1);
  return row !== undefined;
}

export async function findCategoryBySlug(db: Database, slug: string) {
  const [row] = await db.select({ slug: categories.slug, name: categories.name }).from(categories).where(eq(categories.slug, slug));
  return row;
}

export async function findShopBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({ id: shops.id, slug: shops.slug, name: shops.name, city: shops.city })
    .from(shops)
    .where(eq(shops.slug, slug));
  return row;
}

export async function findBanner(db: Database, id: number) {
  const [row] = await db
    .select({ id: banners.id, title: banners.title, subtitle: banners.subtitle })
    .from(banners)
    .where(eq(banners.id, id));
  return row;
}

export async function findFlashSale(db: Database, id: number) {
  const [row] = await db.select({ id: flashSales.id, name: flashSales.name }).from(flashSales).where(eq(flashSales.id, id));
  return row;
}
