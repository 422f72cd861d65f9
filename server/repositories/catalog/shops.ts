/**
 * Shops (issue #3): the shop list (GET /api/shops, most popular first) and a shop's page
 * (GET /api/shops/:id: the shop and its categories with active products).
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { categories, products, shops } from '#server/db/schema.ts';
import type { PaginationMeta, Shop, ShopDetails } from '#contract/catalog.ts';
import { imageMeta } from '../image-meta.ts';
import { traderColumns, traderOf } from './trader-identity.ts';
import { activeProductCount } from './categories.ts';
import { listedProduct, pageMeta, type Page } from './product-cards.ts';

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

/** Shops with their active products counted (the shop list and the home page's popular shops). */
export function selectShops(db: Database) {
  return db
    .select(shopFields)
    .from(shops)
    .leftJoin(products, and(eq(products.shopId, shops.id), listedProduct))
    .where(eq(shops.traderListed, true))
    .groupBy(shops.id);
}

export const popularShopsOrder = [desc(shops.rating), desc(shops.reviewsCount), asc(shops.id)];

export async function listShops(db: Database, page: Page): Promise<{ data: Shop[]; meta: PaginationMeta }> {
  const [[total], data] = await Promise.all([
    db.select({ n: count() }).from(shops).where(eq(shops.traderListed, true)),
    selectShops(db)
      .orderBy(...popularShopsOrder)
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
  ]);
  return { data, meta: pageMeta(page, total?.n ?? 0) };
}

/**
 * The shop page's data; `unlisted` when the shop exists but has no complete trader identity
 * (issue 36: it is not shown; the route answers 410).
 */
export async function getShopDetails(db: Database, id: number): Promise<ShopDetails | 'unlisted' | undefined> {
  const [[shop], shopCategories] = await Promise.all([
    db
      .select({ ...shopFields, phone: shops.phone, email: shops.email, createdAt: shops.createdAt, ...traderColumns })
      .from(shops)
      .leftJoin(products, and(eq(products.shopId, shops.id), listedProduct))
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
      .where(and(eq(products.shopId, id), listedProduct))
      .groupBy(categories.id)
      .orderBy(asc(categories.position), asc(categories.id)),
  ]);
  if (!shop) return undefined;
  const { createdAt, traderListed, trader, ...rest } = shop;
  if (!traderListed) return 'unlisted';
  return { shop: { ...rest, joined_at: createdAt.toISOString(), trader: traderOf(trader)! }, categories: shopCategories };
}
