/** Product §4: the filtered-products selection is persisted in local storage under `filters`. */
import { readStored, writeStored } from '#src/lib/storage.ts';
import { FILTERS_STORAGE_KEY, filterStateFromQuery, filterStateToQuery, type FilterState } from './filter-query.ts';

/** The stored selection as a query string ('' when nothing is stored). */
export function readStoredFilterQuery(): string {
  const stored = readStored<string | null>(FILTERS_STORAGE_KEY, null);
  return typeof stored === 'string' ? filterStateToQuery(filterStateFromQuery(stored)).toString() : '';
}

export function storeFilterState(state: FilterState) {
  const query = filterStateToQuery(state).toString();
  writeStored(FILTERS_STORAGE_KEY, query || null);
}
