import { z } from 'zod';
import { envelope } from './envelope.ts';
import { imageMetaSchema } from './images.ts';

/** Product §3 Country; GET /countries answers data.countries[]. */
export const countrySchema = z.object({ name: z.string(), phone_code: z.string(), iso_code: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countriesResponseSchema = envelope(z.object({ countries: z.array(countrySchema) }));

/** Product §3 Category. */
export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string(),
  thumbnail_meta: imageMetaSchema.nullable(),
  products_count: z.number(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = envelope(z.object({ categories: z.array(categorySchema) }));

/** Banners list, GET /banners answers data.data (product §7). */
export const bannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string(),
  image_meta: imageMetaSchema.nullable(),
  link: z.string().nullable(),
  shop_id: z.number().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersResponseSchema = envelope(z.object({ data: z.array(bannerSchema) }));

/** Product §3 Subpage; GET /api/subpages answers an array of subpages. */
export const subpageSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  section: z.enum(['about', 'information']),
  content: z.string(),
});
export type Subpage = z.infer<typeof subpageSchema>;
export const subpagesResponseSchema = z.array(subpageSchema);

/** GET /translations/{locale} answers `messages` (product §7). */
export const translationsResponseSchema = z.object({
  locale: z.string(),
  messages: z.record(z.string(), z.string()),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** GET /api/health/ready: whether the database answers (200 ok, else 503 unavailable with Retry-After). */
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  /**
   * The in-process catalog index (issue #13, ADR 041): `loading` while lists are still chosen by
   * SQL (same answers, slower), `off` when CATALOG_INDEX=false. Informative: not part of `status`.
   */
  catalog_index: z.enum(['ready', 'loading', 'off']).optional(),
});
