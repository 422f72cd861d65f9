import { z } from 'zod';

/** Languages the storefront ships complete catalogues for. Romanian is default and fallback (spec §9). */
export const SUPPORTED_LOCALES = ['ro', 'en'] as const;
export const DEFAULT_LOCALE = 'ro';
export const localeSchema = z.enum(SUPPORTED_LOCALES, {
  error: () => `Locale must be one of: ${SUPPORTED_LOCALES.join(', ')}.`,
});
export type Locale = z.infer<typeof localeSchema>;
