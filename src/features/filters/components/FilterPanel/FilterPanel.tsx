/**
 * The filter panel of the filtered-products page (product §2, §4): one checkbox group per filter
 * set (Categories, Size, Color, Season, Quality) and 'Clear Filters'. Pure: the page owns the
 * state, so the same panel serves the lg+ sidebar (applies at once) and the modal below lg
 * (applies on 'Apply Filters').
 */
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterKey } from '#contract/catalog-constants.ts';
import type { FilterSelection } from '../../lib/filter-query.ts';
import type { FacetCounts } from '../../api/get-facets.ts';
import classes from './FilterPanel.module.css';

export interface FilterGroup {
  key: FilterKey;
  title: string;
  options: { id: number; name: string }[];
}

export function FilterPanel({
  groups,
  selection,
  onToggle,
  onClear,
  idPrefix,
  counts,
}: {
  groups: FilterGroup[];
  selection: FilterSelection;
  onToggle: (key: FilterKey, id: number) => void;
  onClear: () => void;
  /** Keeps checkbox ids unique when the sidebar and the modal both exist. */
  idPrefix: string;
  /**
   * Products of the current result per option (GET /api/products/facets), shown as "M (12)";
   * an option without products is disabled unless ticked. Absent while loading: plain names.
   */
  counts?: FacetCounts;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid={`filter-panel-${idPrefix}`}>
      {groups
        .filter((group) => group.options.length > 0)
        .map((group) => (
          <fieldset key={group.key} className={classes.group}>
            <Text component="legend" fw={700} size="sm" mb={8}>
              {group.title}
            </Text>
            <Stack gap={8}>
              {group.options.map((option) => {
                const checked = selection[group.key]?.includes(option.id) ?? false;
                const groupCounts = counts?.[group.key];
                const count = groupCounts ? (groupCounts.get(option.id) ?? 0) : undefined;
                return (
                  <Checkbox
                    key={option.id}
                    id={`${idPrefix}-${group.key}-${option.id}`}
                    label={count === undefined ? option.name : t('filters.option_count', { name: option.name, count })}
                    checked={checked}
                    disabled={count === 0 && !checked}
                    onChange={() => onToggle(group.key, option.id)}
                    size="sm"
                    data-count={count}
                  />
                );
              })}
            </Stack>
          </fieldset>
        ))}
      <Button variant="default" onClick={onClear}>
        {t('filters.clear')}
      </Button>
    </Stack>
  );
}
