/**
 * "Withdraw from contract here" through the app's outbox (issue 36, docs/offline.md): the request
 * is written to IndexedDB with its Idempotency-Key, sent at once when the server can be reached or
 * as soon as it can (a reload, the service worker's Background Sync), and shown as "waiting to be
 * sent" until then — never as done. The server's answer (201: the withdrawal and the order as it
 * is now) goes into the order's query, with the acknowledgement the order page shows: the date
 * and time the server received it.
 */
import { useCallback } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { outbox } from '#src/lib/outbox/index.ts';
import { usePendingChanges, useQueueChange } from '#src/lib/outbox/use-queued-changes.ts';
import { orderApi } from '#contract/routes/orders.ts';
import type { RouteAnswer } from '#contract/route.ts';
import { ORDERS_QUERY_KEY, orderQueryOptions } from './orders-api.ts';

/** A withdrawal as it waits in the outbox. */
export interface WithdrawalChange {
  orderId: number;
  orderNumber: string;
  items: { order_item_id: number; quantity: number; name: string }[];
  reason: string | null;
}

/** The server's acknowledgement, kept per order for the page that asked (not persisted across reloads). */
export interface WithdrawalAck {
  withdrawalId: number;
  requestedAt: string;
}
const ackKey = (orderId: number) => ['withdrawal', 'ack', orderId] as const;

type WithdrawalAnswer = RouteAnswer<typeof orderApi.withdraw>;

/** What a withdrawal's answer does in this tab (registered before the outbox is restored). */
export function registerWithdrawalOutbox(queryClient: QueryClient) {
  outbox.registerKind('withdrawal', {
    cancelStaleFetches: () => void queryClient.cancelQueries({ queryKey: ORDERS_QUERY_KEY }),
    answered: (_entry, body) => {
      const answer = body as WithdrawalAnswer | undefined;
      const order = answer?.data?.order;
      if (order) {
        queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
        queryClient.setQueryData<WithdrawalAck>(ackKey(order.id), {
          withdrawalId: answer.data.withdrawal.id,
          requestedAt: answer.data.withdrawal.requested_at,
        });
      } else void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
    // The order's status or stock may have changed with it (before shipping): the lists and the dashboard follow.
    settled: () => {
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['account', 'dashboard'] });
    },
  });
}

/** Queues one withdrawal; resolves true once it is stored on the phone, false when it could not be. */
export function useQueueWithdrawal() {
  const queue = useQueueChange<WithdrawalChange>();
  return useCallback(
    (change: WithdrawalChange, label: string) =>
      queue({
        kind: 'withdrawal',
        request: {
          method: orderApi.withdraw.method,
          path: orderApi.withdraw.path.replace(':id', String(change.orderId)),
          body: { items: change.items.map(({ order_item_id, quantity }) => ({ order_item_id, quantity })), reason: change.reason },
        },
        change,
        label,
      }),
    [queue],
  );
}

/** This order's withdrawals the server has not confirmed yet (queued or on their way). */
export function usePendingWithdrawals(orderId: number): WithdrawalChange[] {
  return usePendingChanges<WithdrawalChange>('withdrawal').filter((c) => c.orderId === orderId);
}

/** The acknowledgement of the withdrawal this tab sent for `orderId`, once the server has it. */
export function useWithdrawalAck(orderId: number): WithdrawalAck | undefined {
  return (
    useQuery<WithdrawalAck | null>({ queryKey: ackKey(orderId), queryFn: () => null, enabled: false, staleTime: Infinity }).data ??
    undefined
  );
}
