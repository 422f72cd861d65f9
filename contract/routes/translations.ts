/** The interface's messages (product §7): GET /translations/:locale, and its fallback GET /lang/:locale. */
import type { translationsResponseSchema } from '../content.ts';
import type { localeParamSchema } from '../locale.ts';
import { defineRoute } from '../route.ts';

type TranslationsShape = { params: typeof localeParamSchema; response: typeof translationsResponseSchema };

export const translationApi = {
  /** The address translationsPath spells (the locale encoded). */
  messages: defineRoute<TranslationsShape>()('GET', '/translations/:locale'),
  fallback: defineRoute<TranslationsShape>()('GET', '/lang/:locale'),
};
