/**
 * Checkout (product §4, §7): the summary (POST /cart/checkout, a read: no change, keyed by the
 * selection, coupon and address) and the two ways to order — POST /place-order for the cart's
 * selection and POST /buy-now for one item — each with an Idempotency-Key so a retried click
 * never makes a second order. By their contract definitions (contract/routes/checkout.ts, orders.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callRoute } from '#src/lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '#contract/constants.ts';
import { checkoutApi } from '#contract/routes/checkout.ts';
import { orderApi } from '#contract/routes/orders.ts';
import type { RouteAnswer, RouteBody } from '#contract/route.ts';

export type CheckoutData = RouteAnswer<typeof checkoutApi.summary>['data'];
export const CHECKOUT_QUERY_KEY = ['checkout'] as const;

export const getCheckoutSummary = async (request: RouteBody<typeof checkoutApi.summary>, signal?: AbortSignal) =>
  (await callRoute(checkoutApi.summary, { body: request, signal })).data;

export const checkoutSummaryQueryOptions = (request: RouteBody<typeof checkoutApi.summary>) =>
  queryOptions({
    queryKey: [...CHECKOUT_QUERY_KEY, request],
    queryFn: ({ signal }) => getCheckoutSummary(request, signal),
    meta: { persist: false },
    staleTime: 0,
    // A refused selection or coupon (4xx) is an answer, not a hiccup: do not retry it.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const placeOrder = async (payload: RouteBody<typeof orderApi.place>, idempotencyKey: string) =>
  (await callRoute(orderApi.place, { body: payload, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data;

export const buyNowOrder = async (payload: RouteBody<typeof orderApi.buyNow>, idempotencyKey: string) =>
  (await callRoute(orderApi.buyNow, { body: payload, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data;

/** The orders made (one per shop) and the card payment's page, as both ways to order answer. */
export type PlacedOrders = RouteAnswer<typeof orderApi.place>['data'];
