/**
 * Filters ⇄ URL query (product §4): keys lowercased, values comma-joined, keys removed when
 * nothing is selected; sort (default newest) and page (default 1) ride along. The same
 * selection is persisted under `filters` in local storage.
 */
import { DEFAULT_PAGE, DEFAULT_SORT, FILTER_KEYS, PRODUCT_SORTS, type FilterKey, type ProductSort } from '#contract/catalog-constants.ts';
import { PRODUCT_CONDITIONS, conditionCode, type ProductCondition } from '#contract/item-condition.ts';

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

/**
 * The condition filter (issue 36) holds names in the URL and the API ("condition=very_good,good"),
 * like the API's own key; inside the selection each is a number (its position + 1), so the panel,
 * toggling and counts treat it as every other group.
 */
export const conditionFilterId = (condition: ProductCondition) => conditionCode(condition) + 1;
export const conditionOfFilterId = (id: number): ProductCondition | undefined => PRODUCT_CONDITIONS[id - 1];
const parseConditions = (value: string | null): number[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((v) => PRODUCT_CONDITIONS.find((c) => c === v.trim()))
      .filter((c) => c !== undefined)
      .map(conditionFilterId),
  ),
];

/** Reads a query string; unknown keys are ignored, broken values dropped, keys matched case-insensitively. */
export function filterStateFromQuery(search: URLSearchParams | string): FilterState {
  const source = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params = new URLSearchParams();
  for (const [key, value] of source) params.set(key.toLowerCase(), value);
  const filters: FilterSelection = {};
  for (const key of FILTER_KEYS) {
    const ids = key === 'condition' ? parseConditions(params.get(key)) : parseIds(params.get(key));
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
    if (!ids?.length) continue;
    const sorted = [...ids].sort((a, b) => a - b);
    params.set(key.toLowerCase(), key === 'condition' ? sorted.flatMap((id) => conditionOfFilterId(id) ?? []).join(',') : sorted.join(','));
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
