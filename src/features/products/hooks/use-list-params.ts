/**
 * Sort and page of a product list, kept in the URL (`?sort=&page=`) so a list can be shared,
 * reloaded and walked back with the browser's Back button (product §4: page changes push).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE, type ProductSort } from '#contract/catalog-constants.ts';
import { readListParams } from '../lib/list-params.ts';

export function useListParams(defaultSort: ProductSort) {
  const [searchParams] = useSearchParams();
  const { sort, page } = readListParams(searchParams, defaultSort);

  /** The same URL with other values for some keys (undefined or the default removes a key). */
  const hrefWith = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      const next = new URLSearchParams(searchParams);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === DEFAULT_PAGE) || (key === 'sort' && value === defaultSort))
          next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      return query ? `?${query}` : '?';
    },
    [searchParams, defaultSort],
  );

  return { sort, page, searchParams, hrefWith };
}
