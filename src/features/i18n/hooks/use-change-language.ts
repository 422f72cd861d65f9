/** Switches the interface language (product §4 Language): saved under `locale`, ro re-fetched after a change. */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '#contract/constants.ts';
import { LOCALE_STORAGE_KEY } from '#src/lib/api-client.ts';
import { writeStored } from '#src/lib/storage.ts';
import { loadMessages } from '../lib/load-messages.ts';

export function useChangeLanguage() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return async (locale: string) => {
    try {
      writeStored(LOCALE_STORAGE_KEY, locale);
      await loadMessages(queryClient, locale, { fresh: locale === DEFAULT_LOCALE });
      await i18n.changeLanguage(locale);
      document.documentElement.lang = locale;
    } catch (error) {
      console.warn('[i18n] language change failed', error); // product §8: logged only
    }
  };
}
