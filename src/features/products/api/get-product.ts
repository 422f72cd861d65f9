/** GET /api/products/{id}: the details page (product §2). */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { productApi } from '#contract/routes/products.ts';
import { productKeys } from './get-products.ts';

export const getProduct = async (id: number, signal?: AbortSignal) =>
  (await callRoute(productApi.details, { params: { id }, signal })).data.product;

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
