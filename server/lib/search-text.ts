/**
 * Search folding (ADR 004): the one function that turns both stored text and the shopper's
 * query into the same comparable form, so "geaca" finds "Geacă", "GEACĂ" finds "geaca" and
 * the cedilla letters ş ţ (U+015F, U+0163, old keyboards) equal the comma-below ș ț (U+0219,
 * U+021B). Pure JavaScript on purpose: PostgreSQL's unaccent would need a second extension and
 * would fold differently from the client; here stored text and query agree by construction.
 */

/** ş ţ (cedilla) and ș ț (comma below) in both cases, should NFD ever leave one composed. */
const ROMANIAN_LETTERS: Record<string, string> = {
  'ş': 's', 'Ş': 's', 'ș': 's', 'Ș': 's',
  'ţ': 't', 'Ţ': 't', 'ț': 't', 'Ț': 't',
};

/** Half of a UTF-16 pair without its other half (a malformed query string can produce one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * NFD, combining marks stripped, ş/ţ/ș/ț mapped, lower-cased, control and format characters
 * and lone surrogates turned into spaces (PostgreSQL refuses NUL), whitespace collapsed and trimmed.
 */
export function normalizeSearchText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(LONE_SURROGATE, ' ')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[şŞșȘţŢțȚ]/g, (letter) => ROMANIAN_LETTERS[letter]!)
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}\p{Z}\s]+/gu, ' ')
    .trim();
}

/** At most this many distinct terms are searched (the AND of the first ones). */
export const MAX_SEARCH_TERMS = 10;

/** The shopper's query as distinct folded terms, each of which must match (AND). */
export function searchTerms(query: string | null | undefined): string[] {
  const folded = normalizeSearchText(query);
  if (!folded) return [];
  return [...new Set(folded.split(' '))].slice(0, MAX_SEARCH_TERMS);
}

/** The stored search_text of a product: its name first, then brand, shop and category, one per line. */
export function productSearchText(parts: { name: string; brand?: string | null; shopName?: string | null; categoryName?: string | null }): string {
  return [parts.name, parts.brand, parts.shopName, parts.categoryName].map(normalizeSearchText).join('\n');
}

/** A term as a LIKE pattern that matches it anywhere: % _ and \ are escaped (backslash is LIKE's default escape). */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * A term as a literal inside a PostgreSQL advanced regular expression: every character that is
 * not a letter or digit is backslash-escaped ("\k" is the literal k for non-alphanumeric k).
 */
export function regexLiteral(term: string): string {
  return term.replace(/[^\p{L}\p{N}]/gu, '\\$&');
}
