/** The category endpoints (product §7): GET /categories and GET /categories/:key (an id or a slug). */
import type { categoryKeyParamSchema, categoryResponseSchema } from '#contract/catalog.ts';
import type { categoriesResponseSchema } from '#contract/content.ts';
import { CATEGORIES_PATH } from '#contract/api-paths/categories.ts';
import { defineRoute } from '#contract/route.ts';

export const categoryApi = {
  list: defineRoute<{ response: typeof categoriesResponseSchema }>()('GET', CATEGORIES_PATH),
  /** The address categoryPath spells (the key encoded). */
  details: defineRoute<{ params: typeof categoryKeyParamSchema; response: typeof categoryResponseSchema }>()('GET', '/categories/:key'),
};
