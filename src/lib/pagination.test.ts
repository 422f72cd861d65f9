import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination.ts';

describe('paginationWindow (product §9)', () => {
  it('shows 2 pages either side plus first and last with ellipses', () => {
    expect(paginationWindow(6, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 20]);
  });
  it('needs no ellipsis near the edges', () => {
    expect(paginationWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
  });
  it('handles one page, none, and out-of-range pages', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(99, 7)).toEqual([1, 'ellipsis-start', 5, 6, 7]);
    expect(paginationWindow(-3, 2)).toEqual([1, 2]);
  });
});
