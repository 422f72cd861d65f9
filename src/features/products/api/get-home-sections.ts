/** GET /api/home: flash sale, most popular, best deals, new arrivals and shops in one call. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { productApi } from '#contract/routes/products.ts';

export const getHomeSections = async (signal?: AbortSignal) => (await callRoute(productApi.home, { signal })).data;

export const homeSectionsQueryOptions = () =>
  queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHomeSections(signal), staleTime: 2 * 60_000 });
