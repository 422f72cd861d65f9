/**
 * After an order is placed: the given queries (cart, orders…) are refetched; a card payment goes
 * to the payment page (`payment_url`), cash on delivery to /payment-success?order=<numbers>.
 */
import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PlacedOrders } from '../api/checkout-api.ts';

export function useOrderPlaced(invalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const keys = JSON.stringify(invalidate);
  return useCallback(
    (result: PlacedOrders) => {
      for (const queryKey of JSON.parse(keys) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
      if (result.payment_url) {
        window.location.assign(result.payment_url);
        return;
      }
      const numbers = result.orders.map((o) => o.number).join(',');
      void navigate(`/payment-success?order=${encodeURIComponent(numbers)}`, { replace: true });
    },
    [queryClient, navigate, keys],
  );
}
