/**
 * What the API says about every raster image (issue 15, ADR 043), next to its `url`: intrinsic
 * size (the page reserves the space), a ThumbHash placeholder (colour before the photo arrives)
 * and where its variants are (`${variants}/${width}.${avif|webp|jpg}` for each of `widths`).
 * Added beside the spec's fields, never instead of them: `thumbnail` stays, `thumbnail_meta`
 * describes it. Null for an image outside the pipeline (a generated SVG).
 */
import { z } from 'zod';

export const imageMetaSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** ThumbHash, base64: decode with thumbhash's thumbHashToDataURL. */
  placeholder: z.string(),
  /** Base path of the variants: `${variants}/${width}.${format}`. */
  variants: z.string(),
  /** Widths the variants exist at (IMAGE_WIDTHS up to the original's width). */
  widths: z.array(z.number().int()),
});
export type ImageMeta = z.infer<typeof imageMetaSchema>;
