/**
 * Sort choice of product lists (product §4: newest by default; price up/down; most sold).
 * A plain `<select>` styled like Mantine's inputs, not Mantine's NativeSelect: that one gives itself
 * a random id in a layout effect once mounted, and on a category page drawn by the server the new
 * id re-rendered the select's subtree synchronously inside the hydration's commit, one task longer
 * on a slow phone (issue 15, TBT). Its name is its aria-label; there is no visible label to tie.
 */
import { useTranslation } from 'react-i18next';
import type { ProductSort } from '../../../../../contract/catalog-constants.ts';
import { ChevronDownIcon } from '../../../../components/icons/icons.tsx';
import classes from './SortSelect.module.css';

export const LIST_SORTS: ProductSort[] = ['newest', 'price_asc', 'price_desc', 'most_sold'];

export function SortSelect({
  value,
  options = LIST_SORTS,
  onChange,
}: {
  value: ProductSort;
  options?: ProductSort[];
  onChange: (sort: ProductSort) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <select
        className={classes.select}
        aria-label={t('sort.label')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as ProductSort)}
        data-testid="sort-select"
      >
        {options.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </select>
      <ChevronDownIcon size={16} className={classes.chevron} />
    </div>
  );
}
