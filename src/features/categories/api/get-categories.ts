/** GET /api/categories: every category with its thumbnail and product count. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { categoryApi } from '#contract/routes/categories.ts';

export const getCategories = async (signal?: AbortSignal) => (await callRoute(categoryApi.list, { signal })).data.categories;

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 10 * 60_000 });
