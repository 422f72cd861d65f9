/**
 * Favourites (issue #6): one row per (user, product), primary key (user_id, product_id), plus an
 * index on product_id for "who favourited this product" (price drop, low stock).
 * Only active products count and are listed: a favourite whose product was withdrawn stays
 * stored (it comes back if the product does) but is not shown.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { listedProduct } from './catalog/product-cards.ts';
import type { Database } from '#server/db/client.ts';
import { favorites, products, sessions } from '#server/db/schema.ts';

const activeProduct = and(eq(products.id, favorites.productId), listedProduct);

/** Whether the product exists and is listed (only those can become favourites). */
export async function isActiveProduct(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), listedProduct));
  return row !== undefined;
}

/** Adds a favourite; adding it again changes nothing (the first time stays its date). */
export async function addFavorite(db: Database, userId: number, productId: number) {
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
}

export async function removeFavorite(db: Database, userId: number, productId: number) {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
}

/** The user's favourite count (active products), product §3 favoriteProducts. */
export async function countFavorites(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).innerJoin(products, activeProduct).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/** Whether the user already has this product as a favourite. */
export async function hasFavorite(db: Database, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return row !== undefined;
}

/** The user's favourite product ids (active products), newest favourite first. */
export async function listFavoriteProductIds(db: Database, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .innerJoin(products, activeProduct)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    .limit(limit);
  return rows.map((r) => r.productId);
}

/**
 * Which of `productIds` are favourites of the session whose token hashes to `tokenHash` (live:
 * not revoked, used within `idleDays`). One query through the unique token index and the
 * favourites primary key; an unknown or ended session simply has none.
 */
export async function favoriteIdsForToken(db: Database, tokenHash: string, idleDays: number, productIds: number[]): Promise<Set<number>> {
  if (!productIds.length) return new Set();
  const rows = await db
    .select({ productId: favorites.productId })
    .from(sessions)
    .innerJoin(favorites, eq(favorites.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        sql`${sessions.lastUsedAt} + (${idleDays}::integer * interval '1 day') > now()`,
        inArray(favorites.productId, productIds),
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

/** Users who have this product as a favourite (for price-drop and low-stock notifications). */
export async function favoriteUserIds(db: Database, productId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: favorites.userId })
    .from(favorites)
    .where(eq(favorites.productId, productId))
    .orderBy(favorites.userId);
  return rows.map((r) => r.userId);
}
