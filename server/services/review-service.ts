/**
 * Verified reviews (issue 37, OUG 58/2022, ADR 033): who may write one, and when.
 *
 * - Only the order's own shopper: another shopper's order, or an unknown one, is 404 (the same
 *   answer, so order ids reveal nothing).
 * - Only the shop of that order (an order is one shop's): another shop is 422 on shop_id.
 * - Only once the order is delivered: before, 422 `voice.review_not_delivered`.
 * - Once per order: a second review is 422 `voice.review_already_written` (a retry of the same
 *   request with its Idempotency-Key replays the first answer instead: plugins/idempotency.ts).
 * The order row is locked first, so two different requests for one order take turns and the second
 * meets the first's review; the unique index on shop_reviews.order_id stands behind it.
 */
import type { Database } from '#server/db/client.ts';
import type { OrderReview } from '#contract/reviews.ts';
import { fieldError, HttpError } from '#server/lib/http-error.ts';
import { lockOrder } from '#server/repositories/order-repository.ts';
import { findOrderReview, insertReview } from '#server/repositories/review-repository.ts';

export async function writeReview(
  tx: Database,
  userId: number,
  orderId: number,
  review: { shop_id: number; rating: number; text?: string },
): Promise<OrderReview> {
  const order = await lockOrder(tx, { id: orderId, userId });
  if (!order) throw new HttpError(404, 'order.not_found');
  if (order.shopId !== review.shop_id) throw fieldError('shop_id', 'voice.review_shop_not_in_order');
  if (order.status !== 'delivered') throw new HttpError(422, 'voice.review_not_delivered');
  if (await findOrderReview(tx, order.id)) throw new HttpError(422, 'voice.review_already_written');
  const text = review.text?.trim() ? review.text : null;
  return insertReview(tx, { orderId: order.id, shopId: order.shopId, userId, rating: review.rating, text });
}
