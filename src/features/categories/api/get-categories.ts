/** GET /api/categories: every category with its thumbnail and product count. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Category } from '../../../../contract/content.ts';
import { CATEGORIES_PATH } from '../../../../contract/api-paths/categories.ts';

export const getCategories = async (signal?: AbortSignal) =>
  (await apiRequest<{ data: { categories: Category[] } }>(CATEGORIES_PATH, { signal })).data.categories;

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal), staleTime: 10 * 60_000 });
