/** GET /api/categories/{id or slug}: the category a products page is about (product §2). */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { categoryApi } from '#contract/routes/categories.ts';

export const getCategory = async (key: string, signal?: AbortSignal) =>
  (await callRoute(categoryApi.details, { params: { key }, signal })).data.category;

export const categoryQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['categories', 'detail', key], queryFn: ({ signal }) => getCategory(key, signal), staleTime: 10 * 60_000 });
