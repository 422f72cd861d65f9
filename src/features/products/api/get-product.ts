/** GET /api/products/{id}: the details page (spec §2). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ProductDetails } from '../../../../contract/catalog.ts';
import { productPath } from '../../../../contract/api-paths/products.ts';
import { productKeys } from './get-products.ts';

export const getProduct = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<{ data: { product: ProductDetails } }>(productPath(id), { signal })).data.product;

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
