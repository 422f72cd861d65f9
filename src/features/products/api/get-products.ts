/**
 * GET /api/products/filter (spec §7): one page of products for any list screen — search,
 * filtered products, category and shop pages. Keys go generic → specific:
 * ['products', 'list', query]. Previous pages stay on screen while the next one loads.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ProductListResponse } from '../../../../contract/catalog.ts';
import { PRODUCT_LIST_PATH } from '../../../../contract/api-paths/products.ts';

export type ProductListParams = Record<string, string | number | undefined>;

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (endpoint: string, params: ProductListParams) => [...productKeys.lists(), endpoint, params] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: number) => [...productKeys.details(), id] as const,
  similar: (id: number) => [...productKeys.detail(id), 'similar'] as const,
};

/** Drops empty values so equal queries share one cache entry. */
export function cleanParams(params: ProductListParams): ProductListParams {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== null));
}

export const getProductList = async (endpoint: string, params: ProductListParams, signal?: AbortSignal) =>
  (await apiRequest<ProductListResponse>(endpoint, { query: params, signal })).data;

/** `endpoint`: '/products/filter' (default), '/most-popular' or '/best-deal'. */
export const productListQueryOptions = (params: ProductListParams, endpoint = PRODUCT_LIST_PATH) => {
  const query = cleanParams(params);
  return queryOptions({
    queryKey: productKeys.list(endpoint, query),
    queryFn: ({ signal }) => getProductList(endpoint, query, signal),
    placeholderData: keepPreviousData,
  });
};
