/** Loads a catalogue into i18next: cache first (persisted, works offline), else the API chain, else empty. */
import type { QueryClient } from '@tanstack/react-query';
import { addMessages } from '#src/lib/i18n.ts';
import { translationsQueryOptions } from '../api/get-translations.ts';

export async function loadMessages(queryClient: QueryClient, locale: string, { fresh = false } = {}) {
  try {
    const options = translationsQueryOptions(locale);
    const messages = fresh
      ? await queryClient.fetchQuery({ ...options, staleTime: 0 })
      : await queryClient.ensureQueryData({ ...options, revalidateIfStale: true });
    addMessages(locale, messages);
  } catch (error) {
    // Product §7/§8: on a second failure the messages stay empty; the failure is only logged.
    console.warn(`[i18n] messages for ${locale} unavailable`, error);
    addMessages(locale, {});
  }
}
