/**
 * One paginated, sortable product list with all its states (search, category, most popular,
 * best deal): results count, sort, grid, skeletons while the first page loads, the empty
 * text, an offline state with retry when nothing was ever loaded, and pagination.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ProductSort } from '#contract/catalog-constants.ts';
import { formatDecimal } from '#contract/format-number.ts';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { productListQueryOptions, type ProductListParams } from '../../api/get-products.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { ProductGrid, ProductGridSkeleton } from '../ProductGrid/ProductGrid.tsx';
import type { ProductCardProps } from '../ProductCard/ProductCard.tsx';
import { RankingLink } from '#src/components/RankingLink.tsx';
import { SortSelect, LIST_SORTS } from '../SortSelect/SortSelect.tsx';

/** "24 de produse", or "peste 1.000 de produse" when the server counted only up to its cap (issue #13). */
export function resultsText(t: TFunction, language: string, meta: { total: number; total_capped?: boolean }) {
  return meta.total_capped
    ? t('listing.results_capped', { count: formatDecimal(meta.total, language) })
    : t('listing.results', { count: meta.total });
}

export function ProductListing({
  params,
  endpoint,
  defaultSort = 'newest',
  sorts = LIST_SORTS,
  empty,
  enabled = true,
  ...actions
}: {
  /** API query besides sort and page (search, category, shop...). */
  params: ProductListParams;
  endpoint?: string;
  defaultSort?: ProductSort;
  /** Sort choices; an empty list hides the select (fixed-order lists). */
  sorts?: ProductSort[];
  empty?: ReactNode;
  enabled?: boolean;
} & Pick<ProductCardProps, 'onAddToCart' | 'onBuyNow'>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { sort, page, hrefWith } = useListParams(defaultSort);
  const query = useQuery({ ...productListQueryOptions({ ...params, ...(sorts.length ? { sort } : {}), page }, endpoint), enabled });
  const data = query.data;
  const phase = queryPhase(query);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" data-testid="results-count" aria-live="polite">
          {data ? resultsText(t, i18n.language, data.meta) : query.isPending && enabled ? t('listing.loading') : ''}
        </Text>
        <RankingLink />
        {sorts.length > 0 && (
          <SortSelect value={sort} options={sorts} onChange={(next) => void navigate(hrefWith({ sort: next, page: undefined }))} />
        )}
      </Group>
      {!data && (phase === 'loading' || !enabled) ? (
        <ProductGridSkeleton />
      ) : !data ? (
        <QueryState
          kind={phase === 'offline' || phase === 'not-found' ? phase : 'error'}
          order={2}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : data.data.length === 0 ? (
        (empty ?? (
          <Text ta="center" py="xl" c="dimmed" data-testid="no-products">
            {t('listing.no_products')}
          </Text>
        ))
      ) : (
        <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isPlaceholderData}>
          <ProductGrid products={data.data} {...actions} />
        </div>
      )}
      {data && <Pagination current={data.meta.current_page} last={data.meta.last_page} hrefFor={(p) => hrefWith({ page: p })} />}
    </Stack>
  );
}
