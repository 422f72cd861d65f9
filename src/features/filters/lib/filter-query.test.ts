import { describe, expect, it } from 'vitest';
import { filterStateFromQuery, filterStateToQuery, toggleFilter, type FilterState } from './filter-query.ts';

const empty: FilterState = { filters: {}, sort: 'newest', page: 1 };

describe('filters ⇄ query (product §4)', () => {
  it('writes lowercased keys with comma-joined values and leaves out empty keys and defaults', () => {
    const state: FilterState = { filters: { season: [4, 1], quality: [2], size: [] }, sort: 'newest', page: 1 };
    expect(filterStateToQuery(state).toString()).toBe('season=1%2C4&quality=2');
    expect(filterStateToQuery({ ...state, sort: 'price_asc', page: 3 }).toString()).toBe('season=1%2C4&quality=2&sort=price_asc&page=3');
  });

  it('reads the query back, case-insensitively, dropping broken values', () => {
    expect(filterStateFromQuery('Season=1,4&QUALITY=2&sort=most_sold&page=2')).toEqual({
      filters: { season: [1, 4], quality: [2] },
      sort: 'most_sold',
      page: 2,
    });
    expect(filterStateFromQuery('season=abc,,-1,3&sort=hack&page=0')).toEqual({ filters: { season: [3] }, sort: 'newest', page: 1 });
    expect(filterStateFromQuery('')).toEqual(empty);
  });

  it('round-trips', () => {
    const state: FilterState = { filters: { category: [3], color: [7, 9], season: [2] }, sort: 'price_desc', page: 4 };
    expect(filterStateFromQuery(filterStateToQuery(state))).toEqual(state);
  });

  it('toggles options, removes a key when nothing stays selected, and goes back to page 1', () => {
    const one = toggleFilter({ ...empty, page: 5 }, 'season', 2);
    expect(one).toEqual({ filters: { season: [2] }, sort: 'newest', page: 1 });
    expect(toggleFilter(one, 'season', 2)).toEqual(empty);
  });
});
