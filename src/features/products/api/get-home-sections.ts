/** GET /api/home: flash sale, most popular, best deals, new arrivals and shops in one call. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { HomeSections } from '../../../../contract/catalog.ts';
import { HOME_PATH } from '../../../../contract/api-paths/home.ts';

export const getHomeSections = async (signal?: AbortSignal) => (await apiRequest<{ data: HomeSections }>(HOME_PATH, { signal })).data;

export const homeSectionsQueryOptions = () =>
  queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHomeSections(signal), staleTime: 2 * 60_000 });
