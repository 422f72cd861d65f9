/** GET /api/settings (product §7): the general settings object, `data.data`. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../api-client.ts';
import { masterApi } from '#contract/routes/master.ts';

export const getSettings = async ({ signal }: { signal?: AbortSignal } = {}) => (await callRoute(masterApi.settings, { signal })).data.data;

export const settingsQueryOptions = () => queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: 5 * 60_000 });
