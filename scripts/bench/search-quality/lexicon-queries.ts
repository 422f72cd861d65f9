/**
 * A judged query set built by rule from the Romanian dictionary (issue 40), not by hand: for the
 * first word of every product name in the catalog (the kind of item: "Joc", "Rucsac", "Păpușă"),
 * the Hunspell ro_RO dictionary (npm dictionary-ro, expanded with hunspell-reader) gives the word's
 * inflected forms, and each becomes queries a shopper types:
 *   - plural: the shortest plural-like form ("jocuri", "păpuși");
 *   - article: the shortest form with the definite article, singular ("jocul") and plural ("jocurile");
 *   - no diacritics: a form with diacritics typed without them ("papusile");
 *   - cedilla: a form with ș/ț typed with the old cedilla letters ş/ţ;
 *   - diminutive: a dictionary word made of the word and a diminutive suffix (-uț, -uță, -iță,
 *     -ușor, -ușoară, -uleț), when the dictionary has one;
 *   - typo: the plural with two neighbouring letters swapped in its middle (skipped when that is a
 *     dictionary word, or the word is shorter than 5 letters);
 *   - two words: the plural and the brand most of those products carry.
 * A product is relevant when its name begins with the word (and, for two words, has that brand) —
 * judged on the product's own name, whatever the search does. Vocatives ("jocule") and the
 * colloquial article without l ("jocu") are left out: shoppers do not type them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HunspellReader } from 'hunspell-reader';
import { normalizeSearchText } from '#server/lib/search-text.ts';
import type { JudgedProduct, JudgedQuery } from './judged-queries.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIMINUTIVE_SUFFIXES = ['uț', 'uță', 'iță', 'ușor', 'ușoară', 'uleț'];
const NOUN_ENDINGS = ['ă', 'e', 'ie', 'a'];

/** Lower case with the comma-below letters (ş → ș, ţ → ț), as the dictionary spells words. */
const lower = (word: string) => word.toLocaleLowerCase('ro').replace(/ş/g, 'ș').replace(/ţ/g, 'ț');
const firstWord = (name: string) =>
  lower(name)
    .split(/[^\p{L}]+/u)
    .find(Boolean) ?? '';
const shortest = (forms: string[]) => [...forms].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];

function isArticulated(form: string, lemma: string): boolean {
  if (/(ul|ului|lui|le|lor|ei)$/.test(form)) return true;
  return form.endsWith('a') && !lemma.endsWith('a') && !form.endsWith('ea');
}

export async function lexiconQueries(catalog: readonly JudgedProduct[]): Promise<JudgedQuery[]> {
  const dir = path.join(ROOT, 'node_modules/dictionary-ro');
  const reader = await HunspellReader.createFromFiles(path.join(dir, 'index.aff'), path.join(dir, 'index.dic'));
  const heads = new Set(catalog.map((p) => firstWord(p.name)).filter((w) => w.length >= 3));

  const formsOf = new Map<string, Set<string>>();
  const dictionaryWords = new Set<string>();
  for (const entryForms of reader.seqTransformDictionaryEntries()) {
    for (const form of entryForms) {
      dictionaryWords.add(normalizeSearchText(form.word));
      const root = lower(form.dic.split('/')[0]!);
      if (!heads.has(root) || form.prefix || form.word.includes('-')) continue;
      let set = formsOf.get(root);
      if (!set) formsOf.set(root, (set = new Set()));
      set.add(lower(form.word));
    }
  }
  const entries = new Set(reader.dic.map((entry) => lower(entry.split('/')[0]!)));

  const queries: JudgedQuery[] = [];
  for (const head of [...heads].sort()) {
    const relevant = (p: JudgedProduct) => normalizeSearchText(firstWord(p.name)) === normalizeSearchText(head);
    const forms = [...(formsOf.get(head) ?? [])].filter(
      (f) => f !== head && !f.endsWith('ule') && !(f.endsWith('o') && !head.endsWith('o')) && f !== `${head}u`,
    );
    const articulated = forms.filter((f) => isArticulated(f, head));
    const plural = shortest(forms.filter((f) => !isArticulated(f, head)));
    const singularArticle = shortest(articulated.filter((f) => !/(le|lor)$/.test(f)));
    const pluralArticle = shortest(articulated.filter((f) => /le$/.test(f)));
    const add = (query: string | undefined, kind: JudgedQuery['kind'], test = relevant) => {
      if (query && !queries.some((q) => q.query === query)) queries.push({ query, kind, relevant: test });
    };
    add(plural, 'plural');
    add(singularArticle, 'article');
    add(pluralArticle, 'article');
    const withDiacritics = [plural, pluralArticle, singularArticle].find((f) => f && normalizeSearchText(f) !== f);
    if (withDiacritics) add(normalizeSearchText(withDiacritics), 'no diacritics');
    const withCommaLetters = [plural, pluralArticle, singularArticle, head].find((f) => f && /[șț]/.test(f));
    if (withCommaLetters) add(withCommaLetters.replace(/ș/g, 'ş').replace(/ț/g, 'ţ'), 'cedilla');
    const stem = NOUN_ENDINGS.find((e) => head.endsWith(e)) ? head.replace(/(ie|ă|e|a)$/, '') : head;
    const diminutive = DIMINUTIVE_SUFFIXES.map((s) => stem + s).find((w) => entries.has(w));
    add(diminutive, 'diminutive');
    if (plural && plural.length >= 5) {
      const i = Math.floor(plural.length / 2) - 1;
      const typo = plural.slice(0, i) + plural[i + 1] + plural[i] + plural.slice(i + 2);
      if (typo !== plural && !dictionaryWords.has(normalizeSearchText(typo))) add(typo, 'typo');
    }
    const brands = new Map<string, number>();
    for (const p of catalog) if (p.brand && relevant(p)) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
    const brand = [...brands].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
    if (plural && brand)
      add(`${plural} ${lower(brand)}`, 'two words', (p) => relevant(p) && normalizeSearchText(p.brand) === normalizeSearchText(brand));
  }
  return queries;
}

/** The dictionary's version, for the report. */
export function dictionaryVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/dictionary-ro/package.json'), 'utf8')) as { version: string }).version;
}
