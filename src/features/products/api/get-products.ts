/**
 * GET /api/products/filter (product §7): one page of products for any list screen — search,
 * filtered products, category and shop pages. Keys go generic → specific:
 * ['products', 'list', query]. Previous pages stay on screen while the next one loads.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import type { RouteAnswer } from '#contract/route.ts';
import { productApi } from '#contract/routes/products.ts';
import { PRODUCT_LIST_PATH } from '#contract/api-paths/products.ts';

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

/** The list endpoints, by the address a screen names (`endpoint`). */
const listRoutes = [productApi.filter, productApi.list, productApi.mostPopular, productApi.bestDeals];

/** One page of products (the search lists' answers add `did_you_mean` and `meta.total_capped`). */
export type ProductPage = RouteAnswer<(typeof listRoutes)[number]>['data'];

export async function getProductList(endpoint: string, params: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  const route = listRoutes.find((candidate) => candidate.path === endpoint);
  if (!route) throw new Error(`No product list at ${endpoint}`);
  return (await callRoute(route, { query: params, signal })).data;
}

/** `endpoint`: '/products/filter' (default), '/most-popular' or '/best-deal'. */
export const productListQueryOptions = (params: ProductListParams, endpoint = PRODUCT_LIST_PATH) => {
  const query = cleanParams(params);
  return queryOptions({
    queryKey: productKeys.list(endpoint, query),
    queryFn: ({ signal }) => getProductList(endpoint, query, signal),
    placeholderData: keepPreviousData,
  });
};
