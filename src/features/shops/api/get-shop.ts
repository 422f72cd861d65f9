/** GET /api/shops/{id}: the shop with its categories. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ShopDetails } from '../../../../contract/catalog.ts';
import { shopKeys } from './get-shops.ts';

export const getShop = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<{ data: ShopDetails }>(`/shops/${id}`, { signal })).data;

export const shopQueryOptions = (id: number) =>
  queryOptions({ queryKey: shopKeys.detail(id), queryFn: ({ signal }) => getShop(id, signal), staleTime: 10 * 60_000 });
