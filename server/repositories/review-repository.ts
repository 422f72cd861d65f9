/**
 * Shop reviews as stored and as the API answers them (issue 37, ADR 033). The shop's rating and
 * count are not computed here: the trigger of migration 0016 keeps shops.rating and
 * shops.reviews_count equal to the published reviews on every write below.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { shopReviews, shops, users } from '#server/db/schema.ts';
import type { OrderReview, Review } from '#contract/reviews.ts';

/** "Maria Popescu" → "Maria P."; one word stays as it is. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '—';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${last.charAt(0).toLocaleUpperCase('ro-RO')}.` : first;
}

const orderReviewFields = {
  id: shopReviews.id,
  shopId: shopReviews.shopId,
  rating: shopReviews.rating,
  text: shopReviews.text,
  createdAt: shopReviews.createdAt,
};

const toOrderReview = (row: { id: number; shopId: number; rating: number; text: string | null; createdAt: Date }): OrderReview => ({
  id: row.id,
  shop_id: row.shopId,
  rating: row.rating,
  text: row.text,
  created_at: row.createdAt.toISOString(),
});

/** The review written for an order, removed ones included (an order is reviewed once, whatever became of it). */
export async function findOrderReview(db: Database, orderId: number): Promise<OrderReview | undefined> {
  const [row] = await db.select(orderReviewFields).from(shopReviews).where(eq(shopReviews.orderId, orderId));
  return row && toOrderReview(row);
}

export async function insertReview(
  tx: Database,
  review: { orderId: number; shopId: number; userId: number; rating: number; text: string | null; createdAt?: Date },
): Promise<OrderReview> {
  const [row] = await tx.insert(shopReviews).values(review).returning(orderReviewFields);
  return toOrderReview(row!);
}

/** Published reviews of a shop, newest first, one page. */
export async function listShopReviews(
  db: Database,
  shopId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Review[]; total: number }> {
  const published = and(eq(shopReviews.shopId, shopId), isNull(shopReviews.removedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: shopReviews.id,
        rating: shopReviews.rating,
        text: shopReviews.text,
        textHidden: shopReviews.textHidden,
        name: users.name,
        createdAt: shopReviews.createdAt,
      })
      .from(shopReviews)
      .innerJoin(users, eq(users.id, shopReviews.userId))
      .where(published)
      .orderBy(desc(shopReviews.createdAt), desc(shopReviews.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(shopReviews).where(published),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.textHidden ? null : r.text,
      text_hidden: r.textHidden,
      reviewer: reviewerName(r.name),
      created_at: r.createdAt.toISOString(),
      verified_purchase: true as const,
    })),
    total: total?.n ?? 0,
  };
}

/** The shop's rating and count (kept by the trigger) and how many published reviews gave 1…5 stars. */
export async function shopReviewSummary(db: Database, shopId: number) {
  const [[shop], stars] = await Promise.all([
    db.select({ rating: shops.rating, reviewsCount: shops.reviewsCount }).from(shops).where(eq(shops.id, shopId)),
    db
      .select({ rating: shopReviews.rating, n: count() })
      .from(shopReviews)
      .where(and(eq(shopReviews.shopId, shopId), isNull(shopReviews.removedAt)))
      .groupBy(shopReviews.rating),
  ]);
  if (!shop) return undefined;
  const distribution = [0, 0, 0, 0, 0];
  for (const s of stars) distribution[s.rating - 1] = s.n;
  return { rating: shop.rating, reviews_count: shop.reviewsCount, distribution };
}

/** A published review and its shop (for a report on it). */
export async function findPublishedReview(db: Database, id: number) {
  const [row] = await db
    .select({ id: shopReviews.id, shopId: shopReviews.shopId, rating: shopReviews.rating, text: shopReviews.text })
    .from(shopReviews)
    .where(and(eq(shopReviews.id, id), isNull(shopReviews.removedAt)));
  return row;
}

/** An operator's decision: the review no longer shows or counts (the trigger recomputes the shop). */
export async function removeReview(tx: Database, id: number) {
  await tx
    .update(shopReviews)
    .set({ removedAt: sql`now()` })
    .where(and(eq(shopReviews.id, id), isNull(shopReviews.removedAt)));
}

/** An operator's decision: the text is hidden, the stars still count. */
export async function hideReviewText(tx: Database, id: number) {
  await tx.update(shopReviews).set({ textHidden: true }).where(eq(shopReviews.id, id));
}
