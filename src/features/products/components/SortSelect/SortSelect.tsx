/**
 * Sort choice of product lists (product §4: newest by default; price up/down; most sold).
 * Mantine's `Input` as a `<select>` (NativeSelect's own parts), not NativeSelect itself: that one
 * wraps it in an InputWrapper, which gives itself a random id in a layout effect once mounted, and
 * on a category page drawn by the server the new id re-rendered the select's subtree synchronously
 * inside the hydration's commit, one task longer on a slow phone (issue 15, TBT). Its name is its
 * aria-label; there is no visible label to tie.
 */
import { ComboboxChevron, Input } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSort } from '#contract/catalog-constants.ts';

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
    <Input
      component="select"
      pointer
      size="sm"
      rightSection={<ComboboxChevron size="sm" />}
      rightSectionPointerEvents="none"
      w={{ base: '100%', xs: 220 }}
      aria-label={t('sort.label')}
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value as ProductSort)}
      data-testid="sort-select"
    >
      {options.map((sort) => (
        <option key={sort} value={sort}>
          {t(`sort.${sort}`)}
        </option>
      ))}
    </Input>
  );
}
