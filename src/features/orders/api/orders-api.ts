/** Orders (product §7): GET /orders?status&page, GET /orders/:id, POST /orders/:id/cancel. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { orderApi } from '#contract/routes/orders.ts';
import type { OrderStatus } from '#contract/orders.ts';
import type { RouteAnswer } from '#contract/route.ts';

export const ORDERS_QUERY_KEY = ['orders'] as const;

export interface OrderListParams {
  status?: OrderStatus | null;
  page?: number;
}
/** A page of orders, as GET /orders answers it. */
export type OrderList = RouteAnswer<typeof orderApi.list>['data'];

export const getOrders = async ({ status, page = 1 }: OrderListParams, signal?: AbortSignal) =>
  (await callRoute(orderApi.list, { query: { status: status ?? undefined, page }, signal })).data;

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', { status: params.status ?? null, page: params.page ?? 1 }],
    queryFn: ({ signal }) => getOrders(params, signal),
    staleTime: 30_000,
  });

export const getOrder = async (id: number, signal?: AbortSignal) =>
  (await callRoute(orderApi.details, { params: { id }, signal })).data.order;

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ORDERS_QUERY_KEY, 'detail', id], queryFn: ({ signal }) => getOrder(id, signal), staleTime: 30_000 });

export const cancelOrder = async (id: number) => callRoute(orderApi.cancel, { params: { id } });
