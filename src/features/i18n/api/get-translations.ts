/**
 * Interface messages (product §7): GET /translations/{locale}; on failure GET /lang/{locale}.
 * The last fallback — empty messages — is the caller's (loadMessages), so an empty result is
 * never cached or persisted as if it were the catalogue.
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import type { Locale } from '#contract/locale.ts';
import { translationApi } from '#contract/routes/translations.ts';

export async function getTranslations(locale: string, signal?: AbortSignal): Promise<Record<string, string>> {
  // Asked as given (i18next's language): the server refuses a language it has no catalogue for
  // (400), and the caller then falls back to empty messages.
  const params = { locale: locale as Locale };
  try {
    return (await callRoute(translationApi.messages, { params, signal })).messages;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return (await callRoute(translationApi.fallback, { params, signal })).messages;
  }
}

export const translationsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['translations', locale],
    queryFn: ({ signal }) => getTranslations(locale, signal),
    staleTime: 10 * 60_000,
  });
