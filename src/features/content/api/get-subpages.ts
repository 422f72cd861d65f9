/** GET /api/subpages: the about and information pages (spec §3 Subpage, §7). */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Subpage } from '../../../../contract/content.ts';

export const getSubpages = (signal?: AbortSignal) => apiRequest<Subpage[]>('/subpages', { signal });

export const subpagesQueryOptions = () =>
  queryOptions({ queryKey: ['subpages'], queryFn: ({ signal }) => getSubpages(signal), staleTime: 10 * 60_000 });
