import { describe, expect, it } from 'vitest';
import { listParams } from './list-params.ts';

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
