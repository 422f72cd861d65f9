/**
 * What the in-process catalog index (server/catalog-index/, ADR 041) reads from PostgreSQL: the
 * products' list attributes and search lexemes, the flash-sale prices that have not ended, the
 * change log (table catalog_changes, written by triggers: migration 0011) and the stems of
 * searched words. The only SQL of the index.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { parseTsvector } from '#server/lib/tsvector.ts';
import { rowsOf } from '#server/db/rows.ts';
import { conditionCode, type ProductCondition } from '#contract/item-condition.ts';

/** A product as the catalog index holds it (server/catalog-index/types.ts re-exports it). */
export interface IndexedProduct {
  id: number;
  categoryId: number;
  shopId: number;
  seasonId: number | null;
  qualityId: number | null;
  /** The condition's code (contract/item-condition.ts conditionCode). */
  condition: number;
  quantity: number;
  totalSold: number;
  /** created_at in microseconds since the epoch (PostgreSQL's precision: ties are real). */
  createdUs: number;
  /** effective_price in bani (whole cents), exact. */
  priceCents: number;
  sizes: readonly number[];
  colors: readonly number[];
  /** search_vector's lexemes → weight bits (server/lib/tsvector.ts). */
  lexemes: ReadonlyMap<string, number>;
}

export interface IndexedSale {
  productId: number;
  saleCents: number;
  startsUs: number;
  endsUs: number;
}

interface ProductRow {
  id: number;
  category_id: number;
  shop_id: number;
  season_id: number | null;
  quality_id: number | null;
  condition: ProductCondition;
  quantity: number;
  total_sold: number;
  created_us: number | string;
  price_cents: number;
  vector: string;
  sizes: number[] | string | null;
  colors: number[] | string | null;
}

/** int[] as node-postgres (an array) or a text form ("{1,2}") gives it. */
const intList = (value: number[] | string | null): number[] =>
  value === null ? [] : Array.isArray(value) ? value.map(Number) : value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

const toIndexed = (row: ProductRow): IndexedProduct => ({
  id: Number(row.id),
  categoryId: Number(row.category_id),
  shopId: Number(row.shop_id),
  seasonId: row.season_id === null ? null : Number(row.season_id),
  qualityId: row.quality_id === null ? null : Number(row.quality_id),
  condition: conditionCode(row.condition),
  quantity: Number(row.quantity),
  totalSold: Number(row.total_sold),
  createdUs: Number(row.created_us),
  priceCents: Number(row.price_cents),
  sizes: intList(row.sizes),
  colors: intList(row.colors),
  lexemes: parseTsvector(row.vector),
});

const productColumns = sql`p.id, p.category_id, p.shop_id, p.season_id, p.quality_id, p.condition, p.quantity, p.total_sold,
  (extract(epoch from p.created_at) * 1000000)::float8 AS created_us,
  round(p.effective_price * 100)::int AS price_cents,
  p.search_vector::text AS vector,
  (SELECT array_agg(s.size_id) FROM product_sizes s WHERE s.product_id = p.id) AS sizes,
  (SELECT array_agg(c.color_id) FROM product_colors c WHERE c.product_id = p.id) AS colors`;

/**
 * Every active product, oldest first (then by id), in pages of at most `pageSize`: a full load
 * walks these (keyset pages on products_list_newest_idx, read backwards), so the index numbers
 * its slots in creation order and a list can stop early (ADR 041). The position between pages is
 * PostgreSQL's own text of the last creation time, so the next page starts exactly after it.
 */
export async function* indexedProductPages(db: Database, pageSize: number): AsyncGenerator<IndexedProduct[]> {
  let after: SQL = sql``;
  for (;;) {
    const result = await db.execute(sql`SELECT ${productColumns}, p.created_at::text AS created_key FROM products p
      WHERE p.is_active AND p.shop_listed ${after} ORDER BY p.created_at, p.id LIMIT ${pageSize}`);
    const rows: (ProductRow & { created_key: string })[] = rowsOf(result);
    const tail = rows.at(-1);
    if (!tail) return;
    yield rows.map(toIndexed);
    after = sql`AND (p.created_at, p.id) > (${tail.created_key}::timestamptz, ${Number(tail.id)})`;
  }
}

/** The current state of the given products: the active ones (the others are to be removed). */
export async function loadIndexedProducts(db: Database, ids: readonly number[]): Promise<IndexedProduct[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`SELECT ${productColumns} FROM products p
    WHERE p.is_active AND p.shop_listed AND p.id = ANY(${`{${ids.join(',')}}`}::int[])`);
  return rowsOf<ProductRow>(result).map(toIndexed);
}

/** Flash-sale prices whose sale has not ended (the index picks the running ones per request). */
export async function loadIndexedSales(db: Database): Promise<IndexedSale[]> {
  const result = await db.execute(sql`SELECT fsp.product_id, round(fsp.sale_price * 100)::int AS sale_cents,
      (extract(epoch from fs.starts_at) * 1000000)::float8 AS starts_us,
      (extract(epoch from fs.ends_at) * 1000000)::float8 AS ends_us
    FROM flash_sale_products fsp JOIN flash_sales fs ON fs.id = fsp.flash_sale_id
    WHERE fs.ends_at > now()`);
  return rowsOf<{ product_id: number; sale_cents: number; starts_us: number | string; ends_us: number | string }>(result).map((row) => ({
    productId: Number(row.product_id),
    saleCents: Number(row.sale_cents),
    startsUs: Number(row.starts_us),
    endsUs: Number(row.ends_us),
  }));
}

/**
 * The newest change's number (0: none yet): read before every list the index answers (read your
 * writes) and before a full load. A named prepared statement: planned once per connection.
 */
function prepareHead(db: Database) {
  return db
    .select({ seq: sql<number | string | null>`max(seq)::float8` })
    .from(sql`catalog_changes`)
    .prepare('catalog_changes_head');
}
const heads = new WeakMap<Database, ReturnType<typeof prepareHead>>();

export async function latestCatalogChange(db: Database): Promise<number> {
  let head = heads.get(db);
  if (!head) heads.set(db, (head = prepareHead(db)));
  const [row] = await head.execute();
  return Number(row?.seq ?? 0);
}

export interface CatalogChange {
  seq: number;
  /** null: flash sales changed. */
  productId: number | null;
}

/** Changes numbered above `afterSeq`, oldest first, at most `limit`. */
export async function catalogChangesSince(db: Database, afterSeq: number, limit: number): Promise<CatalogChange[]> {
  const result = await db.execute(sql`SELECT seq::float8 AS seq, product_id FROM catalog_changes
    WHERE seq > ${afterSeq} ORDER BY seq LIMIT ${limit}`);
  return rowsOf<{ seq: number | string; product_id: number | null }>(result).map((row) => ({
    seq: Number(row.seq),
    productId: row.product_id === null ? null : Number(row.product_id),
  }));
}

/** Forgets changes older than `keepSeconds` (every instance follows the log within seconds). */
export async function pruneCatalogChanges(db: Database, keepSeconds: number): Promise<void> {
  await db.execute(sql`DELETE FROM catalog_changes WHERE changed_at < now() - make_interval(secs => ${keepSeconds})`);
}

/**
 * The lexemes PostgreSQL's `romanian` configuration makes of each word (what to_tsquery would
 * search for): [] for a stop word; several for a word the parser splits.
 */
export async function stemWords(db: Database, words: readonly string[]): Promise<Map<string, string[]>> {
  if (!words.length) return new Map();
  const result = await db.execute(sql`SELECT w AS word, to_tsvector('romanian', w)::text AS vector
    FROM unnest(${`{${words.map((w) => `"${w.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) AS w`);
  return new Map(rowsOf<{ word: string; vector: string }>(result).map((row) => [row.word, [...parseTsvector(row.vector).keys()]]));
}
