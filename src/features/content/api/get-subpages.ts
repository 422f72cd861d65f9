/** GET /api/subpages: the about and information pages (product §3 Subpage, §7). */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { contentApi } from '#contract/routes/content.ts';

export const getSubpages = (signal?: AbortSignal) => callRoute(contentApi.subpages, { signal });

export const subpagesQueryOptions = () =>
  queryOptions({ queryKey: ['subpages'], queryFn: ({ signal }) => getSubpages(signal), staleTime: 10 * 60_000 });
