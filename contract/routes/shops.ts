/** The shop endpoints (product §7): GET /shops?page&per_page and GET /shops/:id. */
import type { idParamSchema, pageQuerySchema, shopDetailsResponseSchema, shopListResponseSchema } from '#contract/catalog.ts';
import { defineRoute } from '#contract/route.ts';

export const shopApi = {
  list: defineRoute<{ query: typeof pageQuerySchema; response: typeof shopListResponseSchema }>()('GET', '/shops'),
  details: defineRoute<{ params: typeof idParamSchema; response: typeof shopDetailsResponseSchema }>()('GET', '/shops/:id'),
};
