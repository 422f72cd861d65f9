/** Product §2: /products shows search results; the search text is stored first (key `search`). */
import { readStored, writeStored } from '#src/lib/storage.ts';

export const SEARCH_STORAGE_KEY = 'search';
export const readSearchTerm = () => readStored<string>(SEARCH_STORAGE_KEY, '');
export const storeSearchTerm = (term: string) => writeStored(SEARCH_STORAGE_KEY, term);

/** The search results' route. */
export const SEARCH_PATH = '/products';
/** The address of a search's results (the route's empty state without a text). */
export const searchPath = (term: string) => (term ? `${SEARCH_PATH}?search=${encodeURIComponent(term)}` : SEARCH_PATH);
/** The text a results address searches: `?search=`, trimmed, at most 200 characters. */
export const searchTermOf = (params: URLSearchParams) => (params.get('search') ?? '').trim().slice(0, 200);
