/** GET /api/countries → data.countries[] (product §7); Romania comes first. */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { contentApi } from '#contract/routes/content.ts';

export const getCountries = async (signal?: AbortSignal) => (await callRoute(contentApi.countries, { signal })).data.countries;

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'], queryFn: ({ signal }) => getCountries(signal), staleTime: 60 * 60_000 });
