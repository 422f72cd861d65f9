/** GET /api/shops/{id}: the shop with its categories. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { shopApi } from '#contract/routes/shops.ts';
import { shopKeys } from './get-shops.ts';

export const getShop = async (id: number, signal?: AbortSignal) => (await callRoute(shopApi.details, { params: { id }, signal })).data;

export const shopQueryOptions = (id: number) =>
  queryOptions({ queryKey: shopKeys.detail(id), queryFn: ({ signal }) => getShop(id, signal), staleTime: 10 * 60_000 });
