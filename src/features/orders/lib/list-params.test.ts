import { describe, expect, it } from 'vitest';
import { listParams } from './list-params.ts';
import { formatOrderDate } from './format-date.ts';

describe('listParams', () => {
  it('reads a known status and a page', () => {
    expect(listParams(new URLSearchParams('status=shipped&page=3'))).toEqual({ status: 'shipped', page: 3 });
  });
  it('treats unknown statuses as all and bad pages as 1', () => {
    expect(listParams(new URLSearchParams('status=lost&page=abc'))).toEqual({ status: null, page: 1 });
    expect(listParams(new URLSearchParams('page=0'))).toEqual({ status: null, page: 1 });
    expect(listParams(new URLSearchParams('page=1.5'))).toEqual({ status: null, page: 1 });
  });
});

describe('formatOrderDate', () => {
  it('writes dates the Romanian way', () => {
    expect(formatOrderDate('2026-03-05T10:00:00Z')).toBe('05.03.2026');
  });
  it('keeps a value it cannot read', () => {
    expect(formatOrderDate('soon')).toBe('soon');
  });
});
