/**
 * `sizes` of the pictures a first screen may preload (issue 15, ADR 043): the components use them,
 * and so does the inline first-screen script (vite.config.ts), so a preload fetches the very
 * variant the <picture> then uses. Plain strings: no React, no zod.
 */
/** A product card: half the screen on phones, a column of the grid on wider screens (ProductGrid). */
export const CARD_SIZES = '(min-width: 75em) 240px, (min-width: 62em) 22vw, (min-width: 48em) 31vw, 50vw';
/** The product gallery's stage: the page's width on phones, beside the details on wide screens. */
export const STAGE_SIZES = '(min-width: 62em) 560px, 100vw';
/** A home banner spans the content column (at most the 1200 px container). */
export const BANNER_SIZES = '(min-width: 75em) 1200px, 100vw';
/** Widest variant offered on Save-Data or a 2g connection. */
export const SAVE_DATA_MAX_WIDTH = 480;
