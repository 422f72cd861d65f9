/**
 * From what a shopper typed to PostgreSQL full-text queries (issue #13, ADR 046). Pure: no
 * database, unit-tested on its own (search-query.test.ts).
 *
 * The query is folded and split into words exactly like the stored text (searchDocument()), so
 * "Geci", "geci" and "GECI" are the same word and irregular forms become their base form (geci →
 * geaca). Each word — or each phrase of a synonym group ("pantofi sport") — becomes a group of
 * alternatives; the query matches when every group matches (AND), a group when any alternative
 * matches (OR), and a multi-word alternative when all its words match. The words reach
 * `to_tsquery('romanian', …)` (always as a bound parameter), which stems each of them with the
 * same Snowball stemmer as the stored document: "rochii" and "rochie" both become "roch".
 */
import { baseForm, MAX_SEARCH_TERMS, searchDocument, searchWords } from './search-text.ts';

/** A group of equivalent phrases, each phrase as document words (folded, base forms). */
export type SynonymGroup = string[][];

/** Alternatives of one searched word or phrase; each alternative is a list of words, all required. */
export type TermGroup = string[][];

export interface SearchPlan {
  /** The query's words (folded, base forms, distinct, at most MAX_SEARCH_TERMS). */
  words: string[];
  groups: TermGroup[];
}

/** Synonym rows (phrases as typed) in the plan's form; phrases that fold to nothing are dropped. */
export function compileSynonyms(rows: readonly (readonly string[])[]): SynonymGroup[] {
  return rows
    .map((phrases) => {
      const seen = new Set<string>();
      return phrases
        .map((phrase) => searchDocument(phrase).split(' ').filter(Boolean))
        .filter((words) => words.length > 0 && !seen.has(words.join(' ')) && seen.add(words.join(' ')));
    })
    .filter((group) => group.length > 1);
}

/** The query as groups of alternatives (see above). No words: no groups (the list is not a search). */
export function planSearch(query: string | null | undefined, synonyms: readonly SynonymGroup[] = []): SearchPlan {
  const words = [...new Set(searchWords(query).map(baseForm))].slice(0, MAX_SEARCH_TERMS);
  const groups: TermGroup[] = [];
  for (let i = 0; i < words.length;) {
    let best: { group: SynonymGroup; length: number } | undefined;
    for (const group of synonyms) {
      for (const phrase of group) {
        if (phrase.length <= (best?.length ?? 0) || i + phrase.length > words.length) continue;
        if (phrase.every((word, k) => words[i + k] === word)) best = { group, length: phrase.length };
      }
    }
    if (best) {
      groups.push(best.group.map((phrase) => [...phrase]));
      i += best.length;
    } else {
      groups.push([[words[i]!]]);
      i += 1;
    }
  }
  return { words, groups };
}

/** Only letters and digits ever reach to_tsquery (its operators and quotes are neither). */
const SAFE_WORD = /^[\p{L}\p{N}]+$/u;

/** The words of an alternative that reach to_tsquery (the others are left out of it). */
export function queryWords(words: readonly string[]): string[] {
  return words.filter((word) => SAFE_WORD.test(word));
}

function alternative(words: string[], weights: string): string {
  const parts = queryWords(words).map((word) => (weights ? `${word}:${weights}` : word));
  return parts.length > 1 ? `(${parts.join(' & ')})` : (parts[0] ?? '');
}

function group(alternatives: TermGroup, weights: string): string {
  const parts = alternatives.map((words) => alternative(words, weights)).filter(Boolean);
  return parts.length ? `(${parts.join(' | ')})` : '';
}

/**
 * The to_tsquery text requiring every group, optionally only in the given weights ("A": the name;
 * "ABC": name, brand or category). Empty when the plan has no usable word.
 */
export function allGroupsQuery(plan: SearchPlan, weights = ''): string {
  return plan.groups
    .map((alternatives) => group(alternatives, weights))
    .filter(Boolean)
    .join(' & ');
}

/** The to_tsquery text matching when any group matches in the given weights (e.g. "B": a brand). */
export function anyGroupQuery(plan: SearchPlan, weights = ''): string {
  return plan.groups
    .map((alternatives) => group(alternatives, weights))
    .filter(Boolean)
    .join(' | ');
}

/**
 * Damerau–Levenshtein distance (optimal string alignment) with an early exit: returns max + 1 as
 * soon as the distance must exceed `max`. One wrong, missing, doubled or swapped letter is 1.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prev2[j - 2]! + 1);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** Typos tolerated in a word of this length: none below 4 letters, 1 up to 7, 2 from 8. */
export function typoBudget(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}
