/**
 * A category page's category (issue #3, GET /api/categories/:key): by id or slug, with its count
 * of active products.
 */
import { and, count, eq } from 'drizzle-orm';
import { listedProduct } from './product-cards.ts';
import type { Database } from '#server/db/client.ts';
import { categories, products } from '#server/db/schema.ts';
import type { Category } from '#contract/content.ts';
import { imageMeta } from '../image-meta.ts';

/** Active products per row of the grouped query (categories here, shops in shops.ts). */
export const activeProductCount = count(products.id);

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
    .leftJoin(products, and(eq(products.categoryId, categories.id), listedProduct))
    .where('id' in key ? eq(categories.id, key.id) : eq(categories.slug, key.slug))
    .groupBy(categories.id);
  return row;
}
