import { describe, expect, it } from 'vitest';
import { allGroupsQuery, anyGroupQuery, compileSynonyms, editDistance, planSearch, typoBudget } from './search-query.ts';

const synonyms = compileSynonyms([
  ['adidași', 'pantofi sport', 'sneakers'],
  ['geacă', 'jachetă'],
  ['Geacă', 'GEACA'], // one phrase after folding: dropped as a group of one
]);

describe('compileSynonyms', () => {
  it('folds phrases into base-form words and drops groups left with one phrase', () => {
    expect(synonyms).toEqual([
      [['sneakers'], ['pantof', 'sport']],
      [['geaca'], ['jacheta']],
    ]);
  });
});

describe('planSearch', () => {
  it('one group per word, synonyms as alternatives, longest phrase first', () => {
    expect(planSearch('Pantofi SPORT albi', synonyms).groups).toEqual([[['sneakers'], ['pantof', 'sport']], [['albi']]]);
    expect(planSearch('geci zara', synonyms).groups).toEqual([[['geaca'], ['jacheta']], [['zara']]]);
    expect(planSearch('pantofi', synonyms).groups).toEqual([[['pantof']]]);
    // Any form of a synonym phrase's words finds the group ("pantofii sport" as "pantofi sport").
    expect(planSearch('pantofii sport', synonyms).groups).toEqual([[['sneakers'], ['pantof', 'sport']]]);
  });
  it('drops repeated words, keeps at most 10, and has no group for blank text', () => {
    expect(planSearch('geaca GEACĂ geci').words).toEqual(['geaca']);
    expect(planSearch('a b c d e f g h i j k l').words).toHaveLength(10);
    expect(planSearch('  %% ').groups).toEqual([]);
  });
});

describe('tsquery texts', () => {
  const plan = planSearch('pantofi sport zara', synonyms);
  it('AND of groups, OR of alternatives, AND inside a phrase, optional weights', () => {
    expect(allGroupsQuery(plan)).toBe('(sneakers | (pantof & sport)) & (zara)');
    expect(allGroupsQuery(plan, 'A')).toBe('(sneakers:A | (pantof:A & sport:A)) & (zara:A)');
    expect(anyGroupQuery(plan, 'B')).toBe('(sneakers:B | (pantof:B & sport:B)) | (zara:B)');
  });
  it('never carries an operator or quote of the shopper into the query', () => {
    for (const text of ["a' | b", 'x & !y', 'geaca:*', '(<->)', "'; drop table products; --"]) {
      expect(allGroupsQuery(planSearch(text))).toMatch(/^[\p{L}\p{N}() &|]*$/u);
    }
    expect(allGroupsQuery(planSearch('%%'))).toBe('');
  });
});

describe('editDistance', () => {
  it('counts a wrong, missing, doubled or swapped letter as one', () => {
    expect(editDistance('gaeca', 'geaca')).toBe(1);
    expect(editDistance('geacaa', 'geaca')).toBe(1);
    expect(editDistance('gaca', 'geaca')).toBe(1);
    expect(editDistance('geaxa', 'geaca')).toBe(1);
    expect(editDistance('geaca', 'geaca')).toBe(0);
    expect(editDistance('pantalnoi', 'pantaloni')).toBe(1);
  });
  it('stops at the budget', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
  it('allows no typo below 4 letters, one up to 7, two from 8', () => {
    expect([3, 4, 7, 8].map(typoBudget)).toEqual([0, 1, 1, 2]);
  });
});
