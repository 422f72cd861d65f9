/**
 * Catalog constants without zod (the client imports these on the first load).
 * Product §9: default sort newest, default page 1.
 */
export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'most_sold'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_SORT: ProductSort = 'newest';
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 60;
/** Longer search text is refused with a 422 (a shopper never types more). */
export const MAX_SEARCH_LENGTH = 200;
/** Most suggestions the header search box asks for (and the server gives) at once. */
export const MAX_SUGGESTIONS = 10;
export const DEFAULT_SUGGESTIONS = 6;
/** Filter keys the filtered-products page mirrors in its URL (product §4), in display order. */
export const FILTER_KEYS = ['category', 'size', 'color', 'season', 'quality', 'condition'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * Why a listing or a shop answers 410 (issue 36/37): `reason` beside the message, so the app shows
 * the right screen — a listing taken down after a report (removed, suspended), or a shop unlisted
 * because its trader identity is incomplete (the shop's page and its products' pages).
 */
export const GONE_REASONS = ['removed', 'suspended', 'shop_unlisted'] as const;
export type GoneReason = (typeof GONE_REASONS)[number];
