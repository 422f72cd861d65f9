/** Orders (spec §7): GET /orders?status&page, GET /orders/:id, POST /orders/:id/cancel. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OrderDetails, OrderStatus, OrderSummary } from '../../../../contract/orders.ts';
import type { PaginationMeta } from '../../../../contract/catalog.ts';

export const ORDERS_QUERY_KEY = ['orders'] as const;

export interface OrderListParams {
  status?: OrderStatus | null;
  page?: number;
}
export interface OrderList {
  data: OrderSummary[];
  meta: PaginationMeta;
}

export const getOrders = async ({ status, page = 1 }: OrderListParams, signal?: AbortSignal) =>
  (await apiRequest<{ message: string; data: OrderList }>('/orders', { query: { status: status ?? undefined, page }, signal })).data;

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', { status: params.status ?? null, page: params.page ?? 1 }],
    queryFn: ({ signal }) => getOrders(params, signal),
    staleTime: 30_000,
  });

export const getOrder = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<{ message: string; data: { order: OrderDetails } }>(`/orders/${id}`, { signal })).data.order;

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ORDERS_QUERY_KEY, 'detail', id], queryFn: ({ signal }) => getOrder(id, signal), staleTime: 30_000 });

export const cancelOrder = async (id: number) =>
  apiRequest<{ message: string; data: { order: OrderDetails } }>(`/orders/${id}/cancel`, { method: 'POST' });
