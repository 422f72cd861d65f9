/**
 * What state a (mostly second-hand) item is in (issue 36, ADR 031): one of five conditions, best
 * first. Below `very_good` the listing must say what is wrong (`condition_notes`: defects, wear,
 * what is missing) — checked by the database (products_condition_notes_required) and the API.
 * Zod-free: the product card imports it on the first load.
 */
export const PRODUCT_CONDITIONS = ['new_with_tags', 'new_without_tags', 'very_good', 'good', 'satisfactory'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/** Conditions whose listing must describe the defects (condition_notes required). */
export const CONDITIONS_NEEDING_NOTES: readonly ProductCondition[] = ['good', 'satisfactory'];

/** The condition's number in the catalog index (its position above): the index keeps filter values as integers. */
export const conditionCode = (condition: ProductCondition): number => PRODUCT_CONDITIONS.indexOf(condition);
