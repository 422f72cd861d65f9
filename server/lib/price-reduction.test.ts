import { describe, expect, it } from 'vitest';
import { announcedReduction, reductionPercentage } from './price-reduction.ts';

describe('announced reductions (issue 36)', () => {
  it('takes the percentage off the prior price, rounded down, at least 1 while reduced', () => {
    expect(reductionPercentage(100, 90)).toBe(10);
    expect(reductionPercentage(141, 99.9)).toBe(29); // 29.15 %
    expect(reductionPercentage(85, 70)).toBe(17); // 17.6 %: never claims 18
    expect(reductionPercentage(100, 99.99)).toBe(1);
    expect(reductionPercentage(100, 100)).toBe(0);
    expect(reductionPercentage(100, 120)).toBe(0);
    expect(reductionPercentage(0, 0)).toBe(0);
  });

  it('announces nothing without a prior price the current price is below', () => {
    const started = new Date('2026-11-12T10:00:00Z');
    expect(announcedReduction(90, 100, started)).toEqual({
      prior_price: 100,
      reduction_started_at: '2026-11-12T10:00:00.000Z',
      discount_percentage: 10,
    });
    const none = { prior_price: null, reduction_started_at: null, discount_percentage: 0 };
    expect(announcedReduction(90, null, null)).toEqual(none);
    expect(announcedReduction(100, 100, started)).toEqual(none);
    expect(announcedReduction(110, 100, started)).toEqual(none);
  });
});
