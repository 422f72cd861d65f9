/**
 * search_text maintenance (ADR 004): products.search_text (and so the generated search_vector)
 * recomputed from the product's name, brand, category, shop and description.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, shops } from '../../db/schema.ts';
import { productSearchText } from '../../lib/search-text.ts';
import { invalidateSearchLexicon } from './search-lexicon.ts';

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
