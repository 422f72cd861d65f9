/** Content endpoints by their definitions (product §7): GET /countries, /banners and /subpages. */
import type { bannersResponseSchema, countriesResponseSchema, subpagesResponseSchema } from '#contract/content.ts';
import { BANNERS_PATH } from '#contract/api-paths/home.ts';
import { defineRoute } from '#contract/route.ts';

export const contentApi = {
  countries: defineRoute<{ response: typeof countriesResponseSchema }>()('GET', '/countries'),
  banners: defineRoute<{ response: typeof bannersResponseSchema }>()('GET', BANNERS_PATH),
  /** A bare array of subpages, without the `{ message, data }` envelope. */
  subpages: defineRoute<{ response: typeof subpagesResponseSchema }>()('GET', '/subpages'),
};
