/** GET /api/shops: every shop with rating and product count. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { shopApi } from '#contract/routes/shops.ts';

export const shopKeys = {
  all: ['shops'] as const,
  list: (page: number) => [...shopKeys.all, 'list', { page }] as const,
  detail: (id: number) => [...shopKeys.all, 'detail', id] as const,
};

export const getShops = async (page: number, signal?: AbortSignal) =>
  (await callRoute(shopApi.list, { query: { page, per_page: 60 }, signal })).data;

export const shopsQueryOptions = (page = 1) =>
  queryOptions({ queryKey: shopKeys.list(page), queryFn: ({ signal }) => getShops(page, signal), staleTime: 10 * 60_000 });
