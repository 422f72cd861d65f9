/**
 * One "Comandă cu obligație de plată" attempt: an Idempotency-Key made once per attempt and reused when the
 * same click is retried (a dropped answer must not make a second order); a new key only after
 * success or when what is ordered changes (`attemptSignature`). Nothing is queued offline.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import type { PlacedOrders } from '../api/checkout-api.ts';

const newKey = () => crypto.randomUUID();

export type PlaceOrderFailure =
  | { kind: 'offline' }
  /** 409/422 and other refusals: the server's message (it names the product). */
  | { kind: 'refused'; message: string; status: number }
  | { kind: 'error'; message: string };

export interface UsePlaceOrderOptions {
  attemptSignature: string;
  submit(idempotencyKey: string): Promise<PlacedOrders>;
  onSuccess(result: PlacedOrders): void;
  /** Called after a 409/422 so the summary can be fetched again. */
  onRefused?(): void;
}

export function usePlaceOrder({ attemptSignature, submit, onSuccess, onRefused }: UsePlaceOrderOptions) {
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PlaceOrderFailure | null>(null);
  const signature = useRef(attemptSignature);

  useEffect(() => {
    if (signature.current === attemptSignature) return;
    signature.current = attemptSignature;
    setKey(newKey());
    setFailure(null);
  }, [attemptSignature]);

  const place = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await submit(key);
      setKey(newKey());
      onSuccess(result);
    } catch (error) {
      if (error instanceof NetworkError) setFailure({ kind: 'offline' });
      else if (error instanceof ApiError && error.status < 500) {
        setFailure({ kind: 'refused', message: error.message, status: error.status });
        if (error.status === 409 || error.status === 422) onRefused?.();
      } else setFailure({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }, [busy, key, submit, onSuccess, onRefused]);

  return { place, busy, failure, idempotencyKey: key };
}
