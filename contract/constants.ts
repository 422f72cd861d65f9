/**
 * Contract constants without zod, so the client can import them without pulling the
 * schema library into the first load (schemas stay server-side and in forms that need them).
 */
export const SUPPORTED_LOCALES = ['ro', 'en'] as const;
/** Romanian is default and fallback (product §9). */
export const DEFAULT_LOCALE = 'ro';
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** Product §3 themeColors: primary plus shades 50 to 950 — 12 values. */
export const THEME_SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;

/** Customer service hours (product §2 footer, issue #6 support page). */
export const CUSTOMER_SERVICE_HOURS = '09:00 - 17:00';

/** Queued changes and orders carry a UUID in this header so a retry applies once (issue #5). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Answers replayed from a stored key carry this header with the value "true". */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
