/** GET /api/banners → data.data (product §7). A failure is only logged (product §8): no banners shown. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { contentApi } from '#contract/routes/content.ts';

export const getBanners = async (signal?: AbortSignal) => (await callRoute(contentApi.banners, { signal })).data.data;

export const bannersQueryOptions = () =>
  queryOptions({ queryKey: ['banners'], queryFn: ({ signal }) => getBanners(signal), staleTime: 10 * 60_000 });
