/**
 * An announced reduction on the wire (issue 36, ADR 030; HG 947/2000 art. 4^1 as amended by
 * HG 686/2022, Directive 98/6/EC art. 6a): a price is shown reduced only against its prior price —
 * the lowest price of the 30 days before the reduction started, kept by the database — and only
 * while it is below it. The percentage is taken against that prior price, rounded down so it never
 * claims more than the shopper saves (at least 1 while there is a reduction).
 */
export interface AnnouncedReduction {
  prior_price: number | null;
  reduction_started_at: string | null;
  discount_percentage: number;
}

export function reductionPercentage(prior: number, current: number): number {
  if (!(prior > 0) || !(current < prior)) return 0;
  // In whole bani, so 100 → 90 is 10 % and not 9.999…
  const off = Math.round(prior * 100) - Math.round(current * 100);
  return Math.max(1, Math.floor((off * 100) / Math.round(prior * 100)));
}

export function announcedReduction(current: number, prior: number | null, startedAt: Date | null): AnnouncedReduction {
  if (prior === null || startedAt === null || !(current < prior)) {
    return { prior_price: null, reduction_started_at: null, discount_percentage: 0 };
  }
  return { prior_price: prior, reduction_started_at: startedAt.toISOString(), discount_percentage: reductionPercentage(prior, current) };
}
