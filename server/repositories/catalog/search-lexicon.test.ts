import { describe, expect, it } from 'vitest';
import { compileSynonyms } from '#server/lib/search-query.ts';
import {
  closestWord,
  correctQuery,
  suggest,
  wordIndexes,
  wordsWithPrefix,
  type LexiconWord,
  type SearchLexicon,
} from './search-lexicon.ts';

function lexicon(words: [display: string, products: number][]): SearchLexicon {
  const map = new Map<string, LexiconWord>();
  for (const [display, products] of words) {
    const word = display
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[șş]/g, 's')
      .replace(/[țţ]/g, 't');
    map.set(word, { word, display, products });
  }
  return {
    ...wordIndexes(map),
    categories: [
      { id: 5, name: 'Jucării', slug: 'jucarii', words: ['jucarii'], products: 22 },
      { id: 9, name: 'Haine pentru copii', slug: 'copii', words: ['haine', 'pentru', 'copii'], products: 28 },
      { id: 10, name: 'Cărți', slug: 'carti', words: ['carti'], products: 0 },
    ],
    synonyms: compileSynonyms([['geacă', 'jachetă']]),
    loadedAt: Date.now(),
    sources: '',
  };
}

const lex = lexicon([
  ['geacă', 13],
  ['geantă', 2],
  ['zara', 10],
  ['rochie', 6],
  ['telefon', 22],
  ['pantaloni', 4],
  ['de', 90],
  ['din', 80],
  ['haine', 28],
  ['rucsac', 3],
  ['joc', 5],
]);

describe('wordsWithPrefix', () => {
  it('finds words by their start, most used first', () => {
    expect(wordsWithPrefix(lex, 'gea', 5).map((w) => w.display)).toEqual(['geacă', 'geantă']);
    expect(wordsWithPrefix(lex, 'x', 5)).toEqual([]);
    expect(wordsWithPrefix(lex, '', 5)).toEqual([]);
  });
});

describe('closestWord and correctQuery', () => {
  it('corrects one swapped, missing, doubled or wrong letter to the closest, most used word', () => {
    expect(closestWord(lex, 'gaeca')?.display).toBe('geacă');
    expect(closestWord(lex, 'geacaa')?.display).toBe('geacă');
    expect(closestWord(lex, 'rochje')?.display).toBe('rochie');
    expect(closestWord(lex, 'pantalnoi')?.display).toBe('pantaloni');
  });
  it('completes a word cut short, and gives up when nothing is close', () => {
    expect(closestWord(lex, 'telefo')?.display).toBe('telefon');
    expect(closestWord(lex, 'xqzw')).toBeUndefined();
    expect(closestWord(lex, 'ab')).toBeUndefined();
  });
  it('keeps known words, corrects the unknown ones, and says nothing when nothing changed', () => {
    expect(correctQuery(lex, 'GAECA zara')).toBe('geacă zara');
    expect(correctQuery(lex, 'geaca zara')).toBeUndefined();
    expect(correctQuery(lex, 'geci')).toBeUndefined(); // an irregular form is known
    expect(correctQuery(lex, 'xqzwvk')).toBeUndefined();
  });
});

describe('on lemmas (issue 40)', () => {
  it('knows every dictionary form of a catalog word, and corrects a typo in one to the catalog word', () => {
    expect(correctQuery(lex, 'rucsacurile jocuri')).toBeUndefined();
    expect(correctQuery(lex, 'rucsacuir')).toBe('rucsac'); // one swap from "rucsacuri"
    expect(correctQuery(lex, 'jocurii')).toBe('joc');
    expect(correctQuery(lex, 'rucsak')).toBe('rucsac');
  });
  it('suggests the catalog word for a mistyped inflected form', () => {
    expect(suggest(lex, 'jocurii', 5).queries).toEqual([{ text: 'joc', products_count: 5 }]);
  });
});

describe('suggest', () => {
  it('completes the last word after the words already typed, without function words', () => {
    expect(suggest(lex, 'geaca z', 5).queries).toEqual([{ text: 'geacă zara', products_count: 10 }]);
    expect(suggest(lex, 'd', 5).queries.map((q) => q.text)).not.toContain('de');
  });
  it('offers categories with products whose words start with what was typed', () => {
    expect(suggest(lex, 'juc', 5).categories).toEqual([{ id: 5, name: 'Jucării', slug: 'jucarii', products_count: 22 }]);
    expect(suggest(lex, 'haine pe', 5).categories.map((c) => c.slug)).toEqual(['copii']);
    expect(suggest(lex, 'car', 5).categories).toEqual([]); // no products
  });
  it('falls back to the closest word for a typo, and gives nothing for blank text', () => {
    expect(suggest(lex, 'gaeca', 5).queries.map((q) => q.text)).toEqual(['geacă']);
    expect(suggest(lex, '   ', 5)).toEqual({ categories: [], queries: [] });
  });
});
