/** Content endpoints by their definitions (spec §7): GET /countries. */
import type { countriesResponseSchema } from '../content.ts';
import { defineRoute } from '../route.ts';

export const contentApi = {
  countries: defineRoute<{ response: typeof countriesResponseSchema }>()('GET', '/countries'),
};
