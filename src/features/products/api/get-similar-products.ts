/** GET /api/products/{id}/similar: in-stock items of the same shop, same category first. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Product } from '../../../../contract/catalog.ts';
import { similarProductsPath } from '../../../../contract/api-paths/products.ts';
import { productKeys } from './get-products.ts';

export const getSimilarProducts = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<{ data: { data: Product[] } }>(similarProductsPath(id), { signal })).data.data;

export const similarProductsQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.similar(id), queryFn: ({ signal }) => getSimilarProducts(id, signal), staleTime: 5 * 60_000 });
