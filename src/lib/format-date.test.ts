import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

describe('format-date', () => {
  it('writes dates the Romanian way and leaves a non-date as it came', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('05.03.2026');
    expect(formatDateTime('2026-03-05T10:00:00Z')).toMatch(/^05\.03\.2026, \d\d:00$/);
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});
