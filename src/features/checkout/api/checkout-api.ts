/**
 * Checkout (spec §4, §7): the summary (POST /cart/checkout, a read: no change, keyed by the
 * selection, coupon and address) and the two ways to order — POST /place-order for the cart's
 * selection and POST /buy-now for one item — each with an Idempotency-Key so a retried click
 * never makes a second order.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../../contract/constants.ts';
import type { CheckoutRequest, CheckoutResponse } from '../../../../contract/checkout.ts';
import type { BuyNowOrderPayload, PlaceOrderPayload, PlaceOrderResponse } from '../../../../contract/orders.ts';

export type CheckoutData = CheckoutResponse['data'];
export const CHECKOUT_QUERY_KEY = ['checkout'] as const;

export const getCheckoutSummary = async (request: CheckoutRequest, signal?: AbortSignal) =>
  (await apiRequest<CheckoutResponse>('/cart/checkout', { method: 'POST', body: request, signal })).data;

export const checkoutSummaryQueryOptions = (request: CheckoutRequest) =>
  queryOptions({
    queryKey: [...CHECKOUT_QUERY_KEY, request],
    queryFn: ({ signal }) => getCheckoutSummary(request, signal),
    meta: { persist: false },
    staleTime: 0,
    // A refused selection or coupon (4xx) is an answer, not a hiccup: do not retry it.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const placeOrder = async (payload: PlaceOrderPayload, idempotencyKey: string) =>
  (
    await apiRequest<PlaceOrderResponse>('/place-order', {
      method: 'POST',
      body: payload,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
  ).data;

export const buyNowOrder = async (payload: BuyNowOrderPayload, idempotencyKey: string) =>
  (await apiRequest<PlaceOrderResponse>('/buy-now', { method: 'POST', body: payload, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }))
    .data;

export type PlacedOrders = PlaceOrderResponse['data'];
