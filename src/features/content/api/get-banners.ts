/** GET /api/banners → data.data (spec §7). A failure is only logged (spec §8): no banners shown. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Banner } from '../../../../contract/content.ts';
import { BANNERS_PATH } from '../../../../contract/api-paths/home.ts';

export const getBanners = async (signal?: AbortSignal) =>
  (await apiRequest<{ data: { data: Banner[] } }>(BANNERS_PATH, { signal })).data.data;

export const bannersQueryOptions = () =>
  queryOptions({ queryKey: ['banners'], queryFn: ({ signal }) => getBanners(signal), staleTime: 10 * 60_000 });
