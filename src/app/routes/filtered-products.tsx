/**
 * /filtered-products (product §2, §4): results count, grid, 'Loading products...', 'No products
 * found matching your criteria', pagination; filter panel as a sidebar at lg and above and as
 * a modal with 'Apply Filters' below. The URL query is the source of truth (keys lowercased,
 * values comma-joined, empty keys removed); it is mirrored to local storage under `filters`
 * and restored from there when the page is opened without a query. Every query change
 * refetches; page changes push a new history entry.
 */
import { useEffect, useMemo, useOptimistic, useState, useTransition } from 'react';
import { Alert, Box, Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productListQueryOptions } from '#src/features/products/api/get-products.ts';
import { ProductGrid, ProductGridSkeleton } from '#src/features/products/components/ProductGrid/ProductGrid.tsx';
import { SortSelect } from '#src/features/products/components/SortSelect/SortSelect.tsx';
import { resultsText } from '#src/features/products/components/ProductListing/ProductListing.tsx';
import { categoriesQueryOptions } from '#src/features/categories/api/get-categories.ts';
import { FilterPanel, type FilterGroup } from '#src/features/filters/components/FilterPanel/FilterPanel.tsx';
import type { FilterKey } from '#contract/catalog-constants.ts';
import {
  filterStateFromQuery,
  filterStateToApiQuery,
  filterStateToQuery,
  selectedCount,
  toggleFilter,
  conditionFilterId,
  type FilterState,
} from '#src/features/filters/lib/filter-query.ts';
import { readStoredFilterQuery, storeFilterState } from '#src/features/filters/lib/filter-storage.ts';
import { facetCounts, facetsQueryOptions } from '#src/features/filters/api/get-facets.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { NetworkError } from '#src/lib/api-client.ts';
import { useRouteTitle } from '../DocumentTitle.tsx';
import { useProductActions } from '../use-product-actions.tsx';
import { RankingLink } from '#src/components/RankingLink.tsx';
import { PRODUCT_CONDITIONS } from '#contract/item-condition.ts';

export const createLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const state = filterStateFromQuery(new URL(request.url).searchParams);
    void queryClient.prefetchQuery(productListQueryOptions(filterStateToApiQuery(state)));
    void queryClient.prefetchQuery(categoriesQueryOptions());
    return null;
  };

function useFilterGroups(): FilterGroup[] {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const { data: categories = [] } = useQuery(categoriesQueryOptions());
  // Season and Quality titles come from master data's filter_categories (Anotimpuri, Calitate).
  const titleOf = (key: 'seasons' | 'qualities', fallback: string) =>
    storefront.filterCategories.find((g) => g.key === key)?.title || fallback;
  return [
    { key: 'category', title: t('filters.categories'), options: categories.map(({ id, name }) => ({ id, name })) },
    { key: 'size', title: t('filters.size'), options: storefront.sizes },
    { key: 'color', title: t('filters.color'), options: storefront.colors },
    { key: 'season', title: titleOf('seasons', t('filters.season')), options: storefront.seasons },
    { key: 'quality', title: titleOf('qualities', t('filters.quality')), options: storefront.qualities },
    // Issue 36: the item's condition (names in the URL, numbered in the selection: filter-query.ts).
    {
      key: 'condition',
      title: t('listing.condition_filter'),
      options: PRODUCT_CONDITIONS.map((c) => ({ id: conditionFilterId(c), name: t(`listing.condition.${c}`) })),
    },
  ];
}

export function Component() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle();
  const navigate = useNavigate();
  const actions = useProductActions();
  const [searchParams] = useSearchParams();
  const state = useMemo(() => filterStateFromQuery(searchParams), [searchParams]);
  const groups = useFilterGroups();
  const [modalOpen, setModalOpen] = useState(false);
  const [draft, setDraft] = useState<FilterState>(state);

  const go = (next: FilterState, replace = false) => {
    const query = filterStateToQuery(next).toString();
    return navigate(query ? `?${query}` : '?', { replace });
  };
  // A ticked box shows at once: the navigation waits for the route's loader (the new product
  // list, ~300 ms on a phone), and the URL — the source of truth — follows when it lands.
  const [shownFilters, showFilters] = useOptimistic(state.filters);
  const [, startTransition] = useTransition();
  const toggleNow = (key: FilterKey, id: number) =>
    startTransition(async () => {
      const next = toggleFilter({ ...state, filters: shownFilters }, key, id);
      showFilters(next.filters);
      await go(next);
    });

  // Opened without a query: restore the stored selection (replace, so Back still leaves the page).
  useEffect(() => {
    if (searchParams.toString() === '') {
      const stored = readStoredFilterQuery();
      if (stored) void navigate(`?${stored}`, { replace: true });
    }
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => storeFilterState(state), [state]);

  const query = useQuery(productListQueryOptions(filterStateToApiQuery(state)));
  useEffect(() => {
    if (query.error) console.error('[filtered-products]', query.error); // product §8: logged, list emptied
  }, [query.error]);
  // Option counts (issue #13): their own request, so the grid never waits for them.
  const counts = facetCounts(useQuery(facetsQueryOptions(filterStateToApiQuery(state))).data);
  const draftCounts = facetCounts(useQuery({ ...facetsQueryOptions(filterStateToApiQuery(draft)), enabled: modalOpen }).data);
  const products = query.data?.data ?? [];
  const meta = query.data?.meta;
  const count = selectedCount(state.filters);

  const openModal = () => {
    setDraft(state);
    setModalOpen(true);
  };

  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md">
        {title}
      </Title>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box component="aside" visibleFrom="lg" w={240} style={{ flexShrink: 0 }} aria-label={t('filters.title')}>
          <FilterPanel
            idPrefix="sidebar"
            groups={groups}
            counts={counts}
            selection={shownFilters}
            onToggle={toggleNow}
            onClear={() => void go({ ...state, filters: {}, page: 1 })}
          />
        </Box>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="sm">
            <Text c="dimmed" size="sm" data-testid="results-count" aria-live="polite">
              {meta ? resultsText(t, i18n.language, meta) : ''}
            </Text>
            <RankingLink />
            <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 auto', justifyContent: 'flex-end' }}>
              <Button variant="default" hiddenFrom="lg" onClick={openModal} data-testid="open-filters" style={{ flexShrink: 0 }}>
                {count ? t('filters.button_count', { count }) : t('filters.title')}
              </Button>
              <SortSelect value={state.sort} onChange={(sort) => void go({ ...state, sort, page: 1 })} />
            </Group>
          </Group>
          {query.isPending ? (
            <>
              <Text ta="center" c="dimmed" size="sm">
                {t('filters.loading')}
              </Text>
              <ProductGridSkeleton cols={{ base: 2, sm: 3, md: 4 }} count={8} />
            </>
          ) : products.length === 0 ? (
            <Stack align="center" py="xl" gap="sm">
              <Text c="dimmed" data-testid="no-products">
                {t('filters.no_products')}
              </Text>
              {query.error instanceof NetworkError && (
                <Alert color="yellow" w="100%">
                  <Group justify="space-between">
                    <Text size="sm">{t('errors.offline_text')}</Text>
                    <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                      {t('common.retry')}
                    </Button>
                  </Group>
                </Alert>
              )}
            </Stack>
          ) : (
            <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isPlaceholderData}>
              <ProductGrid products={products} cols={{ base: 2, sm: 3, md: 4 }} {...actions} />
            </div>
          )}
          {meta && (
            <Pagination
              current={meta.current_page}
              last={meta.last_page}
              hrefFor={(page) => {
                const q = filterStateToQuery({ ...state, page }).toString();
                return q ? `?${q}` : '?';
              }}
            />
          )}
        </Stack>
      </Group>
      <Modal opened={modalOpen} onClose={() => setModalOpen(false)} title={t('filters.title')} fullScreen={false} size="md">
        <Stack gap="md">
          <FilterPanel
            idPrefix="modal"
            groups={groups}
            counts={draftCounts}
            selection={draft.filters}
            onToggle={(key, id) => setDraft((d) => toggleFilter(d, key, id))}
            onClear={() => {
              setModalOpen(false);
              void go({ ...state, filters: {}, page: 1 });
            }}
          />
          <Button
            onClick={() => {
              setModalOpen(false);
              void go({ ...draft, sort: state.sort, page: 1 });
            }}
            data-testid="apply-filters"
          >
            {t('filters.apply')}
          </Button>
        </Stack>
      </Modal>
    </Container>
  );
}
