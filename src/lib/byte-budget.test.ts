import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget.ts';

describe('ByteBudget', () => {
  it('evicts the least recently used entries until the bytes fit, never those used since', () => {
    const budget = new ByteBudget(100);
    budget.add('/a', 40, 1);
    budget.add('/b', 40, 2);
    budget.add('/c', 10, 3);
    expect(budget.evict()).toEqual([]);
    budget.touch('/a', 4); // /b is now the oldest
    budget.add('/d', 40, 5);
    expect(budget.total).toBe(130);
    expect(budget.evict()).toEqual(['/b']);
    expect(budget.total).toBe(90);
    budget.add('/e', 95, 6);
    expect(budget.evict()).toEqual(['/c', '/a', '/d']);
    expect(budget.total).toBe(95);
  });

  it('replacing an entry counts its new size once; entries gone from the cache are forgotten', () => {
    const budget = new ByteBudget(50, { '/x': { size: 30, used: 1 } });
    budget.add('/x', 20, 2);
    budget.add('/y', 20, 3);
    expect(budget.total).toBe(40);
    budget.keepOnly(['/y']);
    expect(budget.total).toBe(20);
    expect(JSON.parse(JSON.stringify(budget))).toEqual({ '/y': { size: 20, used: 3 } });
  });
});
