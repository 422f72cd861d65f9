import { createContext, useContext } from 'react';
import type { PersistedCache } from './query-persister.ts';

export const PersistedCacheContext = createContext<PersistedCache | null>(null);
export const usePersistedCache = () => useContext(PersistedCacheContext);
