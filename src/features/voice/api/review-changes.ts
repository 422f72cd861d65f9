/**
 * Reviews written on the order page go through the app's outbox (docs/offline.md), like cart and
 * favourite changes: written to IndexedDB first, sent once with the Idempotency-Key made when the
 * shopper pressed "Publică", even offline or after a reload. Until the server has it, the order
 * page shows the review as waiting; its answer refreshes the order (which then carries the review)
 * and the shop's reviews.
 */
import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { outbox } from '#src/lib/outbox/index.ts';
import { usePendingChanges, useQueueChange } from '#src/lib/outbox/use-queued-changes.ts';
import { reviewApi } from '#contract/routes/reviews.ts';
import { REVIEWS_QUERY_KEY } from './reviews-api.ts';

/** A review as it waits in the outbox. */
export interface ReviewChange {
  orderId: number;
  shopId: number;
  rating: number;
  text: string;
}

/** The order queries' key (features/orders: ['orders', 'detail', id]); repeated, not imported (features stay apart). */
const ORDERS_KEY = ['orders'] as const;

export function registerReviewOutbox(queryClient: QueryClient) {
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    void queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
    // The shop's rating in lists and pages changed too.
    void queryClient.invalidateQueries({ queryKey: ['shops'] });
  };
  outbox.registerKind('review', {
    // The order page shows the review as the server has it at once (no moment with neither).
    answered: (entry, body) => {
      const change = entry?.change as ReviewChange | undefined;
      const review = (body as { data?: { review?: unknown } } | undefined)?.data?.review;
      if (change && review)
        queryClient.setQueryData<Record<string, unknown>>([...ORDERS_KEY, 'detail', change.orderId], (order) =>
          order ? { ...order, review } : order,
        );
      refresh();
    },
    settled: refresh,
  });
}

/** Queues a review; resolves true once it is stored on the phone. */
export function useQueueReview() {
  const queue = useQueueChange<ReviewChange>();
  return useCallback(
    (change: ReviewChange, label: string) =>
      queue({
        kind: 'review',
        request: {
          method: reviewApi.create.method,
          path: reviewApi.create.path.replace(':id', String(change.orderId)),
          body: { shop_id: change.shopId, rating: change.rating, ...(change.text.trim() && { text: change.text }) },
        },
        change,
        label,
      }),
    [queue],
  );
}

export const usePendingReviews = () => usePendingChanges<ReviewChange>('review');
