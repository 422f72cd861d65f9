import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import type { PlacedOrders } from '../api/checkout-api.ts';
import { usePlaceOrder } from './use-place-order.ts';

const placed: PlacedOrders = { orders: [], payment_url: null };

describe('usePlaceOrder', () => {
  it('reuses the idempotency key when the same attempt is retried after a dropped connection', async () => {
    const submit = vi
      .fn<(key: string) => Promise<PlacedOrders>>()
      .mockRejectedValueOnce(new NetworkError(new TypeError('fetch failed')))
      .mockResolvedValueOnce(placed);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => usePlaceOrder({ attemptSignature: 'a', submit, onSuccess }));
    await act(() => result.current.place());
    expect(result.current.failure).toEqual({ kind: 'offline' });
    await act(() => result.current.place());
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[0]![0]).toBe(submit.mock.calls[1]![0]);
    expect(submit.mock.calls[0]![0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSuccess).toHaveBeenCalledWith(placed);
    // After success the next order is a new attempt.
    expect(result.current.idempotencyKey).not.toBe(submit.mock.calls[0]![0]);
  });

  it('makes a new key when what is ordered changes', () => {
    const submit = vi.fn(async () => placed);
    const { result, rerender } = renderHook(({ signature }) => usePlaceOrder({ attemptSignature: signature, submit, onSuccess: vi.fn() }), {
      initialProps: { signature: 'a' },
    });
    const first = result.current.idempotencyKey;
    rerender({ signature: 'a' });
    expect(result.current.idempotencyKey).toBe(first);
    rerender({ signature: 'b' });
    expect(result.current.idempotencyKey).not.toBe(first);
  });

  it('shows the server message of a refusal and asks for a fresh summary', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(409, 'Geacă nu mai este disponibil în această cantitate');
    });
    const onRefused = vi.fn();
    const { result } = renderHook(() => usePlaceOrder({ attemptSignature: 'a', submit, onSuccess: vi.fn(), onRefused }));
    await act(() => result.current.place());
    expect(result.current.failure).toEqual({ kind: 'refused', status: 409, message: 'Geacă nu mai este disponibil în această cantitate' });
    expect(onRefused).toHaveBeenCalledOnce();
  });
});
