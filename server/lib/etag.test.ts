import { describe, expect, it } from 'vitest';
import { ifNoneMatchNames } from './etag.ts';

describe('ifNoneMatchNames', () => {
  it('finds the tag in a list, compares weakly, and takes * for any', () => {
    expect(ifNoneMatchNames('W/"a", W/"b"', 'W/"b"')).toBe(true);
    expect(ifNoneMatchNames('"b"', 'W/"b"')).toBe(true);
    expect(ifNoneMatchNames('W/"b"', '"b"')).toBe(true);
    expect(ifNoneMatchNames('*', '"b"')).toBe(true);
    expect(ifNoneMatchNames('W/"a"', 'W/"b"')).toBe(false);
    expect(ifNoneMatchNames('"bb"', '"b"')).toBe(false);
    expect(ifNoneMatchNames(undefined, '"b"')).toBe(false);
    expect(ifNoneMatchNames('', '"b"')).toBe(false);
  });
});
