/**
 * Sort and page of a product list as the URL gives them (`?sort=&page=`): an unknown sort is
 * the default, a page that is not a whole number from 1 up is the first. ProductListing reads
 * them through useListParams; route loaders read them from the request's URL, so they prefetch
 * exactly the page the screen will ask for.
 */
import { DEFAULT_PAGE, DEFAULT_SORT, PRODUCT_SORTS, type ProductSort } from '#contract/catalog-constants.ts';

export function readListParams(search: URLSearchParams, defaultSort: ProductSort = DEFAULT_SORT): { sort: ProductSort; page: number } {
  const sort = PRODUCT_SORTS.find((s) => s === search.get('sort')) ?? defaultSort;
  const pageNumber = Number(search.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : DEFAULT_PAGE;
  return { sort, page };
}
