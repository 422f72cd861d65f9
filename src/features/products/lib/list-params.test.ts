import { describe, expect, it } from 'vitest';
import { readListParams } from './list-params.ts';

describe('readListParams', () => {
  it('reads a known sort and a whole page from 1 up', () => {
    expect(readListParams(new URLSearchParams('sort=price_asc&page=3'))).toEqual({ sort: 'price_asc', page: 3 });
  });

  it('falls back to the default sort and the first page for anything else', () => {
    expect(readListParams(new URLSearchParams('sort=DROP&page=0'))).toEqual({ sort: 'newest', page: 1 });
    expect(readListParams(new URLSearchParams('page=-2'))).toEqual({ sort: 'newest', page: 1 });
    expect(readListParams(new URLSearchParams('page=2.5'), 'most_sold')).toEqual({ sort: 'most_sold', page: 1 });
  });
});
