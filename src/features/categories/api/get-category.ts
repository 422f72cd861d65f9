/** GET /api/categories/{id or slug}: the category a products page is about (spec §2). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Category } from '../../../../contract/content.ts';
import { categoryPath } from '../../../../contract/api-paths/categories.ts';

export const getCategory = async (key: string, signal?: AbortSignal) =>
  (await apiRequest<{ data: { category: Category } }>(categoryPath(key), { signal })).data.category;

export const categoryQueryOptions = (key: string) =>
  queryOptions({ queryKey: ['categories', 'detail', key], queryFn: ({ signal }) => getCategory(key, signal), staleTime: 10 * 60_000 });
