/** Sort choice of product lists (product §4: newest by default; price up/down; most sold). */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductSort } from '../../../../../contract/catalog-constants.ts';

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
    <NativeSelect
      aria-label={t('sort.label')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ProductSort)}
      data={options.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
      size="sm"
      w={{ base: '100%', xs: 220 }}
      data-testid="sort-select"
    />
  );
}
