/**
 * Search folding (ADR 046): the one function that turns both stored text and the shopper's
 * query into the same comparable form, so "geaca" finds "Geacă", "GEACĂ" finds "geaca" and
 * the cedilla letters ş ţ (U+015F, U+0163, old keyboards) equal the comma-below ș ț (U+0219,
 * U+021B). Pure JavaScript on purpose: PostgreSQL's unaccent would need a second extension and
 * would fold differently from the client; here stored text and query agree by construction.
 */
import { createHash } from 'node:crypto';
import { dictionaryForms, dictionaryLemma, wordFormsDigest } from './word-forms.ts';

/** ş ţ (cedilla) and ș ț (comma below) in both cases, should NFD ever leave one composed. */
const ROMANIAN_LETTERS: Record<string, string> = {
  ş: 's',
  Ş: 's',
  ș: 's',
  Ș: 's',
  ţ: 't',
  Ţ: 't',
  ț: 't',
  Ț: 't',
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

/**
 * Word forms the Romanian dictionary (word-forms.ts, issue 40) does not bring to their base form:
 * plurals it lists without their singular (geci, genți, căști), forms of words it lacks (geacă,
 * body, puzzle, smartwatch), forms it gives to another word ("copii" is also the plural of "copie";
 * "gentile" of "gentil"), diminutives, which it lists as words of their own (rochiță, gentuță: their
 * own forms follow, since a word's dictionary lemma is looked up here too), and the shoe word
 * "adidași", kept apart from the brand Adidas. Folded forms; each line is "base: forms…". This list
 * wins over the dictionary.
 */
const IRREGULAR_FORMS = `
geaca: geci gecile gecii gecilor geacuta gecuta gecute gecutele gecusoara
geanta: genti gentile gentii gentilor gentuta
tigaie: tigai
body: bodyuri bodyurile bodyul
casti: casca castile castilor
ghete: gheata ghetele ghetelor ghetuta
puzzle: puzzleuri puzzleurile
smartwatch: smartwatchuri smartwatchul
copil: copii copiii copiilor
rochie: rochita
sneakers: adidasi adidasii adidasilor sneaker
`;

const BASE_FORM = new Map<string, string>();
for (const line of IRREGULAR_FORMS.trim().split('\n')) {
  const [base, forms] = line.split(':') as [string, string];
  // A base is its own base form, whatever the dictionary says of it ("casti" stays "casti").
  BASE_FORM.set(base.trim(), base.trim());
  for (const form of forms.trim().split(/\s+/)) BASE_FORM.set(form, base.trim());
}

/**
 * The base form of a folded word: the project's list first, else the dictionary's lemma ("jocuri"
 * → "joc"), itself passed through the list ("rochițele" → rochiță → rochie); else the word.
 * Idempotent: a base form is its own base form.
 */
export function baseForm(word: string): string {
  const listed = BASE_FORM.get(word);
  if (listed) return listed;
  const lemma = dictionaryLemma(word);
  return lemma === undefined ? word : (BASE_FORM.get(lemma) ?? lemma);
}

/** Every form whose base form is the given one, as the dictionary and the list above know them. */
export function formsOfBase(base: string): string[] {
  const forms = new Set(dictionaryForms(base));
  for (const [form, listed] of BASE_FORM)
    if (listed === base && form !== base) for (const f of [form, ...dictionaryForms(form)]) forms.add(f);
  return [...forms];
}

/**
 * The version of the search folding: changes when the dictionary's table or the list above does,
 * and then every product's search_text is written again (search-text-refresh.ts).
 */
export function searchFoldingVersion(): string {
  return `${wordFormsDigest()}-${createHash('sha256').update(IRREGULAR_FORMS).digest('hex').slice(0, 8)}`;
}

/** Folded words of a text: letters and digits only, in order ("H&M" → h, m; "Levi's" → levi, s). */
export function searchWords(text: string | null | undefined): string[] {
  const folded = normalizeSearchText(text);
  return folded ? folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean) : [];
}

/** A text as the search document and the query see it: folded words, irregular forms replaced by their base form. */
export function searchDocument(text: string | null | undefined): string {
  return searchWords(text).map(baseForm).join(' ');
}

/**
 * The stored search_text of a product: name, brand, category, shop and description, one per line
 * in that order (products.search_vector weighs them A, B, C, D, D), each a searchDocument().
 */
export function productSearchText(parts: {
  name: string;
  brand?: string | null;
  categoryName?: string | null;
  shopName?: string | null;
  description?: string | null;
}): string {
  return [parts.name, parts.brand, parts.categoryName, parts.shopName, parts.description].map(searchDocument).join('\n');
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
