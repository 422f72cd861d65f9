/**
 * Server-side translation of catalogue keys (src/locales/{ro,en}.json, the catalogues the client
 * uses): validation messages of the contract and the API's own messages are keys, translated
 * for the request's Accept-Language (first of ro/en the client prefers; ro by default).
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '#contract/constants.ts';

const catalogues = new Map<Locale, Record<string, string>>(
  SUPPORTED_LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../../src/locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>,
  ]),
);

export type TranslateVars = Record<string, string | number>;

/** The locale for an Accept-Language header: by descending q, the first ro or en; else ro. */
export function pickLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LOCALE;
  const ranges = value
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0]!, q: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const found = SUPPORTED_LOCALES.find((l) => l === range.lang);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

export const isMessageKey = (value: string) => Object.prototype.hasOwnProperty.call(catalogues.get(DEFAULT_LOCALE), value);

/** The message for `key` in `locale` with {{vars}} filled in; anything that is not a key is returned as is. */
export function translate(locale: Locale, key: string, vars?: TranslateVars): string {
  const message = catalogues.get(locale)?.[key] ?? catalogues.get(DEFAULT_LOCALE)?.[key];
  if (message === undefined) return key;
  if (!vars) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
