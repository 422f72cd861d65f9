/**
 * search_text maintenance (ADR 046): products.search_text (and so the generated search_vector)
 * recomputed from the product's name, brand, category, shop and description.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { categories, products, searchFolding, shops } from '#server/db/schema.ts';
import { productSearchText, searchFoldingVersion } from '#server/lib/search-text.ts';
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
  filter: { productIds?: number[]; shopId?: number; categoryId?: number; onlyEmpty?: boolean; afterId?: number; limit?: number } = {},
): Promise<number> {
  if (filter.productIds && filter.productIds.length === 0) return 0;
  const rows = await readSources(db, filter);
  await writeSearchText(db, rows);
  if (rows.length) invalidateSearchLexicon(db);
  return rows.length;
}

type SourceFilter = Parameters<typeof refreshProductSearchText>[1] & {};

async function readSources(db: Database, filter: SourceFilter) {
  const query = db
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
        filter.afterId !== undefined ? gt(products.id, filter.afterId) : undefined,
      ),
    )
    .orderBy(asc(products.id));
  return filter.limit ? query.limit(filter.limit) : query;
}

async function writeSearchText(db: Database, rows: Awaited<ReturnType<typeof readSources>>) {
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((row) => sql`(${row.id}::integer, ${productSearchText(row)}::text)`);
    await db.execute(
      sql`UPDATE ${products} SET search_text = v.search_text FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, search_text) WHERE ${products.id} = v.id AND ${products.searchText} IS DISTINCT FROM v.search_text`,
    );
  }
}

/** Products read and written per step of a full rewrite (bounded memory at 1 000 000 products). */
const REWRITE_PAGE = 5_000;

/**
 * When the search folding changed since the stored text was written (another dictionary table or
 * irregular-forms list: search_folding's version differs from searchFoldingVersion()), writes every
 * product's search_text again, in pages by id, then records the version. Rows whose text comes out
 * the same are not updated (no catalog change logged). Run in the background after start: at
 * 1 000 000 products it takes minutes; meanwhile a row not yet rewritten is found by the words it
 * had. Idempotent, so two instances doing it at once only do the work twice; `signal` stops it
 * between pages (the version is then not recorded). Returns the number of products read (0 when
 * the version is current).
 */
export async function refreshStaleSearchText(db: Database, signal?: AbortSignal): Promise<number> {
  const version = searchFoldingVersion();
  const [stored] = await db.select({ version: searchFolding.version }).from(searchFolding).where(eq(searchFolding.name, 'search_text'));
  if (stored?.version === version) return 0;
  let read = 0;
  for (let afterId = 0; ;) {
    if (signal?.aborted) return read; // stopping: the next start does it again
    const rows = await readSources(db, { afterId, limit: REWRITE_PAGE });
    if (!rows.length) break;
    await writeSearchText(db, rows);
    read += rows.length;
    afterId = rows.at(-1)!.id;
  }
  await db
    .insert(searchFolding)
    .values({ name: 'search_text', version })
    .onConflictDoUpdate({ target: searchFolding.name, set: { version, updatedAt: sql`now()` } });
  if (read) invalidateSearchLexicon(db);
  return read;
}
