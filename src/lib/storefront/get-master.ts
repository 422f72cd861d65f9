/** GET /api/master (product §7) → the storefront settings with the spec's defaults applied (§3). */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api-client.ts';
import type { MasterData } from '#contract/master.ts';
import { toStorefrontSettings } from './storefront-settings.ts';
import { masterApi } from '#contract/routes/master.ts';

export const getMaster = async ({ signal }: { signal?: AbortSignal } = {}) => {
  const body = await callRoute(masterApi.master, { signal });
  return toStorefrontSettings(body.data.data as Partial<MasterData>);
};

export const masterQueryOptions = () =>
  queryOptions({
    queryKey: ['master'],
    queryFn: getMaster,
    // Master data changes rarely; the persisted copy renders at once and refreshes in the background.
    staleTime: 5 * 60_000,
  });
