/**
 * GET /api/translations/{locale} and its fallback GET /api/lang/{locale} (product §7).
 * The catalogues are src/locales/{ro,en}.json: the same files the tests check for equal key sets.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translationApi } from '#contract/routes/translations.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { translationsResponseSchema } from '#contract/content.ts';
import { SUPPORTED_LOCALES, localeParamSchema, type Locale } from '#contract/locale.ts';

const catalogueUrl = (locale: Locale) => new URL(`../../src/locales/${locale}.json`, import.meta.url);

const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogues = new Map<Locale, Record<string, string>>();
  for (const locale of SUPPORTED_LOCALES) {
    catalogues.set(locale, JSON.parse(await readFile(catalogueUrl(locale), 'utf8')));
  }

  const schemas = { params: localeParamSchema, response: translationsResponseSchema };
  const handler = async (request: { params: { locale: Locale } }, reply: { header(k: string, v: string): unknown }) => {
    reply.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    return { locale: request.params.locale, messages: catalogues.get(request.params.locale)! };
  };
  app.route({ ...contractRoute(translationApi.messages, schemas), handler });
  app.route({ ...contractRoute(translationApi.fallback, schemas), handler });
};
export default translationRoutes;
