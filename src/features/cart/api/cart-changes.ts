/**
 * Cart changes that never lose a tap (issue #5): every add, increment, decrement and delete is
 * a TanStack mutation in ONE scope ('cart', so they run in order), applied to the screen at
 * once, paused while offline, persisted with the query cache (IndexedDB) and resumed after a
 * reload — which is why the mutation function lives in `setMutationDefaults`, registered before
 * the cache is restored. Each change carries its own Idempotency-Key, made when the shopper
 * tapped: a retried or replayed change is applied once by the server.
 */
import { onlineManager, useMutation, useMutationState, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError, apiRequest } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../contract/constants.ts';
import type { CartResponse } from '../../../contract/cart.ts';
import { basketStore } from '../lib/basket-store.ts';
import { removeLine, selectLine } from '../lib/selection.ts';
import { applyCartChange, type CartChange } from '../lib/optimistic-cart.ts';
import { CART_QUERY_KEY, EMPTY_CART, type CartData } from './get-cart.ts';

export const CART_MUTATION_KEY = ['cart', 'change'] as const;

export interface CartChangeVariables {
  change: CartChange;
  idempotencyKey: string;
}

const PATHS: Record<CartChange['kind'], string> = {
  store: '/cart/store',
  increment: '/cart/increment',
  decrement: '/cart/decrement',
  delete: '/cart/delete',
};

/** Translated texts the defaults need (they run outside React: set once by the app). */
let describeFailure: (name: string, message: string) => string = (name, message) => `${name}: ${message}`;
export function setCartFailureText(format: typeof describeFailure) {
  describeFailure = format;
}

function nameOf(change: CartChange) {
  return change.kind === 'store' ? change.preview.name : change.name;
}

export function registerCartMutations(queryClient: QueryClient) {
  const pendingCount = () => queryClient.isMutating({ mutationKey: CART_MUTATION_KEY });
  queryClient.setMutationDefaults(CART_MUTATION_KEY, {
    scope: { id: 'cart' },
    networkMode: 'offlineFirst',
    // Dropped connections and server hiccups: try again (paused while offline). A 4xx is final.
    retry: (failures, error) => error instanceof NetworkError || (error instanceof ApiError && error.status >= 500 && failures < 3),
    // Offline, pause at once (no back-off first): a paused change is what gets persisted, so it
    // is in IndexedDB before the shopper can close the app.
    retryDelay: (failures, error) => (error instanceof NetworkError && !onlineManager.isOnline() ? 0 : Math.min(1000 * 2 ** failures, 30_000)),
    mutationFn: ({ change, idempotencyKey }: CartChangeVariables) =>
      apiRequest<CartResponse>(PATHS[change.kind], { method: 'POST', body: change.body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    onMutate: async ({ change }: CartChangeVariables) => {
      await queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
      queryClient.setQueryData<CartData>(CART_QUERY_KEY, (cart) => applyCartChange(cart ?? EMPTY_CART, change));
      // Spec §4: a normal add selects that product; delete and removal drop it from the selection.
      if (change.kind === 'store') basketStore.setSelection((s) => selectLine(s, change.tempId));
      if (change.kind === 'delete' && change.body.cart_id) basketStore.setSelection((s) => removeLine(s, change.body.cart_id!));
    },
    onSuccess: (response: CartResponse, { change }: CartChangeVariables) => {
      if (change.kind === 'store') {
        // The optimistic line's temporary id becomes the server's line id in the selection.
        const lines = response.data.cart_items.flatMap((g) => g.products).filter((l) => l.product_id === change.preview.product_id);
        const real =
          lines.find((l) => (l.size?.name ?? null) === (change.preview.size?.name ?? null) && (l.color?.name ?? null) === (change.preview.color?.name ?? null)) ??
          lines[lines.length - 1];
        basketStore.setSelection((s) => (real ? selectLine(removeLine(s, change.tempId), real.id) : removeLine(s, change.tempId)));
      }
      // Later queued changes are still to come: only the last answer is the whole truth.
      if (pendingCount() <= 1) queryClient.setQueryData(CART_QUERY_KEY, response.data);
    },
    onError: (error: unknown, { change }: CartChangeVariables) => {
      // Spec §8 and issue #5: say which item and why; then show the server's truth.
      const message = error instanceof ApiError ? error.message : String(error);
      notifications.show({ color: 'red', position: 'bottom-left', message: describeFailure(nameOf(change), message), autoClose: 8000 });
      if (change.kind === 'store') basketStore.setSelection((s) => removeLine(s, change.tempId));
    },
    onSettled: () => {
      if (pendingCount() <= 1) void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
  });
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });

/** Queues one change (the defaults above do the work). */
export function useCartChange() {
  const mutation = useMutation<CartResponse, unknown, CartChangeVariables>({ mutationKey: CART_MUTATION_KEY });
  return {
    change: (change: CartChange, options?: { onSuccess?: (response: CartResponse) => void; onError?: (error: unknown) => void }) =>
      mutation.mutate({ change, idempotencyKey: newKey() }, options),
    mutateAsync: (change: CartChange) => mutation.mutateAsync({ change, idempotencyKey: newKey() }),
  };
}

/** The changes not yet confirmed by the server (queued offline or in flight), oldest first. */
export function usePendingCartChanges(): CartChange[] {
  return useMutationState({
    filters: { mutationKey: CART_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as CartChangeVariables).change,
  });
}

export const newTempLineId = () => -Math.floor(Date.now() % 1_000_000_000) - Math.floor(Math.random() * 1000);
