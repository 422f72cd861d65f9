/** Product §2: /products shows search results; the search text is stored first (key `search`). */
import { readStored, writeStored } from '../../../lib/storage.ts';

export const SEARCH_STORAGE_KEY = 'search';
export const readSearchTerm = () => readStored<string>(SEARCH_STORAGE_KEY, '');
export const storeSearchTerm = (term: string) => writeStored(SEARCH_STORAGE_KEY, term);
