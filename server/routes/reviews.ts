/**
 * Verified reviews (issue 37, ADR 033): POST /orders/{id}/reviews (the order's shopper, behind
 * app.authenticate, inside app.idempotent: a retried or re-sent review is written once) and
 * GET /shops/{id}/reviews?page (public). Eligibility is services/review-service.ts.
 *
 * A review changes its shop's rating (the trigger of migration 0016), which shop lists and product
 * pages show: once committed, the anonymous catalog's response cache is cleared on every
 * instance (app.catalogCache, ADR 045/022).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '#contract/ids.ts';
import { reviewApi } from '#contract/routes/reviews.ts';
import {
  createReviewResponseSchema,
  createReviewSchema,
  reviewListQuerySchema,
  REVIEWS_PER_PAGE,
  shopReviewsResponseSchema,
} from '#contract/reviews.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { listShopReviews, shopReviewSummary } from '#server/repositories/review-repository.ts';
import { writeReview } from '#server/services/review-service.ts';

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(reviewApi.create, { params: idParamSchema, body: createReviewSchema, response: createReviewResponseSchema }),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store').status(201);
      const result = await app.idempotent(request, reply, async (tx) => ({
        message: request.t('voice.review_saved'),
        data: { review: await writeReview(tx, request.auth!.user.id, request.params.id, request.body) },
      }));
      app.catalogCache.clear();
      return result;
    },
  });

  app.route({
    ...contractRoute(reviewApi.shopReviews, { params: idParamSchema, query: reviewListQuerySchema, response: shopReviewsResponseSchema }),
    handler: async (request) => {
      const shopId = request.params.id;
      const summary = await shopReviewSummary(app.db, shopId);
      if (!summary) throw new HttpError(404, 'voice.shop_not_found');
      const page = request.query.page;
      const { rows, total } = await listShopReviews(app.db, shopId, page, REVIEWS_PER_PAGE);
      return {
        message: request.t('voice.reviews'),
        data: {
          data: rows,
          meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE)), per_page: REVIEWS_PER_PAGE, total },
          summary,
        },
      };
    },
  });
};
export default reviewRoutes;
