/**
 * Search folding (ADR 004): the one function that turns both stored text and the shopper's
 * query into the same comparable form, so "geaca" finds "Geacă", "GEACĂ" finds "geaca" and
 * the cedilla letters ş ţ (U+015F, U+0163, old keyboards) equal the comma-below ș ț (U+0219,
 * U+021B). Pure JavaScript on purpose: PostgreSQL's unaccent would need a second extension and
 * would fold differently from the client; here stored text and query agree by construction.
 */

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
 * Irregular Romanian word forms the Snowball stemmer does not bring to the same stem as their
 * base form (issue #13): plurals that change the stem (geacă/geci, geantă/genți, oglindă/oglinzi,
 * tigaie/tigăi), plurals in -uri/-e that keep a longer stem (tricouri, pulovere, telefoane),
 * common diminutives (rochiță, gecuță) and the shoe word "adidași", kept apart from the brand
 * Adidas. Folded forms; each line is "base: forms…". Checked against the stemmer of both
 * PostgreSQL 15 and PGlite (tests/api/search.test.ts).
 */
const IRREGULAR_FORMS = `
geaca: geci gecile gecii gecilor geacuta gecuta gecute gecutele gecusoara
geanta: genti gentile gentii gentilor gentuta gentute gentutele
oglinda: oglinzi oglinzile oglinzii oglinzilor
tigaie: tigai tigaile tigaii tigailor
tricou: tricouri tricourile tricourilor tricoul tricoului
pulover: pulovere puloverele puloverelor puloverul puloverului
telefon: telefoane telefoanele telefoanelor telefonul telefonului
palton: paltoane paltoanele paltoanelor paltonul
ceas: ceasuri ceasurile ceasurilor ceasul
sacou: sacouri sacourile sacoul
portofel: portofele portofelele portofelul
pijama: pijamale pijamalele pijamaua
covor: covoare covoarele covorul
tablou: tablouri tablourile tabloul
cort: corturi corturile cortul
body: bodyuri bodyurile bodyul
trenci: trenciuri trenciurile trenciul
laptop: laptopuri laptopurile laptopul
casti: casca castile castilor
ghete: gheata ghetele ghetelor
puzzle: puzzleuri puzzle-uri puzzleurile
smartwatch: smartwatchuri smartwatchul
copil: copii copiii copiilor copilul copilului
rochie: rochita rochite rochitele rochitei rochiei rochia
sneakers: adidasi adidasii adidasilor sneaker
`;

const BASE_FORM = new Map<string, string>();
for (const line of IRREGULAR_FORMS.trim().split('\n')) {
  const [base, forms] = line.split(':') as [string, string];
  for (const form of forms.trim().split(/\s+/)) BASE_FORM.set(form, base.trim());
}

/** The base form of a folded word when the dictionary knows it as an irregular form, else the word. */
export function baseForm(word: string): string {
  return BASE_FORM.get(word) ?? word;
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
