/**
 * Builds server/lib/romanian-word-forms.txt.gz, the form → lemma table of search folding (issue 40,
 * ADR 035), from the Hunspell ro_RO dictionary (npm `dictionary-ro`, GPL-2.0 OR LGPL-2.1 OR
 * MPL-1.1) expanded with `hunspell-reader` (the cspell project's affix expander):
 *
 *   npm run build:word-forms            # rewrites the file; the same inputs give the same bytes
 *   npm run build:word-forms -- --check # exits with 1 when the checked-in file is not what the inputs give
 *
 * Every dictionary entry is a lemma; its suffix rules give its inflected forms (plural, definite
 * article, genitive-dative, vocative). Prefix rules ("re-" on verbs: "rejoc") make other words and
 * are left out, as are forms with a hyphen ("jocu-i": the search splits words there). Words are
 * folded as search folds them (normalizeSearchText: case, diacritics, ş/ţ = ș/ț).
 *
 * A folded form that is itself a dictionary entry stays itself (never "mare" → another lemma),
 * unless the entry is listed bare (no affix flags) and another entry inflects to it ("rochii", a
 * bare entry, is a form of "rochie/A"; "rochii" then no longer counts as a lemma). A
 * form of several lemmas goes to the one not derived from another of them by a diminutive suffix
 * ("ibricele": ibric, not ibricel), then to the one whose spelling shares the longest beginning with the form's (with
 * diacritics: "râșnițe" is râșniță's, not râșnit's), then the shortest, then the first in
 * alphabetical order — a fixed rule, so the file is reproducible. The project's
 * own list (IRREGULAR_FORMS in search-text.ts) overrides the file at run time.
 *
 * Format (gzip, level 9, no timestamp): a `#` header line, then one line per lemma with at least
 * one form, "lemma form form …", lemmas and forms sorted; a form marked "~" ("rasnit … ~rasnite")
 * is one the lemma shares with another lemma that got it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { HunspellReader } from 'hunspell-reader';
import { normalizeSearchText } from '#server/lib/search-text.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUTPUT = path.join(ROOT, 'server/lib/romanian-word-forms.txt.gz');
const WORD = /^[a-z]+$/;

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const dictionaryDir = path.join(ROOT, 'node_modules/dictionary-ro');
const version = (name: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

const reader = await HunspellReader.createFromFiles(path.join(dictionaryDir, 'index.aff'), path.join(dictionaryDir, 'index.dic'));
const lemmas = new Set<string>();
/** Folded lemma → its spelling (lower case, diacritics). */
const spelling = new Map<string, string>();
const lower = (word: string) => word.toLocaleLowerCase('ro').replace(/ş/g, 'ș').replace(/ţ/g, 'ț');
function commonStart(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}
/** Words with an entry that has affix flags (a paradigm of their own). */
const inflectedEntries = new Set<string>();
/** Folded form → its lemmas (folded) → the longest beginning one of the form's spellings shares with the lemma's. */
const lemmasOfForm = new Map<string, Map<string, number>>();
for (const entryForms of reader.seqTransformDictionaryEntries()) {
  for (const form of entryForms) {
    const lemma = normalizeSearchText(form.dic.split('/')[0]);
    if (!WORD.test(lemma)) continue;
    lemmas.add(lemma);
    if (form.dic.includes('/')) inflectedEntries.add(lemma);
    if (form.prefix) continue;
    const folded = normalizeSearchText(form.word);
    if (folded === lemma || !WORD.test(folded)) continue;
    let candidates = lemmasOfForm.get(folded);
    if (!candidates) lemmasOfForm.set(folded, (candidates = new Map()));
    const shared = commonStart(lower(form.word), lower(form.dic.split('/')[0]!));
    candidates.set(lemma, Math.max(candidates.get(lemma) ?? 0, shared));
    spelling.set(lemma, lower(form.dic.split('/')[0]!));
  }
}

/**
 * Diminutives: the dictionary lists them as words of their own ("rochiță", "pantofior" is not one),
 * so they are tied to their base word here by a fixed rule: an entry ending in a diminutive suffix
 * whose remainder, plus nothing or a noun ending, is an inflected entry ("cojocel"? no: -el is left
 * out, it also ends castel, cartel, model). The suffixes are the productive ones of everyday nouns.
 */
/** What a diminutive adds to its word (folded): "ibricel" is ibric + el. */
const DERIVED = /^(el|ica|ut|uta|ita|ior|ioara|isor|isoara|ulet|utel)$/;
const DIMINUTIVE = /^(.{3,}?)(uț|uță|iță|ușor|ușoară|uleț)$/;
const NOUN_ENDINGS = ['', 'ă', 'e', 'ie', 'a'];
const baseOfDiminutive = new Map<string, string>();
for (const entry of reader.dic) {
  const word = entry.split('/')[0]!;
  const match = DIMINUTIVE.exec(word);
  if (!match) continue;
  for (const ending of NOUN_ENDINGS) {
    const base = normalizeSearchText(match[1] + ending);
    if (inflectedEntries.has(base) && base !== normalizeSearchText(word)) {
      baseOfDiminutive.set(normalizeSearchText(word), base);
      break;
    }
  }
}

const formsOfLemma = new Map<string, string[]>();
for (const [form, candidates] of lemmasOfForm) {
  // An entry with its own paradigm stays itself; a bare entry that another entry inflects to is that entry's form.
  if (lemmas.has(form) && (inflectedEntries.has(form) || ![...candidates.keys()].some((c) => c !== form))) continue;
  // A word and a word derived from it share a form ("ibricele": ibric and ibricel): the word wins.
  const all = [...candidates.keys()];
  const underived = all.filter((c) => !all.some((other) => other !== c && c.startsWith(other) && DERIVED.test(c.slice(other.length))));
  const lemma = underived.sort(
    (a, b) => candidates.get(b)! - candidates.get(a)! || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0),
  )[0]!;
  const target = baseOfDiminutive.get(lemma) ?? lemma;
  addForm(target, form);
  // The other lemmas list it too, marked "~": not their form for search, but a form to correct a typo to.
  for (const other of new Set(all.map((c) => baseOfDiminutive.get(c) ?? c))) if (other !== target) addForm(other, `~${form}`);
}
for (const [diminutive, base] of baseOfDiminutive) addForm(base, diminutive);

function addForm(lemma: string, form: string) {
  let forms = formsOfLemma.get(lemma);
  if (!forms) formsOfLemma.set(lemma, (forms = []));
  forms.push(form);
}

console.log(
  `diminutives tied to their base word: ${baseOfDiminutive.size}; e.g. ${[...baseOfDiminutive]
    .filter((_, i) => i % 97 === 0)
    .slice(0, 40)
    .map(([d, b]) => `${d}→${b}`)
    .join(' ')}`,
);
const lines = [...formsOfLemma]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([lemma, forms]) => `${lemma} ${forms.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(' ')}`);
const header = `# form → lemma for search folding: dictionary-ro ${version('dictionary-ro')}, hunspell-reader ${version('hunspell-reader')}; scripts/generate/build-word-forms.ts`;
const bytes = gzipSync(`${header}\n${lines.join('\n')}\n`, { level: 9 });
const formCount = lines.reduce((n, line) => n + line.split(' ').filter((w) => !w.startsWith('~')).length - 1, 0);

if (values.check) {
  const current = readFileSync(OUTPUT);
  if (!current.equals(bytes)) {
    console.error(`${path.relative(process.cwd(), OUTPUT)} differs from what the dictionary gives: run npm run build:word-forms`);
    process.exitCode = 1;
  } else console.log(`${path.relative(process.cwd(), OUTPUT)} is up to date`);
} else {
  writeFileSync(OUTPUT, bytes);
  console.log(
    `${path.relative(process.cwd(), OUTPUT)}: ${lines.length.toLocaleString('en')} lemmas, ${formCount.toLocaleString('en')} forms, ${bytes.length.toLocaleString('en')} bytes (${lemmas.size.toLocaleString('en')} dictionary words)`,
  );
}
