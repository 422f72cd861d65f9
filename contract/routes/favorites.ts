/**
 * Favourites (issue #6, product §7, signed in): GET /favorite-products, PUT and DELETE
 * /favorite-products/:productId (both also honour an Idempotency-Key; the app sends them through
 * its outbox).
 */
import type { favoriteListResponseSchema, favoriteToggleResponseSchema, productIdParamSchema } from '#contract/engagement.ts';
import { defineRoute } from '#contract/route.ts';

export const favoriteApi = {
  list: defineRoute<{ response: typeof favoriteListResponseSchema }>()('GET', '/favorite-products'),
  add: defineRoute<{ params: typeof productIdParamSchema; response: typeof favoriteToggleResponseSchema }>()(
    'PUT',
    '/favorite-products/:productId',
  ),
  remove: defineRoute<{ params: typeof productIdParamSchema; response: typeof favoriteToggleResponseSchema }>()(
    'DELETE',
    '/favorite-products/:productId',
  ),
};
