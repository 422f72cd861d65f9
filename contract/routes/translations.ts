/** The interface's messages (product §7): GET /translations/:locale, and its fallback GET /lang/:locale. */
import type { translationsResponseSchema } from '#contract/content.ts';
import type { localeParamSchema } from '#contract/locale.ts';
import { defineRoute } from '#contract/route.ts';

type TranslationsShape = { params: typeof localeParamSchema; response: typeof translationsResponseSchema };

export const translationApi = {
  /** The address translationsPath spells (the locale encoded). */
  messages: defineRoute<TranslationsShape>()('GET', '/translations/:locale'),
  fallback: defineRoute<TranslationsShape>()('GET', '/lang/:locale'),
};
