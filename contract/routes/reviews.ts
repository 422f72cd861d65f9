/**
 * Verified reviews (issue 37, ADR 033): POST /orders/:id/reviews (the order's shopper, once it is
 * delivered; Idempotency-Key) and GET /shops/:id/reviews?page (public, newest first).
 */
import type { idParamSchema } from '#contract/ids.ts';
import type {
  createReviewResponseSchema,
  createReviewSchema,
  reviewListQuerySchema,
  shopReviewsResponseSchema,
} from '#contract/reviews.ts';
import { defineRoute } from '#contract/route.ts';

export const reviewApi = {
  create: defineRoute<{ params: typeof idParamSchema; body: typeof createReviewSchema; response: typeof createReviewResponseSchema }>()(
    'POST',
    '/orders/:id/reviews',
    { status: 201 },
  ),
  shopReviews: defineRoute<{
    params: typeof idParamSchema;
    query: typeof reviewListQuerySchema;
    response: typeof shopReviewsResponseSchema;
  }>()('GET', '/shops/:id/reviews'),
};
