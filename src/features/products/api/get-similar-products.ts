/** GET /api/products/{id}/similar: in-stock items of the same shop, same category first. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { productApi } from '#contract/routes/products.ts';
import { productKeys } from './get-products.ts';

export const getSimilarProducts = async (id: number, signal?: AbortSignal) =>
  (await callRoute(productApi.similar, { params: { id }, signal })).data.data;

export const similarProductsQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.similar(id), queryFn: ({ signal }) => getSimilarProducts(id, signal), staleTime: 5 * 60_000 });
