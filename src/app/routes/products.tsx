/**
 * /products: search results (product §2). The text comes from `?search=` (the header stores it
 * first); best matches first unless the shopper picks another order. An empty or
 * whitespace-only search shows a helpful empty state instead of every product.
 */
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '#src/features/categories/api/get-categories.ts';
import { productListQueryOptions } from '#src/features/products/api/get-products.ts';
import { ProductListing } from '#src/features/products/components/ProductListing/ProductListing.tsx';
import { useListParams } from '#src/features/products/hooks/use-list-params.ts';
import { SearchCorrection } from '#src/features/search/components/SearchCorrection.tsx';
import { searchTermOf, storeSearchTerm } from '#src/features/search/lib/search-term.ts';
import { PRODUCT_SORTS, type ProductSort } from '#contract/catalog-constants.ts';
import { useRouteTitle } from '../DocumentTitle.tsx';
import { useProductActions } from '../use-product-actions.tsx';

const SEARCH_SORTS: ProductSort[] = ['relevance', 'newest', 'price_asc', 'price_desc', 'most_sold'];

export const createLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const search = searchTermOf(url.searchParams);
    const sort = PRODUCT_SORTS.find((s) => s === url.searchParams.get('sort')) ?? 'relevance';
    const page = Number(url.searchParams.get('page')) || 1;
    if (search) void queryClient.prefetchQuery(productListQueryOptions({ search, sort, page }));
    return null;
  };

function EmptySearch() {
  const { t } = useTranslation();
  const { data: categories = [] } = useQuery(categoriesQueryOptions());
  return (
    <Stack gap="sm" py="lg" data-testid="empty-search">
      <Title order={2} size="h4">
        {t('search.empty_title')}
      </Title>
      <Text c="dimmed">{t('search.empty_text')}</Text>
      <List size="sm" spacing={4}>
        {categories.slice(0, 6).map((category) => (
          <List.Item key={category.id}>
            <Anchor component={Link} to={`/categories/${category.slug}`}>
              {category.name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [searchParams] = useSearchParams();
  const search = searchTermOf(searchParams);
  // A search opened by its address is stored as one submitted from the header is.
  useEffect(() => {
    if (search) storeSearchTerm(search);
  }, [search]);
  const actions = useProductActions();
  // The same query (and cache entry) as the listing's: a corrected search carries did_you_mean.
  const { sort, page } = useListParams('relevance');
  const { data } = useQuery({ ...productListQueryOptions({ search, sort, page }), enabled: search !== '' });
  const corrected = (data as { did_you_mean?: string | null } | undefined)?.did_you_mean;
  return (
    <Container size="xl" py="lg">
      <Stack gap={4} mb="md">
        <Title order={1}>{title}</Title>
        {search && !corrected && <Text c="dimmed">{t('search.results_for', { term: search })}</Text>}
        {search && corrected && <SearchCorrection term={search} corrected={corrected} />}
      </Stack>
      {search ? (
        <ProductListing
          params={{ search }}
          defaultSort="relevance"
          sorts={SEARCH_SORTS}
          empty={
            <Stack py="xl" gap="xs" data-testid="no-products">
              <Text fw={600}>{t('search.no_results', { term: search })}</Text>
              <Text c="dimmed" size="sm">
                {t('search.no_results_hint')}
              </Text>
            </Stack>
          }
          {...actions}
        />
      ) : (
        <EmptySearch />
      )}
    </Container>
  );
}
