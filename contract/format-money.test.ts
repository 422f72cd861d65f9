import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('puts a suffix symbol after the amount in Romanian digit style', () => {
    expect(formatMoney(1234.5, { symbol: 'lei', position: 'suffix' })).toBe('1.234,50\u00a0lei');
  });
  it('puts a prefix symbol before the amount', () => {
    expect(formatMoney(9, { symbol: '$', position: 'prefix' })).toBe('$\u00a09,00');
  });
  it('always shows two decimals and rounds', () => {
    expect(formatMoney(0.005, { symbol: 'lei', position: 'suffix' })).toBe('0,01\u00a0lei');
    expect(formatMoney(Number.NaN, { symbol: 'lei', position: 'suffix' })).toBe('0,00\u00a0lei');
  });
});
