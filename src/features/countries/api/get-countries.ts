/** GET /api/countries → data.countries[] (spec §7); Romania comes first. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Country } from '../../../../contract/content.ts';

export const getCountries = async (signal?: AbortSignal) =>
  (await apiRequest<{ data: { countries: Country[] } }>('/countries', { signal })).data.countries;

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: ['countries'], queryFn: ({ signal }) => getCountries(signal), staleTime: 60 * 60_000 });
