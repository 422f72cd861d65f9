/**
 * Pagination (product §9): a window of 2 pages either side of the current one plus the first and
 * the last, with ellipses; small screens show 'current / last' between previous and next.
 * Pages are links (`hrefFor`), so they work without JavaScript state and can open in a new tab.
 */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paginationWindow } from '#src/lib/pagination.ts';
import classes from './Pagination.module.css';

export function Pagination({ current, last, hrefFor }: { current: number; last: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  const previous = current > 1 ? current - 1 : null;
  const next = current < last ? current + 1 : null;
  const arrow = (page: number | null, label: string, glyph: string) =>
    page ? (
      <UnstyledButton component={Link} to={hrefFor(page)} className={classes.item} aria-label={label}>
        {glyph}
      </UnstyledButton>
    ) : (
      <span className={classes.item} aria-disabled="true" data-disabled="true">
        {glyph}
      </span>
    );

  return (
    <nav aria-label={t('pagination.label')} className={classes.root} data-testid="pagination">
      <Group gap={4} justify="center" wrap="nowrap">
        {arrow(previous, t('pagination.previous'), '‹')}
        <Group gap={4} visibleFrom="sm" wrap="nowrap">
          {paginationWindow(current, last).map((item) =>
            typeof item === 'number' ? (
              <UnstyledButton
                key={item}
                component={Link}
                to={hrefFor(item)}
                className={classes.item}
                data-active={item === current || undefined}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
              >
                {item}
              </UnstyledButton>
            ) : (
              <span key={item} className={classes.ellipsis} aria-hidden="true">
                …
              </span>
            ),
          )}
        </Group>
        <Text hiddenFrom="sm" px="sm" fw={600} data-testid="pagination-compact" aria-live="polite">
          {current} / {last}
        </Text>
        {arrow(next, t('pagination.next'), '›')}
      </Group>
    </nav>
  );
}
