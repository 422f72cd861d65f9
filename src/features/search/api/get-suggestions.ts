/**
 * GET /api/search/suggestions?q= (issue #13): categories and completed searches for the header
 * search box. Kept a minute (the lexicon behind it changes rarely); types only from the contract
 * (the header is in every first load: no zod here).
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { productApi } from '#contract/routes/products.ts';
import { DEFAULT_SUGGESTIONS } from '#contract/catalog-constants.ts';

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', q] as const,
    queryFn: async ({ signal }) => (await callRoute(productApi.suggestions, { query: { q, limit: DEFAULT_SUGGESTIONS }, signal })).data,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  });
