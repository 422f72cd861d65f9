/** Shop reviews (issue 37): GET /shops/:id/reviews?page. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { reviewApi } from '#contract/routes/reviews.ts';
import type { RouteAnswer } from '#contract/route.ts';

export const REVIEWS_QUERY_KEY = ['shop-reviews'] as const;
export type ShopReviewsPage = RouteAnswer<typeof reviewApi.shopReviews>['data'];

export const shopReviewsQueryOptions = (shopId: number, page: number) =>
  queryOptions({
    queryKey: [...REVIEWS_QUERY_KEY, shopId, page],
    queryFn: async ({ signal }) => (await callRoute(reviewApi.shopReviews, { params: { id: shopId }, query: { page }, signal })).data,
    staleTime: 60_000,
  });
