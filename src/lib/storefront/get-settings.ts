/** GET /api/settings (spec §7): the general settings object, `data.data`. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import type { GeneralSettings } from '../../../contract/master.ts';
import { SETTINGS_PATH } from '../../../contract/api-paths/storefront.ts';

export const getSettings = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await apiRequest<{ data: { data: GeneralSettings } }>(SETTINGS_PATH, { signal })).data.data;

export const settingsQueryOptions = () => queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: 5 * 60_000 });
