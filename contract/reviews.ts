/**
 * Verified shop reviews (issue 37, OUG 58/2022, ADR 033). Used by the server (validation and
 * serialisation) and by the client's review form (the same schema, messages shown with t()).
 *
 * - Only the shopper of a delivered order writes one, once per order (an order is one shop's):
 *   POST /orders/{id}/reviews {shop_id, rating, text?} with an Idempotency-Key.
 * - Text is PLAIN TEXT (cleanText: control characters removed, trimmed), at most 2 000 characters;
 *   rendered as text, never as HTML. An empty text is no text.
 * - GET /shops/{id}/reviews?page= lists the published ones newest first, with the reviewer's first
 *   name and initial ("Maria P."), the stars distribution of all of them, and `verified_purchase`.
 */
import { z } from 'zod';
import { id } from './ids.ts';
import { lines } from './text.ts';
import { envelope } from './envelope.ts';
import { paginationMetaSchema } from './catalog.ts';
import { cleanText } from './support.ts';

export const REVIEW_TEXT_MAX = 2000;
export const REVIEWS_PER_PAGE = 10;
export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;

/** POST /orders/{id}/reviews */
export const createReviewSchema = z.object({
  shop_id: id,
  rating: z.coerce
    .number({ message: 'voice.review_rating_invalid' })
    .int('voice.review_rating_invalid')
    .min(1, 'voice.review_rating_invalid')
    .max(5, 'voice.review_rating_invalid'),
  text: z.preprocess(
    (v) => (v === null ? undefined : v),
    lines({ message: 'voice.review_text_invalid' }).overwrite(cleanText).max(REVIEW_TEXT_MAX, 'voice.review_text_max').optional(),
  ),
});
export type CreateReviewPayload = z.input<typeof createReviewSchema>;

export const reviewSchema = z.object({
  id: z.number(),
  rating: z.number().int(),
  /** Plain text; null when none was written or an operator hid it after a report. */
  text: z.string().nullable(),
  /** True when an operator hid the text after a report (the stars still count). */
  text_hidden: z.boolean(),
  /** "Maria P.": first name and the initial of the last. */
  reviewer: z.string(),
  created_at: z.string(),
  /** Always true: a review exists only for a delivered order of its writer. */
  verified_purchase: z.literal(true),
});
export type Review = z.infer<typeof reviewSchema>;

/** The shopper's own review of an order (order details, and the answer to POST). */
export const orderReviewSchema = z.object({
  id: z.number(),
  shop_id: z.number(),
  rating: z.number().int(),
  text: z.string().nullable(),
  created_at: z.string(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

export const createReviewResponseSchema = envelope(z.object({ review: orderReviewSchema }));
export type CreateReviewResponse = z.infer<typeof createReviewResponseSchema>;

export const reviewListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'validation.page_invalid' })
    .int('validation.page_invalid')
    .min(1, 'validation.page_invalid')
    .max(100_000, 'validation.page_invalid')
    .default(1),
});

export const shopReviewsResponseSchema = envelope(
  z.object({
    data: z.array(reviewSchema),
    meta: paginationMetaSchema,
    /** The shop's rating and count, as every shop answer carries them. */
    summary: z.object({
      rating: z.number(),
      reviews_count: z.number().int(),
      /** How many published reviews gave 1…5 stars (index 0 is one star). */
      distribution: z.array(z.number().int()).length(5),
    }),
  }),
);
export type ShopReviewsResponse = z.infer<typeof shopReviewsResponseSchema>;
