import { z } from 'zod';
import { SUPPORTED_LOCALES } from './constants.ts';

export { SUPPORTED_LOCALES, DEFAULT_LOCALE, type Locale } from './constants.ts';

export const localeSchema = z.enum(SUPPORTED_LOCALES, {
  error: () => `Locale must be one of: ${SUPPORTED_LOCALES.join(', ')}.`,
});

/** `/translations/:locale` path parameters. */
export const localeParamSchema = z.object({ locale: localeSchema });
