/**
 * Filters ⇄ URL query (product §4): keys lowercased, values comma-joined, keys removed when
 * nothing is selected; sort (default newest) and page (default 1) ride along. The same
 * selection is persisted under `filters` in local storage.
 */
import {
  DEFAULT_PAGE,
  DEFAULT_SORT,
  FILTER_KEYS,
  PRODUCT_SORTS,
  type FilterKey,
  type ProductSort,
} from '../../../../contract/catalog-constants.ts';

export type FilterSelection = Partial<Record<FilterKey, number[]>>;

export interface FilterState {
  filters: FilterSelection;
  sort: ProductSort;
  page: number;
}

export const FILTERS_STORAGE_KEY = 'filters';

const parseIds = (value: string | null): number[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((v) => Number(v.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  ),
];

/** Reads a query string; unknown keys are ignored, broken values dropped, keys matched case-insensitively. */
export function filterStateFromQuery(search: URLSearchParams | string): FilterState {
  const source = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params = new URLSearchParams();
  for (const [key, value] of source) params.set(key.toLowerCase(), value);
  const filters: FilterSelection = {};
  for (const key of FILTER_KEYS) {
    const ids = parseIds(params.get(key));
    if (ids.length) filters[key] = ids;
  }
  const sort = PRODUCT_SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_SORT;
  const page = Number(params.get('page'));
  return { filters, sort, page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE };
}

/** Writes the query string: only selected keys, sorted ids, defaults left out. */
export function filterStateToQuery(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const ids = state.filters[key];
    if (ids?.length) params.set(key.toLowerCase(), [...ids].sort((a, b) => a - b).join(','));
  }
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page !== DEFAULT_PAGE) params.set('page', String(state.page));
  return params;
}

/** Adds or removes one option; the page goes back to 1 because the results change. */
export function toggleFilter(state: FilterState, key: FilterKey, id: number): FilterState {
  const current = state.filters[key] ?? [];
  const next = current.includes(id) ? current.filter((v) => v !== id) : [...current, id];
  const filters = { ...state.filters, [key]: next };
  if (next.length === 0) delete filters[key];
  return { ...state, filters, page: DEFAULT_PAGE };
}

export const selectedCount = (filters: FilterSelection) => Object.values(filters).reduce((n, ids) => n + (ids?.length ?? 0), 0);

/** The API query for /api/products/filter (the same keys, comma-joined). */
export function filterStateToApiQuery(state: FilterState): Record<string, string | number> {
  return Object.fromEntries(filterStateToQuery({ ...state, sort: state.sort, page: state.page }).entries());
}
