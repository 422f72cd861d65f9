/**
 * Interface messages (spec §7): GET /translations/{locale}; on failure GET /lang/{locale}.
 * The last fallback — empty messages — is the caller's (loadMessages), so an empty result is
 * never cached or persisted as if it were the catalogue.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TranslationsResponse } from '../../../../contract/content.ts';
import { translationsPath } from '../../../../contract/api-paths/storefront.ts';

export async function getTranslations(locale: string, signal?: AbortSignal): Promise<Record<string, string>> {
  try {
    return (await apiRequest<TranslationsResponse>(translationsPath(locale), { signal })).messages;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return (await apiRequest<TranslationsResponse>(`/lang/${encodeURIComponent(locale)}`, { signal })).messages;
  }
}

export const translationsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['translations', locale],
    queryFn: ({ signal }) => getTranslations(locale, signal),
    staleTime: 10 * 60_000,
  });
