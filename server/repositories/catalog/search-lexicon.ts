/**
 * The search lexicon (issue #13, ADR 046): the words of the active catalog (names, brands,
 * categories, shops) with how many products use each, the categories, and the synonym groups
 * (table search_synonyms). Kept in each server process, derived from PostgreSQL — the one source
 * of truth — and reloaded in the background once it is older than LEXICON_TTL_MS, so every
 * instance follows product, category and synonym changes within that time (and at once in the
 * process that called invalidateSearchLexicon()).
 *
 * It serves what must answer in a millisecond without a query: suggestions as you type, and
 * "did you mean" corrections of words the catalog does not have.
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { listedProduct } from './product-cards.ts';
import type { Database } from '#server/db/client.ts';
import { rowsOf } from '#server/db/rows.ts';
import { categories, products, searchSynonyms, shops } from '#server/db/schema.ts';
import { baseForm, formsOfBase, normalizeSearchText, searchWords } from '#server/lib/search-text.ts';
import { compileSynonyms, editDistance, typoBudget, type SynonymGroup } from '#server/lib/search-query.ts';

export const LEXICON_TTL_MS = 60_000;

export interface LexiconWord {
  /** Folded form (the key). */
  word: string;
  /** As shoppers read it: lower case with diacritics ("geacă"). */
  display: string;
  /** Active products whose name, brand, category or shop has it. */
  products: number;
}

export interface LexiconCategory {
  id: number;
  name: string;
  slug: string;
  words: string[];
  products: number;
}

export interface SearchLexicon {
  words: Map<string, LexiconWord>;
  /** Folded words in alphabetical order (prefix lookups). */
  sorted: string[];
  /** Base forms (baseForm(): lemmas) of the words, each with its most used word (issue 40). */
  lemmas: Map<string, LexiconWord>;
  /**
   * The dictionary's other forms of those lemmas ("jocuri", "jocurile" of "joc"), each with the
   * lemma's most used word: a typo in an inflected form is corrected to a word of the catalog.
   */
  forms: { form: string; entry: LexiconWord }[];
  categories: LexiconCategory[];
  synonyms: SynonymGroup[];
  loadedAt: number;
  /** What it was derived from (sourcesFingerprint): an unchanged one needs no reload. */
  sources: string;
}

/** Words never suggested on their own: Romanian function words and single letters. */
const FUNCTION_WORDS = new Set(
  'a al ale cu de din dintre fara in la lui o pe pentru prin sau si sub un una unei unui cat ce care mai cm kg gb ml l x'.split(' '),
);

interface Entry {
  lexicon?: SearchLexicon;
  loading?: Promise<SearchLexicon>;
}
const entries = new WeakMap<Database, Entry>();

/** Surface words of a text with their diacritics, lower case ("Geacă din piele" → geacă, din, piele). */
function displayWords(text: string | null): string[] {
  if (!text) return [];
  return text
    .toLocaleLowerCase('ro')
    .replace(/ş/g, 'ș')
    .replace(/ţ/g, 'ț')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Names (and the products' words) read per pause: one batch is a few milliseconds of work. */
const ROWS_PER_STEP = 5_000;

/**
 * What the lexicon is derived from, in one cheap query: the catalog change log's head (products,
 * their names and brands, shops), and a digest of the categories and synonym tables (small; not
 * in the change log).
 */
async function sourcesFingerprint(db: Database): Promise<string> {
  const result = await db.execute(
    sql`SELECT (SELECT coalesce(max(seq), 0) FROM catalog_changes) || ':' ||
               (SELECT md5(coalesce(string_agg(c::text, ',' ORDER BY c.id), '')) FROM categories c) || ':' ||
               (SELECT md5(coalesce(string_agg(s::text, ',' ORDER BY s.id), '')) FROM search_synonyms s) AS sources`,
  );
  return String(rowsOf<{ sources: string }>(result)[0]!.sources);
}

/**
 * Reloads the lexicon when what it is derived from changed since `previous`; else `previous`
 * is kept (renewed). At 1 000 000 products a reload is ~2 s of work: it is done in steps, with
 * requests answered between them, and skipped while the catalog stands still.
 */
async function load(db: Database, previous?: SearchLexicon): Promise<SearchLexicon> {
  const sources = await sourcesFingerprint(db);
  if (previous && previous.sources === sources) return { ...previous, loadedAt: Date.now() };
  const [names, categoryRows, shopRows, synonymRows] = await Promise.all([
    db
      .select({ name: products.name, brand: products.brand, n: count() })
      .from(products)
      .where(listedProduct)
      .groupBy(products.name, products.brand),
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, n: count(products.id) })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id), listedProduct))
      .groupBy(categories.id)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ name: shops.name, n: count(products.id) })
      .from(shops)
      .leftJoin(products, and(eq(products.shopId, shops.id), listedProduct))
      .groupBy(shops.id),
    db.select({ phrases: searchSynonyms.phrases }).from(searchSynonyms).orderBy(asc(searchSynonyms.id)),
  ]);

  // Per folded word: products using it and how often each spelling was seen (the most common is shown).
  const counts = new Map<string, { products: number; spellings: Map<string, number> }>();
  const add = (text: string | null, n: number) => {
    const seen = new Set<string>();
    for (const surface of displayWords(text)) {
      const word = normalizeSearchText(surface);
      if (!word || seen.has(word)) continue;
      seen.add(word);
      const entry = counts.get(word) ?? { products: 0, spellings: new Map<string, number>() };
      entry.products += n;
      entry.spellings.set(surface, (entry.spellings.get(surface) ?? 0) + n);
      counts.set(word, entry);
    }
  };
  for (let i = 0; i < names.length; i++) {
    const row = names[i]!;
    add(`${row.name} ${row.brand ?? ''}`, row.n);
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) await yieldToEvents();
  }
  for (const row of categoryRows) add(row.name, row.n);
  for (const row of shopRows) add(row.name, row.n);

  const words = new Map<string, LexiconWord>();
  for (const [word, entry] of counts) {
    if (entry.products === 0) continue;
    const display = [...entry.spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    words.set(word, { word, display, products: entry.products });
  }
  return {
    ...wordIndexes(words),
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name, slug: c.slug, words: searchWords(c.name), products: c.n })),
    synonyms: compileSynonyms(synonymRows.map((r) => r.phrases)),
    loadedAt: Date.now(),
    sources,
  };
}

/** The lookups derived from the catalog's words: alphabetical order, lemmas, and the lemmas' dictionary forms. */
export function wordIndexes(words: Map<string, LexiconWord>): Pick<SearchLexicon, 'words' | 'sorted' | 'lemmas' | 'forms'> {
  const lemmas = new Map<string, LexiconWord>();
  for (const entry of words.values()) {
    const lemma = baseForm(entry.word);
    const current = lemmas.get(lemma);
    if (!current || entry.products > current.products) lemmas.set(lemma, entry);
  }
  const forms: SearchLexicon['forms'] = [];
  for (const [lemma, entry] of lemmas) {
    if (FUNCTION_WORDS.has(lemma) || lemma.length < 3) continue;
    for (const form of [lemma, ...formsOfBase(lemma)]) if (!words.has(form)) forms.push({ form, entry });
  }
  return { words, sorted: [...words.keys()].sort(), lemmas, forms };
}

/**
 * The process's lexicon for this database: loaded on first use, then reloaded in the background
 * when older than LEXICON_TTL_MS (callers get the previous one meanwhile, never a wait).
 */
export async function getSearchLexicon(db: Database): Promise<SearchLexicon> {
  let entry = entries.get(db);
  if (!entry) entries.set(db, (entry = {}));
  const current = entry;
  const reload = () => {
    current.loading ??= load(db, current.lexicon)
      .then((lexicon) => (current.lexicon = lexicon))
      .finally(() => (current.loading = undefined));
    return current.loading;
  };
  if (!current.lexicon) return reload();
  if (Date.now() - current.lexicon.loadedAt > LEXICON_TTL_MS) reload().catch(() => undefined);
  return current.lexicon;
}

/** Forget the lexicon (products, categories, shops or synonyms changed): the next use reloads it. */
export function invalidateSearchLexicon(db: Database): void {
  const entry = entries.get(db);
  if (entry) entry.lexicon = undefined;
}

/** Words of the lexicon starting with the prefix, most used first. */
export function wordsWithPrefix(lexicon: SearchLexicon, prefix: string, limit: number): LexiconWord[] {
  if (!prefix) return [];
  const found: LexiconWord[] = [];
  // Binary search for the first word >= prefix, then walk while the prefix holds.
  let lo = 0;
  let hi = lexicon.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lexicon.sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < lexicon.sorted.length && lexicon.sorted[i]!.startsWith(prefix); i++)
    found.push(lexicon.words.get(lexicon.sorted[i]!)!);
  return found.sort((a, b) => b.products - a.products || a.word.length - b.word.length).slice(0, limit);
}

/** Whether the catalog knows the folded word (as it is or through its base form: any form of a catalog word). */
function known(lexicon: SearchLexicon, word: string): boolean {
  return lexicon.words.has(word) || lexicon.lemmas.has(baseForm(word)) || baseForm(word) !== word;
}

/**
 * The closest catalog word to a word the catalog does not have: one (two from 8 letters) wrong,
 * missing, doubled or swapped letters — from a catalog word or from a dictionary form of one
 * ("rucsacuir" → "rucsacuri", a form of "rucsac": the answer is the catalog's "rucsac") — else the
 * most used word it begins (3 letters or more); the nearest first, then the most used. Undefined
 * when nothing is close enough.
 */
export function closestWord(lexicon: SearchLexicon, word: string): LexiconWord | undefined {
  const budget = typoBudget(word.length);
  let best: { entry: LexiconWord; distance: number } | undefined;
  // Letters of the word, to skip without an edit distance a candidate with more than `budget`
  // letters the word lacks (each edit adds at most one such letter; a swap adds none).
  const letters = new Int16Array(128);
  const scratch = new Int16Array(128);
  for (let i = 0; i < word.length; i++) letters[word.charCodeAt(i) & 127]!++;
  const lacking = (candidate: string) => {
    scratch.set(letters);
    let missing = 0;
    for (let i = 0; i < candidate.length && missing <= budget; i++) if (scratch[candidate.charCodeAt(i) & 127]!-- <= 0) missing++;
    return missing;
  };
  const consider = (candidate: string, entry: LexiconWord) => {
    if (Math.abs(candidate.length - word.length) > budget || lacking(candidate) > budget) return;
    const distance = editDistance(word, candidate, budget);
    if (distance > budget) return;
    if (!best || distance < best.distance || (distance === best.distance && entry.products > best.entry.products))
      best = { entry, distance };
  };
  if (budget > 0) {
    for (const entry of lexicon.words.values()) {
      if (FUNCTION_WORDS.has(entry.word) || /^\d+$/.test(entry.word)) continue;
      consider(entry.word, entry);
    }
    for (const { form, entry } of lexicon.forms) consider(form, entry);
  }
  if (best) return best.entry;
  if (word.length >= 3) return wordsWithPrefix(lexicon, word, 1)[0];
  return undefined;
}

/**
 * "Did you mean": the query with every word the catalog does not know replaced by its closest
 * catalog word (as shoppers spell it, with diacritics); undefined when no word changed.
 */
export function correctQuery(lexicon: SearchLexicon, query: string): string | undefined {
  const tokens = normalizeSearchText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let changed = false;
  const corrected = tokens.map((word) => {
    if (known(lexicon, word) || /^\d+$/.test(word)) return lexicon.words.get(word)?.display ?? word;
    const match = closestWord(lexicon, word);
    if (!match) return word;
    changed = true;
    return match.display;
  });
  return changed ? corrected.join(' ') : undefined;
}

/** Suggestions as you type: categories whose name has a word starting with the last word typed, then completed queries. */
export function suggest(lexicon: SearchLexicon, query: string, limit: number) {
  const folded = normalizeSearchText(query);
  const tokens = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const last = tokens.at(-1) ?? '';
  if (!last) return { categories: [], queries: [] };
  const head = tokens.slice(0, -1);
  const headDisplay = head.map((word) => lexicon.words.get(word)?.display ?? word);
  const categoryMatches = lexicon.categories
    .filter(
      (c) =>
        c.products > 0 &&
        [...head, last].every((token, i, all) => c.words.some((w) => (i === all.length - 1 ? w.startsWith(token) : w === token))),
    )
    .slice(0, 3)
    .map((c) => ({ id: c.id, name: c.name, slug: c.slug, products_count: c.products }));
  const completions = wordsWithPrefix(lexicon, last, limit * 2)
    .filter((w) => !FUNCTION_WORDS.has(w.word) && !head.includes(w.word) && (w.word.length > 1 || w.word === last))
    .slice(0, limit);
  const queries = completions.map((w) => ({ text: [...headDisplay, w.display].join(' '), products_count: w.products }));
  if (!queries.length && last.length >= 4) {
    const close = closestWord(lexicon, last);
    if (close) queries.push({ text: [...headDisplay, close.display].join(' '), products_count: close.products });
  }
  return { categories: categoryMatches, queries };
}
