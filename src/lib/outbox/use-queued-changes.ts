/**
 * The two hooks every feature with queued changes needs (cart lines, favourites), so each
 * feature only says what its change is (docs/offline.md):
 * - `useQueueChange`: a tap becomes an outbox entry through a TanStack mutation
 *   (`outboxMutationKey`). Storing it needs no network (`networkMode: 'always'`, offline too) and
 *   is not retried: when the phone cannot store it (storage full, no IndexedDB) the app's one
 *   MutationCache tells the shopper by the item's name (lib/query-client.ts) and the tap
 *   resolves false, so nothing is shown as done.
 * - `usePendingChanges`: the changes of a kind the server has not confirmed yet, oldest first.
 */
import { useCallback, useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { outbox } from './index.ts';
import { useOutboxPending, type NewChange } from './outbox.ts';
import type { OutboxKind } from './outbox-types.ts';

/** The key of every "store this change on the phone" mutation (the MutationCache's notices). */
export const outboxMutationKey = ['outbox', 'enqueue'] as const;

/** Queues a change; resolves true once it is stored on the phone, false when it could not be. */
export function useQueueChange<Change>(): (change: NewChange<Change>) => Promise<boolean> {
  const { mutateAsync } = useMutation({
    mutationKey: outboxMutationKey,
    mutationFn: (change: NewChange<Change>) => outbox.enqueue(change),
    networkMode: 'always',
    retry: false,
  });
  return useCallback(
    (change: NewChange<Change>) =>
      mutateAsync(change).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
}

/** The changes of `kind` not yet confirmed by the server (queued or in flight), oldest first. */
export function usePendingChanges<Change>(kind: OutboxKind): Change[] {
  const entries = useOutboxPending<Change>(outbox, kind);
  return useMemo(() => entries.map((e) => e.change), [entries]);
}
