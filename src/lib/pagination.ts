/**
 * Pagination window of product §9: 2 pages either side of the current one, plus the first and
 * the last, with an ellipsis wherever pages are skipped. E.g. page 6 of 20 →
 * [1, '…', 4, 5, 6, 7, 8, '…', 20]. An ellipsis never stands for just one page.
 */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export const PAGE_WINDOW = 2;

export function paginationWindow(current: number, last: number, window = PAGE_WINDOW): PageItem[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  let from = Math.max(2, page - window);
  let to = Math.min(last - 1, page + window);
  // An ellipsis never hides a single page: show that page instead.
  if (from === 3) from = 2;
  if (to === last - 2) to = last - 1;
  const items: PageItem[] = [1];
  if (from > 2) items.push('ellipsis-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < last - 1) items.push('ellipsis-end');
  if (last > 1) items.push(last);
  return items;
}
