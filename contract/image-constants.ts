/**
 * The image pipeline's public constants (issue 15, ADR 043), zod-free so the first load can use
 * them. Every raster image is served at these widths (never wider than its original), in AVIF,
 * WebP and JPEG, at `${variants}/${width}.${format}`:
 *   /media/img/v1/<32 hex: content address>/<width>.<avif|webp|jpg>
 * Those URLs never change content: `Cache-Control: public, max-age=31536000, immutable`.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Widths offered for an original `width` px wide: the ladder up to it, and the original width when it is off the ladder. */
export function variantWidths(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0 || (widths[widths.length - 1]! < width && width < IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!)) widths.push(width);
  return widths;
}

/** The URL of one variant. */
export const variantUrl = (variants: string, width: number, format: ImageFormat) => `${variants}/${width}.${format}`;
