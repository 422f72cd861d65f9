import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone.ts';

describe('formatPhone', () => {
  it('groups Romanian numbers, international and national', () => {
    expect(formatPhone('+40721000111')).toBe('+40 721 000 111');
    expect(formatPhone('0040 721-000-111')).toBe('+40 721 000 111');
    expect(formatPhone('0721000111')).toBe('0721 000 111');
  });
  it('leaves other numbers as given', () => {
    expect(formatPhone('+373 22 123 456')).toBe('+373 22 123 456');
  });
});
