/**
 * GET /api/products/facets (issue #13): how many products of the current result have each filter
 * option ("Mărime M (12)"). A request of its own beside the product list, so the grid never waits
 * for the counts; the previous counts stay while the next ones load.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { productApi } from '#contract/routes/products.ts';
import type { ProductFacets } from '#contract/catalog.ts';
import type { FilterKey } from '#contract/catalog-constants.ts';
import { conditionFilterId } from '../lib/filter-query.ts';

/** Counts per filter key and option id. */
export type FacetCounts = Partial<Record<FilterKey, ReadonlyMap<number, number>>>;

/** The list query without what does not change the result (sort, page). */
function resultQuery(query: Record<string, string | number | undefined>) {
  const { sort: _sort, page: _page, per_page: _perPage, ...rest } = query;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
}

export const facetsQueryOptions = (query: Record<string, string | number | undefined>) => {
  const params = resultQuery(query);
  return queryOptions({
    queryKey: ['products', 'facets', params] as const,
    queryFn: async ({ signal }) => (await callRoute(productApi.facets, { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

const toMap = (list: { id: number; count: number }[]) => new Map(list.map((o) => [o.id, o.count]));

export function facetCounts(facets: ProductFacets | undefined): FacetCounts | undefined {
  if (!facets) return undefined;
  return {
    category: toMap(facets.categories),
    size: toMap(facets.sizes),
    color: toMap(facets.colors),
    season: toMap(facets.seasons),
    quality: toMap(facets.qualities),
    condition: new Map(facets.conditions.map((o) => [conditionFilterId(o.value), o.count])),
  };
}
