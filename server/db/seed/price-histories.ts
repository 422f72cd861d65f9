/**
 * Price histories of the seeded listings (issue 36, ADR 030): how each product came to its
 * price, told as a listing price and later changes, so the catalog's announced reductions have a
 * real past to be measured against (the prior price: the lowest price of the 30 days before the
 * reduction started). The seed inserts every product at its listing price, then replays the
 * changes in time order through the database's own triggers (talcioc.price_clock set to each
 * change's time), exactly as the operator command would have written them on those days.
 *
 * Stories of a product that ends discounted:
 * - `direct`: listed at the price, discounted later (the prior price is the listing price);
 * - `steps`: listed at the price, discounted in two steps (the prior price stays the price before
 *   the first step);
 * - `raised`: listed lower, raised, then discounted within 30 days — the prior price is the lower
 *   listing price, and when the discount is not below it no reduction is announced at all;
 * - `at_listing`: listed with the discount already typed in: never sold at the higher price, so
 *   no reduction is announced.
 * Some products without a discount were raised once after listing. A separate random stream
 * (seeded from the catalogue's) leaves the catalogue itself unchanged.
 */
import type { ProductDraft } from './products.ts';
import type { Random } from '#server/lib/random.ts';

export interface PriceStep {
  /** Days before the seed time (fractional); always after the listing. */
  daysAgo: number;
  price: number;
  discountPrice: number;
}

export interface PriceStory {
  kind: 'direct' | 'steps' | 'raised' | 'at_listing' | 'raised_only' | 'unchanged';
  listing: { price: number; discountPrice: number };
  /** Oldest first; the last leaves the product at its draft's price and discount. */
  steps: PriceStep[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** A whole-lei price ending like real listings (.00, .50 or .99). */
const lei = (rng: Random, n: number) => round2(Math.max(1, Math.floor(n)) + rng.pick([0, 0.5, 0.99]));

export function priceStory(rng: Random, draft: Pick<ProductDraft, 'price' | 'discountPrice' | 'daysAgo'>): PriceStory {
  const { price, discountPrice, daysAgo } = draft;
  const final = { price, discountPrice };
  // A listing of the last day has had no time for a history.
  if (daysAgo < 2) return { kind: discountPrice > 0 ? 'at_listing' : 'unchanged', listing: final, steps: [] };
  // Days ago of a change after `latest` days ago and within the last `within` days.
  const after = (latest: number, within: number) => Math.min(latest, within) * rng.float(0.1, 0.9);
  if (discountPrice <= 0) {
    if (!rng.chance(0.2)) return { kind: 'unchanged', listing: final, steps: [] };
    const first = lei(rng, price * rng.float(0.8, 0.95));
    if (first >= price) return { kind: 'unchanged', listing: final, steps: [] };
    return { kind: 'raised_only', listing: { price: first, discountPrice: 0 }, steps: [{ daysAgo: after(daysAgo, 60), ...final }] };
  }
  const roll = rng.next();
  if (roll < 0.1) return { kind: 'at_listing', listing: final, steps: [] };
  if (roll < 0.55) {
    return { kind: 'direct', listing: { price, discountPrice: 0 }, steps: [{ daysAgo: after(daysAgo, 25), ...final }] };
  }
  if (roll < 0.8 && daysAgo > 3) {
    const firstStep = lei(rng, (price + discountPrice) / 2);
    if (firstStep < price && firstStep > discountPrice) {
      const first = after(daysAgo, 28);
      const second = after(first, first);
      return {
        kind: 'steps',
        listing: { price, discountPrice: 0 },
        steps: [
          { daysAgo: first, price, discountPrice: firstStep },
          { daysAgo: second, ...final },
        ],
      };
    }
  }
  if (daysAgo > 4) {
    // Listed lower, raised, then discounted within 30 days of the raise.
    const listed = lei(rng, price * rng.float(0.6, 0.92));
    if (listed < price) {
      const raisedAt = after(daysAgo, 30);
      return {
        kind: 'raised',
        listing: { price: listed, discountPrice: 0 },
        steps: [
          { daysAgo: raisedAt, price, discountPrice: 0 },
          { daysAgo: after(raisedAt, raisedAt), ...final },
        ],
      };
    }
  }
  return { kind: 'direct', listing: { price, discountPrice: 0 }, steps: [{ daysAgo: after(daysAgo, 25), ...final }] };
}
