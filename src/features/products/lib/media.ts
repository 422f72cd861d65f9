/**
 * Product §2 product card: the thumbnail, or the first video's poster when the thumbnail is the
 * default (placeholder) image.
 */
import type { Product } from '#contract/catalog.ts';

export const DEFAULT_PRODUCT_THUMBNAIL = '/media/products/default.svg';

export const isDefaultImage = (url: string | null | undefined) => !url || url === DEFAULT_PRODUCT_THUMBNAIL;

export function cardImage(product: Pick<Product, 'thumbnail' | 'videos'>): string {
  if (isDefaultImage(product.thumbnail)) return product.videos[0]?.thumbnail ?? DEFAULT_PRODUCT_THUMBNAIL;
  return product.thumbnail;
}
