/**
 * i18next: Romanian is the default and fallback language (product §9). Catalogues come from
 * the API (src/locales/*.json served by /api/translations) through TanStack Query, so they are
 * persisted for offline use like any other data; nothing is bundled into the first load.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '#contract/constants.ts';
import { LOCALE_STORAGE_KEY } from './api-client.ts';
import { readStored } from './storage.ts';

export const i18n = i18next.createInstance();

export function initialLocale(): string {
  const stored = readStored<string | null>(LOCALE_STORAGE_KEY, null);
  return stored && (SUPPORTED_LOCALES as readonly string[]).includes(stored) ? stored : DEFAULT_LOCALE;
}

export async function initI18n(lng = initialLocale()) {
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    resources: {},
    partialBundledLanguages: true,
    // Flat catalogues: keys such as 'routes.shops' are whole keys (the API serves Record<string, string>).
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { bindI18nStore: 'added' },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return i18n;
}

const lastAdded = new Map<string, Record<string, string>>();

/**
 * Adds a catalogue to i18next. Adding fires i18next's 'added' event, which re-renders every
 * component that translates: the same catalogue object (the query's data, already added at
 * start) is not added twice.
 */
export function addMessages(locale: string, messages: Record<string, string>) {
  if (lastAdded.get(locale) === messages) return;
  lastAdded.set(locale, messages);
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}
