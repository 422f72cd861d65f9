/** GET /api/flash-sales/{id}: the sale and its products at sale prices. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { productApi } from '#contract/routes/products.ts';

export const getFlashSale = async (id: number, page: number, signal?: AbortSignal) =>
  (await callRoute(productApi.flashSale, { params: { id }, query: { page }, signal })).data;

export const flashSaleQueryOptions = (id: number, page = 1) =>
  queryOptions({
    queryKey: ['flash-sales', id, { page }],
    queryFn: ({ signal }) => getFlashSale(id, page, signal),
    placeholderData: keepPreviousData,
  });
